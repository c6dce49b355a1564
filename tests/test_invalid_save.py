"""`Game.from_json` refuses malformed, hand-edited or inconsistent saves with
`InvalidSave` only, saying where; and the known defects each have a test.
"""

import copy
import json
import random

import pytest
from _game_helpers import play_randomly
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from alhambra_lib import Game
from alhambra_lib.actions import Buy
from alhambra_lib.components import BUILDING_TILES
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import AlhambraError, InvalidSave

MODULES = ("vizier", "exchange", "bonus_cards")


def played(players=3, modules=MODULES, seed=4, steps=80):
    game = Game([f"P{i}" for i in range(players)], seed=seed, modules=modules)
    return play_randomly(game, random.Random(seed), steps)


BASE = {key: json.loads(played(*args).to_json()) for key, args in {
    "3p": (3, MODULES, 4, 80), "2p": (2, MODULES, 5, 150), "base": (4, (), 6, 40)}.items()}


def refused(data, where=None):
    text = data if isinstance(data, (str, bytes)) else json.dumps(data)
    with pytest.raises(InvalidSave) as info:
        Game.from_json(text)
    if where is not None:
        assert info.value.where == where, str(info.value)
    return info.value


def paths(value, prefix=()):
    """Every path into a JSON value (dict keys and list indexes), the root included."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:8]):  # the first items are enough
            yield from paths(v, prefix + (i,))


PATHS = {key: [p for p in paths(data) if p and p[0] != "rng" or p[:1] == ("rng",) and len(p) < 3]
         for key, data in BASE.items()}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["Dirk", "P0", "vizier", "act", "place", "garden",
                                             "denar", "exchange", "scoring"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6),
                                                                       children, max_size=4),
    max_leaves=12)


def set_path(data, path, value):
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(BASE)), st.data(), json_values)
def test_a_mutated_save_loads_or_raises_invalid_save(key, data, value):
    """Any path of a valid save set to any JSON value: it loads (with a legal action unless
    over) or raises `InvalidSave`, never another exception."""
    path = data.draw(st.sampled_from(PATHS[key]))
    mutated = copy.deepcopy(BASE[key])
    set_path(mutated, path, value)
    try:
        game = Game.from_json(json.dumps(mutated))
    except InvalidSave:
        return
    assert game.is_over or game.legal_actions()
    assert game.census()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(BASE)), st.data())
def test_a_deleted_key_or_swapped_values_are_refused_or_load(key, data):
    """Deleting a key, or swapping two values, never raises anything but `InvalidSave`."""
    mutated = copy.deepcopy(BASE[key])
    first = data.draw(st.sampled_from(PATHS[key]))
    second = data.draw(st.sampled_from(PATHS[key]))
    try:
        a = mutated
        for k in first:
            a = a[k]
        b = mutated
        for k in second:
            b = b[k]
        set_path(mutated, first, copy.deepcopy(b))
        set_path(mutated, second, copy.deepcopy(a))
    except (TypeError, KeyError, IndexError):
        return  # one path ran through the other
    if data.draw(st.booleans()) and isinstance(mutated, dict):
        target = mutated
        for k in first[:-1]:
            target = target[k] if isinstance(target, (dict, list)) else None
        if isinstance(target, dict):
            target.pop(first[-1], None)
        elif isinstance(target, list) and isinstance(first[-1], int) and first[-1] < len(target):
            del target[first[-1]]
    try:
        game = Game.from_json(json.dumps(mutated))
    except InvalidSave:
        return
    assert game.is_over or game.legal_actions()


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "3", '"x"', "{}", "\ud800",
                                  b"\xff\xfe", '{"format": "alhambra_lib.game"}',
                                  '{"format": "alhambra_lib.game", "version": 3}'])
def test_garbage_text_is_invalid_save(text):
    refused(text)


def test_not_text_at_all_is_invalid_save():
    for value in (None, 3, {}, ["x"]):
        with pytest.raises(InvalidSave):
            Game.from_json(value)


def test_an_invalid_save_says_where():
    data = copy.deepcopy(BASE["3p"])
    data["market"] = data["market"][:3]
    error = refused(data, "market")
    assert "(market)" in str(error) and isinstance(error, AlhambraError)
    data = copy.deepcopy(BASE["3p"])
    data["events"][3] = {"type": "take"}
    error = refused(data, "events[3]")
    assert "lacks" in str(error)


def test_an_awaiting_entry_with_no_tiles_is_refused():
    """Known defect: ``awaiting`` held a recipient with no tiles."""
    data = copy.deepcopy(BASE["3p"])
    data["awaiting"] = [["P1", []]]
    refused(data, "awaiting")


def test_a_huge_l_shaped_alhambra_is_refused_by_the_tiles_count():
    """Known defect: a ~70 kB hand-made Alhambra of thousands of tiles is refused by the
    conservation check (the count of tiles), before any legality work on it."""
    data = copy.deepcopy(BASE["3p"])
    tile = next(t for t in BUILDING_TILES if not t.walls).to_list()
    cells = [[0, 0, "fountain", 0, ""]]
    cells += [[x, 0, *tile] for x in range(1, 2000)] + [[0, y, *tile] for y in range(1, 2000)]
    cells.sort()
    data["alhambras"]["P0"] = cells
    text = json.dumps(data)
    assert len(json.dumps(cells)) > 70_000
    error = refused(text, "tiles")
    assert "the tiles are not the 54" in str(error)
    assert "Alhambra" not in error.where


@pytest.mark.parametrize("key, value", [
    ("turn", [1]), ("turn", {"a": 1}), ("turn", 1.5), ("may_continue", [True]),
    ("market_short", {"x": 1}), ("scores", [1, 2]), ("turn_player", ["P0"]),
    ("start_player", {"P0": 1}), ("decisions", {"kind": "act"}), ("script", "abc"),
    ("rounds_scored", [[1]]), ("pending_rounds", [{}]), ("scoring_cards_revealed", [[1]]),
    ("end_reason", [None]), ("players", "P0"), ("options", []), ("modules", {"vizier": 1}),
    ("modules_state", []), ("rng", {"a": 1}), ("events", {"a": 1}),
])
def test_lists_and_dicts_where_other_values_are_expected(key, value):
    """Known defect: a list or dict for an int, a str or a bool gave TypeError."""
    data = copy.deepcopy(BASE["3p"])
    data[key] = value
    refused(data)


def test_scores_with_a_list_for_an_int():
    data = copy.deepcopy(BASE["3p"])
    data["scores"]["P0"] = [0]
    refused(data)
    data = copy.deepcopy(BASE["3p"])
    data["market"][0] = ["garden", [8], "N"]
    refused(data)
    data = copy.deepcopy(BASE["3p"])
    data["hands"]["P0"] = [["denar", {"v": 1}]]
    refused(data)


@pytest.mark.parametrize("key", ["turn", "events", "hands", "market", "modules_state"])
def test_deep_nesting_is_invalid_save(key):
    """Known defect: ~1000-deep nesting gave RecursionError."""
    data = copy.deepcopy(BASE["3p"])
    text = json.dumps(data)
    deep = "[" * 1000 + "]" * 1000
    marker = json.dumps({key: data[key]})[1:-1]
    text = text.replace(marker, json.dumps(key) + ":" + deep, 1)
    assert deep in text
    refused(text)
    refused("[" * 100_000 + "]" * 100_000)
    refused('{"a":' * 5000 + "1" + "}" * 5000)


@pytest.mark.parametrize("kind", ["take", "buy", "scoring", "turn", "setup", "draw_card",
                                  "bonus_cards", "vizier", "decline"])
def test_events_with_missing_fields_are_refused(kind):
    """Known defect: an event lacking a field loaded and broke `describe_event` later."""
    data = copy.deepcopy(BASE["3p"])
    for i, event in enumerate(data["events"]):
        if event["type"] == kind:
            field = next(f for f in event if f != "type")
            del event[field]
            refused(data, f"events[{i}]")
            return
    pytest.skip(f"no {kind} event in the sample game")


def test_describe_event_works_on_every_event_of_a_loaded_game():
    for data in BASE.values():
        game = Game.from_json(json.dumps(data))
        assert all(isinstance(describe_event(e), str) and describe_event(e) for e in game.events)


def test_an_unknown_event_type_is_refused():
    data = copy.deepcopy(BASE["3p"])
    data["events"].append({"type": "teleport"})
    refused(data, f"events[{len(data['events']) - 1}]")


def test_buy_with_a_float_square_is_refused_in_the_constructor():
    """Known defect: ``Buy(1.0, tile, cards)`` was accepted."""
    from alhambra_lib import Card

    tile = BUILDING_TILES[0]
    with pytest.raises(ValueError):
        Buy(1.0, tile, (Card("denar", tile.price),))
    with pytest.raises(ValueError):
        Buy(True, tile, (Card("denar", tile.price),))


def test_inconsistent_module_state_is_refused():
    data = copy.deepcopy(BASE["3p"])
    data["modules_state"]["vizier"]["awake"]["Dirk"] = True
    refused(data, "modules_state.vizier")
    data = copy.deepcopy(BASE["3p"])
    bonus = data["modules_state"]["bonus_cards"]
    bonus["hands"]["P0"].append(bonus["hands"]["P1"][0])  # one card twice
    refused(data, "modules_state.bonus_cards")
    data = copy.deepcopy(BASE["3p"])
    data["modules_state"]["vizier"]["window"] = {"queue": ["Nobody"], "repoll": False}
    refused(data, "modules_state.vizier")
    data = copy.deepcopy(BASE["3p"])
    data["modules"] = ["vizier"]
    refused(data)


def test_a_module_card_in_a_game_without_the_module_is_refused():
    data = copy.deepcopy(BASE["base"])
    data["discard"].append(["exchange", "denar", "dirham"])
    refused(data, "cards")


def test_the_valid_saves_load():
    for data in BASE.values():
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        assert Game.from_json(text).to_json() == text
