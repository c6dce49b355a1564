"""Game.copy() is structural and independent; a Game pickles; saves are written incrementally.

A copy shares the wiring, immutable values and the append-only event log with its
original and nothing mutable: playing either never changes the other's save or
events. Pickling keeps the state alone and wires the modules again on load. Saving
keeps the text of the events already written, and equals the plain ``json.dumps``.
Every way of copying (``copy``, ``copy.copy``, ``copy.deepcopy``, pickling, saving and
loading) gives an independent game at any point of any module game (a property).
"""

import json
import os
import pickle
import random
import subprocess
import sys
from types import MappingProxyType

import networkx as nx
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from alhambra_lib import MODULES, Alhambra, Game, Tile
from alhambra_lib.alhambra import CAMP
from alhambra_lib.engine.persist import game_state
from alhambra_lib.engine.state import copy_data, is_immutable
from alhambra_lib.grid import OPPOSITE, side_neighbour

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAMES = ("Ana", "Ben", "Cy")
ALL = tuple(MODULES)
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def random_modules(rng):
    return tuple(m for m in ALL if rng.random() < 0.5)


def play(game, rng, steps=None):
    done = 0
    while not game.is_over and (steps is None or done < steps):
        game.apply(rng.choice(game.legal_actions()))
        done += 1
    return game


def plain_json(game):
    """The save as the plain encoder writes it, with no cached text."""
    return json.dumps(game_state(game), sort_keys=True, separators=(",", ":"))


def record(game):
    """Everything a game shows of itself, computed afresh."""
    return plain_json(game), json.dumps(game.events)


def mutable_ids(value, seen=None):
    """The ids of every mutable object reachable from `value` (lists, dicts, sets and
    objects' attributes), immutable values skipped."""
    seen = {} if seen is None else seen
    if is_immutable(value) or id(value) in seen:
        return seen
    if isinstance(value, tuple):
        for item in value:
            mutable_ids(item, seen)
        return seen
    seen[id(value)] = value
    if isinstance(value, (dict, MappingProxyType)):
        items = list(value.keys()) + list(value.values())
    elif isinstance(value, (list, set)):
        items = list(value)
    elif isinstance(value, random.Random):
        items = []
    else:
        items = list(vars(value).values())
    for item in items:
        mutable_ids(item, seen)
    return seen


def state_of(game):
    """The game's state: no wiring, no caches, no shared event log."""
    from alhambra_lib.engine.game import _CACHES, _SHARED_STATE

    return {name: value for name, value in vars(game).items()
            if name not in game._wiring and name not in _CACHES and name not in _SHARED_STATE
            and name != "_ctx"}


# -- copy -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_a_copy_and_its_original_never_change_each_other(seed):
    rng = random.Random(seed)
    modules = ALL if seed == 0 else () if seed == 1 else random_modules(rng)
    game = play(Game(NAMES, seed=seed, modules=modules), rng, steps=rng.randrange(20, 300))
    before = record(game)
    copy = game.copy()
    assert record(copy) == before and copy.to_json() == game.to_json()
    play(copy, random.Random(seed + 100))
    assert record(game) == before  # the copy's later play is not the original's
    after_copy = record(copy)
    play(game, random.Random(seed + 200))
    assert record(copy) == after_copy  # nor the original's the copy's
    assert copy.to_json() == after_copy[0] and game.to_json() == record(game)[0]


@pytest.mark.parametrize("modules", [(), ALL])
def test_copy_copy_corrupts_the_original(modules):
    """Issue 34 (1): ``copy.copy`` gives an independent game, as ``copy.deepcopy`` does;
    it once shared the hands, the Alhambras and the decisions with its original."""
    import copy

    game = play(Game(NAMES, seed=4, modules=modules), random.Random(4), steps=40)
    before = record(game)
    shallow = copy.copy(game)
    assert type(shallow) is Game and shallow.to_json() == game.to_json()
    assert mutable_ids(state_of(shallow)).keys().isdisjoint(mutable_ids(state_of(game)))
    play(shallow, random.Random(5), steps=60)
    assert record(game) == before
    assert Game.from_json(game.to_json()).to_json() == before[0]


@pytest.mark.parametrize("seed", range(6))
def test_a_copy_continues_as_a_reloaded_game_does(seed):
    rng = random.Random(seed)
    modules = ALL if seed == 0 else random_modules(rng)
    game = play(Game(NAMES, seed=seed, modules=modules), rng, steps=rng.randrange(10, 200))
    copy, reloaded = game.copy(), Game.from_json(game.to_json())
    assert copy.legal_actions() == reloaded.legal_actions() == game.legal_actions()
    a, b = random.Random(seed), random.Random(seed)
    while not copy.is_over:
        copy.apply(a.choice(copy.legal_actions()))
        reloaded.apply(b.choice(reloaded.legal_actions()))
        assert copy.decision == reloaded.decision
    assert copy.to_json() == reloaded.to_json()


@pytest.mark.parametrize("players", [2, 4])
def test_a_copy_before_the_first_turn_and_after_the_end(players):
    names = NAMES + ("Dee",) if players == 4 else NAMES[:2]
    game = Game(names, seed=players, modules=ALL)  # setup decisions (the merchant's) pend
    copy, reloaded = game.copy(), Game.from_json(game.to_json())
    play(copy, random.Random(1))
    play(reloaded, random.Random(1))
    assert copy.to_json() == reloaded.to_json()
    over = copy.copy()
    assert over.is_over and over.to_json() == copy.to_json() and over.winners == copy.winners
    assert pickle.loads(pickle.dumps(over)).to_json() == copy.to_json()


@pytest.mark.parametrize("modules", [(), ALL])
def test_a_copy_shares_nothing_mutable(modules):
    game = play(Game(NAMES, seed=4, modules=modules), random.Random(4), steps=150)
    game.legal_actions()
    for name in NAMES:
        game.alhambra(name).graph  # the networkx graph built: the copy's is its own
    copy = game.copy()
    shared = mutable_ids(state_of(game)).keys() & mutable_ids(state_of(copy)).keys()
    assert not shared, [type(mutable_ids(state_of(game))[i]) for i in shared]
    assert set(vars(copy)) == set(vars(game))
    assert copy._version == game._version


def test_copies_of_copies_keep_their_own_events():
    game = play(Game(NAMES, seed=5), random.Random(5), steps=40)
    common = game.events
    first = game.copy()
    second = first.copy()
    logs = []
    for i, g in enumerate((second, game, first)):  # each appends past the others
        play(g, random.Random(i), steps=15)
        logs.append(g.events)
    assert [g.events for g in (second, game, first)] == logs
    assert all(log[:len(common)] == common and len(log) > len(common) for log in logs)
    assert len({json.dumps(log) for log in logs}) == 3


def test_versions_are_the_same_only_for_the_same_state():
    game = Game(NAMES, seed=6)
    seen = [game._version]
    for _ in range(5):
        play(game, random.Random(6), steps=1)
        seen.append(game._version)
    assert seen == sorted(set(seen))  # a new version with every action
    copy = game.copy()
    assert copy._version == game._version  # the same state
    play(copy, random.Random(1), steps=1)
    play(game, random.Random(2), steps=1)
    assert copy._version != game._version  # each its own from the next change on
    other = Game(NAMES, seed=6)
    assert other._version not in seen and pickle.loads(pickle.dumps(game))._version not in (
        game._version, copy._version)


def test_copy_data_copies_containers_and_shares_values():
    tile = Tile("tower", 9, "N")
    data = {"a": [tile, {"b": [1, 2]}], "c": (1, [3]), "d": {4}}
    copied = copy_data(data)
    assert copied == data
    assert copied["a"] is not data["a"] and copied["a"][1]["b"] is not data["a"][1]["b"]
    assert copied["a"][0] is tile and copied["c"][1] is not data["c"][1]
    assert copied["d"] is not data["d"]


# -- the Alhambra's graph, derived on demand -----------------------------------------------


def graph_from_scratch(alhambra):
    """The walking graph by its definition: open shared sides of non-camp tiles, and the
    gates (RULES.md §6, §M5, §M8)."""
    layout = alhambra.layout
    graph = nx.Graph()
    graph.add_nodes_from((cell, {"tile": tile}) for cell, tile in layout.items())
    gates = alhambra.gates()
    for cell, tile in layout.items():
        for side in "NESW":
            other_cell = side_neighbour(cell, side)
            other = layout.get(other_cell)
            if other is None:
                continue
            pair = tuple(sorted((cell, other_cell)))
            if pair in gates:
                graph.add_edge(cell, other_cell, gate=True)
            elif (CAMP not in (tile.kind, other.kind) and not tile.has_wall(side)
                  and not other.has_wall(OPPOSITE[side])):
                graph.add_edge(cell, other_cell)
    return graph


def same_graph(a, b):
    return (dict(a.nodes(data=True)) == dict(b.nodes(data=True))
            and {frozenset(e): d for *e, d in a.edges(data=True)}
            == {frozenset(e): d for *e, d in b.edges(data=True)})


@pytest.mark.parametrize("seed", range(3))
def test_the_graph_kept_in_step_derived_and_built_from_scratch_agree(seed):
    modules = ("camps", "gates", "city_walls", "master_builders") if seed else ()
    game = Game(NAMES, seed=seed, modules=modules)
    watched = game.alhambra("Ana").graph  # built now, kept in step from here on
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        if rng.random() < 0.2:
            for name in NAMES:
                alhambra = game.alhambra(name)
                derived = alhambra.copy().graph  # built from the plain adjacency
                assert same_graph(derived, graph_from_scratch(alhambra))
                assert same_graph(alhambra.graph, derived)
    assert game.alhambra("Ana").graph is watched
    assert same_graph(watched, graph_from_scratch(game.alhambra("Ana")))


def test_an_alhambra_copy_is_independent_and_pickles():
    a = Alhambra()
    a.place(Tile("tower", 9, "NE"), (1, 0))
    b = a.copy()
    b.place(Tile("garden", 8, "W"), (-1, 0))
    assert len(a) == 2 and len(b) == 3 and (-1, 0) not in a.graph
    assert b.removable_positions() == {(-1, 0), (1, 0)}
    loaded = pickle.loads(pickle.dumps(b))
    assert loaded == b and same_graph(loaded.graph, b.graph)
    assert loaded.legal_positions(Tile("garden", 8, "")) == b.legal_positions(
        Tile("garden", 8, ""))


def test_tiles_pickle_to_equal_tiles():
    for tile in (Tile("tower", 9, "NE"), Tile("garden", 8, "N", sticks="E"), Tile("camp", 0, "")):
        assert pickle.loads(pickle.dumps(tile)) == tile


# -- pickling --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_a_pickled_game_continues_identically(seed):
    rng = random.Random(seed)
    modules = ALL if seed == 0 else random_modules(rng)
    game = play(Game(NAMES, seed=seed, modules=modules), rng, steps=rng.randrange(30, 400))
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded.to_json() == game.to_json() and loaded.events == game.events
    a = random.Random(seed)
    while not game.is_over:
        assert loaded.legal_actions() == game.legal_actions()
        action = a.choice(game.legal_actions())
        game.apply(action)
        loaded.apply(action)
        assert loaded.to_json() == game.to_json()


def test_a_pickle_holds_no_wiring_nor_caches():
    game = play(Game(NAMES, seed=2, modules=ALL), random.Random(2), steps=60)
    game.legal_actions()
    state = game.__getstate__()
    assert "_handlers" not in state and "_legal" not in state and "_modules" not in state
    assert len(state["_events"]) == len(game.events)


def _play_out(game, seed):
    return play(game, random.Random(seed)).to_json()


def test_joblib_ships_a_game_to_other_processes():
    joblib = pytest.importorskip("joblib")
    game = play(Game(NAMES, seed=3, modules=("vizier", "thieves", "treasure")),
                random.Random(3), steps=50)
    shipped = joblib.Parallel(n_jobs=2)(joblib.delayed(_play_out)(game, s) for s in (1, 2))
    assert shipped == [_play_out(game.copy(), s) for s in (1, 2)]


# -- saves -------------------------------------------------------------------------------------


@pytest.mark.parametrize("modules", [(), ALL])
def test_saving_after_every_action_equals_the_plain_encoder(modules):
    game = Game(NAMES, seed=8, modules=modules)
    rng = random.Random(8)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        if rng.random() < 0.3:
            assert game.to_json() == plain_json(game)
        if rng.random() < 0.02:  # a copy and a pickle carry on saving from there
            assert game.copy().to_json() == pickle.loads(pickle.dumps(game)).to_json()
    assert game.to_json() == plain_json(game)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_events_since():
    game = Game(NAMES, seed=9)
    seen = len(game.events)
    play(game, random.Random(9), steps=10)
    assert game.events_since(seen) == game.events[seen:]
    assert game.events_since(len(game.events)) == []
    with pytest.raises(ValueError):
        game.events_since(-1)


COPY_SCRIPT = """
import hashlib, pickle, random
from alhambra_lib import MODULES, Game
g = Game(["A", "B", "C"], seed=5, modules=tuple(MODULES))
rng = random.Random(5)
for _ in range(300):
    g.apply(rng.choice(g.legal_actions()))
outs = []
for twin in (g.copy(), pickle.loads(pickle.dumps(g)), g):
    r = random.Random(9)
    while not twin.is_over:
        twin.apply(r.choice(twin.legal_actions()))
    outs.append(twin.to_json())
assert outs[0] == outs[1] == outs[2]
print(hashlib.sha256(outs[0].encode()).hexdigest())
"""


def test_copies_and_pickles_play_the_same_under_any_hash_seed():
    outputs = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONWARNINGS": "ignore"}
        result = subprocess.run([sys.executable, "-c", COPY_SCRIPT], capture_output=True,
                                text=True, env=env, cwd=ROOT, check=True)
        outputs.append(result.stdout.strip())
    assert outputs[0] == outputs[1] and len(outputs[0]) == 64


def test_each_game_has_its_own_context():
    """The modules' hooks get the context of the game they act on: a copy's and a
    reloaded game's context is their own, never the original's."""
    import pickle

    from alhambra_lib.engine.context import module_context

    game = Game(["Ana", "Ben", "Cy"], seed=4, modules=("vizier",))
    for other in (game.copy(), pickle.loads(pickle.dumps(game)), Game.from_json(game.to_json())):
        assert module_context(other) is not module_context(game)
        assert module_context(other).slice("vizier") is not module_context(game).slice("vizier")
        module_context(other).slice("vizier")["awake"]["Ana"] = False
        assert module_context(game).slice("vizier")["awake"]["Ana"] is True


# -- the property: every way of copying gives an independent game -------------------------

#: Each way a game is copied, as a search, a notebook or a worker process does it.
WAYS = {
    "copy": Game.copy,
    "copy.copy": lambda game: __import__("copy").copy(game),
    "copy.deepcopy": lambda game: __import__("copy").deepcopy(game),
    "pickle": lambda game: pickle.loads(pickle.dumps(game)),
    "save and load": lambda game: Game.from_json(game.to_json()),
}
#: A few seconds for CI: each example plays one game part of the way and twice on.
INDEPENDENT_COPIES = settings(max_examples=25, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow])


def seen(game):
    """What a game shows of itself: its save, its record, what the player deciding may
    do and what each player reads (the caches kept for them included). An event's keys
    are compared sorted, as a save writes them."""
    return (plain_json(game), json.dumps(game.events, sort_keys=True),
            [str(a) for a in game.legal_actions()] if not game.is_over else [],
            json.dumps([game.view(p).events for p in game.players], sort_keys=True))


@INDEPENDENT_COPIES
@given(modules=st.lists(st.sampled_from(ALL), max_size=6, unique=True),
       players=st.integers(2, 4), seed=st.integers(0, 10**6), stop=st.integers(0, 400),
       way=st.sampled_from(sorted(WAYS)))
@example(modules=list(ALL), players=3, seed=7, stop=150, way="copy.copy")
@example(modules=["treasure", "vizier", "thieves"], players=4, seed=3, stop=80,
         way="copy.copy")
def test_copies_pickles_and_saves_at_random_points_never_change_each_other(
        modules, players, seed, stop, way):
    """Issue 34: copied, shallow-copied, deep-copied, pickled or saved and loaded at a
    random point of a random module game, the twin and its original play on alone:
    neither changes the other, and both stay saveable."""
    rng = random.Random(seed)
    game = play(Game(NAMES + ("Dee",) if players == 4 else NAMES[:players], seed=seed,
                     modules=modules), rng, steps=stop)
    before = seen(game)
    twin = WAYS[way](game)
    assert type(twin) is Game and seen(twin) == before
    play(twin, random.Random(seed + 1), steps=120)
    assert seen(game) == before  # the twin's play is not the original's
    twin_after = seen(twin)
    play(game, random.Random(seed + 2), steps=120)
    assert seen(twin) == twin_after  # nor the original's the twin's
    for either in (game, twin):
        assert Game.from_json(either.to_json()).to_json() == either.to_json()
