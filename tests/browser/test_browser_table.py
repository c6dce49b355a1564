"""The game table of 06 played in the app (Voila) with clicks alone, as a person plays it:
a new two-player game from the panel, a purchase taken back with undo, then the whole game
to its end against a bot and Dirk (buying by clicking a square, building by clicking a
green cell, giving a tile to Dirk). One page for all, so the browser suite stays short.

The widgets are found by the CSS classes the library gives them (`alhambra-...`).
"""

from __future__ import annotations

import re

import pytest
from test_browser_app import expect, open_notebook, type_number

pytestmark = pytest.mark.browser

#: Every move of a two-player game is far fewer than this many clicks.
MAX_MOVES = 400
LAPTOP = {"width": 1366, "height": 768}


def visible(table, css, text=None):
    """The visible widgets of class prefix `css` (e.g. ``alhambra-choice-``), with `text`."""
    found = table.locator(f"[class*='{css}']:visible")
    return found.filter(has_text=text) if text is not None else found


#: Whether the status shows another refresh number than `before` (polled every frame:
#: Playwright's own retries wait up to a second between tries, and a game is many clicks).
NEW_REFRESH_JS = """([status, before]) =>
    status.querySelector("[data-refresh]")?.getAttribute("data-refresh") !== before"""


def after(table, click):
    """Click, then wait until the table has answered all of it.

    The table numbers the status it shows last after each answer (``data-refresh``).
    """
    status = table.locator(".alhambra-status")
    before = status.locator("[data-refresh]").get_attribute("data-refresh")
    click()
    table.page.wait_for_function(NEW_REFRESH_JS, arg=[status.element_handle(), before],
                                 polling="raf")


def affordable_square(table):
    """A market square you can pay (an exact one first), or None."""
    for mark in ("★ exact", "you can pay"):
        for square in range(1, 5):
            if mark in table.locator(f".alhambra-square-note-{square}").inner_text():
                return square
    return None


def buy(table, square):
    """Click `square`, then the first exact payment offered (else the first payment)."""
    after(table, table.locator(f".alhambra-square-{square}").click)
    pays = visible(table, "alhambra-choice-", "exact")
    choice = pays.first if pays.count() else visible(table, "alhambra-choice-", "pay").first
    after(table, choice.click)


def build_or_give(table, give):
    """While placing: give the tile in hand to Dirk, or build it on a green cell."""
    gift = visible(table, "alhambra-choice-", "to Dirk")
    if give and gift.count():
        after(table, gift.first.click)
        return True
    green = table.locator("[class*='alhambra-cell-']:visible", has_text=re.compile(r"^\+$"))
    if green.count():
        after(table, green.first.click)
    else:
        after(table, visible(table, "alhambra-choice-", "reserve").first.click)
    return False


def take_money(table):
    after(table, table.locator(".alhambra-card-0").click)
    after(table, visible(table, "alhambra-choice-", "take").first.click)


def test_new_game_from_the_panel_undo_and_a_whole_game_with_dirk_by_clicks(web, voila_app):
    web.page.set_viewport_size(LAPTOP)
    table = open_notebook(web, voila_app, "06_play", "alhambra-game-table")
    status = table.locator(".alhambra-status")
    expect(status).to_contain_text("your turn")  # the learner arrives at their own turn
    web.shot("first_turn")
    # The hint: the strong search bot's three best moves, the best one's next click marked.
    message = table.locator(".alhambra-message")
    after(table, table.locator(".alhambra-hint").click)
    expect(message).to_contain_text("3 best moves")
    expect(message).to_contain_text("3. ")
    expect(message).to_contain_text("win chance")
    expect(table.locator(".alhambra-hinted")).to_have_count(1)
    expect(table.locator(".alhambra-hint")).to_be_enabled()
    web.shot("hint")

    # A new game from the panel: two players, so Dirk joins.
    table.locator(".alhambra-new-game-button").click()
    panel = table.locator(".alhambra-new-game")
    expect(panel).to_be_visible()
    type_number(panel.locator(".alhambra-players"), 2)
    expect(panel).to_contain_text("Dirk joins")
    type_number(panel.locator(".alhambra-seed"), 5)
    web.shot("new_game_panel")
    after(table, panel.locator(".alhambra-start").click)
    expect(table.locator(".alhambra-message")).to_contain_text("2 players")
    expect(panel).to_be_hidden()
    expect(table.locator(".alhambra-others")).to_contain_text("Dirk")
    expect(status).to_contain_text("your turn")
    web.shot("new_game")

    undone = gifts = moves = 0
    while "Game over" not in status.inner_text():
        moves += 1
        assert moves < MAX_MOVES, status.inner_text()
        text = status.inner_text()
        if "Build the tiles" in text or "build the last" in text:
            gifts += build_or_give(table, give=gifts == 0)
            if moves in (2, 30):
                web.shot(f"built_{moves}")
            continue
        square = affordable_square(table)
        if square is not None:
            market = table.locator(f".alhambra-square-{square}").inner_text()
            buy(table, square)
            if not undone:
                # Nothing was revealed by the purchase: it may be taken back.
                web.shot("bought")
                undo = table.locator(".alhambra-undo")
                expect(undo).to_be_enabled()
                after(table, undo.click)
                expect(table.locator(f".alhambra-square-{square}")).to_have_text(market)
                expect(table.locator(".alhambra-message")).to_contain_text("Taken back")
                web.shot("undone")
                undone = 1
                buy(table, square)
            continue
        end = visible(table, "alhambra-choice-", "end your turn")
        if end.count():
            after(table, end.first.click)
        else:
            take_money(table)
    web.shot("game_over")
    assert undone and gifts
    expect(status).to_contain_text(re.compile(r"You win|wins"))
    expect(table.locator(".alhambra-scoring")).to_contain_text("round 3")
    assert web.outside == []
