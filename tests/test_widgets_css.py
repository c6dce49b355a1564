"""The CSS classes that name the widgets' controls: the browser tests find them by these,
since ipywidgets have no DOM ids."""

from alhambra_lib import Alhambra, Tile
from alhambra_lib.widgets import GameTable, MajorityExplorer, PlacementExplorer, ScoreKeeper
from alhambra_lib.widgets._common import css_class


def classes(widget):
    return set(widget._dom_classes)


def test_css_class_is_one_token():
    assert css_class("cell", -1, 0) == "alhambra-cell--1-0"
    assert css_class("count", "Ana María", "tower") == "alhambra-count-Ana-María-tower"
    assert css_class("wall", "A. B.") == "alhambra-wall-A-B-"


def test_placement_explorer_classes():
    ex = PlacementExplorer()
    assert "alhambra-placement" in classes(ex.root)
    assert "alhambra-tile-picker" in classes(ex.tile_picker)
    assert "alhambra-verdict" in classes(ex.verdict)
    assert "alhambra-drawing" in classes(ex.image)
    for (x, y), button in ex.cell_buttons.items():
        assert f"alhambra-cell-{x}-{y}" in classes(button)


def test_placement_explorer_cells_added_later_are_named_too():
    # Building west of the fountain adds a column of cells to the grid.
    ex = PlacementExplorer(Alhambra(), Tile("garden", 8, "W"))
    ex.cell_buttons[(-1, 0)].click()
    ex.place_button.click()
    assert (-2, 0) in ex.cell_buttons
    assert all(f"alhambra-cell-{x}-{y}" in classes(b) for (x, y), b in ex.cell_buttons.items())


def test_majority_explorer_classes():
    ex = MajorityExplorer()
    assert {"alhambra-majorities"} <= classes(ex.root)
    assert "alhambra-points" in classes(ex.points)
    assert "alhambra-round-picker" in classes(ex.round_picker)
    assert "alhambra-drawing" in classes(ex.image)
    assert "alhambra-count-Ana-tower" in classes(ex.count_inputs["Ana", "tower"])


def test_score_keeper_classes():
    keeper = ScoreKeeper(["Ana", "Ben"])
    assert "alhambra-score-keeper" in classes(keeper.root)
    assert "alhambra-totals" in classes(keeper.table)
    assert "alhambra-score-round" in classes(keeper.score_button)
    assert "alhambra-round-picker" in classes(keeper.round_picker)
    assert "alhambra-score-track" in classes(keeper.image)
    assert "alhambra-count-Dirk-garden" in classes(keeper.count_inputs["Dirk", "garden"])
    assert "alhambra-wall-Ben" in classes(keeper.wall_inputs["Ben"])


def test_game_table_class():
    assert "alhambra-game-table" in classes(GameTable().root)
