"""Teaching material: RULES.md's figures, the slow legal-cell search, the answer checker, and the
teaching functions of walls.py (the boundary loop, BoardGameArena's simple-path reading)."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from alhambra_lib import BUILDING_TILES, Alhambra, Tile
from alhambra_lib.holes import enclosed_cells
from alhambra_lib.teaching import (
    FIGURE_1_CELL,
    PINCH_CORNER,
    check_answer,
    figure_1,
    figure_2,
    figure_3,
    legal_positions_by_definition,
    pinch_layout,
)
from alhambra_lib.teaching.demo import random_alhambra, random_growth
from alhambra_lib.walls import (
    boundary_segments,
    corner_graph,
    external_segments,
    longest_simple_path_length,
    longest_trail,
)

OPEN = Tile("garden", 11, "")


# -- the figures of RULES.md -----------------------------------------------------------------------


def test_figures_use_real_tiles_once_each():
    for alhambra in (figure_1(), figure_2(), figure_2(open_side=True), figure_3(),
                     figure_3(north_of_2_0_walled=True), pinch_layout()):
        tiles = [t for c, t in alhambra.layout.items() if c != (0, 0)]
        assert all(t in BUILDING_TILES for t in tiles)
        assert len(set(tiles)) == len(tiles)


def test_figure_1_closing_tile_is_a_hole_only_under_enclosed():
    a = figure_1()
    assert a.check(OPEN, FIGURE_1_CELL).reasons == ("hole",)
    single = figure_1("single")
    single.place(OPEN, FIGURE_1_CELL)
    assert enclosed_cells(single.layout) == {(1, 0), (2, 0)}


def test_figure_2_and_3_wall_points():
    assert figure_2().longest_wall() == 12
    assert figure_2(open_side=True).longest_wall() == 11
    assert figure_3().longest_wall() == 4
    assert figure_3(north_of_2_0_walled=True).longest_wall() == 7
    assert not figure_2(open_side=True).layout[(0, 1)].walls


def test_figure_3_is_the_one_of_the_rules():
    walls = {c: t.wall_sides for c, t in figure_3().layout.items()}
    assert walls == {(0, 0): "", (0, 1): "NW", (1, 0): "N", (1, 1): "NES", (2, 0): "ES"}


def test_pinch_layout_only_under_single():
    a = pinch_layout()
    assert a.hole_rule == "single" and enclosed_cells(a.layout) == {(1, 1), (2, 1)}
    assert len(a.wall_graph()[PINCH_CORNER]) == 4
    with pytest.raises(ValueError, match="hole"):
        Alhambra.from_layout(a.layout)


# -- legal_positions_by_definition ----------------------------------------------------------------


@pytest.mark.parametrize("hole_rule", ["enclosed", "single"])
def test_definition_agrees_with_the_cached_facts(hole_rule):
    probes = BUILDING_TILES[::5]
    for seed in range(3):
        for stage, alhambra in enumerate(random_growth(seed, 25, hole_rule)):
            if stage % 4 == 0:
                for tile in probes:
                    assert legal_positions_by_definition(alhambra, tile) == \
                        alhambra.legal_positions(tile)


# -- check_answer ----------------------------------------------------------------------------------


def test_check_answer():
    assert check_answer({(1, 0)}, [(1, 0)]) == "right"
    assert check_answer([], [(1, 0), (2, 0)]) == "not yet: 2 cells missing"
    assert check_answer([(2, 0), (9, 9)], [(1, 0), (2, 0)]) == \
        "not yet: 1 cell missing; (9, 9) should not be there"
    assert check_answer(7, 7) == "right"
    assert check_answer(8, 7) == "not yet: too high"
    assert check_answer("walk", "flood") == "not yet"
    assert check_answer(4, [(1, 0)]).startswith("not yet: the answer is a collection")
    assert check_answer(..., [(1, 0)]).startswith("no answer yet")


# -- walls.py: the boundary loop and the simple-path reading --------------------------------------


def test_boundary_of_legal_layouts_is_one_loop():
    for seed in range(8):
        alhambra = random_alhambra(seed, 40)
        loop = nx.Graph(list(boundary_segments(alhambra.layout)))
        assert nx.is_connected(loop) and all(d == 2 for _, d in loop.degree())
        assert external_segments(alhambra.layout) <= boundary_segments(alhambra.layout)


def test_boundary_of_a_pinch_has_a_corner_of_four():
    loop = nx.Graph(list(boundary_segments(pinch_layout().layout)))
    assert loop.degree(PINCH_CORNER) == 4
    assert nx.number_connected_components(loop) == 1


def brute_force_simple_path(adj):
    graph = nx.Graph([(a, b) for a, nbrs in adj.items() for b in nbrs])
    return max((len(path) - 1 for u, v in itertools.combinations(graph, 2)
                for path in nx.all_simple_paths(graph, u, v)), default=0)


def test_simple_path_reading_counts_a_ring_one_short():
    ring = figure_2().wall_graph()
    adj = {corner: set(ring[corner]) for corner in ring}
    assert longest_simple_path_length(adj) == 11 == brute_force_simple_path(adj)
    assert len(longest_trail(adj)) - 1 == 12


@pytest.mark.parametrize("alhambra", [figure_2(open_side=True), figure_3(),
                                      figure_3(north_of_2_0_walled=True), pinch_layout(),
                                      random_alhambra(17, 54, "single")])
def test_simple_path_length_matches_networkx(alhambra):
    adj = corner_graph(alhambra.wall_segments())
    assert longest_simple_path_length(adj) == brute_force_simple_path(adj)
    assert longest_simple_path_length(adj) <= alhambra.longest_wall()


def test_simple_path_of_the_pinch_cannot_pass_its_corner_twice():
    adj = corner_graph(pinch_layout().wall_segments())
    assert longest_simple_path_length(adj) == 6 and pinch_layout().longest_wall() == 8


def test_simple_path_of_nothing():
    assert longest_simple_path_length({}) == 0
