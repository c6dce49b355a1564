"""Building rules (RULES.md §2, §6): reason codes, worked examples, figure 1, the graph."""

import networkx as nx
import pytest

from alhambra_lib import KINDS, Alhambra, IllegalPlacement, Tile

import reference_rules as ref
from _alhambra_build import (
    FOUNTAIN,
    PROBE_TILES,
    apply,
    edge_set,
    fig1_steps,
    fig2_steps,
    fig3_steps,
    snapshot,
)

OPEN = Tile("garden", 10, "")
FOUR = Tile("tower", 5, "NESW")


def fig3():
    return apply(fig3_steps())


def frontier(a):
    return ref.frontier(a.layout)


# A one-cell pocket at (1, 1) whose mouth is (2, 1): built F (0,0), (0,1), (0,2), (1,2), (2,2),
# (1,0), (2,0). `walled` puts an N wall on (2,0) and an S wall on (2,2), both facing (2,1).
def pocket(walled=False, hole_rule=None):
    steps = [((0, 1), OPEN), ((0, 2), OPEN), ((1, 2), OPEN),
             ((2, 2), Tile("seraglio", 8, "S") if walled else OPEN),
             ((1, 0), OPEN), ((2, 0), Tile("pavilion", 6, "N") if walled else OPEN)]
    return apply(steps, hole_rule)


# ---------------------------------------------------------------- the start

def test_new_alhambra_is_the_fountain_alone():
    a = Alhambra()
    assert dict(a.layout) == {(0, 0): Tile("fountain", 0, "")}
    assert a.layout[(0, 0)] == FOUNTAIN
    assert set(a.graph.nodes()) == {(0, 0)}
    assert a.graph.number_of_edges() == 0
    assert a.counts() == {k: 0 for k in KINDS}
    assert a.longest_wall() == 0
    assert list(a.longest_wall_path()) == []


def test_fountain_alone_open_tile_goes_on_four_sides():
    assert Alhambra().legal_positions(OPEN) == {(0, 1), (1, 0), (0, -1), (-1, 0)}


@pytest.mark.parametrize("walls, cells", [
    # the side facing the fountain must be open: W at (1, 0), S at (0, 1), N at (0, -1),
    # E at (-1, 0)  (peer hc_fountain_only_place_P_NES is the first row)
    ("NES", {(1, 0)}),
    ("NEW", {(0, 1)}),
    ("ESW", {(0, -1)}),
    ("NSW", {(-1, 0)}),
    ("N", {(1, 0), (-1, 0), (0, 1)}),
    ("ES", {(1, 0), (0, -1)}),
    ("NESW", set()),
])
def test_fountain_alone_walled_tiles(walls, cells):
    assert Alhambra().legal_positions(Tile("tower", 8, walls)) == cells


def test_check_result_shape():
    a = Alhambra()
    r = a.check(OPEN, (1, 0))
    assert r.ok is True and tuple(r.reasons) == () and isinstance(r.reasons, tuple)
    r = a.check(OPEN, (5, 5))
    assert r.ok is False and isinstance(r.reasons, tuple)


def test_hole_rule_default_is_enclosed_and_bad_value_refused():
    a = Alhambra(hole_rule="enclosed")
    assert dict(a.layout) == {(0, 0): FOUNTAIN}
    with pytest.raises(ValueError):
        Alhambra(hole_rule="bogus")


# ---------------------------------------------------------------- occupied / not_adjacent

@pytest.mark.parametrize("t", [OPEN, FOUR, Tile("garden", 8, "SW"), Tile("tower", 9, "NE")])
@pytest.mark.parametrize("cell", [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)])
def test_occupied_reported_alone(t, cell):
    a = fig3()
    r = a.check(t, cell)
    assert not r.ok
    assert tuple(r.reasons) == ("occupied",)


@pytest.mark.parametrize("t", [OPEN, FOUR, Tile("garden", 8, "SW")])
@pytest.mark.parametrize("cell", [(1, 1), (-1, -1), (2, 0), (0, 2), (5, 5), (-3, 0)])
def test_not_adjacent_reported_alone_on_fountain(t, cell):
    # a corner alone is not enough: (1, 1) and (-1, -1) touch the fountain diagonally
    r = Alhambra().check(t, cell)
    assert not r.ok
    assert tuple(r.reasons) == ("not_adjacent",)


@pytest.mark.parametrize("cell", [(3, 1), (3, -1), (-1, 2), (-1, -1), (4, 0), (0, 3)])
def test_not_adjacent_on_figure3(cell):
    assert tuple(fig3().check(FOUR, cell).reasons) == ("not_adjacent",)


# ---------------------------------------------------------------- RULES.md §6 worked examples

@pytest.mark.parametrize("walls, cell, codes", [
    ("", (2, 1), ("walls_mismatch",)),
    ("SW", (2, 1), ("walls_mismatch", "unreachable")),
    ("W", (2, 1), ()),
    ("E", (-1, 1), ("unreachable",)),
])
def test_rules_section6_examples_on_figure3(walls, cell, codes):
    a = fig3()
    r = a.check(Tile("garden", 9, walls), cell)
    assert tuple(r.reasons) == codes  # "Check in order": codes in the order of the §6 table
    assert r.ok == (codes == ())


def test_figure3_examples_place():
    a = fig3()
    a.place(Tile("garden", 10, "W"), (2, 1))
    assert a.layout[(2, 1)] == Tile("garden", 10, "W")
    with pytest.raises(IllegalPlacement) as info:
        fig3().place(Tile("garden", 10, "E"), (-1, 1))
    assert tuple(info.value.reasons) == ("unreachable",)


# ---------------------------------------------------------------- combinations incl. hole

@pytest.mark.parametrize("walled, walls, codes", [
    (False, "", ("hole",)),
    (False, "N", ("walls_mismatch", "hole")),
    (False, "S", ("walls_mismatch", "hole")),
    (False, "NS", ("walls_mismatch", "unreachable", "hole")),
    (False, "NESW", ("walls_mismatch", "unreachable", "hole")),
    (True, "NS", ("unreachable", "hole")),
    (True, "NSW", ("unreachable", "hole")),
    (True, "", ("walls_mismatch", "unreachable", "hole")),
    (True, "N", ("walls_mismatch", "unreachable", "hole")),
])
def test_hole_combinations(walled, walls, codes):
    # (2, 1) closes the one-cell pocket (1, 1)
    a = pocket(walled)
    r = a.check(Tile("chambers", 7, walls), (2, 1))
    assert tuple(r.reasons) == codes
    assert not r.ok


def test_pocket_hole_also_under_single_rule():
    # a one-cell hole has four built side-neighbours: forbidden under both readings
    a = pocket(hole_rule="single")
    assert tuple(a.check(OPEN, (2, 1)).reasons) == ("hole",)


def test_pocket_legal_positions():
    a = pocket()
    legal = a.legal_positions(OPEN)
    assert (2, 1) not in legal and (1, 1) in legal  # filling the pocket itself is fine
    assert legal == {c for c in frontier(a) if a.check(OPEN, c).ok}
    assert legal == ref.legal_cells(ref.walls_of(a.layout), frozenset())


# ---------------------------------------------------------------- figure 1: enclosed two-cell area

def test_figure1_enclosed_area_is_a_hole_by_default():
    a = apply(fig1_steps())
    r = a.check(OPEN, (3, 0))
    assert tuple(r.reasons) == ("hole",)
    assert (3, 0) not in a.legal_positions(OPEN)
    before = snapshot(a)
    with pytest.raises(IllegalPlacement) as info:
        a.place(OPEN, (3, 0))
    assert tuple(info.value.reasons) == ("hole",)
    assert snapshot(a) == before


def test_figure1_legal_under_single_rule():
    a = apply(fig1_steps(), hole_rule="single")
    r = a.check(OPEN, (3, 0))
    assert r.ok and tuple(r.reasons) == ()
    assert (3, 0) in a.legal_positions(OPEN)
    a.place(OPEN, (3, 0))
    assert a.layout[(3, 0)] == OPEN
    # now the enclosed cells (1, 0), (2, 0): filling one leaves the other with four built
    # side-neighbours, a hole even under "single"
    assert tuple(a.check(OPEN, (1, 0)).reasons) == ("hole",)
    assert tuple(a.check(OPEN, (2, 0)).reasons) == ("hole",)


def test_figure1_other_cells():
    a = apply(fig1_steps())
    # (2, 0) leaves (1, 0) with four built neighbours; (1, 0) leaves (2, 0) open to (3, 0)
    assert tuple(a.check(OPEN, (2, 0)).reasons) == ("hole",)
    assert a.check(OPEN, (1, 0)).ok
    # (3, 1) closes nothing: (3, 0) still reaches (4, 0)
    assert a.check(OPEN, (3, 1)).ok


# ---------------------------------------------------------------- place(): errors and no change

def test_illegal_placement_is_a_value_error():
    assert issubclass(IllegalPlacement, ValueError)


@pytest.mark.parametrize("build, t, cell, codes", [
    ("fig3", OPEN, (1, 1), ("occupied",)),
    ("fig3", OPEN, (5, 5), ("not_adjacent",)),
    ("fig3", OPEN, (2, 1), ("walls_mismatch",)),
    ("fig3", Tile("garden", 8, "SW"), (2, 1), ("walls_mismatch", "unreachable")),
    ("fig3", Tile("garden", 9, "E"), (-1, 1), ("unreachable",)),
    ("pocket", OPEN, (2, 1), ("hole",)),
    ("pocket", Tile("tower", 11, "N"), (2, 1), ("walls_mismatch", "hole")),
    ("fig1", OPEN, (3, 0), ("hole",)),
])
def test_place_refused_raises_and_changes_nothing(build, t, cell, codes):
    a = {"fig3": fig3, "pocket": pocket, "fig1": lambda: apply(fig1_steps())}[build]()
    before = snapshot(a)
    path_before = list(a.longest_wall_path())
    with pytest.raises(IllegalPlacement) as info:
        a.place(t, cell)
    assert isinstance(info.value, ValueError)
    assert tuple(info.value.reasons) == codes
    assert tuple(a.check(t, cell).reasons) == codes
    assert snapshot(a) == before
    assert list(a.longest_wall_path()) == path_before


def test_check_changes_nothing():
    a = fig3()
    before = snapshot(a)
    for c in frontier(a) | set(a.layout):
        for t in PROBE_TILES:
            a.check(t, c)
    assert snapshot(a) == before


def test_place_legal_updates_everything():
    a = fig3()
    t = Tile("garden", 10, "W")
    a.place(t, (2, 1))
    assert a.layout[(2, 1)] == t
    assert (2, 1) in a.graph
    assert frozenset({(2, 1), (2, 0)}) in edge_set(a.graph)
    assert frozenset({(2, 1), (1, 1)}) not in edge_set(a.graph)  # back-to-back walls
    assert a.counts()["garden"] == 1


def test_equal_tiles_may_stand_in_one_alhambra():
    a = Alhambra()
    t = Tile("garden", 8, "")
    a.place(t, (1, 0))
    a.place(Tile("garden", 8, ""), (-1, 0))
    a.place(t, (0, 1))
    assert a.counts()["garden"] == 3
    assert sum(1 for v in a.layout.values() if v == t) == 3


# ---------------------------------------------------------------- legal_positions

LAYOUTS = {
    "fountain": lambda: Alhambra(),
    "fig3": fig3,
    "fig3_7": lambda: apply(fig3_steps(True)),
    "fig2": lambda: apply(fig2_steps()),
    "fig1": lambda: apply(fig1_steps()),
    "fig1_single": lambda: apply(fig1_steps(), hole_rule="single"),
    "pocket": pocket,
    "pocket_walled": lambda: pocket(True),
}

TILES = [OPEN, FOUR, Tile("garden", 8, "NE"), Tile("tower", 8, "NES"), Tile("arcades", 6, "SW"),
         Tile("chambers", 9, "S"), Tile("pavilion", 2, "NEW"), Tile("seraglio", 7, "W"),
         Tile("tower", 9, "ES"), Tile("garden", 7, "NSW")]


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_legal_positions_equal_frontier_cells_that_check_ok(name):
    a = LAYOUTS[name]()
    rule = "single" if name.endswith("single") else "enclosed"
    w = ref.walls_of(a.layout)
    for t in TILES:
        legal = a.legal_positions(t)
        assert isinstance(legal, (set, frozenset))
        assert legal == {c for c in frontier(a) if a.check(t, c).ok}, t
        assert legal == ref.legal_cells(w, t.walls, rule), t
        for c in frontier(a):
            assert set(a.check(t, c).reasons) == set(ref.placement_codes(w, t.walls, c, rule))


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_four_walled_tile_never_placeable(name):
    a = LAYOUTS[name]()
    assert a.legal_positions(FOUR) == set()
    for c in frontier(a):
        r = a.check(FOUR, c)
        assert not r.ok and r.reasons
        with pytest.raises(IllegalPlacement):
            a.place(FOUR, c)


# ---------------------------------------------------------------- bad input

BAD_CELLS = [(1.5, 0), (1, 0.0), ("1", "0"), (1,), (1, 0, 0), 5, None, "10", (None, 0)]


@pytest.mark.parametrize("cell", BAD_CELLS, ids=repr)
def test_bad_cell_raises_type_or_value_error_and_changes_nothing(cell):
    a = fig3()
    before = snapshot(a)
    with pytest.raises((TypeError, ValueError), match=r"(?i)cell|pair|int"):
        a.check(OPEN, cell)
    with pytest.raises((TypeError, ValueError), match=r"(?i)cell|pair|int"):
        a.place(OPEN, cell)
    assert snapshot(a) == before


@pytest.mark.parametrize("cell", [b"\x01\x00", bytearray(b"\x01\x00"), {1: "x", 0: "y"},
                                  range(1, -1, -1), iter((1, 0))], ids=lambda c: type(c).__name__)
def test_bytes_are_taken_as_a_cell(cell):
    """Issue 34 (6): a cell is a pair of ints (a tuple, or a list as saved): bytes, a dict,
    a range or an iterator unpack to two ints, and are `InvalidInput` all the same."""
    from alhambra_lib import InvalidInput
    from alhambra_lib.actions import Place

    a = Alhambra()
    assert a.check(OPEN, (1, 0)).ok  # what the bytes unpack to is a legal cell
    before = snapshot(a)
    for use in (a.check, a.place, Place):
        with pytest.raises(InvalidInput, match="a cell is a pair of integers"):
            use(OPEN, cell)
    assert snapshot(a) == before


@pytest.mark.parametrize("bad", [("garden", 8, "NE"), "garden", None, 3, {"kind": "garden"}],
                         ids=repr)
def test_not_a_tile_raises_type_error_and_changes_nothing(bad):
    a = fig3()
    before = snapshot(a)
    with pytest.raises(TypeError, match=r"(?i)tile"):
        a.check(bad, (2, 1))
    with pytest.raises(TypeError, match=r"(?i)tile"):
        a.place(bad, (2, 1))
    with pytest.raises(TypeError, match=r"(?i)tile"):
        a.legal_positions(bad)
    assert snapshot(a) == before


def test_fountain_tile_cannot_be_built():
    # RULES.md §1/§6: the fountain is the start tile, one per player; only building tiles are
    # added to an Alhambra. Placing a second fountain is bad input (ValueError/TypeError).
    a = Alhambra()
    before = snapshot(a)
    with pytest.raises((ValueError, TypeError)):
        a.place(Tile("fountain", 0, ""), (1, 0))
    assert snapshot(a) == before
    try:
        legal = a.legal_positions(Tile("fountain", 0, ""))
    except (ValueError, TypeError):
        legal = set()
    assert not legal


# ---------------------------------------------------------------- layout, counts, graph

def test_layout_is_read_only():
    a = fig3()
    before = dict(a.layout)
    with pytest.raises(TypeError):
        a.layout[(2, 1)] = OPEN
    with pytest.raises(TypeError):
        a.layout[(0, 0)] = OPEN
    with pytest.raises(TypeError):
        del a.layout[(1, 0)]
    assert dict(a.layout) == before
    assert snapshot(a)["layout"] == before


def test_layout_contents_figure3():
    a = fig3()
    expected = {(0, 0): Tile("fountain", 0, "")}
    expected.update({c: t for c, t in fig3_steps()})
    assert dict(a.layout) == expected
    assert set(a.layout) == set(expected)


def test_counts_all_six_kinds():
    a = fig3()
    c = a.counts()
    assert set(c) == set(KINDS)
    assert c == {"pavilion": 2, "seraglio": 0, "arcades": 2, "chambers": 0, "garden": 0,
                 "tower": 0}
    a.place(Tile("tower", 13, "W"), (2, 1))
    assert a.counts()["tower"] == 1
    assert sum(a.counts().values()) == len(a.layout) - 1  # fountain not counted


def expected_edges(a):
    return ref.walkable_pairs(ref.walls_of(a.layout))


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_graph_nodes_and_edges(name):
    a = LAYOUTS[name]()
    g = a.graph
    assert isinstance(g, nx.Graph)
    assert set(g.nodes()) == set(a.layout)
    assert edge_set(g) == expected_edges(a)
    assert nx.node_connected_component(g, (0, 0)) == set(a.layout)


def test_graph_figure3_edges_exactly():
    g = fig3().graph
    assert edge_set(g) == {frozenset(p) for p in [((0, 0), (0, 1)), ((0, 0), (1, 0)),
                                                  ((0, 1), (1, 1)), ((1, 0), (2, 0))]}


def test_graph_kept_up_to_date_after_place_remove_exchange():
    a = fig3()
    a.place(Tile("garden", 10, "W"), (2, 1))
    assert set(a.graph.nodes()) == set(a.layout)
    assert edge_set(a.graph) == expected_edges(a)
    assert frozenset({(2, 1), (2, 0)}) in edge_set(a.graph)
    a.remove((2, 1))
    assert (2, 1) not in a.graph
    assert edge_set(a.graph) == expected_edges(a)
    # exchange (2, 0) "ES" for "NES": the N side faces an empty cell, edges unchanged
    edges = edge_set(a.graph)
    a.exchange(Tile("tower", 8, "NES"), (2, 0))
    assert edge_set(a.graph) == edges == expected_edges(a)
    assert set(a.graph.nodes()) == set(a.layout)
    assert a.layout[(2, 0)] == Tile("tower", 8, "NES")


def test_the_explorer_board_of_a_tall_alhambra_was_scaled_under_540_px_its_labels_under_10_px():
    """Issue 35.8: the explorer draws a tall board with smaller cells, at most 540 px high,
    shown at its own size; its reason tags keep their 8 points."""
    from alhambra_lib.draw import png_size
    from alhambra_lib.teaching.demo import search_demo
    from alhambra_lib.widgets import PlacementExplorer
    from alhambra_lib.widgets._common import MAX_PICTURE_HEIGHT, PIXEL_DENSITY

    explorer = PlacementExplorer(search_demo(), Tile("chambers", 7, "W"))
    explorer.show_reasons.value = True
    width, height = png_size(explorer.image.value)
    assert height <= MAX_PICTURE_HEIGHT * PIXEL_DENSITY
    assert explorer.image.width == str(-(-width // PIXEL_DENSITY))
