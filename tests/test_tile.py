"""Tile values and the 54 real building tiles (issue 2 contract, RULES.md §1)."""

import dataclasses
import json
import pathlib
from collections import Counter

import pytest

from alhambra_lib import BUILDING_TILES, KINDS, Tile

PEER_CASES = pathlib.Path(__file__).parent / "data" / "peer_cases.json"

SIX = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")


# ---------------------------------------------------------------- value semantics

def test_fields_and_walls_frozenset():
    t = Tile("garden", 8, "NE")
    assert t.kind == "garden"
    assert t.price == 8
    assert isinstance(t.walls, frozenset)
    assert t.walls == frozenset({"N", "E"})


@pytest.mark.parametrize("walls", ["NE", "EN", ["N", "E"], ("E", "N"), {"N", "E"},
                                   frozenset("NE"), iter("EN"), (s for s in "NE"), "NNE"])
def test_walls_from_any_iterable(walls):
    t = Tile("tower", 9, walls)
    assert isinstance(t.walls, frozenset)
    assert t.walls == frozenset({"N", "E"})
    assert t == Tile("tower", 9, "NE")


@pytest.mark.parametrize("walls", ["", [], (), set(), frozenset()])
def test_no_walls(walls):
    t = Tile("arcades", 9, walls)
    assert t.walls == frozenset()
    assert isinstance(t.walls, frozenset)


def test_equal_tiles_equal_and_hash_equal():
    a, b = Tile("garden", 8, "NE"), Tile("garden", 8, ["E", "N"])
    assert a == b and not (a != b)  # noqa: SIM202 (tests __ne__)
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    assert {a: 1}[b] == 1


@pytest.mark.parametrize("other", [Tile("tower", 8, "NE"), Tile("garden", 9, "NE"),
                                   Tile("garden", 8, "N"), Tile("garden", 8, "NES")])
def test_different_tiles_differ(other):
    assert Tile("garden", 8, "NE") != other
    assert len({Tile("garden", 8, "NE"), other}) == 2


@pytest.mark.parametrize("field", ["kind", "price", "walls"])
def test_immutable(field):
    t = Tile("garden", 8, "NE")
    with pytest.raises((AttributeError, TypeError, dataclasses.FrozenInstanceError)):
        setattr(t, field, {"kind": "tower", "price": 3, "walls": frozenset()}[field])
    assert t == Tile("garden", 8, "NE")
    with pytest.raises(AttributeError):
        t.walls.add("S")  # frozenset: no add
    assert t.walls == frozenset("NE")


def test_fountain_and_four_walls_and_zero_price_are_valid_values():
    f = Tile("fountain", 0, "")
    assert f.kind == "fountain" and f.walls == frozenset()
    four = Tile("tower", 5, "NESW")
    assert four.walls == frozenset("NESW")
    assert Tile("pavilion", 0, "").price == 0
    assert Tile("pavilion", 10**6, "").price == 10**6


@pytest.mark.parametrize("kind", SIX)
def test_every_kind_accepted(kind):
    assert Tile(kind, 3, "S").kind == kind


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("kind", ["castle", "Garden", "", "gardens"])
def test_unknown_kind(kind):
    with pytest.raises(ValueError, match=r"(?i)kind"):
        Tile(kind, 5, "")


def test_kind_not_a_string():
    with pytest.raises((ValueError, TypeError), match=r"(?i)kind"):
        Tile(None, 5, "")


@pytest.mark.parametrize("walls", ["X", "NX", ["N", "X"], "NESWX"])
def test_fifth_side_letter(walls):
    with pytest.raises(ValueError, match=r"(?i)side|wall"):
        Tile("garden", 5, walls)


def test_fifth_side_letter_message_names_it():
    with pytest.raises(ValueError) as info:
        Tile("garden", 5, "NX")
    assert "X" in str(info.value)


@pytest.mark.parametrize("price", [-1, -100])
def test_negative_price(price):
    with pytest.raises(ValueError, match=r"(?i)price"):
        Tile("garden", price, "")


@pytest.mark.parametrize("price", [2.5, 3.0, "8", None])
def test_non_integer_price(price):
    with pytest.raises((TypeError, ValueError), match=r"(?i)price|integer"):
        Tile("garden", price, "")


@pytest.mark.parametrize("price", [True, False])
def test_bool_price(price):
    with pytest.raises((TypeError, ValueError), match=r"(?i)price|integer"):
        Tile("garden", price, "")


def test_walls_not_iterable():
    with pytest.raises((TypeError, ValueError)):
        Tile("garden", 5, 7)


# ---------------------------------------------------------------- KINDS

def test_kinds():
    assert len(KINDS) == 6
    assert set(KINDS) == set(SIX)
    assert "fountain" not in KINDS


# ---------------------------------------------------------------- BUILDING_TILES (§1)

def test_building_tiles_is_tuple_of_54_tiles():
    assert isinstance(BUILDING_TILES, tuple)
    assert len(BUILDING_TILES) == 54
    assert all(isinstance(t, Tile) for t in BUILDING_TILES)
    assert all(t.kind in SIX for t in BUILDING_TILES)


PRICES = {  # RULES.md §1 table
    "pavilion": [2, 3, 4, 5, 6, 7, 8],
    "seraglio": [3, 4, 5, 6, 7, 8, 9],
    "arcades": [4, 5, 6, 6, 7, 8, 8, 9, 10],
    "chambers": [5, 6, 7, 7, 8, 9, 9, 10, 11],
    "garden": [6, 7, 8, 8, 8, 9, 10, 10, 10, 11, 12],
    "tower": [7, 8, 9, 9, 9, 10, 11, 11, 11, 12, 13],
}
WALL_SIDES = {"pavilion": 11, "seraglio": 11, "arcades": 13, "chambers": 13, "garden": 16,
              "tower": 16}


@pytest.mark.parametrize("kind", SIX)
def test_counts_prices_and_wall_sides_per_kind(kind):
    mine = [t for t in BUILDING_TILES if t.kind == kind]
    assert len(mine) == len(PRICES[kind])
    assert sorted(t.price for t in mine) == PRICES[kind]
    assert sum(len(t.walls) for t in mine) == WALL_SIDES[kind]


def test_wall_count_distribution():
    by_n = Counter(len(t.walls) for t in BUILDING_TILES)
    assert by_n == {0: 10, 1: 16, 2: 20, 3: 8}


def test_two_wall_tiles_have_adjacent_sides():
    for t in BUILDING_TILES:
        if len(t.walls) == 2:
            assert t.walls not in (frozenset("NS"), frozenset("EW")), t


def test_wall_sides_total_and_per_direction():
    assert sum(len(t.walls) for t in BUILDING_TILES) == 80
    per = Counter(s for t in BUILDING_TILES for s in t.walls)
    assert per == {"N": 20, "E": 20, "S": 20, "W": 20}


def test_building_tiles_match_peer_multiset():
    # peer_cases.json "tiles54": brdgme and BGA's tile lists (identical multisets).
    data = json.loads(PEER_CASES.read_text())["tiles54"]["tiles"]
    theirs = Counter((k, p, frozenset(w)) for k, p, w in data)
    ours = Counter((t.kind, t.price, t.walls) for t in BUILDING_TILES)
    assert ours == theirs
