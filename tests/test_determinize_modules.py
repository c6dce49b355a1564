"""`engine.determinize` with the Mega Box modules: every secret sampled, the view kept."""

import json
import math
from collections import Counter

import pytest

from alhambra_lib import Game
from alhambra_lib.actions import tile_from_list, tile_order
from alhambra_lib.components import CURRENCIES
from alhambra_lib.engine import determinize
from alhambra_lib.modules import MODULES
from test_determinize import _random_states

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def _module_setup(rng, seed):
    """Two to four players, a random subset of the modules (all 16 every third seed)."""
    names = list(MODULES)
    modules = tuple(names) if seed % 3 == 0 else tuple(
        rng.sample(names, rng.randint(1, len(names))))
    return ["Ana", "Ben", "Cy", "Di"][:rng.choice([2, 3, 4])], modules


@pytest.mark.parametrize("seeds", [range(0, 8), range(8, 16)])
def test_every_module_combination_keeps_the_view_and_the_choices(seeds):
    checked = 0
    for game, name in _random_states(seeds, 0.08, _module_setup, actions=400):
        view = game.view(name)
        sampled = determinize(view, seed=checked)
        assert sampled.view(name) == view, (game.modules, name, game.decision)
        if checked % 4 == 0:  # a valid game: its save passes every check of the loader
            assert Game.from_json(sampled.to_json()).view(name) == view
        if game.decision.player == name:  # the decider's choices are theirs to know
            assert sampled.legal_actions() == game.legal_actions()
        checked += 1
    assert checked > 100


def _slice(game, module):
    return json.loads(game.to_json())["modules_state"][module]


def test_every_attack_order_and_scout_order_can_come_up():
    game = Game(["Ana", "Ben"], seed=3, modules=("invaders",))
    view = game.view("Ana")
    orders = Counter()
    scouts = set()
    for s in range(600):
        state = _slice(determinize(view, seed=s), "invaders")
        orders[tuple(state["attack_deck"])] += 1
        scouts.add(tuple(state["scouts_down"]))
    assert len(orders) == 24  # four attack cards face down: every order
    assert max(orders.values()) <= 3 * min(orders.values())
    down = len(_slice(game, "invaders")["scouts_down"])
    assert len(scouts) == math.factorial(down)  # the face-down scouts: every order


def test_a_peeked_attack_card_stays_on_top_for_the_one_who_peeked_only():
    game = Game(["Ana", "Ben"], seed=3, modules=("invaders",))
    state = json.loads(game.to_json())
    top = state["modules_state"]["invaders"]["attack_deck"][0]
    state["modules_state"]["invaders"]["peeks"] = {"Ana": top}
    game = Game.from_json(json.dumps(state))
    tops = {_slice(determinize(game.view("Ana"), seed=s), "invaders")["attack_deck"][0]
            for s in range(60)}
    assert tops == {top}
    ben = [_slice(determinize(game.view("Ben"), seed=s), "invaders") for s in range(120)]
    assert len({d["attack_deck"][0] for d in ben}) == 4
    assert all(d["peeks"] == {"Ana": d["attack_deck"][0]} for d in ben)


def test_every_share_of_the_others_bonus_cards_can_come_up():
    game = Game(["Ana", "Ben", "Cy"], seed=5, modules=("bonus_cards",))
    mine = _slice(game, "bonus_cards")["hands"]["Ana"]
    shares = Counter()
    for s in range(1500):
        state = _slice(determinize(game.view("Ana"), seed=s), "bonus_cards")
        assert state["hands"]["Ana"] == mine
        shares[tuple(map(tuple, state["hands"]["Ben"]))] += 1
    # Ben's 3 cards are any 3 of the 7 Ana does not hold: C(7, 3) = 35 shares.
    assert len(mine) == 3 and len(shares) == 35


def test_the_secret_master_builders_and_the_ones_taken_in_the_open():
    game = Game(["Ana", "Ben"], seed=2, modules=("master_builders",))
    dealt = [c for c in game.hand("Ben") if c.component == "master_builder"]
    hands = {tuple(c for c in determinize(game.view("Ana"), seed=s).hand("Ben")
                   if c.component == "master_builder") for s in range(200)}
    assert len(hands) > 3 and tuple(dealt) in hands
    # Ana's own are hers to know.
    assert all(determinize(game.view("Ana"), seed=s).hand("Ana") == game.hand("Ana")
               for s in range(5))


def test_the_huts_under_each_top_are_shuffled_the_tops_kept():
    game = Game(["Ana", "Ben"], seed=4, modules=("squares",))
    piles = _slice(game, "squares")["piles"]
    samples = [_slice(determinize(game.view("Ana"), seed=s), "squares")["piles"]
               for s in range(40)]
    for colour, pile in piles.items():
        assert all(p[0] == pile[0] and sorted(p) == sorted(pile) for p in
                   (s[colour] for s in samples))
    assert len({json.dumps(s) for s in samples}) > 30


def test_the_citizens_chosen_at_setup_are_any_three_of_six():
    game = Game(["Ana", "Ben"], seed=7, modules=("street_merchant",))
    chooser = game.decision.player
    game.apply(game.legal_actions()[0])  # the first chooses; the other's turn to choose
    other = game.decision.player
    discs = Counter(tuple(_slice(determinize(game.view(other), seed=s), "street_merchant")
                          ["discs"][chooser]["citizens"]) for s in range(500))
    assert len(discs) == 20  # C(6, 3)


def test_no_peeking_at_the_modules_secrets():
    """A game whose secrets Ben (to play) cannot see are rearranged (a thief of Ana's
    swapped with one of Cy's, a bonus card of Ana's with the one set aside, the attack
    order turned) gives Ben the same view, the same samples and the same move."""
    from alhambra_lib.bots import SearchBot

    game = Game(["Ana", "Ben", "Cy"], seed=6, modules=("thieves", "bonus_cards", "invaders"))
    state = json.loads(game.to_json())
    mods = state["modules_state"]
    hands = mods["thieves"]["hands"]
    hands["Ana"][0], hands["Cy"][0] = hands["Cy"][0], hands["Ana"][0]  # denar <-> dirham
    for p in ("Ana", "Cy"):
        hands[p].sort(key=CURRENCIES.index)
    bonus = mods["bonus_cards"]
    bonus["hands"]["Ana"][0], bonus["set_aside"][0] = (bonus["set_aside"][0],
                                                       bonus["hands"]["Ana"][0])
    bonus["hands"]["Ana"].sort(key=lambda t: tile_order(tile_from_list(t)))
    mods["invaders"]["attack_deck"].reverse()
    twin = Game.from_json(json.dumps(state))
    assert twin.to_json() != game.to_json() and game.decision.player == "Ben"
    view, twin_view = game.view("Ben"), twin.view("Ben")
    assert twin_view == view and game.view("Ana") != twin.view("Ana")
    assert determinize(twin_view, seed=3).to_json() == determinize(view, seed=3).to_json()
    bot = SearchBot("easy", seed=2)
    assert bot.choose(twin_view, twin.legal_actions()) == bot.choose(view, game.legal_actions())


@pytest.mark.parametrize("seed, bot_names", [(0, ("balanced", "wall", "greedy")),
                                             (1, ("wall", "random"))])
def test_every_decision_of_a_whole_game_played_by_bots_can_be_sampled(seed, bot_names):
    """At every decision of an all-16 game played by bots (whose paths reach bids, chests
    and characters that random play rarely does), a sample of the decider's view and of
    another player's shows that view, and the decider's choices are the same."""
    from alhambra_lib.bots import make_bot

    names = ["Ana", "Ben", "Cy"][:len(bot_names)]
    game = Game(names, seed=seed, modules=tuple(MODULES))
    bots = {name: make_bot(bot, seed=seed) for name, bot in zip(names, bot_names)}
    sampled_views = 0
    while not game.is_over:
        name, legal = game.decision.player, game.legal_actions()
        other = names[(names.index(name) + 1 + sampled_views) % len(names)]
        for who in dict.fromkeys((name, other)):
            view = game.view(who)
            sampled = determinize(view, seed=sampled_views)
            assert sampled.view(who) == view, (seed, who, game.decision)
            if who == name:
                assert sampled.legal_actions() == legal, (seed, game.decision)
            sampled_views += 1
        action = bots[name].choose(game.view(name), legal) if len(legal) > 1 else legal[0]
        game.apply(action)
    assert sampled_views > 500
