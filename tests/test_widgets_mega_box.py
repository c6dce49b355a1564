"""AttackExplorer and CitizenGrouper (alhambra_lib.widgets.mega_box), driven by their values."""

import pytest

from alhambra_lib import Alhambra, Tile
from alhambra_lib.modules.invaders import invasion_penalty, unprotected_sides
from alhambra_lib.modules.street_merchant import best_grouping
from alhambra_lib.widgets import AttackExplorer, CitizenGrouper
from alhambra_lib.widgets.mega_box import DEMO_RESIDENTS


def _pavilion_east():
    a = Alhambra()
    a.place(Tile("pavilion", 8, ""), (1, 0))
    return a


def test_attack_explorer_builds_with_no_arguments():
    explorer = AttackExplorer()
    assert explorer.image.value[:4] == b"\x89PNG"
    assert explorer.explanation.value.endswith(" lost.")
    assert explorer.table.value.count("<tr>") == 5  # the header and one row per direction


def test_attack_explorer_follows_direction_and_round():
    explorer = AttackExplorer(_pavilion_east())
    explorer.direction_buttons.value = "E"
    assert explorer.penalty == 1
    assert explorer.explanation.value.startswith("1 side facing east is unprotected")
    first = explorer.image.value
    explorer.round_buttons.value = 3
    assert explorer.penalty == 5
    assert "round the flanks" in explorer.explanation.value
    assert "In all 5 points lost." in explorer.explanation.value
    assert explorer.image.value != first


def test_attack_explorer_table_matches_the_library():
    explorer = AttackExplorer()
    layout = explorer.alhambra.layout
    for side in "NESW":
        row = (f"<td style='padding:2px 8px;text-align:right'>"
               f"{len(unprotected_sides(layout, side))}</td>"
               + "".join(f"<td style='padding:2px 8px;text-align:right'>"
                         f"{invasion_penalty(layout, side, r)}</td>" for r in (1, 2, 3)))
        assert row in explorer.table.value


def test_attack_explorer_seed_draws_another_alhambra():
    explorer = AttackExplorer()
    before = dict(explorer.alhambra.layout)
    explorer.seed_input.value = 11
    assert dict(explorer.alhambra.layout) != before
    assert explorer.penalty == invasion_penalty(explorer.alhambra.layout, "N", 1)


def test_attack_explorer_refuses_what_is_no_alhambra():
    with pytest.raises(TypeError, match="expected an Alhambra"):
        AttackExplorer({(0, 0): None})


def test_grouper_starts_from_the_rules_example():
    grouper = CitizenGrouper()
    assert grouper.counts() == DEMO_RESIDENTS
    assert grouper.points == 8
    assert grouper.explanation.value.endswith("In all 8 points.")
    assert "blue +1" in grouper.gains.value and "white +4" in grouper.gains.value


def test_grouper_follows_the_counts():
    grouper = CitizenGrouper({})
    assert grouper.explanation.value == "No residents yet: no points."
    for colour in ("pavilion", "seraglio", "arcades", "chambers"):
        grouper.count_inputs[colour].value = 1
    assert grouper.points == 10 == best_grouping(grouper.counts())[0]
    assert grouper.grouping.value.count("<span") == 4


def test_moving_a_resident_regroups():
    grouper = CitizenGrouper()
    grouper.from_colour.value, grouper.to_colour.value = "pavilion", "chambers"
    grouper.move_button.click()
    assert grouper.counts() == {"pavilion": 2, "seraglio": 1, "arcades": 1, "chambers": 1}
    assert grouper.points == 11
    assert grouper.message.value == "One resident moved from blue to white: 8 → 11 points."


def test_impossible_moves_are_explained_and_change_nothing():
    grouper = CitizenGrouper({"pavilion": 7})
    grouper.move("tower", "pavilion")
    assert grouper.message.value == "There is no purple resident to move."
    grouper.move("pavilion", "pavilion")
    assert "two different colours" in grouper.message.value
    grouper.count_inputs["tower"].value = 1
    grouper.move("tower", "pavilion")
    assert grouper.message.value == "All 7 blue citizens are already residents."
    assert grouper.counts() == {"pavilion": 7, "tower": 1}


def test_grouper_refuses_bad_counts():
    with pytest.raises(ValueError, match="at most 7"):
        CitizenGrouper({"tower": 8})
    with pytest.raises(ValueError, match="colour"):
        CitizenGrouper({"blue": 1})
