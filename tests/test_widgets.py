"""Every widget driven through a short scenario without a browser: set values, press
buttons, read the resulting state and text."""

from __future__ import annotations

import csv
import io

import pytest

from alhambra_lib import BUILDING_TILES, KINDS, REASONS, Alhambra, Game, Tile
from alhambra_lib.score_sheet import ScoreSheet
from alhambra_lib.scoring import score_majorities
from alhambra_lib.teaching.demo import DEMO_COUNTS, demo_alhambra, random_alhambra
from alhambra_lib.walls import external_segments
from alhambra_lib.widgets import (
    MajorityExplorer,
    PlacementExplorer,
    ScoreKeeper,
    WallTracer,
)

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PNG = b"\x89PNG\r\n\x1a\n"


def marks(explorer, mark):
    return {cell for cell, b in explorer.cell_buttons.items() if b.description == mark}


# -- every widget ------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [PlacementExplorer, MajorityExplorer, WallTracer, ScoreKeeper])
def test_builds_without_arguments_and_displays_itself(make):
    widget = make()
    bundle = widget._repr_mimebundle_()
    assert bundle[WIDGET_VIEW]["model_id"] == widget.root.model_id
    assert bytes(widget.image.value).startswith(PNG)


# -- PlacementExplorer -------------------------------------------------------------------------


def test_placement_demo_state():
    ex = PlacementExplorer()
    assert ex.alhambra == demo_alhambra()
    assert ex.tile_picker.value == BUILDING_TILES[0] and ex.tile == BUILDING_TILES[0]
    assert marks(ex, "✓") == ex.alhambra.legal_positions(ex.tile)
    assert marks(ex, "✗") == ex.alhambra.frontier() - ex.alhambra.legal_positions(ex.tile)
    assert ex.verdict.value.startswith("Click a cell")


def test_placement_scenario_place_refuse_remove_undo_reset():
    start = Alhambra()
    start.place(Tile("tower", 9, "NE"), (1, 0))
    ex = PlacementExplorer(start, Tile("garden", 8, "W"))
    picture = bytes(ex.image.value)

    ex.cell_buttons[(-1, 0)].click()
    assert ex.selected == (-1, 0)
    assert ex.verdict.value == "<b>8-garden (walls W) may go on (-1, 0).</b>"
    assert ex.cell_buttons[(-1, 0)].layout.border_top == "2px solid #222"  # the selection shows
    ex.place_button.click()
    assert ex.alhambra.layout[(-1, 0)] == Tile("garden", 8, "W")
    assert ex.message.value == "placed 8-garden at (-1, 0)"
    assert bytes(ex.image.value) != picture
    assert len(start) == 2  # the explorer works on a copy

    ex.cell_buttons[(1, 1)].click()  # open south side against the tower's north wall
    assert "may not go on (1, 1)" in ex.verdict.value
    for code in ("walls_mismatch", "unreachable"):
        assert f"<code>{code}</code>" in ex.verdict.value
    before = dict(ex.alhambra.layout)
    ex.place_button.click()
    assert dict(ex.alhambra.layout) == before
    assert ex.message.value.startswith("cannot place 8-garden at (1, 1)")

    ex.cell_buttons[(1, 0)].click()
    assert "may be moved to the reserve" in ex.verdict.value
    ex.remove_button.click()
    assert (1, 0) not in ex.alhambra.layout and ex.reserve == [Tile("tower", 9, "NE")]

    ex.undo_button.click()
    assert ex.alhambra.layout[(1, 0)] == Tile("tower", 9, "NE") and ex.reserve == []
    ex.undo_button.click()
    assert (-1, 0) not in ex.alhambra.layout
    ex.undo_button.click()
    assert ex.message.value == "Nothing to undo."
    ex.cell_buttons[(-1, 0)].click()
    ex.place_button.click()
    ex.reset_button.click()
    assert ex.alhambra == start and ex.selected is None


def test_placement_fountain_cannot_be_removed_and_says_why():
    ex = PlacementExplorer(Alhambra())
    ex.cell_buttons[(0, 0)].click()
    assert "may not be moved" in ex.verdict.value and REASONS["fountain"] in ex.verdict.value
    ex.remove_button.click()
    assert ex.message.value.startswith("cannot remove") and len(ex.alhambra) == 1


def test_placement_custom_walls_and_picker_stay_in_step():
    ex = PlacementExplorer(Alhambra(), BUILDING_TILES[10])
    chosen = ex.tile_picker.value = BUILDING_TILES[30]
    assert ex.kind_picker.value == chosen.kind and ex.price_input.value == chosen.price
    assert {s for s, t in ex.wall_toggles.items() if t.value} == set(chosen.walls)
    for toggle in ex.wall_toggles.values():
        toggle.value = True  # a four-walled tile: no real tile, fits nowhere
    # The picker says so (a None value would show a blank dropdown in the browser).
    assert ex.tile_picker.value == "custom walls" and ex.tile.wall_sides == "NESW"
    assert ex.tile_picker.label == "custom walls"
    assert marks(ex, "✓") == set() and marks(ex, "✗") == ex.alhambra.frontier()
    for side in "ESW":
        ex.wall_toggles[side].value = False
    assert ex.tile == Tile(chosen.kind, chosen.price, "N")
    assert marks(ex, "✓") == Alhambra().legal_positions(ex.tile)


def test_placement_grid_shows_walls_and_clears_marks_after_undo_and_reset():
    ex = PlacementExplorer(Alhambra(), Tile("tower", 9, "NE"))
    ex.select((1, 0))
    ex.place()
    button = ex.cell_buttons[(1, 0)]
    borders = {side: getattr(button.layout, name) for side, name in
               [("N", "border_top"), ("E", "border_right"), ("S", "border_bottom"),
                ("W", "border_left")]}
    assert {side for side, border in borders.items() if border.startswith("4px")} == {"N", "E"}
    assert ex.cell_buttons[(1, 1)].description == "✗"  # north of the tower's wall
    ex.undo()
    # Now a corner cell: a no-break space, as ipywidgets would keep a stale ✗ on "".
    assert ex.cell_buttons[(1, 1)].description == "\u00a0"
    ex.select((1, 0))
    ex.place()
    ex.reset()
    assert all(b.description in ("\u00a0", "✓", "✗", "F") for b in ex.cell_buttons.values())


def test_placement_grid_grows_with_the_alhambra():
    ex = PlacementExplorer(Alhambra(), Tile("garden", 8, ""))
    assert len(ex.grid.children) == 9  # 3 x 3 around the fountain
    ex.cell_buttons[(1, 0)].click()
    ex.place_button.click()
    assert len(ex.grid.children) == len(ex.cell_buttons) == 12 and (2, 0) in ex.cell_buttons
    assert ex.grid.children[0] is ex.cell_buttons[(-1, 1)]  # north-west first: north up
    ex.undo_button.click()
    assert len(ex.grid.children) == 9 and (2, 0) not in ex.cell_buttons


def test_placement_show_reasons_toggle_redraws():
    ex = PlacementExplorer()
    with_reasons = bytes(ex.image.value)
    ex.show_reasons.value = False
    assert bytes(ex.image.value) != with_reasons


def test_placement_refuses_bad_arguments():
    with pytest.raises(TypeError, match="expected an Alhambra"):
        PlacementExplorer({})
    with pytest.raises(TypeError, match="building Tile"):
        PlacementExplorer(Alhambra(), "8-garden")


# -- MajorityExplorer --------------------------------------------------------------------------


def test_majorities_demo_explains_the_tie_of_the_issue():
    ex = MajorityExplorer()
    assert ex.counts() == DEMO_COUNTS and ex.round_picker.value == 2
    assert ("Ana and Ben tie for first in towers: (13 + 6) / 2 = 9.5, rounded down to 9 each"
            in ex.explanation.value)
    assert ex.totals == score_majorities(DEMO_COUNTS, 2)
    assert f"<td style='padding:2px 8px;text-align:right'>{ex.totals['Ana']}</td></tr>" \
        in ex.points.value


def test_majorities_scenario_change_counts_and_round():
    ex = MajorityExplorer({"Ana": {"garden": 2}, "Ben": {"garden": 2}, "Cy": {"garden": 1}},
                          round_no=1)
    assert ex.totals == {"Ana": 2, "Ben": 2, "Cy": 0}  # RULES.md §8.3 example 1
    picture = bytes(ex.image.value)
    ex.count_inputs["Cy", "garden"].value = 3
    assert ex.totals == {"Ana": 0, "Ben": 0, "Cy": 5}
    assert "Cy is first in gardens: 5 points" in ex.explanation.value
    assert bytes(ex.image.value) != picture
    ex.round_picker.value = 3
    assert ex.totals == score_majorities(ex.counts(), 3) == {"Ana": 8, "Ben": 8, "Cy": 20}
    assert "Ana and Ben tie for second in gardens: (12 + 5) / 2 = 8.5, rounded down to 8 each" \
        in ex.explanation.value
    for kind in KINDS:
        for name in ("Ana", "Ben", "Cy"):
            ex.count_inputs[name, kind].value = 0
    assert ex.explanation.value == "Nobody has a tile yet: no points."


def test_majorities_refuses_bad_counts():
    with pytest.raises(ValueError, match="unknown tile kind"):
        MajorityExplorer({"Ana": {"castle": 1}})
    with pytest.raises(ValueError, match="scoring round"):
        MajorityExplorer({"Ana": {"tower": 1}}, round_no=4)


# -- WallTracer --------------------------------------------------------------------------------


def test_wall_tracer_scenario():
    tracer = WallTracer()
    a = tracer.alhambra
    assert tracer.title.value == "<b>1. The walls</b>"
    tracer.back_button.click()
    assert tracer.step_slider.value == 1  # numbered as the titles are
    tracer.next_button.click()
    assert tracer.title.value == "<b>2. External segments</b>"
    assert f"{len(external_segments(a.layout))} external segments" in tracer.explanation.value
    seen = {bytes(tracer.image.value)}
    for _ in range(5):
        tracer.next_button.click()
        seen.add(bytes(tracer.image.value))
    assert tracer.step_slider.value == 5 and len(seen) == 4  # steps 2..5, each its own picture
    assert f"{a.longest_wall()} wall points" in tracer.explanation.value
    assert len(tracer.step.trail) - 1 == a.longest_wall()


def test_wall_tracer_new_sample_and_given_alhambra():
    tracer = WallTracer()
    tracer.step_slider.value = 5
    tracer.seed_input.value = 8
    assert tracer.alhambra == random_alhambra(8, 20) and tracer.source.value == "sample"
    assert "seed 8" in tracer.shown.value
    assert f"{tracer.alhambra.longest_wall()} wall points" in tracer.explanation.value
    empty = WallTracer(Alhambra(), name="an empty Alhambra")
    empty.step_slider.value = 5
    assert "0 wall points" in empty.explanation.value and empty.step.trail == ()
    empty.seed_input.value = 4  # a sample replaces the figure taught...
    assert empty.alhambra == random_alhambra(4, 20)
    empty.source.value = "given"  # ...and the switch brings it back
    assert empty.alhambra == Alhambra() and empty.shown.value == "Shown: an empty Alhambra."


# -- ScoreKeeper and its ScoreSheet ------------------------------------------------------------


def test_score_sheet_rules():
    sheet = ScoreSheet(["Ana", "Ben"])
    assert sheet.competitors == ("Ana", "Ben", "Dirk")
    sheet.record(2, {"Ana": {"garden": 3}, "Dirk": {"garden": 3}, "Ben": {"garden": 2}},
                 {"Ana": 4, "Ben": 1})
    # RULES.md §10: A and Dirk tie in round-2 gardens, (12 + 5) / 2 -> 8 each; B third: 0.
    assert sheet.totals() == {"Ana": 12, "Ben": 1, "Dirk": 8}
    with pytest.raises(ValueError, match="Dirk scores no walls"):
        sheet.record(1, {}, {"Dirk": 2})
    with pytest.raises(ValueError, match="not at this table"):
        sheet.record(1, {"Zoe": {"tower": 1}}, {})
    with pytest.raises(ValueError, match="integer >= 0"):
        sheet.record(1, {}, {"Ana": -1})
    with pytest.raises(ValueError, match="neutral player"):
        ScoreSheet(["Ana", "Dirk"])
    with pytest.raises(ValueError, match="2 to 6 players"):
        ScoreSheet(["Ana"])


def test_score_keeper_scenario_round_totals_and_csv(tmp_path):
    keeper = ScoreKeeper()
    assert keeper.sheet.rounds == (1, 2) and keeper.round_picker.value == 3
    assert all(box.value == 0 for box in keeper.count_inputs.values())
    keeper.count_inputs["Cy", "tower"].value = 6
    keeper.count_inputs["Ana", "tower"].value = 2
    keeper.wall_inputs["Cy"].value = 9
    keeper.score_button.click()
    assert keeper.sheet.rounds == (1, 2, 3)
    points = keeper.sheet.round_points(3)
    assert points["Cy"].majorities == 21 and points["Cy"].walls == 9
    assert points["Ana"].majorities == 13
    assert f"totals: Ana {keeper.sheet.totals()['Ana']}" in keeper.message.value

    keeper.round_picker.value = 1  # a recorded round comes back into the boxes
    assert keeper.count_inputs["Ben", "seraglio"].value == 2
    assert keeper.wall_inputs["Ben"].value == 2

    keeper.csv_path.value = str(tmp_path / "scores.csv")
    keeper.export_button.click()
    rows = list(csv.DictReader(io.StringIO((tmp_path / "scores.csv").read_text())))
    assert len(rows) == 9 and keeper.message.value == f"wrote 9 rows to {tmp_path / 'scores.csv'}"
    last = {row["player"]: int(row["total"]) for row in rows if row["round"] == "3"}
    assert last == keeper.sheet.totals()
    assert keeper.to_csv() == (tmp_path / "scores.csv").read_text()


def test_score_keeper_two_players_dirk_and_explorer():
    keeper = ScoreKeeper()
    keeper.players_input.value = "Ana, Ben"
    keeper.players_button.click()
    assert keeper.sheet.rounds == (1, 2) and "press <i>new sheet</i> again" in keeper.message.value
    keeper.players_button.click()  # the scored rounds are given up on purpose
    assert keeper.sheet.competitors == ("Ana", "Ben", "Dirk") and keeper.sheet.rounds == ()
    assert ("Dirk", "tower") in keeper.count_inputs and "Dirk" not in keeper.wall_inputs
    keeper.explorer_player.value = "Ben"
    keeper.copy_button.click()
    built = keeper.explorer.alhambra
    assert {k: keeper.count_inputs["Ben", k].value for k in KINDS} == built.counts()
    assert keeper.wall_inputs["Ben"].value == built.longest_wall()
    keeper.count_inputs["Dirk", "pavilion"].value = 5
    keeper.round_picker.value = 1
    keeper.score_button.click()
    assert keeper.sheet.round_points(1)["Dirk"].majorities == 1
    assert keeper.sheet.round_points(1)["Dirk"].walls == 0


def test_score_keeper_refuses_bad_names_in_words():
    keeper = ScoreKeeper()
    keeper.players_input.value = "Ana, Ana"
    keeper.players_button.click()
    assert "must differ" in keeper.message.value and keeper.sheet.players == ("Ana", "Ben", "Cy")


def test_score_keeper_fill_types_a_round_in():
    keeper = ScoreKeeper(["Ana", "Ben"])
    keeper.fill({"Ana": {"garden": 3}, "Dirk": {"garden": 3}, "Ben": {"garden": 2}},
                {"Ana": 4, "Ben": 1})
    assert keeper.count_inputs["Dirk", "garden"].value == 3
    assert keeper.wall_inputs["Ben"].value == 1
    assert keeper.sheet.rounds == ()  # typed in, not yet scored
    keeper.round_picker.value = 2
    keeper.fill({"Ana": {"garden": 3}, "Dirk": {"garden": 3}, "Ben": {"garden": 2}},
                {"Ana": 4, "Ben": 1})
    keeper.score_button.click()
    assert keeper.sheet.totals() == {"Ana": 12, "Ben": 1, "Dirk": 8}  # RULES.md §10
    keeper.fill({})
    assert all(box.value == 0 for box in [*keeper.count_inputs.values(),
                                          *keeper.wall_inputs.values()])
    with pytest.raises(ValueError, match="no box for 'Zoe'"):
        keeper.fill({"Zoe": {"tower": 1}})
    with pytest.raises(ValueError, match="no box for 'Dirk'"):
        keeper.fill({}, {"Dirk": 2})
