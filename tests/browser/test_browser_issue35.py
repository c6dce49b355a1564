"""Issue 35 in the app (Voila), points 1, 2, 4 and 7, as a person meets them.

The keeper (07) refuses impossible entries in words, rings the box at fault red, keeps
what was typed (no silent cut), and names the winner after the third scoring; the table
(06) in a Mega Box game: the hint says its chance is not calibrated there and names the
colour its ring is drawn in, and the payment buttons name their currency.
"""

from __future__ import annotations

import re

import pytest
from test_browser_app import expect, open_keeper, open_notebook, type_number
from test_browser_app import table as table_rows
from test_browser_table import LAPTOP, after, visible

from alhambra_lib.widgets._board import HINT_COLOUR
from alhambra_lib.widgets._common import css_class
from alhambra_lib.widgets.score_keeper import REFUSED, REFUSED_COLOUR

pytestmark = pytest.mark.browser

#: The computed ring (box shadow) of an element's input (a number box's field).
RING_JS = "el => getComputedStyle(el.querySelector('input') || el).boxShadow"
#: The computed outline of an element itself.
OWN_OUTLINE_JS = "el => getComputedStyle(el).outlineColor"


def rgb(hex_colour):
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def test_the_keeper_refuses_what_no_table_holds_rings_it_and_names_the_winner(web, voila_app):
    web.page.set_viewport_size(LAPTOP)
    keeper, totals, rows = open_keeper(web, voila_app)
    message, summary = keeper.locator(".alhambra-message"), keeper.locator(".alhambra-summary")
    players = sorted({row["player"] for row in rows})
    recorded = {int(row["round"]) for row in rows}
    picker = keeper.locator(".alhambra-round-picker")
    round_no = min({1, 2, 3} - recorded)
    picker.get_by_role("button", name=f"round {round_no}").click()

    # 2.5 towers: refused, not read as 2 (nor as 25), the box ringed red.
    tower = keeper.locator(f".{css_class('count', players[0], 'tower')}")
    type_number(tower, "2.5")
    keeper.locator(".alhambra-score-round").click()
    expect(message).to_contain_text(f"Not scored: the tower count of {players[0]} must be an "
                                    "integer >= 0, got 2.5")
    expect(message).to_contain_text("ringed in red")
    expect(tower).to_have_class(re.compile(REFUSED))
    assert rgb(REFUSED_COLOUR) in tower.evaluate(RING_JS)
    expect(tower.locator("input")).to_have_value("2.5")
    assert table_rows(totals) == rows  # the sheet as it was
    web.shot("two_and_a_half_towers_refused")

    # A wall of 40 on 2 towers: longer than their outer sides allow.
    type_number(tower, 2)
    wall = keeper.locator(f".{css_class('wall', players[0])}")
    type_number(wall, 40)
    keeper.locator(".alhambra-score-round").click()
    expect(message).to_contain_text(f"The wall of {players[0]} is 40 long, but 2 buildings "
                                    "and the fountain have at most 8 outer sides.")
    expect(wall).to_have_class(re.compile(REFUSED))
    expect(tower).not_to_have_class(re.compile(REFUSED))
    web.shot("wall_of_40_refused")

    # The rounds left, scored: the winner is named.
    type_number(wall, 5)
    for left in sorted({1, 2, 3} - recorded):
        picker.get_by_role("button", name=f"round {left}").click()
        type_number(keeper.locator(f".{css_class('count', players[0], 'tower')}"), 2)
        type_number(keeper.locator(f".{css_class('wall', players[0])}"), 5)
        keeper.locator(".alhambra-score-round").click()
        expect(message).to_contain_text(f"round {left} scored")
    expect(summary).to_contain_text(re.compile(r"^Game over: .+ (wins|share the victory) "
                                               r"with \d+ points\.$"))
    expect(wall).not_to_have_class(re.compile(REFUSED))
    web.shot("winner_named")


def test_the_keepers_chests_are_refused_not_cut_and_a_new_sheet_tells_no_other_game(
        web, voila_app):
    web.page.set_viewport_size(LAPTOP)
    keeper, totals, rows = open_keeper(web, voila_app)
    message, summary = keeper.locator(".alhambra-message"), keeper.locator(".alhambra-summary")
    keeper.locator("input[placeholder='names, separated by commas']").fill("Zed, Yan, Xu")
    keeper.locator(f".{css_class('module', 'treasure')}").click()
    new_sheet = keeper.get_by_role("button", name="new sheet")
    new_sheet.click()  # scored rounds: the first press asks to export them
    expect(message).to_contain_text("press new sheet again")
    new_sheet.click()
    expect(summary).to_have_text("A sheet for Zed, Yan and Xu: no round scored yet.")
    expect(keeper.locator(".alhambra-places")).to_have_text("")
    web.shot("new_sheet")

    type_number(keeper.locator(f".{css_class('count', 'Zed', 'tower')}"), 9)
    keeper.locator(".lm-TabBar-tab", has_text="Chests").click()
    chests = keeper.locator(f".{css_class('input', 'chests', 'Zed')}")
    type_number(chests, 50)
    keeper.locator(".alhambra-score-round").click()
    expect(message).to_contain_text("Not scored: chests of Zed: 50 is more than the game "
                                    "allows (42)")
    expect(chests.locator("input")).to_have_value("50")  # not cut down to 42
    expect(chests).to_have_class(re.compile(REFUSED))
    web.shot("fifty_chests_refused")

    type_number(chests, 10)  # on 9 buildings: one chest per building at most
    keeper.locator(".alhambra-score-round").click()
    expect(message).to_contain_text("Zed cannot have 10 chests: a building holds one chest "
                                    "at most, and the sheet counts 9 buildings for Zed.")
    type_number(chests, 9)
    keeper.locator(".alhambra-score-round").click()
    expect(message).to_contain_text("round 1 scored")
    expect(summary).to_contain_text("In the lead: Zed")
    web.shot("chests_scored")
    assert web.outside == []


def test_a_mega_box_hint_says_what_its_chance_means_and_the_payments_name_their_money(
        web, voila_app):
    web.page.set_viewport_size(LAPTOP)
    table = open_notebook(web, voila_app, "06_play", "alhambra-game-table")
    message = table.locator(".alhambra-message")
    table.locator(".alhambra-new-game-button").click()
    panel = table.locator(".alhambra-new-game")
    type_number(panel.locator(".alhambra-players"), 3)
    type_number(panel.locator(".alhambra-seed"), 4)
    panel.locator("input[type='checkbox']").nth(0).check()  # the vizier, first module
    after(table, panel.locator(".alhambra-start").click)

    after(table, table.locator(".alhambra-hint").click)
    expect(message).to_contain_text("best first by the points it expects you to finish "
                                    "ahead of your rivals")
    expect(message).to_contain_text("In a Mega Box game this chance is not calibrated: it "
                                    "was measured on base games of 2 and 3 players only.")
    expect(message).to_contain_text("outlined in blue")
    hinted = table.locator(".alhambra-hinted")
    expect(hinted).to_have_count(1)
    assert hinted.evaluate(OWN_OUTLINE_JS) == rgb(HINT_COLOUR)
    web.shot("mega_box_hint")

    for square in range(1, 5):  # a square that offers payments: each names its money
        after(table, table.locator(f".alhambra-square-{square}").click)
        pays = visible(table, "alhambra-choice-", "pay")
        if pays.count():
            break
    words = [pays.nth(i).inner_text() for i in range(pays.count())]
    assert words and len(set(words)) == len(words)
    assert all(re.search(r"pay [\d +]+ (denar|dirham|ducat|florin)", w) for w in words), words
    web.shot("payments_name_their_money")
    assert web.outside == []
