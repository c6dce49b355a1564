"""Issue 22, hostile saves: `Game.from_json` refuses every save whose state the engine could
not have reached with `InvalidSave` naming what is wrong; the rest load into games that
play to their end with every invariant holding.

Each hostile save of the issue is made from a real save of a seeded game (one test each,
named after it); then a hypothesis property mutates real saves of seeded random module
games (fields, decisions, the script, cards, tiles, events dropped, doubled, replaced or
moved) and plays every save that loads to its end.
"""

from __future__ import annotations

import json
import random
import warnings
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from alhambra_lib import MODULES, Game
from alhambra_lib.engine.composition import composition
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import InvalidSave
from alhambra_lib.engine.context import module_context

PLAYERS = ("Ana", "Ben", "Cy", "Dan")


def _quiet_game(players, seed, modules, **options):
    with warnings.catch_warnings():  # the provisional data sets warn once
        warnings.simplefilter("ignore")
        return Game(list(PLAYERS[:players]), seed=seed, modules=modules, **options)


def _reach(modules, kind, wanted=lambda game: True, players=3):
    """The save of the first seeded random game that reaches a `kind` decision where
    `wanted(game)` holds, as a dict."""
    for seed in range(60):
        game = _quiet_game(players, seed, modules)
        rng = random.Random(seed)
        while not game.is_over:
            if game.decision.kind == kind and wanted(game):
                return json.loads(game.to_json())
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no seed reaches a {kind} decision")


def _refused(data, where, match):
    with pytest.raises(InvalidSave, match=match) as refused:
        Game.from_json(json.dumps(data))
    assert refused.value.where == where, str(refused.value)


def _window_save():
    return _reach(("vizier", "thieves"), "window")


def test_a_window_decision_with_no_window_behind_it_is_refused():
    data = _window_save()
    Game.from_json(json.dumps(data))  # the real one loads
    data["modules_state"]["thieves"]["window"] = None
    _refused(data, "modules_state.thieves", "exactly while the window asks")


def test_a_window_decision_with_an_empty_queue_is_refused():
    data = _window_save()
    data["modules_state"]["thieves"]["window"]["queue"] = []
    _refused(data, "modules_state.thieves", "queue is \\[\\]")


def test_a_window_asking_someone_else_than_its_queue_says_is_refused():
    data = _window_save()
    window = data["modules_state"]["thieves"]["window"]
    asked = data["decisions"][-1]["player"]
    data["decisions"][-1]["player"] = next(p for p in data["players"] if p != asked)
    window["queue"] = [asked]
    _refused(data, "modules_state.thieves", "is asked, but")


@pytest.mark.parametrize("kind, modules", [
    ("merchant", ("street_merchant",)), ("chests", ("treasure",)),
    ("master_builder", ("master_builders",)), ("auction", ("characters",)),
    ("window", ("vizier", "thieves")), ("vizier", ("vizier",)),
    ("wise_man", ("characters",)), ("place", ("vizier",)), ("final_place", ()),
])
def test_a_decision_handed_to_another_player_is_refused(kind, modules):
    """Whoever a step asks is fixed by the state (the window's queue, the turn, the
    merchant's order of asking...): the same decision for anyone else cannot be reached."""
    data = _reach(modules, kind)
    Game.from_json(json.dumps(data))
    asked = data["decisions"][-1]["player"]
    for player in data["players"]:
        if player != asked:
            data["decisions"][-1]["player"] = player
            with pytest.raises(InvalidSave):
                Game.from_json(json.dumps(data))


def test_an_auction_whose_bid_cards_the_bidder_does_not_hold_is_refused():
    data = _reach(("characters",), "auction",
                  lambda game: module_context(game).slice("characters")["auction"]["high"] is not None)
    bidder, cards = data["modules_state"]["characters"]["auction"]["high"]
    for card in cards:  # the cards leave the hand for the discard pile: all 108 still there
        data["hands"][bidder].remove(card)
        data["discard"].append(card)
    _refused(data, "modules_state.characters", "bids cards they do not hold")


def test_a_turn_end_script_without_the_final_scoring_is_refused():
    data = _reach((), "final_place")
    data["script"] = ["final_placing"]
    _refused(data, "script", "is not the rest of")


def test_a_script_running_under_the_action_part_is_refused():
    data = _reach((), "act", lambda game: game.turn > 3)
    data["script"] = ["finish_turn"]
    _refused(data, "script", "no turn-end step runs")


def test_the_same_decision_twice_is_refused():
    data = _window_save()
    data["decisions"] = data["decisions"] * 2
    _refused(data, "decisions", "only the action part waits below")


def test_a_hut_in_the_bag_is_refused():
    data = _reach(("squares",), "act", lambda game: game.turn > 3)
    pile = next(p for p in data["modules_state"]["squares"]["piles"].values() if len(p) > 1)
    data["bag"].append(pile.pop())
    _refused(data, "tiles", "hold only tiles of the bag")


def test_missing_chests_are_refused():
    data = _reach(("treasure",), "act", lambda game: game.turn > 3)
    del data["modules_state"]["treasure"]["bag"][:3]  # 39 of 42
    _refused(data, "modules_state.treasure", "not the 42 of the game")


def test_a_wall_card_on_the_money_display_is_refused():
    data = _reach(("city_walls",), "act", lambda game: bool(module_context(game).slice("city_walls")["beside"]))
    wall = data["modules_state"]["city_walls"]["beside"].pop()
    data["discard"].append(data["display"].pop())
    data["display"].append(wall)
    _refused(data, "display", "the display never holds a wall card")


def test_a_wall_card_in_a_hand_is_refused():
    data = _reach(("city_walls",), "act", lambda game: bool(module_context(game).slice("city_walls")["beside"]))
    data["hands"]["Ana"].append(data["modules_state"]["city_walls"]["beside"].pop())
    _refused(data, "Ana's hand", "never holds a wall card")


@pytest.mark.parametrize("field", ["counts", "walls"])
def test_a_scoring_event_with_empty_fields_is_refused(field):
    data = _reach((), "act", lambda game: bool(game.rounds_scored))
    i, event = next((i, e) for i, e in enumerate(data["events"]) if e["type"] == "scoring")
    event[field] = {}
    _refused(data, f"events[{i}]", f"a scoring event at {field}: expected one entry per player")


def test_an_event_the_narration_cannot_tell_is_refused():
    data = _reach((), "act", lambda game: game.turn > 3)
    i, event = next((i, e) for i, e in enumerate(data["events"]) if e["type"] == "take")
    event["cards"] = 7
    _refused(data, f"events[{i}]", "cannot be told")


# -- the property: every fuzzed save loads into a sound game, or is refused ---------------


@lru_cache(maxsize=None)
def _real_save(seed: int) -> str:
    """A real save of a seeded random module game, stopped at a random point."""
    rng = random.Random(seed)
    modules = tuple(rng.sample(sorted(MODULES), rng.randint(1, 5)))
    game = _quiet_game(rng.choice((2, 3, 4)), seed, modules)
    for _ in range(rng.randrange(300)):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game.to_json()


#: The parts of a save a mutation aims at (cards and tiles, the decisions and the script,
#: the events, the modules' state, any field).
AREAS = {
    "cards": ("hands", "display", "discard", "draw_pile"),
    "tiles": ("bag", "market", "reserves", "to_place", "dirk_tiles", "alhambras"),
    "flow": ("decisions", "script", "pending_rounds", "rounds_scored", "turn_player"),
    "events": ("events",),
    "modules": ("modules_state",),
    "fields": None,
}
SCALARS = (None, 0, 1, -1, 3, "x", "Ana", True, [], {}, ["gate"], ["wall", "N"],
           ["hut", 0, "N", "pavilion"], {"kind": "act", "player": "Ana"},
           {"kind": "window", "player": "Ben"}, {"queue": [], "repoll": False},
           "final_scoring", "vizier_window")


def _nodes(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            if path or key != "rng":
                yield from _nodes(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _nodes(item, path + (i,))


def _at(data, path):
    for key in path:
        data = data[key]
    return data


@st.composite
def hostile_saves(draw):
    """A real save with one to three mutations: an item dropped, doubled, replaced by
    another value of the save or by a scalar, or a list item moved to another list."""
    data = json.loads(_real_save(draw(st.integers(0, 24))))
    ops = []
    for _ in range(draw(st.integers(1, 3))):
        roots = AREAS[draw(st.sampled_from(sorted(AREAS)))]
        paths = [p for p, _ in _nodes(data) if p and (roots is None or p[0] in roots)]
        if not paths:
            continue
        path = draw(st.sampled_from(paths))
        parent, key = _at(data, path[:-1]), path[-1]
        op = draw(st.sampled_from(("drop", "double", "replace", "scalar", "move")))
        if op == "drop":
            del parent[key]
        elif op == "double" and isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(parent[key])))
        elif op == "replace":
            parent[key] = json.loads(json.dumps(_at(data, draw(st.sampled_from(paths)))))
        elif op == "scalar":
            parent[key] = json.loads(json.dumps(draw(st.sampled_from(SCALARS))))
        elif op == "move" and isinstance(parent, list):
            # to a list of the same part or of a module's state: a card or a tile moved
            # keeps the census, so only the rules can tell the save is wrong
            near = (roots or (path[0],)) + ("modules_state",)
            lists = [p for p, v in _nodes(data) if p and p[0] in near and isinstance(v, list)]
            target = _at(data, draw(st.sampled_from(lists)))
            item = parent.pop(key)
            target.insert(draw(st.integers(0, len(target))), item)
        ops.append((op, path))
    return json.dumps(data), ops


def _plays_to_its_end(game, rng):
    """Random legal actions to the end; every invariant checked after each one."""
    totals = dict(composition(game._config, game._modules).totals)
    for event in game.events:
        describe_event(event)
    for _ in range(5000):
        if game.is_over:
            break
        actions = game.legal_actions()
        assert actions, f"{game.decision} has no legal action"
        game.apply(rng.choice(actions))
        assert game.census() == totals
        describe_event(game.events[-1])
    assert game.is_over and game.winners
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile_saves(), st.integers(0, 2**16))
def test_every_fuzzed_save_plays_to_its_end_or_is_refused(save, seed):
    text, ops = save
    try:
        game = Game.from_json(text)
    except InvalidSave:
        return
    _plays_to_its_end(game, random.Random(seed))
