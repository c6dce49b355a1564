"""Typed module slices (issue 21): one codec reads every module's saved slice against its
declared type, naming the exact place at fault; the modules keep only cross-field rules."""

from __future__ import annotations

import copy
import json
import random
import re
import warnings
from typing import Literal, TypedDict, get_args

import pytest

from alhambra_lib import Game
from alhambra_lib.components import CHARACTERS, CURRENCIES, KINDS
from alhambra_lib.engine.context import module_context
from alhambra_lib.errors import InvalidSave
from alhambra_lib.modules import MODULES, Module
from alhambra_lib.modules import characters, invaders, treasure
from alhambra_lib.slices import (
    CARD,
    DISTINCT,
    TILE,
    TILE_ORDER,
    Annotated,
    Currency,
    Direction,
    Kind,
    Keys,
    PerPlayer,
    Player,
    Range,
    Size,
    decode_slice,
    describe,
)

NAMES = ("Ana", "Ben", "Cy")


def _all_modules(seed):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the provisional data sets' warning
        return Game(list(NAMES), seed=seed, modules=tuple(MODULES))


def _saved(game):
    return json.loads(game.to_json())


def _refusal(data):
    with pytest.raises(InvalidSave) as refused:
        Game.from_json(json.dumps(data))
    return refused.value


# -- the declarations -----------------------------------------------------------------------


def test_the_declared_literal_sets_are_the_library_s():
    assert get_args(Currency) == CURRENCIES
    assert get_args(Kind) == KINDS
    assert get_args(Direction) == invaders.ATTACK_CARDS
    assert get_args(characters.CharacterId) == tuple(CHARACTERS)
    assert get_args(treasure.Chest) == tuple(treasure.COLOURS)


def test_every_module_checks_its_slice_through_its_declared_type():
    """No module keeps a hand-written validator: `load_slice` is the base one (the
    characters only fill in a field older saves lack first)."""
    for module in MODULES.values():
        own = module.load_slice is not Module.load_slice
        assert not own or module.name == "characters", module.name
        fresh = module().new_slice(_all_modules(0)._config)
        assert (fresh is None) == (module.slice_type is None), module.name


@pytest.mark.parametrize("seed", [1, 2])
def test_live_slices_read_back_as_themselves(seed):
    """Through a random game, every module's slice is of its declared type and reads
    back unchanged (already in canonical order)."""
    game, rng = _all_modules(seed), random.Random(seed)
    for step in range(400):
        if game.is_over:
            break
        if step % 40 == 0:
            for name, data in _saved(game)["modules_state"].items():
                module = MODULES[name]()
                assert decode_slice(module.slice_type, data, name, NAMES) == data, name
                assert module.load_slice(module_context(game), copy.deepcopy(data)) == data, name
        game.apply(rng.choice(game.legal_actions()))


# -- hostile saves: the exact place -------------------------------------------------------------


@pytest.mark.parametrize("module, change, message", [
    ("vizier", lambda s: s["awake"].update(Ben=1), "at awake.Ben: expected true or false, got 1"),
    ("vizier", lambda s: s["awake"].pop("Ben"), "at awake: expected one entry per player"),
    ("vizier", lambda s: s.update(window={"queue": ["Ana", "Ana"], "repoll": False}),
     "at window.queue: expected distinct items"),
    ("thieves", lambda s: s["hands"]["Cy"].append("euro"), r"at hands.Cy\[4\]: expected one of"),
    ("change", lambda s: s["bag"].__setitem__(2, 5), r"at bag\[2\]: expected one of 'denar'"),
    ("treasure", lambda s: s["rooms"][1].append("gold"), r"at rooms\[1\]: expected 0 to 4 items"),
    ("treasure", lambda s: s["rooms"][1].__setitem__(0, "gold"), r"at rooms\[1\]\[0\]"),
    ("treasure", lambda s: s.update(pending={"room": 4, "chests": [], "queue": ["Ana"]}),
     r"at pending.room: expected a room \(from 1 to 3\), got 4"),
    ("treasure", lambda s: s.update(chests=[["garden", 99, ""]]),
     r"at chests\[0\]: expected a base building"),
    ("characters", lambda s: s["owned"]["Ana"].append("jester"), r"at owned.Ana\[0\]"),
    ("characters", lambda s: s.update(wise_man="castle"), "at wise_man: expected one of"),
    ("characters", lambda s: s.update(swapped=True), "at swapped: expected a turn number or null"),
    ("street_merchant", lambda s: s["discs"]["Ana"].update(todo="fly"), "at discs.Ana.todo"),
    ("street_merchant", lambda s: s["discs"]["Ben"].update(pos=[1]), r"at discs.Ben.pos: expected a cell"),
    ("street_merchant", lambda s: s["supply"].update(pavilion=-1),
     r"at supply.pavilion: expected an integer at least 0, got -1"),
    ("invaders", lambda s: s["revealed"].append([2, "N", 1]), r"at revealed\[0\]: expected \[a round"),
    ("squares", lambda s: s["piles"]["tower"].append(["tower", 5, ""]), r"at piles.tower\[\d\]: expected a hut, got 5-tower"),
    ("gates", lambda s: s.update(beside=2), "at beside: expected an integer from 0 to 1, got 2"),
    ("bonus_cards", lambda s: s["set_aside"].append(["hut", 0, "N"]), r"at set_aside\[\d\]: expected a bonus"),
    ("camps", lambda s: None, "the camps slice: expected null"),
    ("master_builders", lambda s: s.update(played=True), "at played: expected the redesigns owed"),
])
def test_a_wrong_value_is_refused_naming_its_exact_place(module, change, message):
    data = _saved(_all_modules(3))
    if module == "camps":
        data["modules_state"]["camps"] = {"camps": 1}
    else:
        change(data["modules_state"][module])
    refused = _refusal(data)
    assert refused.where == f"modules_state.{module}"
    assert f"the {module} slice" in str(refused)
    assert re.search(message, str(refused)), str(refused)


def test_an_unknown_or_missing_key_is_named():
    data = _saved(_all_modules(3))
    data["modules_state"]["gates"] = {"beside": 0, "spent": 0}
    assert "missing ['used'], unknown ['spent']" in str(_refusal(data))


def test_a_slice_saved_before_the_wise_man_choice_still_loads():
    game = _all_modules(3)
    data = _saved(game)
    del data["modules_state"]["characters"]["wise_man_chosen"]
    assert Game.from_json(json.dumps(data)).to_json() == game.to_json()


def test_a_slice_is_put_in_canonical_order():
    game = _all_modules(3)
    data = _saved(game)
    data["modules_state"]["treasure"]["bag"].reverse()
    data["modules_state"]["change"]["bag"].reverse()
    assert Game.from_json(json.dumps(data)).to_json() == game.to_json()


# -- the codec ----------------------------------------------------------------------------------


class _Toy(TypedDict):
    scores: PerPlayer[Annotated[int, Range(0, 99)]]
    order: Annotated[list[Player], DISTINCT, Size(1)]
    seen: dict[str, bool]
    last: tuple[Annotated[list, TILE], Annotated[list, CARD]] | None
    tiles: Annotated[list[Annotated[list, TILE]], TILE_ORDER]
    mode: Literal[1, "two"]
    extra: Annotated[dict[str, int], Keys(("a", "b"), "a and b")]


def _toy(**change):
    value = {"scores": {"Ana": 3, "Ben": 0}, "order": ["Ben"], "seen": {}, "last": None,
             "tiles": [["tower", 13, "ES"], ["pavilion", 2, "NES"]], "mode": "two",
             "extra": {"a": 1, "b": 2}}
    value.update(change)
    return value


def _read(value):
    return decode_slice(_Toy, value, "toy", ("Ana", "Ben"))


def test_the_codec_reads_a_declared_value_and_sorts_where_told():
    value = _toy(last=[["garden", 8, "NW"], ["denar", 3]])
    read = _read(value)
    assert read["tiles"] == [["pavilion", 2, "NES"], ["tower", 13, "ES"]]
    assert read == {**value, "tiles": read["tiles"]} and read is not value


@pytest.mark.parametrize("change, message", [
    ({"scores": {"Ana": True, "Ben": 0}}, "at scores.Ana: expected an integer from 0 to 99, got True"),
    ({"scores": {"Ana": 100, "Ben": 0}}, "at scores.Ana: expected an integer from 0 to 99, got 100"),
    ({"order": []}, "at order: expected at least 1 item, got 0"),
    ({"order": ["Cy"]}, r"at order\[0\]: expected a player \(Ana, Ben\), got 'Cy'"),
    ({"seen": {"x": "yes"}}, "at seen.x: expected true or false"),
    ({"last": [["garden", 8, "NW"]]}, "at last: expected \\[a tile, a card\\]"),
    ({"last": [["garden", 8, "NW"], "3 denar"]}, r"at last\[1\]: expected a card"),
    ({"tiles": [["tower", -1, "ES"]]}, r"at tiles\[0\]: expected a tile: "),
    ({"mode": True}, "at mode: expected one of 1, 'two', got True"),
    ({"mode": 2}, "at mode: expected one of 1, 'two', got 2"),
    ({"extra": {"a": 1}}, "at extra: expected a and b: missing \\['b'\\]"),
])
def test_the_codec_names_the_place_and_what_was_expected(change, message):
    with pytest.raises(InvalidSave, match=message) as refused:
        _read(_toy(**change))
    assert refused.value.where == "modules_state.toy"


def test_a_type_the_codec_cannot_read_is_a_programming_error():
    with pytest.raises(TypeError, match="no codec"):
        decode_slice(complex, 1j, "toy", ())
    assert describe(Annotated[int, Range(1, 3), "a round"]) == "a round (from 1 to 3)"


@pytest.mark.parametrize("change, message", [
    (lambda e: e["counts"]["Ana"].update(castle=1), r"at counts.Ana.castle: expected one of"),
    (lambda e: e["counts"]["Ben"].update(garden=True), r"at counts.Ben.garden: expected an integer or a float"),
    (lambda e: e["points"].pop("Cy"), r"at points: expected one entry per player"),
    (lambda e: e["parts"]["walls"].update(Ana="3"), r"at parts.walls.Ana: expected an integer, got '3'"),
    (lambda e: e["parts"]["walls"].update(Ana=e["parts"]["walls"]["Ana"] + 1), "do not add up"),
])
def test_a_scoring_event_s_totals_are_read_by_the_same_codec(change, message):
    game, rng = Game(list(NAMES), seed=5), random.Random(5)
    while not any(e["type"] == "scoring" for e in game.events):
        game.apply(rng.choice(game.legal_actions()))
    data = _saved(game)
    i = next(i for i, e in enumerate(data["events"]) if e["type"] == "scoring")
    change(data["events"][i])
    refused = _refusal(data)
    assert refused.where == f"events[{i}]"
    assert re.search(message, str(refused)), str(refused)
