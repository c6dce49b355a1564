"""Action values (str, equality, JSON) and the money choices behind take and buy."""

import itertools
import json

import pytest

from alhambra_lib import Buy, Card, End, Give, Place, Redesign, Reserve, Take, Tile
from alhambra_lib.actions import action_from_dict, minimal_payments, take_choices

T = Tile("garden", 8, "NE")


def c(value, currency="ducat"):
    return Card(currency, value)


EXAMPLES = [
    (Take((c(2, "florin"), c(3))), "take 3 ducat + 2 florin"),
    (Buy(3, T, (c(3), c(5))), "buy 8-garden from ducat square paying 5+3 (exact)"),
    (Buy(3, T, (c(6), c(5))), "buy 8-garden from ducat square paying 6+5"),
    (Place(T, (1, -2)), "place 8-garden at (1, -2)"),
    (Reserve(T), "reserve 8-garden"),
    (Give(T), "give 8-garden to Dirk"),
    (Redesign("remove", None, (2, 0)), "redesign: move (2, 0) to reserve"),
    (Redesign("place", T, (0, 1)), "redesign: place 8-garden from reserve at (0, 1)"),
    (Redesign("exchange", T, (0, 1)), "redesign: exchange 8-garden from reserve with the tile at (0, 1)"),
    (End(), "end"),
]


@pytest.mark.parametrize("action, text", EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_str_and_json_round_trip(action, text):
    assert str(action) == text
    data = json.loads(json.dumps(action.to_dict()))
    assert action_from_dict(data) == action
    assert hash(action_from_dict(data)) == hash(action)


def test_kinds_and_fields():
    kinds = [action.kind for action, _ in EXAMPLES]
    assert kinds == ["take", "buy", "buy", "place", "reserve", "give", "redesign", "redesign",
                     "redesign", "end"]
    buy = EXAMPLES[1][0]
    assert buy.square == 3 and buy.cards == (c(5), c(3)) and buy.currency == "ducat" and buy.exact
    remove = EXAMPLES[6][0]
    assert remove.move == "remove" and remove.tile is None and remove.pos == (2, 0)


def test_equal_values_equal_actions_whatever_the_card_order():
    assert Take((c(1), c(3, "florin"))) == Take((c(3, "florin"), c(1)))
    assert len({Take((c(1), c(2))), Take((c(2), c(1))), End(), End()}) == 2
    assert Reserve(T) != Give(T)
    assert Place(T, [1, -2]) == Place(T, (1, -2))


def test_actions_are_frozen():
    with pytest.raises(AttributeError):
        Reserve(T).tile = Tile("tower", 13, "")


@pytest.mark.parametrize("make, error", [
    (lambda: Take(()), TypeError),
    (lambda: Take(("3 ducat",)), TypeError),
    (lambda: Buy(5, T, (c(8),)), ValueError),
    (lambda: Buy(True, T, (c(8),)), ValueError),
    (lambda: Place("8-garden", (0, 1)), TypeError),
    (lambda: Place(T, (0.5, 1)), TypeError),
    (lambda: Redesign("fly", T, (0, 1)), ValueError),
    (lambda: Redesign("place", None, (0, 1)), TypeError),
    (lambda: Redesign("remove", T, (0, 1)), ValueError),
])
def test_malformed_actions_are_refused(make, error):
    with pytest.raises(error):
        make()


@pytest.mark.parametrize("data", [
    {"kind": "take"},
    {"kind": "take", "cards": "3 ducat"},
    {"kind": "take", "cards": [["ducat", 3]], "extra": 1},
    {"kind": "place", "tile": ["garden", 8, "NE"], "pos": "0,1"},
    {"kind": "place", "tile": ["garden", 8, "NX"], "pos": [0, 1]},
    {"kind": "buy", "square": 9, "tile": ["garden", 8, "NE"], "cards": [["ducat", 8]]},
    {"kind": "reserve", "tile": ["__import__('os')", 8, ""]},
    ["take"],
])
def test_from_dict_refuses_anything_else(data):
    with pytest.raises(ValueError):
        action_from_dict(data)


# -- take: one card, or several totalling at most 5 ------------------------------------------


def test_take_one_card_of_any_value_or_several_up_to_five():
    display = (c(9), c(3), c(2, "florin"), c(1, "denar"))
    choices = {" + ".join(map(str, cards)) for cards in take_choices(display)}
    assert "9 ducat" in choices and "3 ducat + 2 florin" in choices
    assert "3 ducat + 1 denar" in choices and "2 florin + 1 denar" in choices
    assert "3 ducat + 2 florin + 1 denar" not in choices  # 6 > 5
    assert not any("9 ducat +" in t for t in choices)
    assert len(choices) == 4 + 3  # four singles; 3+2, 3+1, 2+1


def test_take_choices_are_distinct_multisets():
    display = (c(2), c(2), c(2), c(4))
    texts = [" + ".join(map(str, cards)) for cards in take_choices(display)]
    assert texts == ["4 ducat", "2 ducat", "2 ducat + 2 ducat"]


def test_take_from_empty_display():
    assert take_choices(()) == ()


# -- minimal payments ---------------------------------------------------------------------


def brute_force_minimal(values, price):
    found = set()
    for r in range(1, len(values) + 1):
        for combo in itertools.combinations(values, r):
            total = sum(combo)
            if total >= price and all(total - v < price for v in combo):
                found.add(tuple(sorted(combo, reverse=True)))
    return found


@pytest.mark.parametrize("values, price", [
    ((9, 8, 7, 3, 3, 2, 1, 1), 10), ((5, 5, 5, 5), 12), ((1, 1, 1, 1, 1, 1, 1), 4),
    ((9,), 13), ((9, 9, 4), 13), ((6, 5, 3, 2), 8), ((2, 2, 2, 1), 2), ((), 5),
    ((9, 7, 6, 6, 5, 4, 4, 3, 2, 1), 11),
])
def test_minimal_payments_match_brute_force_without_duplicates(values, price):
    payments = minimal_payments(values, price)
    assert len(payments) == len(set(payments))
    assert set(payments) == brute_force_minimal(values, price)


def test_overpaying_with_a_needed_card_is_minimal():
    assert (6, 5) in minimal_payments((6, 5), 8)
    assert minimal_payments((6, 5, 2), 8) == ((6, 5), (6, 2))
