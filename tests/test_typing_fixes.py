"""What mypy found in the library when it was first run on it (issue 21), each a test."""

from types import MappingProxyType, SimpleNamespace

import pytest

pytest.importorskip("ipywidgets")

from alhambra_lib.alhambra import Alhambra  # noqa: E402
from alhambra_lib.bots.module_values import wise_man_pick  # noqa: E402
from alhambra_lib.components import Tile  # noqa: E402
from alhambra_lib.draw.board import board_key  # noqa: E402
from alhambra_lib.errors import InvalidInput, InvalidScore  # noqa: E402
from alhambra_lib.sheet_inputs import SheetInput  # noqa: E402
from alhambra_lib.widgets._board import BoardGrid  # noqa: E402
from alhambra_lib.widgets.score_keeper import _ModuleBoxes  # noqa: E402


def test_a_side_button_of_a_board_without_side_clicks_does_nothing_when_clicked(caplog):
    clicked = []
    board = BoardGrid(clicked.append)
    button = board._side_button("side", ((0, 0), "N"))
    # It called None before: ipywidgets logs a callback's TypeError rather than raising it.
    with caplog.at_level("WARNING"):
        button.click()
    assert clicked == [] and not caplog.records


def test_a_side_button_calls_on_side_with_its_kind_and_key():
    sides = []
    board = BoardGrid(lambda cell: None, lambda kind, key: sides.append((kind, key)))
    board._side_button("double_wall", ((1, 0), "W")).click()
    assert sides == [("double_wall", ((1, 0), "W"))]


def test_a_module_input_bound_may_be_any_mapping():
    # Issue 35: the boxes keep what was typed (no silent cut); the sheet's check holds
    # the bound, a read-only mapping as well as a dict.
    spec = SheetInput("bonus", "bonus", "count them", "by_type",
                      maximum=MappingProxyType({"tower": 3}))
    box = _ModuleBoxes._control(spec, "tower", ("bonus", "Ana", "tower"))
    box.value = 4
    assert box.value == 4
    assert spec.check({"tower": 3})["tower"] == 3
    with pytest.raises(InvalidScore, match="more than the game allows"):
        spec.check({"tower": 4})
    with pytest.raises(InvalidScore, match="more than the game allows"):
        spec.check({"garden": 1})


def test_board_key_names_a_tile_given_as_words_without_counting_cells():
    alhambra = Alhambra()
    labels = [h.get_label() for h in board_key(alhambra, legal_for="the tile")]
    assert "legal for the tile" in labels
    tile = Tile("tower", 9, "N")
    counted = [h.get_label() for h in board_key(alhambra, legal_for=tile)]
    assert f"legal for {tile}: {len(alhambra.legal_positions(tile))} cells" in counted


def test_the_wise_mans_pick_outside_his_decision_is_invalid_input():
    view = SimpleNamespace(scores={}, decision=None, player="Ana")
    with pytest.raises(InvalidInput, match="Wise Man"):
        wise_man_pick(view, [])
