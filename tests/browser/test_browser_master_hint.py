"""Issue 32, point 4, in the app (Voila): on the play page (06) the hint comes from the master
search where the compiled core is in use, and says so, in Mega Box games too: the new-game
panel offers the master with any module chosen."""

from __future__ import annotations

import pytest
from test_browser_app import expect, open_notebook
from test_browser_table import LAPTOP, after

from alhambra_lib import MODULES
from alhambra_lib.sim import core_info
from alhambra_lib.widgets._new_game import HINT_LEVELS

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(core_info()["engine"] != "native",
                                 reason="the master searches in the compiled core")]


def test_the_play_page_s_hint_names_the_master_in_the_base_game_and_the_mega_box(web, voila_app):
    web.page.set_viewport_size(LAPTOP)
    table = open_notebook(web, voila_app, "06_play", "alhambra-game-table")
    message = table.locator(".alhambra-message")
    after(table, table.locator(".alhambra-hint").click)
    expect(message).to_contain_text("The master search bot would")
    expect(message).to_contain_text("sampled games")
    expect(message).to_contain_text("won in self-play of the")
    expect(table.locator(".alhambra-hinted")).to_have_count(1)
    web.shot("master_hint")

    table.locator(".alhambra-new-game-button").click()
    panel = table.locator(".alhambra-new-game")
    hints = panel.locator(".alhambra-hints select")
    expect(hints.locator("option")).to_have_count(len(HINT_LEVELS))
    expect(hints.locator("option:checked")).to_have_text(HINT_LEVELS["master"])
    boxes = panel.locator("input[type='checkbox']")
    for module in range(len(MODULES)):  # every module of the Mega Box, the options left off
        boxes.nth(module).check()
    expect(hints.locator("option")).to_have_count(len(HINT_LEVELS))
    expect(hints.locator("option:checked")).to_have_text(HINT_LEVELS["master"])
    web.shot("mega_box_panel_with_the_master")
    after(table, panel.locator(".alhambra-start").click)
    after(table, table.locator(".alhambra-hint").click)
    expect(message).to_contain_text("The master search bot would")
    expect(message).to_contain_text("sampled games")
    expect(message).to_contain_text("In a Mega Box game this chance is not calibrated")
    web.shot("mega_box_hint_from_the_master")
    assert web.outside == []
