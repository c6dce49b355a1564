"""Issue 35, point 2: the keeper refuses impossible sheets, says which box, names the winner.

Each player's entries are bounded by their tiles counted on the sheet, the table's totals
by the box; whole numbers only; nothing is cut down silently, in the sheet or its boxes.
"""

from __future__ import annotations

import pytest

from alhambra_lib import InvalidScore
from alhambra_lib.score_sheet import ScoreSheet
from alhambra_lib.sheet_inputs import PlayerTiles
from alhambra_lib.widgets import ScoreKeeper
from alhambra_lib.widgets.score_keeper import REFUSED, sheet_summary

FIVE = {"tower": 3, "garden": 2}  # five buildings


def refusal(modules, counts, walls=None, inputs=None, round_no=1):
    sheet = ScoreSheet(["Ana", "Ben", "Cy"], modules)
    with pytest.raises(InvalidScore) as refused:
        sheet.record(round_no, counts, walls or {}, inputs)
    assert sheet.rounds == ()  # nothing recorded
    return refused.value


def test_a_wall_of_40_on_5_tiles_is_refused():
    refused = refusal((), {"Ana": FIVE}, {"Ana": 40})
    assert str(refused) == ("The wall of Ana is 40 long, but 5 buildings and the fountain "
                            "have at most 14 outer sides.")
    assert refused.entries == (("wall", "Ana"),)


def test_the_longest_wall_that_5_tiles_allow_is_taken():
    sheet = ScoreSheet(["Ana", "Ben", "Cy"])
    sheet.record(1, {"Ana": FIVE}, {"Ana": 14})
    assert sheet.walls(1)["Ana"] == 14


def test_uncounted_module_tiles_lengthen_the_wall_allowed():
    refused = refusal(("camps",), {"Ana": FIVE}, {"Ana": 40})
    assert "5 buildings, the fountain and at most 8 tiles of the modules in play" in str(refused)
    ScoreSheet(["Ana", "Ben"], ("camps",)).record(1, {"Ana": FIVE}, {"Ana": 30})


def test_99_camp_lines_are_more_than_the_camps_can_see():
    refused = refusal(("camps",), {"Ana": FIVE}, inputs={"camp_lines": {"Ana": 99}})
    assert str(refused).startswith("Ana cannot have 99 buildings on camp lines: the 12 "
                                   "bastions of the box")
    assert refused.entries == (("input", "camp_lines", "Ana"),)


def test_99_unprotected_sides_are_more_than_the_tiles_have():
    refused = refusal(("invaders",), {"Ana": FIVE},
                      inputs={"attack": "N", "unprotected": {"Ana": {"N": 99}}})
    assert str(refused).startswith("Ana cannot have 99 unprotected sides facing north")
    assert refused.entries == (("input", "unprotected", "Ana", "N"),)
    in_all = refusal(("invaders",), {"Ana": FIVE},
                     inputs={"attack": "N",
                             "unprotected": {"Ana": {"N": 5, "E": 5, "S": 5, "W": 5}}})
    assert str(in_all) == ("Ana cannot have 20 unprotected sides in all: 5 buildings and the "
                           "fountain have at most 14 outer sides.")


def test_a_building_holds_one_chest_at_most():
    refused = refusal(("treasure",), {"Ana": {"tower": 2}}, inputs={"chests": {"Ana": 3}})
    assert str(refused) == ("Ana cannot have 3 chests: a building holds one chest at most, "
                            "and the sheet counts 2 buildings for Ana.")


def test_44_chests_in_a_game_of_42_are_refused_naming_every_box():
    counts = {"Ana": {"garden": 6, "tower": 6, "arcades": 5, "chambers": 5},  # 22 each
              "Ben": {"garden": 5, "tower": 5, "arcades": 4, "chambers": 4, "pavilion": 4}}
    refused = refusal(("treasure",), counts, inputs={"chests": {"Ana": 22, "Ben": 22}})
    assert str(refused) == "44 chests in all (Ana 22, Ben 22), but the box holds 42."
    assert refused.entries == (("input", "chests", "Ana"), ("input", "chests", "Ben"))


def test_the_citizens_of_a_colour_are_bounded_by_the_box():
    refused = refusal(("street_merchant",), {},
                      inputs={"citizens": {"Ana": {"tower": 4}, "Ben": {"tower": 4}}})
    assert str(refused) == "8 citizens (tower) in all (Ana 4, Ben 4), but the box holds 7."
    assert refused.entries == (("input", "citizens", "Ana", "tower"),
                               ("input", "citizens", "Ben", "tower"))


def test_a_bonus_card_needs_its_building():
    refused = refusal(("bonus_cards",), {"Ana": {"tower": 1}},
                      inputs={"bonus_cards": {"Ana": {"tower": 2}}})
    assert str(refused).startswith("Ana cannot count 2 bonus cards for tower")
    assert refused.entries == (("input", "bonus_cards", "Ana", "tower"),)


def test_player_tiles_outer_sides_bound_every_alhambra_of_that_many_tiles():
    # 2 m + 2 for m cells: the fountain and 8 tiles in a row have exactly 20 outer sides,
    # and no shape of 9 joined cells has more (a ring of 8 round the fountain has 12).
    assert PlayerTiles({"tower": 8}).outer_sides == 20
    assert PlayerTiles({}, others=3).outer_sides == PlayerTiles({"garden": 3}).outer_sides


def test_the_keeper_refuses_two_and_a_half_towers_and_rings_the_box():
    keeper = ScoreKeeper(["Ana", "Ben", "Cy"])
    keeper.count_inputs["Ana", "tower"].value = 2.5
    keeper.score_button.click()
    assert keeper.sheet.rounds == ()
    assert keeper.message.value.startswith("Not scored: the tower count of Ana must be an "
                                           "integer &gt;= 0, got 2.5")
    assert "ringed in red" in keeper.message.value
    assert REFUSED in keeper.count_inputs["Ana", "tower"]._dom_classes
    keeper.count_inputs["Ana", "tower"].value = 2
    keeper.score_button.click()  # mended: scored, and the ring is gone
    assert keeper.sheet.rounds == (1,)
    assert REFUSED not in keeper.count_inputs["Ana", "tower"]._dom_classes


@pytest.mark.parametrize("key, typed", [(("chests", "Ana"), 50),
                                        (("citizens", "Ana", "tower"), 99)])
def test_the_keepers_module_boxes_never_cut_what_was_typed(key, typed):
    keeper = ScoreKeeper(["Ana", "Ben", "Cy"], modules=("street_merchant", "treasure"))
    keeper.count_inputs["Ana", "tower"].value = 9
    keeper.module_inputs[key].value = typed
    keeper.score_button.click()
    assert keeper.module_inputs[key].value == typed  # not 42, not 7
    assert keeper.sheet.rounds == ()
    assert keeper.message.value.startswith("Not scored:")
    assert REFUSED in keeper.module_inputs[key]._dom_classes
    assert keeper.tabs.selected_index == 1 + list(keeper._modules).index(
        "treasure" if key[0] == "chests" else "street_merchant")


def test_the_keeper_names_the_winner_after_the_third_scoring():
    keeper = ScoreKeeper(["Ana", "Ben", "Cy"])
    for round_no in (1, 2, 3):
        keeper.round_picker.value = round_no
        keeper.fill({"Ana": {"tower": 2}, "Ben": {"tower": 1}}, {"Ana": 3})
        keeper.score_button.click()
    assert keeper.sheet.winners() == ["Ana"]
    total = keeper.sheet.totals()["Ana"]
    assert keeper.summary.value == f"<b>Game over: Ana wins with {total} points.</b>"


def test_a_shared_victory_is_said():
    sheet = ScoreSheet(["Ana", "Ben"])
    for round_no in (1, 2, 3):
        sheet.record(round_no, {}, {"Ana": 2, "Ben": 2})
    assert sheet_summary(sheet) == "Game over: Ana and Ben share the victory with 6 points."


def test_the_demo_text_goes_with_the_demo_sheet():
    keeper = ScoreKeeper()
    assert "Ana, Ben and Cy after rounds 1 and 2, with made-up counts" in keeper.summary.value
    keeper.players_input.value = "Zed, Yan"
    keeper.new_sheet()
    keeper.new_sheet()  # the second press starts over
    assert keeper.summary.value == ("<b>A sheet for Zed and Yan (and Dirk, the neutral "
                                    "player): no round scored yet.</b>")
    assert "Ana" not in keeper.summary.value + keeper.places.value + keeper.table.value


@pytest.mark.parametrize("typed, says", [(2.5, "got 2.5"), (-3, "got -3")])
def test_a_module_box_the_sheet_cannot_read_is_refused_in_words(typed, says):
    """Unbounded, a module's number box may hold 2.5 or -3: the keeper says so (it failed
    silently while checking whether every box was empty)."""
    keeper = ScoreKeeper(["Ana", "Ben", "Cy"], modules=("treasure",))
    keeper.module_inputs["chests", "Ana"].value = typed
    keeper.score_button.click()
    assert keeper.message.value.startswith("Not scored: chests of Ana must be a whole "
                                           "number &gt;= 0, " + says)
    assert keeper.sheet.rounds == ()
