"""Issue 22, errors that were not typed: each bad input now gets the library's typed error
(or, at the command line and in the score keeper, one clear line), and state is untouched."""

from __future__ import annotations

import io
import os

import pytest

from alhambra_lib import Game, Tile
from alhambra_lib.__main__ import main
from alhambra_lib.actions import Action
from alhambra_lib.alhambra import Alhambra
from alhambra_lib.errors import AlhambraError, InvalidInput, InvalidScore
from alhambra_lib.score_sheet import ScoreSheet
from alhambra_lib.walls import (
    boundary_segments,
    chains,
    corner_graph,
    external_segments,
    longest_simple_path_length,
    longest_trail,
    longest_wall,
    longest_wall_path,
)

HUGE = 10 ** 5000  # 5,001 digits: Python refuses to write it out


def test_sticks_with_an_unknown_side_are_a_typed_error():
    alhambra = Alhambra()
    alhambra.place(Tile("garden", 8, ""), (1, 0))
    for sides in ("X", "NX", None, ""):
        with pytest.raises(InvalidInput, match="sides N, E, S or W"):
            alhambra.add_sticks((1, 0), sides)
    assert alhambra.layout[(1, 0)] == Tile("garden", 8, "")


@pytest.mark.parametrize("entry", [
    lambda s: s.record(1, {"Ana": {"tower": HUGE}}, {}),
    lambda s: s.record(1, {"Ana": {"tower": -HUGE}}, {}),
    lambda s: s.record(1, {}, {"Ana": HUGE}),
    lambda s: s.record(HUGE, {}, {}),
])
def test_a_score_sheet_entry_with_a_5000_digit_number_is_a_typed_error(entry):
    sheet = ScoreSheet(["Ana", "Ben", "Cy"])
    with pytest.raises(InvalidScore, match="an integer of 16610 bits"):
        entry(sheet)
    assert sheet.rounds == ()


def test_counts_and_walls_beyond_the_box_are_refused():
    sheet = ScoreSheet(["Ana", "Ben", "Cy"])
    with pytest.raises(InvalidScore, match="more than the game allows"):
        sheet.record(1, {"Ana": {"pavilion": 8}}, {})  # the box has 7 pavilions
    # 7 pavilions and the fountain have at most 18 outer sides (issue 35: 40 is refused)
    sheet.record(1, {"Ana": {"pavilion": 7}}, {"Ana": 18})


@pytest.mark.parametrize("modules", [[["vizier"]], [{}], 3])
def test_an_unhashable_module_name_is_a_typed_error(modules):
    with pytest.raises(InvalidScore, match="module"):
        ScoreSheet(["Ana", "Ben"], modules=modules)


@pytest.mark.parametrize("name, says", [("x" * 300 + ".csv", "File name too long"),
                                        ("a\0b.csv", "null")])
def test_the_keepers_export_to_an_unusable_name_says_why(name, says, tmp_path):
    from alhambra_lib.widgets import ScoreKeeper

    keeper = ScoreKeeper(["Ana", "Ben"])
    keeper.csv_path.value = str(tmp_path / name)
    keeper.export()  # no exception
    assert "could not write" in keeper.message.value and says in keeper.message.value
    assert "download=" in keeper.download.value
    assert list(tmp_path.iterdir()) == []


def test_the_command_line_refuses_a_too_long_file_name_before_playing(tmp_path, capsys):
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--json", str(tmp_path / ("x" * 300 + ".json")), "--players", "2"],
             out=out)
    assert exit_info.value.code == 2 and out.getvalue() == ""
    error = capsys.readouterr().err
    assert "cannot write" in error and "File name too long" in error
    assert "Traceback" not in error


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (a full disk)")
def test_the_command_line_says_a_full_disk_in_one_line_and_exits_non_zero(capsys):
    out = io.StringIO()
    code = main(["play", "--json", "/dev/full", "--players", "2", "--quiet", "--seed", "1"],
                out=out)
    assert code == 1 and "winner" in out.getvalue()  # the game was played and shown
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1 and "cannot write /dev/full: No space left on device" in error[0]


@pytest.mark.parametrize("function", [external_segments, boundary_segments, corner_graph,
                                      chains, longest_trail, longest_wall, longest_wall_path,
                                      longest_simple_path_length])
def test_the_walls_functions_given_none_are_a_typed_error(function):
    with pytest.raises(InvalidInput):
        function(None)


def test_walls_of_a_layout_that_holds_no_tiles_are_a_typed_error():
    with pytest.raises(InvalidInput, match="a layout is a mapping"):
        longest_wall({(0, 0): None})


def test_the_bare_action_base_is_a_typed_error():
    game = Game(["Ana", "Ben", "Cy"], seed=1)
    before = game.to_json()
    with pytest.raises(InvalidInput, match="an action of a kind"):
        game.apply(Action())
    with pytest.raises(InvalidInput, match="no action of a kind"):
        Action().to_dict()
    assert game.to_json() == before
    assert issubclass(InvalidInput, AlhambraError) and issubclass(InvalidInput, TypeError)


def test_an_alhambra_given_no_tile_is_a_typed_error():
    from alhambra_lib import Alhambra

    with pytest.raises(InvalidInput, match="expected a Tile, got str"):
        Alhambra().legal_positions("tower")


def test_stick_cells_take_any_collection_of_sides_and_refuse_others():
    from alhambra_lib import Alhambra, Tile

    a = Alhambra()
    a.place(Tile("tower", 9, ""), (1, 0))
    assert a.stick_cells(["S", "N"]) == a.stick_cells("NS") == a.stick_cells({"N", "S"})
    with pytest.raises(InvalidInput, match="sticks go on sides"):
        a.stick_cells(["Q"])
