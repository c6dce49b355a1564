"""Issue 32, point 4, in the app (Voila): on the play page (06) the hint comes from the master
search where the compiled core is in use, and says so; the new-game panel offers the master
only while no Mega Box module is chosen, and a Mega Box game's hint says why the strong
search advises there."""

from __future__ import annotations

import pytest
from test_browser_app import expect, open_notebook
from test_browser_table import LAPTOP, after

from alhambra_lib.sim import core_info
from alhambra_lib.widgets._new_game import HINT_LEVELS

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(core_info()["engine"] != "native",
                                 reason="the master searches in the compiled core")]


def test_the_play_page_s_hint_names_the_master_and_the_mega_box_s_the_strong(web, voila_app):
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
    panel.locator("input[type='checkbox']").nth(0).check()  # the vizier, first module
    expect(hints.locator("option")).to_have_count(len(HINT_LEVELS) - 1)
    expect(hints.locator("option:checked")).to_have_text(HINT_LEVELS["strong"])
    web.shot("mega_box_panel_without_the_master")
    after(table, panel.locator(".alhambra-start").click)
    after(table, table.locator(".alhambra-hint").click)
    expect(message).to_contain_text("The strong search bot would")
    expect(message).to_contain_text("The master search does not play the Mega Box yet, so "
                                    "the strong search advises.")
    web.shot("mega_box_hint_from_the_strong")
    assert web.outside == []
