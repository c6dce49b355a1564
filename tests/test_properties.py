"""Property tests (hypothesis): random legal growth from the 54 real tiles, compared with
plain re-implementations of RULES.md §6-§8 written in tests/reference_rules.py (flood fill
for holes, brute-force legal cells, BFS for reachability, DFS for the longest trail)."""

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from alhambra_lib import BUILDING_TILES, KINDS, Alhambra, Tile, score_majorities

import reference_rules as ref
from _alhambra_build import edge_set, snapshot

SETTINGS = {"deadline": None,
            "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}
RULES = ["enclosed", "single"]


def new(hole_rule):
    return Alhambra() if hole_rule == "enclosed" else Alhambra(hole_rule=hole_rule)


def grow(data, hole_rule, max_tiles, compare_every_step=True):
    """Draw a shuffled bag of the real tiles and, for each tile, one of its legal cells (or
    skip it when it has none: it would go to the reserve). Returns the Alhambra and the rest
    of the bag.

    Under "single" at least 20 tiles are drawn: enclosed areas, inner wall loops and pinched
    corners (what that rule adds) appear in about a third of such layouts, rarely in small
    ones."""
    bag = data.draw(st.permutations(BUILDING_TILES), label="bag")
    low = 1 if hole_rule == "enclosed" else min(20, max_tiles)
    n = data.draw(st.integers(low, max_tiles), label="n")
    a = new(hole_rule)
    for t in bag[:n]:
        legal = a.legal_positions(t)
        if compare_every_step:
            assert legal == ref.legal_cells(ref.walls_of(a.layout), t.walls, hole_rule), t
        if not legal:
            continue
        cell = data.draw(st.sampled_from(sorted(legal)), label="cell")
        a.place(t, cell)
    return a, list(bag[n:])


def assert_invariants(a, hole_rule):
    lay = dict(a.layout)
    w = ref.walls_of(lay)
    assert lay[(0, 0)] == Tile("fountain", 0, "")
    # the graph: networkx, built cells, open shared sides; every tile reachable
    g = a.graph
    assert isinstance(g, nx.Graph)
    assert set(g.nodes()) == set(lay)
    assert edge_set(g) == ref.walkable_pairs(w)
    assert nx.node_connected_component(g, (0, 0)) == set(lay)
    assert ref.reachable_from_fountain(w) == set(lay)
    # touching sides match
    assert ref.mismatched_pairs(w) == []
    # no hole (independent flood fill / four-neighbour test)
    if hole_rule == "enclosed":
        assert ref.enclosed_cells(set(lay)) == set()
    assert ref.single_holes(set(lay)) == set()
    # counts
    c = a.counts()
    assert set(c) == set(KINDS)
    assert c == {k: sum(1 for t in lay.values() if t.kind == k) for k in KINDS}
    # walls: value = brute-force longest trail; the path is a trail of that many segments
    segs = ref.external_segments(w)
    length = a.longest_wall()
    assert length == ref.longest_trail(segs)
    ref.check_wall_path(a.longest_wall_path(), length, segs)


# ---------------------------------------------------------------- growth

@pytest.mark.parametrize("hole_rule", RULES)
@settings(max_examples=60, **SETTINGS)
@given(data=st.data())
def test_random_growth_keeps_the_rules(hole_rule, data):
    a, _ = grow(data, hole_rule, max_tiles=54)
    assert_invariants(a, hole_rule)


@pytest.mark.parametrize("hole_rule", RULES)
@settings(max_examples=40, **SETTINGS)
@given(data=st.data())
def test_legal_positions_and_codes_equal_brute_force(hole_rule, data):
    a, rest = grow(data, hole_rule, max_tiles=54, compare_every_step=False)
    w = ref.walls_of(a.layout)
    walls = data.draw(st.sets(st.sampled_from("NESW")), label="walls")
    probes = rest[:3] + [Tile("tower", 11, walls)]
    for t in probes:
        assert a.legal_positions(t) == ref.legal_cells(w, t.walls, hole_rule), t
    # reason codes, in the order of the §6 table, on every frontier cell, some built cells and
    # some cells farther out
    xs = [c[0] for c in w]
    ys = [c[1] for c in w]
    box = [(x, y) for x in range(min(xs) - 2, max(xs) + 3) for y in range(min(ys) - 2, max(ys) + 3)]
    t = probes[-1]
    for c in box:
        r = a.check(t, c)
        expected = ref.placement_codes(w, t.walls, c, hole_rule)
        assert tuple(r.reasons) == expected, (t, c)
        assert r.ok == (expected == ())


# ---------------------------------------------------------------- redesign

@pytest.mark.parametrize("hole_rule", RULES)
@settings(max_examples=40, **SETTINGS)
@given(data=st.data())
def test_remove_then_replace_restores_state(hole_rule, data):
    a, _ = grow(data, hole_rule, max_tiles=40, compare_every_step=False)
    w = ref.walls_of(a.layout)
    for c in list(w):
        r = a.check_removal(c)
        assert set(r.reasons) == set(ref.removal_codes(w, c)), c
        assert r.ok == (not ref.removal_codes(w, c))
    removable = sorted(c for c in w if not ref.removal_codes(w, c))
    if not removable:
        return
    # a chain of removals, each legal at its time, then the tiles back in reverse order
    taken = []
    states = []
    for _ in range(data.draw(st.integers(1, 3), label="k")):
        w = ref.walls_of(a.layout)
        removable = sorted(c for c in w if not ref.removal_codes(w, c))
        if not removable:
            break
        c = data.draw(st.sampled_from(removable), label="remove")
        states.append(snapshot(a))
        before_layout = dict(a.layout)
        t = a.remove(c)
        assert t == before_layout[c]
        assert dict(a.layout) == {d: u for d, u in before_layout.items() if d != c}
        assert_invariants(a, hole_rule)
        taken.append((c, t))
    for (c, t), state in zip(reversed(taken), reversed(states)):
        assert a.check(t, c).ok
        a.place(t, c)
        assert snapshot(a) == state
    assert_invariants(a, hole_rule)


@settings(max_examples=40, **SETTINGS)
@given(data=st.data())
def test_exchange_matches_rule_and_keeps_edges(data):
    a, rest = grow(data, "enclosed", max_tiles=40, compare_every_step=False)
    w = ref.walls_of(a.layout)
    cells = sorted(c for c in w if c != (0, 0))
    if not cells or not rest:
        return
    c = data.draw(st.sampled_from(cells), label="cell")
    t = data.draw(st.sampled_from(rest), label="incoming")
    ok = all((s in t.walls) == (ref.OPP[s] in w[ref.nb(c, s)])
             for s in ref.SIDES if ref.nb(c, s) in w)
    before = snapshot(a)
    if ok:
        out = a.exchange(t, c)
        assert out == before["layout"][c]
        assert a.layout[c] == t
        assert edge_set(a.graph) == before["edges"]
        assert_invariants(a, "enclosed")
    else:
        with pytest.raises(ValueError) as info:
            a.exchange(t, c)
        assert tuple(info.value.reasons) == ("walls_mismatch",)
        assert snapshot(a) == before


# ---------------------------------------------------------------- majorities

counts_strategy = st.dictionaries(
    keys=st.text("ABCDEFGH", min_size=1, max_size=2),
    values=st.dictionaries(st.sampled_from(KINDS), st.integers(0, 6), max_size=6),
    min_size=1, max_size=7,
)


@settings(max_examples=300, deadline=None)
@given(counts=counts_strategy, round_no=st.sampled_from([1, 2, 3]))
def test_majorities_follow_the_rule(counts, round_no):
    result = score_majorities(counts, round_no)
    assert set(result) <= set(counts)
    got = {p: result.get(p, 0) for p in counts}
    assert got == ref.majority_points(counts, round_no)


@settings(max_examples=100, deadline=None)
@given(counts=counts_strategy, round_no=st.sampled_from([1, 2, 3]))
def test_majorities_sum_of_kinds(counts, round_no):
    """Scoring all kinds at once = the sum of scoring each kind alone."""
    total = score_majorities(counts, round_no)
    parts = {p: 0 for p in counts}
    for k in KINDS:
        one = score_majorities({p: {k: c.get(k, 0)} for p, c in counts.items()}, round_no)
        for p in counts:
            parts[p] += one.get(p, 0)
    assert {p: total.get(p, 0) for p in counts} == parts
