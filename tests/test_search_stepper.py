"""Breadth-first searches step by step: the flood's layers, the steps, their drawing, the widget."""

from __future__ import annotations

import pytest
from matplotlib.colors import to_hex

from alhambra_lib import Alhambra, Tile
from alhambra_lib.draw import artist, draw_search_step
from alhambra_lib.grid import side_neighbours
from alhambra_lib.holes import enclosed_cells, flood_from_outside, flood_layers
from alhambra_lib.palette import GRID_COLOUR, WALL_COLOUR
from alhambra_lib.reach import walk_layers
from alhambra_lib.teaching import SearchStep, figure_1, figure_3, search_steps
from alhambra_lib.teaching.demo import random_alhambra, search_demo
from alhambra_lib.widgets import SearchStepper

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PNG = b"\x89PNG\r\n\x1a\n"
LAYOUTS = [random_alhambra(seed, 30, rule) for seed in range(6) for rule in ("enclosed", "single")]


def legend_labels(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


# -- flood_layers --------------------------------------------------------------------------------


@pytest.mark.parametrize("alhambra", LAYOUTS)
def test_flood_layers_are_breadth_first_layers_of_the_empty_cells(alhambra):
    built = set(alhambra.layout)
    layers = flood_layers(built)
    depth = {cell: k for k, layer in enumerate(layers) for cell in layer}
    assert len(depth) == sum(map(len, layers))  # no cell in two layers
    assert not built & set(depth)
    for cell, k in depth.items():
        if k:  # one step from the layer before, and no nearer
            steps = [depth[n] for n in side_neighbours(cell) if n in depth]
            assert min(steps) == k - 1
    assert all(layer == sorted(layer) for layer in layers)
    assert flood_from_outside(built) == [cell for layer in layers for cell in layer]


def test_flood_misses_exactly_the_enclosed_cells():
    closed = set(figure_1().layout) | {(3, 0)}
    reached = set(flood_from_outside(closed))
    assert enclosed_cells(closed) == {(1, 0), (2, 0)}
    assert not reached & {(1, 0), (2, 0)} and (3, 1) in reached


# -- search_steps --------------------------------------------------------------------------------


def test_walk_steps_on_figure_3():
    a = figure_3()
    steps = search_steps(a, "walk")
    layers = walk_layers(a.graph)
    assert [sorted(s.newest) for s in steps[:-1]] == layers
    assert steps[0].reached == frozenset() and steps[1].reached == {(0, 0)}
    done = steps[-1]
    assert done.title == "Done" and done.reached == set(a.layout) and not done.missed
    assert "all 5 tiles reached" in done.text
    assert {frozenset(e) for e in steps[0].edges} == {frozenset(e) for e in a.graph.edges()}
    assert "(1, 1), (2, 0)" in steps[2].text and "5 of 5 reached" in steps[2].text


def test_walk_steps_name_the_tiles_cut_off():
    # Not a legal Alhambra: (2, 0) stands back to back with (1, 0)'s east wall.
    a = Alhambra.from_layout({(1, 0): Tile("tower", 13, "E"), (2, 0): Tile("garden", 10, "W")},
                             check=False)
    done = search_steps(a, "walk")[-1]
    assert done.missed == {(2, 0)} and "1 tile never reached, (2, 0)" in done.text


def test_flood_steps_find_the_enclosed_area_of_the_demo():
    a = search_demo()
    steps = search_steps(a, "flood")
    assert a.hole_rule == "single"
    assert [sorted(s.newest) for s in steps[:-1]] == flood_layers(a.layout)
    done = steps[-1]
    assert done.missed == enclosed_cells(a.layout) == {(1, -1), (1, 0)}
    assert "2 empty cells never reached: (1, -1), (1, 0)" in done.text
    assert "single-cell reading" in done.text
    assert all(not s.edges and not s.missed for s in steps[:-1])


def test_flood_steps_without_hole():
    done = search_steps(figure_3(), "flood")[-1]
    assert not done.missed and "no hole" in done.text


def test_long_layers_are_counted_not_listed():
    step = search_steps(search_demo(), "flood")[1]
    assert len(step.newest) == 18 and "and 12 more" in step.text


def test_unknown_search_is_refused():
    with pytest.raises(ValueError, match="unknown search 'dfs'"):
        search_steps(figure_3(), "dfs")


# -- draw_search_step ----------------------------------------------------------------------------


def test_draw_search_step_layers_and_legend():
    a = search_demo()
    walk = search_steps(a, "walk")[3]
    ax = draw_search_step(a, **walk.overlay())
    assert ax.get_title(loc="left") == walk.title
    assert len(artist(ax, "reached").get_paths()) == len(walk.reached)
    assert len(artist(ax, "newest").get_paths()) == len(walk.newest)
    assert len(artist(ax, "edges").get_segments()) == a.graph.number_of_edges()
    assert artist(ax, "missed") is None and artist(ax, "longest_wall") is None
    labels = legend_labels(ax)
    assert f"reached earlier: {len(walk.reached)}" in labels
    assert f"reached in this step: {len(walk.newest)}" in labels


def test_draw_search_step_hatches_what_is_never_reached():
    a = search_demo()
    done = search_steps(a, "flood")[-1]
    ax = draw_search_step(a, **done.overlay(), legend=False)
    assert len(artist(ax, "missed").get_paths()) == 2
    assert artist(ax, "edges") is None and ax.get_legend() is None


def test_doors_are_dark_only_between_reached_cells():
    a = figure_3()  # open sides: (0, 0)-(0, 1), (0, 0)-(1, 0), (0, 1)-(1, 1), (1, 0)-(2, 0)
    ax = draw_search_step(a, reached={(0, 0)}, newest={(0, 1), (1, 0)}, edges=a.graph.edges())
    colours = [to_hex(c) for c in artist(ax, "edges").get_colors()]
    assert sorted(colours) == sorted([WALL_COLOUR] * 2 + [GRID_COLOUR] * 2)


# -- SearchStepper -------------------------------------------------------------------------------


def test_stepper_builds_without_arguments_and_displays_itself():
    stepper = SearchStepper()
    assert stepper.alhambra == search_demo()
    assert stepper._repr_mimebundle_()[WIDGET_VIEW]["model_id"] == stepper.root.model_id
    assert bytes(stepper.image.value).startswith(PNG)
    assert stepper.search_picker.value == "walk" and stepper.step_slider.value == 0
    assert stepper.step_slider.max == len(stepper.steps) - 1 == 10


def test_stepper_next_back_and_slider():
    stepper = SearchStepper(figure_3())
    first = bytes(stepper.image.value)
    stepper.back_button.click()
    assert stepper.step_slider.value == 0
    stepper.next_button.click()
    assert stepper.step.title == "Step 1: 2 tiles"
    assert stepper.caption.value.startswith("<b>Step 1: 2 tiles</b><br>Through open sides")
    assert bytes(stepper.image.value) != first
    stepper.step_slider.value = stepper.step_slider.max
    stepper.next_button.click()
    assert stepper.step.title == "Done" and stepper.step_slider.value == 3
    stepper.step_slider.value = 0
    assert bytes(stepper.image.value) == first  # drawn once, shown again


def test_stepper_switches_search_from_step_0():
    stepper = SearchStepper()
    stepper.step_slider.value = 9
    stepper.search_picker.value = "flood"
    assert stepper.step_slider.value == 0 and stepper.step_slider.max == 4
    assert stepper.step.title == "Step 0: the border"
    assert stepper.steps == search_steps(stepper.alhambra, "flood")
    stepper.step_slider.value = 4
    assert "never reached: (1, -1), (1, 0)" in stepper.caption.value
    stepper.search_picker.value = "walk"
    assert stepper.step_slider.max == 10 and stepper.step.title == "Step 0: the fountain"


def test_stepper_starts_with_the_search_asked_for():
    stepper = SearchStepper(figure_3(), search="flood")
    assert isinstance(stepper.step, SearchStep) and stepper.step.title == "Step 0: the border"


def test_stepper_refuses_bad_arguments():
    with pytest.raises(TypeError, match="expected an Alhambra"):
        SearchStepper({})
    with pytest.raises(ValueError, match="unknown search"):
        SearchStepper(search="dfs")


def test_the_stepper_board_was_scaled_to_540_px_its_labels_at_8_6_px():
    """Issue 35.8: its 12-row board was drawn 625 CSS px high and shown at 540; now its
    cells are drawn smaller, the picture at most 540 px high and shown at its own size."""
    from alhambra_lib.draw import png_size
    from alhambra_lib.widgets._common import MAX_PICTURE_HEIGHT, PIXEL_DENSITY

    stepper = SearchStepper()
    for search in ("walk", "flood"):
        stepper.search_picker.value = search
        width, height = png_size(stepper.image.value)
        assert height <= MAX_PICTURE_HEIGHT * PIXEL_DENSITY
        assert stepper.image.width == str(-(-width // PIXEL_DENSITY))  # not scaled down


def test_a_board_drawn_within_a_height_keeps_its_cells_square_and_at_least_0_4_inch():
    from alhambra_lib.draw.board import _MIN_CELL_IN

    tall = search_demo()  # 12 rows of cells
    ax = draw_search_step(tall, caption="step 0", max_height=6.0)
    assert ax.figure.get_size_inches()[1] <= 6.0
    box = ax.get_position()
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    width, height = ax.figure.get_size_inches()
    cell_w, cell_h = box.width * width / (x1 - x0), box.height * height / (y1 - y0)
    assert cell_w == pytest.approx(cell_h) and _MIN_CELL_IN <= cell_h < 0.5
    floor = draw_search_step(tall, caption="step 0", max_height=2.0)  # not below 0.4 inch
    assert floor.get_position().height * floor.figure.get_size_inches()[1] == pytest.approx(
        12 * _MIN_CELL_IN)
