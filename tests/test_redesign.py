"""Redesign (RULES.md §7): removal codes, remove, exchange, remove then re-place."""

import pytest

from alhambra_lib import Alhambra, IllegalPlacement, Tile

import reference_rules as ref
from _alhambra_build import FOUNTAIN, apply, edge_set, fig3_steps, snapshot

OPEN = Tile("garden", 10, "")
FOUR = Tile("tower", 5, "NESW")


def fig3():
    return apply(fig3_steps())


def block3():
    """F at (0, 0) and open tiles filling x 0..2, y 0..2."""
    cells = [(1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
    return apply([(c, OPEN) for c in cells])


def chain():
    return apply([((1, 0), OPEN), ((2, 0), OPEN), ((3, 0), OPEN)])


def walled_link():
    """(1, 1) touches (0, 1) only through back-to-back walls; it is walked to via (1, 0)."""
    return apply([((1, 0), OPEN), ((0, 1), Tile("tower", 13, "E")), ((1, 1), Tile("tower", 10, "W"))])


def star():
    """(1, 0) has four built side-neighbours; (2, 0), (1, 1), (1, -1) hang on it alone."""
    return apply([((1, 0), OPEN), ((2, 0), OPEN), ((1, 1), OPEN), ((1, -1), OPEN)])


LAYOUTS = {"fig3": fig3, "block3": block3, "chain": chain, "walled_link": walled_link,
           "star": star}


# ---------------------------------------------------------------- check_removal codes

@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_fountain_reported_alone(name):
    r = LAYOUTS[name]().check_removal((0, 0))
    assert not r.ok
    assert tuple(r.reasons) == ("fountain",)


@pytest.mark.parametrize("cell", [(5, 5), (2, 1), (-1, 0), (3, 3)])
def test_empty_reported_alone(cell):
    r = fig3().check_removal(cell)
    assert not r.ok
    assert tuple(r.reasons) == ("empty",)


def test_empty_on_fountain_alone():
    assert tuple(Alhambra().check_removal((1, 0)).reasons) == ("empty",)


def test_hole_vacated_cell_with_four_built_neighbours():
    a = block3()
    r = a.check_removal((1, 1))
    assert not r.ok
    assert tuple(r.reasons) == ("hole",)
    for c in [(1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)]:
        assert a.check_removal(c).ok, c


def test_disconnects_chain():
    a = chain()
    assert tuple(a.check_removal((1, 0)).reasons) == ("disconnects",)
    assert tuple(a.check_removal((2, 0)).reasons) == ("disconnects",)
    r = a.check_removal((3, 0))
    assert r.ok and tuple(r.reasons) == ()


def test_disconnects_through_walls_not_mere_adjacency():
    a = walled_link()
    # without (1, 0), (1, 1) still touches (0, 1) but only through back-to-back walls
    assert tuple(a.check_removal((1, 0)).reasons) == ("disconnects",)
    assert a.check_removal((0, 1)).ok
    assert a.check_removal((1, 1)).ok


def test_hole_and_disconnects_together():
    r = star().check_removal((1, 0))
    assert not r.ok
    assert set(r.reasons) == {"hole", "disconnects"}
    assert len(r.reasons) == 2


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_check_removal_matches_reference_on_every_cell(name):
    a = LAYOUTS[name]()
    w = ref.walls_of(a.layout)
    for c in set(a.layout) | ref.frontier(w):
        r = a.check_removal(c)
        assert set(r.reasons) == set(ref.removal_codes(w, c)), c
        assert r.ok == (not ref.removal_codes(w, c))


def test_removal_hole_test_stays_local_under_single_rule():
    # RULES.md §11: under "single" a removal's hole test stays "four built side-neighbours".
    # Ring around the enclosed area (1, 0), (2, 0); (3, 0) closes it between (3, 1), (3, -1)
    # and (4, 0). Removing (3, 0) merges it into the enclosed area: allowed under "single".
    steps = [((0, 1), OPEN), ((1, 1), OPEN), ((2, 1), OPEN), ((3, 1), OPEN),
             ((0, -1), OPEN), ((1, -1), OPEN), ((2, -1), OPEN), ((3, -1), OPEN),
             ((4, -1), OPEN), ((4, 0), OPEN), ((3, 0), OPEN)]
    a = apply(steps, hole_rule="single")
    r = a.check_removal((3, 0))
    assert r.ok, r.reasons
    assert a.remove((3, 0)) == OPEN
    assert (3, 0) not in a.layout


def test_check_removal_bad_cell():
    a = fig3()
    before = snapshot(a)
    for bad in [(1.0, 0), "ab", None, (1,)]:
        with pytest.raises((TypeError, ValueError)):
            a.check_removal(bad)
        with pytest.raises((TypeError, ValueError)):
            a.remove(bad)
    assert snapshot(a) == before


# ---------------------------------------------------------------- remove

def test_remove_returns_the_tile_and_updates_state():
    a = fig3()
    t = a.remove((2, 0))
    assert t == Tile("pavilion", 4, "ES")
    assert (2, 0) not in a.layout
    assert (2, 0) not in a.graph
    assert a.counts()["pavilion"] == 1
    assert a.longest_wall() == 4  # E, S of (2, 0) were the shorter run
    assert edge_set(a.graph) == ref.walkable_pairs(ref.walls_of(a.layout))


@pytest.mark.parametrize("build, cell, codes", [
    ("fig3", (0, 0), {"fountain"}),
    ("fig3", (2, 1), {"empty"}),
    ("block3", (1, 1), {"hole"}),
    ("chain", (1, 0), {"disconnects"}),
    ("walled_link", (1, 0), {"disconnects"}),
    ("star", (1, 0), {"hole", "disconnects"}),
])
def test_remove_refused_raises_and_changes_nothing(build, cell, codes):
    a = LAYOUTS[build]()
    before = snapshot(a)
    with pytest.raises(IllegalPlacement) as info:
        a.remove(cell)
    assert isinstance(info.value, ValueError)
    assert set(info.value.reasons) == codes
    assert snapshot(a) == before


@pytest.mark.parametrize("build, cell", [("fig3", (2, 0)), ("fig3", (1, 1)), ("block3", (2, 2)),
                                         ("block3", (0, 1)), ("chain", (3, 0)),
                                         ("walled_link", (0, 1)), ("walled_link", (1, 1)),
                                         ("star", (2, 0))])
def test_remove_then_replace_restores_state(build, cell):
    a = LAYOUTS[build]()
    before = snapshot(a)
    t = a.remove(cell)
    assert t == before["layout"][cell]
    assert snapshot(a) != before
    assert a.check(t, cell).ok
    a.place(t, cell)
    assert snapshot(a) == before
    ref.check_wall_path(a.longest_wall_path(), a.longest_wall(),
                        ref.external_segments(ref.walls_of(a.layout)))


def test_removed_tile_can_go_elsewhere():
    a = chain()
    t = a.remove((3, 0))
    a.place(t, (0, 1))
    assert a.layout[(0, 1)] == t and (3, 0) not in a.layout


# ---------------------------------------------------------------- exchange

def test_exchange_returns_taken_tile_and_changes_wall():
    a = fig3()
    assert a.longest_wall() == 4
    edges = edge_set(a.graph)
    out = a.exchange(Tile("tower", 8, "NES"), (2, 0))
    assert out == Tile("pavilion", 4, "ES")
    assert a.layout[(2, 0)] == Tile("tower", 8, "NES")
    assert a.longest_wall() == 7  # RULES.md §8.4: N of (2, 0) walled -> 4 + 3
    assert edge_set(a.graph) == edges
    assert set(a.graph.nodes()) == set(a.layout)
    assert a.counts()["pavilion"] == 1 and a.counts()["tower"] == 1


def test_exchange_same_walls_other_kind():
    a = fig3()
    before = snapshot(a)
    out = a.exchange(Tile("garden", 10, "N"), (1, 0))
    assert out == Tile("pavilion", 6, "N")
    assert a.counts()["garden"] == 1 and a.counts()["pavilion"] == 1
    assert edge_set(a.graph) == before["edges"]
    assert a.longest_wall() == before["wall"]
    # and back again: the state is as before
    assert a.exchange(out, (1, 0)) == Tile("garden", 10, "N")
    assert snapshot(a) == before


def test_exchange_open_tile_where_only_open_neighbours():
    a = fig3()
    assert a.exchange(OPEN, (2, 0)) == Tile("pavilion", 4, "ES")
    assert a.longest_wall() == 4


@pytest.mark.parametrize("t, cell, codes", [
    (OPEN, (0, 0), ("fountain",)),
    (FOUR, (0, 0), ("fountain",)),
    (OPEN, (2, 1), ("empty",)),
    (OPEN, (5, 5), ("empty",)),
    (Tile("seraglio", 7, "W"), (2, 0), ("walls_mismatch",)),   # W wall against open E of (1, 0)
    (OPEN, (1, 1), ("walls_mismatch",)),                        # open S against N wall of (1, 0)
    (Tile("arcades", 6, "NE"), (1, 1), ("walls_mismatch",)),
    (FOUR, (1, 0), ("walls_mismatch",)),
    (Tile("garden", 8, "NE"), (0, 1), ("walls_mismatch",)),   # E wall against open W of (1, 1)
])
def test_exchange_refused(t, cell, codes):
    a = fig3()
    w = ref.walls_of(a.layout)
    if codes == ("walls_mismatch",):  # sanity of the test data against the plain rule
        assert any((s in t.walls) != (ref.OPP[s] in w[ref.nb(cell, s)])
                   for s in ref.SIDES if ref.nb(cell, s) in w)
    before = snapshot(a)
    with pytest.raises(IllegalPlacement) as info:
        a.exchange(t, cell)
    assert tuple(info.value.reasons) == codes
    assert snapshot(a) == before


def test_exchange_bad_input_changes_nothing():
    a = fig3()
    before = snapshot(a)
    with pytest.raises(TypeError):
        a.exchange(("garden", 10, "N"), (1, 0))
    with pytest.raises(TypeError):
        a.exchange(Tile("garden", 10, "N"), (1.0, 0))
    assert snapshot(a) == before


def test_exchange_then_remove_then_replace():
    a = fig3()
    a.exchange(Tile("tower", 8, "NES"), (2, 0))
    before = snapshot(a)
    t = a.remove((2, 0))
    assert t == Tile("tower", 8, "NES")
    a.place(t, (2, 0))
    assert snapshot(a) == before
    assert a.layout[(0, 0)] == FOUNTAIN
