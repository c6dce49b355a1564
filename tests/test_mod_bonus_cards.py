"""Bonus Cards (Mega Box M3, RULES.md §M3): the ten wall-less tiles, the deal, +1 at every
scoring while the pictured tile is in the owner's Alhambra, shown at the scoring, the
view; and the three modules together with two players (Dirk).
"""

import random

import pytest
from _game_helpers import (
    build,
    cards,
    do,
    real_tile,
    restore,
    set_display,
    set_reserve,
    stack_draw,
    state,
)

from alhambra_lib import BUILDING_TILES, Game, ScoringCard
from alhambra_lib.actions import tile_order
from alhambra_lib.alhambra import Alhambra
from alhambra_lib.modules.bonus_cards import BONUS_CARDS, BonusCard, bonus_cards_per_player

GARDEN_10 = real_tile("garden", 10, "")
TOWER_12 = real_tile("tower", 12, "")
PAV_8 = real_tile("pavilion", 8, "")


def set_bonus(game, player, tiles):
    """`player`'s bonus cards become `tiles`; their cards before are set aside (the ten stay
    once each)."""
    data = state(game)
    bonus = data["modules_state"]["bonus_cards"]
    bonus["set_aside"] += bonus["hands"][player]
    bonus["hands"][player] = []
    for t in tiles:
        want = t.to_list()
        for pile in [bonus["set_aside"], *bonus["hands"].values()]:
            if want in pile:
                pile.remove(want)
                break
        bonus["hands"][player].append(want)
    for p in bonus["shown"]:
        bonus["shown"][p] = [t for t in bonus["shown"][p] if t in bonus["hands"][p]]
    return restore(game, data)


def scored(game, round_no=1):
    """The current player takes the 1 dirham; scoring card `round_no` comes up next."""
    game = stack_draw(game, [ScoringCard(round_no)])
    n = len(game.events)
    do(game, "take 1 dirham")
    new = game.events[n:]
    return game, new, next(e for e in new if e["type"] == "scoring")


def arranged(names=("Ana", "Ben", "Cy"), seed=7, modules=("bonus_cards",)):
    game = Game(list(names), seed=seed, modules=modules)
    assert game.current_player == "Ana"
    return set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))


def test_the_ten_cards_are_the_ten_wall_less_tiles():
    """§M3.1: one card per wall-less base tile, ids 7, 14, 22, 23, 31, 32, 41, 42, 52, 53."""
    wall_less = sorted((t for t in BUILDING_TILES if not t.walls), key=tile_order)
    assert [c.tile for c in BONUS_CARDS] == wall_less and len(BONUS_CARDS) == 10
    assert [(c.tile.kind, c.tile.price) for c in BONUS_CARDS] == [
        ("pavilion", 8), ("seraglio", 9), ("arcades", 9), ("arcades", 10), ("chambers", 10),
        ("chambers", 11), ("garden", 10), ("garden", 11), ("tower", 11), ("tower", 12)]
    assert str(BonusCard(GARDEN_10)) == "bonus 10-garden"


@pytest.mark.parametrize("players, each", [(2, 3), (3, 3), (4, 2), (5, 2), (6, 1)])
def test_deal_per_player_rest_set_aside(players, each):
    """§M3.2: 3 each with 2-3 players, 2 with 4-5, 1 with 6; the rest set aside; Dirk none."""
    names = [f"P{i}" for i in range(players)]
    game = Game(names, seed=players, modules=("bonus_cards",))
    assert bonus_cards_per_player(players) == each
    bonus = state(game)["modules_state"]["bonus_cards"]
    assert set(bonus["hands"]) == set(names)  # no Dirk
    assert all(len(h) == each for h in bonus["hands"].values())
    assert len(bonus["set_aside"]) == 10 - players * each
    every = sorted(t for pile in [bonus["set_aside"], *bonus["hands"].values()] for t in pile)
    assert every == sorted(c.tile.to_list() for c in BONUS_CARDS)
    assert game.census()["bonus_card"] == 10
    dealt = [e for e in game.events if e["type"] == "bonus_cards"]
    assert [e["player"] for e in dealt] == names


def test_a_card_counts_when_its_tile_is_in_the_alhambra():
    """§M3.4: +1 to garden at the scoring; the scoring event's counts include it, shown."""
    game = set_bonus(arranged(), "Ana", [GARDEN_10, TOWER_12])
    game = build(game, "Ana", [((1, 0), GARDEN_10)])
    game = set_reserve(game, "Ana", [TOWER_12])  # on the reserve: does not count
    game, new, scoring = scored(game)
    assert scoring["counts"]["Ana"]["garden"] == 2
    assert scoring["counts"]["Ana"]["tower"] == 0
    kinds = [e["type"] for e in new]
    shown = next(e for e in new if e["type"] == "bonus_shown")
    assert kinds.index("bonus_shown") < kinds.index("scoring")
    assert shown == {"type": "bonus_shown", "player": "Ana", "tiles": [GARDEN_10.to_list()]}
    assert game.counts("Ana")["garden"] == 2
    assert game.view("Ben").modules["bonus_cards"]["shown"]["Ana"] == (BonusCard(GARDEN_10),)
    assert sum(scoring["parts"][p]["Ana"] for p in scoring["parts"]) == scoring["points"]["Ana"]


def test_a_card_counts_at_every_scoring_and_is_shown_once():
    """§M3.3: the card applies at round 1 and again at round 2; one `bonus_shown` event."""
    game = set_bonus(arranged(), "Ana", [GARDEN_10])
    game = build(game, "Ana", [((1, 0), GARDEN_10)])
    game, _, first = scored(game, 1)
    game = set_display(game, cards("1 dirham", "2 ducat", "2 florin", "3 denar"))
    game, _, second = scored(game, 2)
    assert first["counts"]["Ana"]["garden"] == second["counts"]["Ana"]["garden"] == 2
    assert [e["type"] for e in game.events].count("bonus_shown") == 1


def test_only_on_the_reserve_the_card_does_not_count():
    """§M3.4: the pictured tile on the reserve: no +1, nothing shown."""
    game = set_bonus(arranged(), "Ana", [GARDEN_10])
    game = set_reserve(game, "Ana", [GARDEN_10])
    game, new, scoring = scored(game)
    assert scoring["counts"]["Ana"]["garden"] == 0
    assert "bonus_shown" not in [e["type"] for e in new]


def test_a_same_kind_tile_with_walls_is_not_the_pictured_tile():
    """§M3.1: the garden 10 card is the wall-less garden 10, not a garden 10 with a wall."""
    walled = next(t for t in BUILDING_TILES if t.kind == "garden" and t.price == 10 and t.walls)
    alhambra = Alhambra()
    pos = sorted(alhambra.legal_positions(walled))[0]
    game = set_bonus(arranged(), "Ana", [GARDEN_10])
    game = build(game, "Ana", [(pos, walled)])
    game, _, scoring = scored(game)
    assert scoring["counts"]["Ana"]["garden"] == 1


def test_view_shows_own_cards_and_only_the_number_of_others():
    """§M3.2: Ana sees her cards; of Ben's and Cy's only how many."""
    game = arranged()
    bonus = state(game)["modules_state"]["bonus_cards"]
    for name in game.players:
        view = game.view(name).modules["bonus_cards"]
        assert set(view) == {"hand", "hand_sizes", "shown"}
        assert [c.tile.to_list() for c in view["hand"]] == bonus["hands"][name]
        assert view["hand_sizes"] == {p: 3 for p in game.players}
        assert view["shown"] == {p: () for p in game.players}
        others = {tuple(t) for p in game.players if p != name for t in bonus["hands"][p]}
        assert not others & {tuple(c.tile.to_list()) for c in view["hand"]}


def test_the_three_modules_with_two_players_and_dirk():
    """All of M1-M3 with two players: Dirk has no vizier, no bonus cards, no exchange card;
    the census holds; the game plays to the end and round-trips."""
    game = Game(["Ana", "Ben"], seed=11, modules=("bonus_cards", "exchange", "vizier"))
    assert game.modules == ("vizier", "exchange", "bonus_cards")
    expected = {"building": 54, "money": 72, "scoring_card": 2, "vizier": 2,
                "exchange_card": 6, "bonus_card": 10}
    assert game.census() == expected
    slices = state(game)["modules_state"]
    assert set(slices["vizier"]["awake"]) == {"Ana", "Ben"}
    assert set(slices["bonus_cards"]["hands"]) == {"Ana", "Ben"}
    rng = random.Random(3)
    seen = set()
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        seen.add(action.kind)
        game.apply(action)
        assert game.census() == expected
        assert game.current_player in (None, "Ana", "Ben")
    assert game.is_over and set(game.scores) == {"Ana", "Ben", "Dirk"}
    for e in game.events:
        if e["type"] in ("vizier", "wake", "bonus_shown", "bonus_cards", "decline"):
            assert e["player"] != "Dirk"
        if e["type"] == "scoring":
            for name, points in e["points"].items():
                assert sum(part[name] for part in e["parts"].values()) == points
    text = game.to_json()
    assert Game.from_json(text).to_json() == text
