"""`engine.determinize` and the public events of `GameView`."""

import json
import random
from collections import Counter

import pytest

from alhambra_lib import Game
from alhambra_lib.engine import determinize
from alhambra_lib.errors import AlhambraError


def _base_setup(rng, seed):
    return ["Ana", "Ben", "Cy"][:2 + seed % 2], ()


def _random_states(seeds, keep=0.1, setup=_base_setup, actions=10_000):
    """(game, player) pairs at random moments of random games (the first `actions` of
    each): `setup(rng, seed)` gives the players and the modules (by default base games,
    two and three players)."""
    for seed in seeds:
        rng = random.Random(seed)
        players, modules = setup(rng, seed)
        game = Game(players, seed=seed, modules=modules)
        for _ in range(actions):
            if not game.decision:
                break
            if rng.random() < keep:
                yield game, rng.choice(game.players)
            game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("seeds", [range(0, 6), range(6, 12)])
def test_the_sampled_game_shows_the_same_view_and_the_same_choices(seeds):
    checked = 0
    for game, name in _random_states(seeds):
        view = game.view(name)
        sampled = determinize(view, seed=checked)
        assert sampled.view(name) == view
        assert sampled.legal_actions() == game.legal_actions()
        # Card counting recovers every hand (all takes and payments are public).
        assert {p: Counter(sampled.hand(p)) for p in game.players} == \
               {p: Counter(game.hand(p)) for p in game.players}
        checked += 1
    assert checked > 50


def test_the_same_seed_gives_the_same_game_and_another_seed_another_pile():
    game = Game(["Ana", "Ben", "Cy"], seed=3)
    view = game.view("Ben")
    assert determinize(view, seed=5).to_json() == determinize(view, seed=5).to_json()
    piles = {tuple(map(tuple, json.loads(determinize(view, seed=s).to_json())["draw_pile"]))
             for s in range(5)}
    assert len(piles) == 5


def _scoring_place(game):
    pile = json.loads(game.to_json())["draw_pile"]
    return pile.index(["scoring", 1])


def _segment_of(view, cls):
    """The places (top first) of the draw pile's segment that holds a card of `cls`."""
    segments = view.public.value()["draw_pile"]["segments"]
    start = 0
    for classes in segments:
        if cls in classes:
            return range(start, start + len(classes))
        start += len(classes)
    raise AssertionError(f"no {cls} in the draw pile")


def test_every_place_of_a_hidden_scoring_card_comes_up_and_no_other():
    game = Game(["Ana", "Ben", "Cy"], seed=11)
    for _ in range(6):  # a few turns: some of the piles' cards are drawn
        game.apply(game.legal_actions()[0])
    view = game.view("Ana")
    assert view.public.value()["hidden"]["scoring:1"] == [["scoring", 1]]
    places = _segment_of(view, "scoring:1")
    # What is left of pile 2: the piles' sizes are public, and so is every card drawn.
    piles = next(e["piles"] for e in view.events if e["type"] == "draw_pile")
    drawn = sum(piles) - view.deck_size
    assert places == range(max(piles[0] - drawn, 0), piles[0] + piles[1] - drawn)
    seen = Counter(_scoring_place(determinize(view, seed=s)) for s in range(600))
    assert set(seen) == set(places)
    # Roughly uniform: no place more than three times as likely as another.
    assert max(seen.values()) <= 3 * min(seen.values())


def test_every_unseen_money_card_can_be_on_top():
    game = Game(["Ana", "Ben"], seed=2)
    view = game.view("Ana")
    tops = {tuple(json.loads(determinize(view, seed=s).to_json())["draw_pile"][0])
            for s in range(400)}
    # Pile 1 holds no scoring card (RULES.md §3.7), so only money is ever on top.
    unseen = {tuple(c) for c in json.loads(game.to_json())["draw_pile"] if c[0] != "scoring"}
    assert tops == unseen


def _peeked_twin(game):
    """`game` with two money cards of its draw pile swapped and another generator: what
    no player can see."""
    state = json.loads(game.to_json())
    pile = state["draw_pile"]
    money = [i for i, c in enumerate(pile) if c[0] != "scoring" and c != pile[0]]
    i, j = money[0], next(k for k in money if pile[k] != pile[money[0]])
    pile[i], pile[j] = pile[j], pile[i]
    state["rng"] = json.loads(Game(["Ana", "Ben", "Cy"], seed=999).to_json())["rng"]
    return Game.from_json(json.dumps(state))


def test_no_peeking_what_the_player_cannot_see_changes_nothing():
    game = Game(["Ana", "Ben", "Cy"], seed=4)
    for _ in range(5):
        game.apply(game.legal_actions()[-1])
    twin = _peeked_twin(game)
    assert twin.to_json() != game.to_json()
    name = game.decision.player
    assert twin.view(name) == game.view(name)
    assert determinize(twin.view(name), seed=8).to_json() == \
           determinize(game.view(name), seed=8).to_json()


def test_views_of_finished_games_are_refused():
    from alhambra_lib.bots import RandomBot, play
    over = play(Game(["Ana", "Ben"], seed=1), [RandomBot(1), RandomBot(2)])
    with pytest.raises(AlhambraError, match="over"):
        determinize(over.view("Ana"))


def test_the_events_show_a_player_their_own_secrets_only():
    game = Game(["Ana", "Ben", "Cy"], seed=5, modules=("bonus_cards", "thieves", "invaders"))
    events = game.view("Ben").events
    dealt = {e["player"]: e["tiles"] for e in events if e["type"] == "bonus_cards"}
    assert None not in dealt["Ben"] and dealt["Ana"] == dealt["Cy"] == [None] * len(dealt["Ben"])
    thieves = next(e for e in events if e["type"] == "thieves")["hands"]
    assert None not in thieves["Ben"] and set(thieves["Ana"]) == {None}
    setup = next(e for e in events if e["type"] == "invaders_setup")
    assert set(setup["attack_deck"]) == set(setup["scouts"]) == {None}
    # Told as sentences, the redacted record still reads (the table narrates it).
    from alhambra_lib.engine import describe_event
    assert all(isinstance(describe_event(e), str) for e in events)
    # The game's own record keeps everything.
    assert all(e["tiles"] is not None for e in game.events if e["type"] == "bonus_cards")


def test_base_game_views_carry_the_whole_record():
    game = Game(["Ana", "Ben", "Cy"], seed=5)
    assert list(game.view("Cy").events) == game.events
