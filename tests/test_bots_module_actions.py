"""The bots play the modules' own actions: huts, bazaars, chests, the street merchant, camps."""

import warnings
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

import pytest

from alhambra_lib import Action, Game
from alhambra_lib.actions import ACTION_KINDS
from alhambra_lib.bots import (
    KNOWN_KINDS,
    BalancedBot,
    GreedyBot,
    MajorityHunter,
    RandomBot,
    WallBuilder,
    play,
)
from alhambra_lib.bots.base import MODULE_KINDS
from alhambra_lib.bots.module_values import (
    bazaar_value,
    camp_gain_at,
    chest_handout,
    colour_wishes,
    hut_spots,
    merchant_choice,
)
from alhambra_lib.modules.camps import camp_points

NAMES = ["Ana", "Ben", "Cy", "Dana", "Eli", "Fay"]
NEW = ("squares", "bazaars", "treasure", "street_merchant", "camps", "invaders")
ALL_NEW = NEW + ("vizier", "exchange", "bonus_cards")


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():  # the huts', camps' and bazaars' data are provisional
        warnings.simplefilter("ignore")
        yield


def _game(players, seed, modules):
    return Game(NAMES[:players], seed=seed, modules=modules)


def _driven(game, bots):
    """Yield (game, view, legal, choice) at every decision while `bots` play to the end."""
    seats = dict(zip(game.players, bots))
    while not game.is_over:
        legal = game.legal_actions()
        player = game.decision.player
        view = game.view(player)
        choice = seats[player].choose(view, legal)
        assert choice in legal
        yield game, view, legal, choice
        game.apply(choice)


def _mixed(players):
    kinds = [GreedyBot, WallBuilder, MajorityHunter, BalancedBot]
    return [kinds[seat % len(kinds)]() for seat in range(players)]


def test_the_bots_know_the_kinds_of_the_modules_they_judge():
    assert MODULE_KINDS <= KNOWN_KINDS <= set(ACTION_KINDS)
    assert MODULE_KINDS == {"take_hut", "buy_chests", "place_chest", "buy_bazaar",
                            "set_merchant", "take_citizen", "swap_citizen", "keep_citizens",
                            "place_merchant", "steal", "bid", "swap_card", "wise_man"}


def _camp_layouts(seed, count):
    """Random small layouts of buildings, fountain-free fillers and camps, and an empty cell."""
    import random

    from alhambra_lib import Tile
    rng = random.Random(seed)
    kinds = ["tower", "garden", "hut", "camp", "camp"]
    for _ in range(count):
        layout = {}
        for x in range(-3, 4):
            for y in range(-3, 4):
                if rng.random() < 0.6:
                    kind = rng.choice(kinds)
                    walls = "".join(s for s in "NESW" if rng.random() < 0.4)
                    marks = ("tower",) if kind == "hut" else ()
                    layout[(x, y)] = Tile(kind, 5, walls, marks)
        empty = [(x, y) for x in range(-3, 4) for y in range(-3, 4) if (x, y) not in layout]
        if empty:
            tile = Tile(rng.choice(kinds[:2] + ["camp"]), 5,
                        "".join(s for s in "NESW" if rng.random() < 0.5))
            yield layout, rng.choice(empty), tile


def test_camp_gain_at_is_the_change_of_camp_points():
    checked = 0
    for layout, cell, tile in _camp_layouts(3, 300):
        after = dict(layout)
        after[cell] = tile
        assert camp_gain_at(layout, cell, tile) == camp_points(after) - camp_points(layout)
        checked += 1
    assert checked > 250


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("modules", [(m,) for m in NEW] + [ALL_NEW], ids="+".join)
def test_greedy_and_strategic_bots_finish_games_with_the_modules(modules, players):
    game = play(_game(players, players, modules), _mixed(players))
    assert game.is_over and game.winners


def _count_module_actions(bot_factory, modules, seeds, players=3):
    done = Counter()
    for seed in seeds:
        game = play(_game(players, seed, modules), [bot_factory() for _ in range(players)])
        done.update(e["type"] for e in game.events)
    return done


@pytest.mark.parametrize("factory", [GreedyBot, BalancedBot, WallBuilder, MajorityHunter])
def test_the_bots_take_huts_buy_bazaars_and_chests(factory):
    done = _count_module_actions(factory, ("squares", "bazaars", "treasure"), seeds=(0, 1, 2))
    assert done["take_hut"] > 0 and done["buy_bazaar"] > 0 and done["buy_chests"] > 0
    done = _count_module_actions(factory, ("street_merchant",), seeds=(0,))
    assert done["set_merchant"] == 3 and done["place_merchant"] > 0


@pytest.mark.parametrize("module, event", [("squares", "take_hut"), ("bazaars", "buy_bazaar"),
                                           ("treasure", "buy_chests")])
def test_each_module_alone_is_played(module, event):
    for factory in (GreedyBot, BalancedBot):
        assert _count_module_actions(factory, (module,), seeds=(0, 1, 2, 3))[event] > 0


def test_greedy_takes_a_hut_only_where_it_adds_to_a_count():
    taken = 0
    for seed in (0, 1, 2):
        for game, view, legal, choice in _driven(_game(3, seed, ("squares",)),
                                                 [GreedyBot() for _ in range(3)]):
            if choice.kind != "take_hut":
                continue
            taken += 1
            hut = view.modules["squares"]["up"][choice.colour]
            assert max(n for _, n in hut_spots(view, hut)) >= 1
            # no money at all to compare with: the hut is the choice as long as it adds
            assert GreedyBot(money_rate=0).choose(view, legal).kind == "take_hut"
            # money worth ever so much: money, if there is some to take
            if any(a.kind == "take" for a in legal):
                assert GreedyBot(money_rate=1e9).choose(view, legal).kind == "take"
    assert taken > 0


def test_a_hut_is_placed_where_its_bonus_is_largest():
    placed = 0
    for seed in (0, 1, 2):
        for game, view, legal, choice in _driven(_game(3, seed, ("squares",)),
                                                 [GreedyBot() for _ in range(3)]):
            huts = [a for a in legal if a.kind == "place" and a.tile.kind == "hut"]
            if not huts or choice not in huts:
                continue
            placed += 1
            spots = dict(hut_spots(view, choice.tile))
            if max(spots.values()) > 0:  # majority points follow the bonus: at least one
                assert spots[choice.pos] > 0
    assert placed > 0


def test_greedy_buys_a_bazaar_worth_the_threshold():
    bought = 0
    for seed in (0, 1, 2, 3):
        for game, view, legal, choice in _driven(_game(3, seed, ("bazaars",)),
                                                 [GreedyBot() for _ in range(3)]):
            if choice.kind == "buy_bazaar":
                bought += 1
                assert bazaar_value(view, choice.bazaar)[0] >= GreedyBot().buy_threshold
                assert GreedyBot(buy_threshold=float("inf")).choose(view, legal).kind \
                    != "buy_bazaar"
    assert bought > 0


def test_chests_are_bought_only_when_some_can_be_set_now():
    bought = 0
    for factory in (GreedyBot, BalancedBot):
        for seed in (0, 1):
            for game, view, legal, choice in _driven(_game(4, seed, ("treasure",)),
                                                     [factory() for _ in range(4)]):
                if game.decision.kind == "chests":
                    assert choice == legal[0]
                if choice.kind == "buy_chests":
                    bought += 1
                    handout = chest_handout(view, choice.room)
                    assert handout[view.player] >= 1
                    assert sum(handout.values()) <= len(view.modules["treasure"]["rooms"]
                                                        [choice.room - 1])
    assert bought > 0


def test_strategic_features_of_the_module_actions():
    seen = Counter()
    bot = BalancedBot()
    for game, view, legal, choice in _driven(_game(3, 1, ALL_NEW), _mixed(3)):
        for action in legal:
            if action.kind not in ("take_hut", "buy_bazaar", "buy_chests") \
                    or seen[action.kind] > 20:
                continue
            seen[action.kind] += 1
            changes = bot.features(view, action)
            assert changes["tile"] == 0  # no building
            assert changes["money"] <= 0
            if action.kind == "buy_bazaar":
                assert changes["exact_payment"] == 1 and changes["module_points"] >= 0
            if action.kind == "buy_chests":
                assert changes["exact_payment"] == 0 and changes["wall"] == 0
                if chest_handout(view, action.room).get(view.player, 0) == 0:
                    assert changes["first_place"] == changes["lower_place"] == 0
    assert min(seen[k] for k in ("take_hut", "buy_bazaar", "buy_chests")) > 0
    # a huge weight on a feature a module action alone can move decides for it
    assert any(BalancedBot(module_points=1e6).choose(v, lg).kind == "buy_bazaar"
               for _, v, lg, _ in _driven(_game(3, 1, ("bazaars",)), _mixed(3))
               if any(a.kind == "buy_bazaar" for a in lg))


def test_the_merchant_follows_the_colours_wished_for():
    asked = Counter()
    for factory in (GreedyBot, BalancedBot):
        for game, view, legal, choice in _driven(_game(3, 2, ("street_merchant",)),
                                                 [factory() for _ in range(3)]):
            if game.decision.kind != "merchant":
                continue
            asked[choice.kind] += 1
            assert choice == merchant_choice(view, legal)
            wish = colour_wishes(view)
            disc = view.modules["street_merchant"]["discs"][view.player]["citizens"] or ()
            if choice.kind == "set_merchant":
                best = sorted(wish.values(), reverse=True)[:3]
                assert sorted((wish[c] for c in choice.colours), reverse=True) == best
            elif choice.kind == "take_citizen":
                fresh = [a.colour for a in legal if a.colour not in disc]
                if fresh:
                    assert choice.colour in fresh
                    assert wish[choice.colour] == max(wish[c] for c in fresh)
            elif choice.kind == "place_merchant":
                assert choice.pos in view.alhambra(view.player).frontier()
    assert asked["set_merchant"] == 6 and asked["place_merchant"] > 0


def test_camps_are_valued_and_placed_without_trouble():
    bought = 0
    for factory in (GreedyBot, WallBuilder):
        for seed in (0, 1, 2):
            for game, view, legal, choice in _driven(_game(4, seed, ("camps",)),
                                                     [factory() for _ in range(4)]):
                if choice.kind == "buy" and choice.tile.kind == "camp":
                    bought += 1
    assert bought > 0


def test_random_bot_plays_every_registered_kind():
    done = Counter()
    for seed in (0, 1):
        game = play(_game(3, seed, ALL_NEW), [RandomBot(seed * 3 + s) for s in range(3)])
        done.update(e["type"] for e in game.events)
    assert done["take_hut"] > 0 and done["buy_chests"] > 0 and done["set_merchant"] == 6


@pytest.mark.parametrize("factory", [GreedyBot, BalancedBot, WallBuilder])
def test_the_module_choices_are_deterministic(factory):
    first = play(_game(4, 5, ALL_NEW), [factory() for _ in range(4)])
    again = play(_game(4, 5, ALL_NEW), [factory() for _ in range(4)])
    assert first.events == again.events


@dataclass(frozen=True, slots=True)
class Snatch(Action):
    """A window action of a module the bots do not know (a thief of the future)."""

    kind: ClassVar[str] = "snatch"

    def to_dict(self):
        return {"kind": self.kind}


@dataclass(frozen=True, slots=True)
class Token:
    """A card of a module the bots do not know: no currency they can pay with."""

    name: str = "gate"

    def to_list(self):
        return [self.name]


@pytest.mark.parametrize("factory", [GreedyBot, BalancedBot, WallBuilder, RandomBot])
def test_an_unknown_window_is_declined(factory):
    from alhambra_lib import Decline
    game = _game(3, 2, ALL_NEW)
    view = game.view(game.decision.player)
    bot = factory()
    assert bot.choose(view, [Snatch(), Decline()]) == Decline()
    assert bot.choose(view, [Decline(), Snatch()]) == Decline()
    assert bot.choose(view, [Snatch()]) == Snatch()


def test_cards_of_unknown_modules_add_no_buying_power():
    from alhambra_lib.bots.exact_pay import hand_money
    from alhambra_lib.components import Card
    values, exchanges = hand_money([Token(), Card("denar", 3), Token("diamond")])
    assert values["denar"] == [3] and sum(map(len, values.values())) == 1 and exchanges == []
