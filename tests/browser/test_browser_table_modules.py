"""A game with all 16 Mega Box modules played in the app (Voila) by clicks alone.

The game starts from 06's new-game panel (three players, seed 5, every module ticked).
Each move is clicks on what the page shows: the hint marks the button of the next click
(``alhambra-hinted``), and the moves the adviser would not make are clicked on their
pieces (a wall card, then the side of a tile where its sticks go; a master builder among
your cards; the gate card beside the display; the least bid for a character). A placement through a gate is a click on
the double wall it goes through, drawn along the side of the cell (the hint's click).
The game goes on until every module's move has been made once (`MODULE_MOVES`), told in
the table's own sentences.
"""

from __future__ import annotations

import re

import pytest
from test_browser_app import expect, open_notebook, type_number
from test_browser_table import LAPTOP, after, visible

from alhambra_lib.widgets._new_game import HINT_LEVELS

pytestmark = pytest.mark.browser

#: The sentence the table says after each module move of yours (its message).
MODULE_MOVES = {
    "set_merchant": "You put three citizens",
    "place_merchant": "You put the merchant's disc",
    "citizens": re.compile(r"You (take a \w+ citizen|swap the|keep the citizens)"),
    "master_builder": "(master builder) for a redesign",
    "steal": "You play a thief and steal",
    "vizier": "You call on the vizier, who buys",
    "buy_chests": "You buy the chests of room",
    "place_chest": re.compile(r"You put an? \w+ chest on"),
    "take_hut": re.compile(r"You take the \w+ hut"),
    "bid": "You bid",
    "wake": "You wake the vizier",
    "build_wall": "You take the wall card",
    "buy_bazaar": re.compile(r"You buy the \w+ bazaar"),
    "gate": "through a gate",
}
#: Far more clicks than the seeded game needs (about 190).
MAX_CLICKS = 600


def _said(message, pattern):
    return (pattern.search(message) if isinstance(pattern, re.Pattern)
            else pattern in message)


def _turn(status):
    found = re.search(r"Turn (\d+)", status)
    return found and found.group(1)


def _sides_of_first_marked(table):
    """The side buttons of the first tile marked ◆ (a wall card's sticks may go on it)."""
    marked = table.locator("[class*='alhambra-cell-']:visible", has_text=re.compile("◆$"))
    if not marked.count():
        return marked
    cell = re.search(r"alhambra-cell-(\S+)", marked.first.get_attribute("class")).group(1)
    return table.locator(f"[class*='alhambra-side-{cell}-']:visible")


def _special_move(web, table, tried, turn):
    """A module move the adviser would not make, clicked on its pieces; False if none."""
    bids = table.locator("[class*='alhambra-bid-']:visible")  # least first
    if bids.count() and ("bid", turn) not in tried:
        # An auction's status says whose bid, not "your turn": the bid is clicked here.
        tried.add(("bid", turn))
        after(table, bids.first.click)
        offered = table.locator("[class*='alhambra-choice-']:visible")
        if offered.count():  # the ways to pay the bid
            after(table, offered.first.click)
        return True
    status = table.locator(".alhambra-status").inner_text()
    if "your turn" not in status:
        return False
    steps = [  # (name, the piece, the next: the side of a tile or a choice's words)
        ("wall", table.locator("[class*='alhambra-wall_card-']:visible"),
         lambda: _sides_of_first_marked(table)),
        ("builder", table.locator("[class*='alhambra-money-'][title*='master builder']:visible"),
         lambda: visible(table, "alhambra-choice-", "play the master builder")),
        ("gate", table.locator(".alhambra-gate_card-0:visible"),
         lambda: visible(table, "alhambra-choice-", "take")),
        # A bazaar beside the market, bought when the hand pays it (the quick hints of
        # this test seldom do): the ways to pay it are offered as choices.
        ("bazaar", table.locator(".alhambra-pieces-beside [class*='alhambra-bazaar-']:visible"),
         lambda: visible(table, "alhambra-choice-", "bazaar")),
    ]
    for name, piece, then in steps:
        if piece.count() and (name, turn) not in tried:
            tried.add((name, turn))  # once a turn: it may lead nowhere
            after(table, piece.first.click)
            if name == "wall" and then().count() and "wall_sides" not in tried:
                tried.add("wall_sides")
                web.shot("wall_sides")  # the sides its sticks may go on, thin strips
            if then().count():
                after(table, then().first.click)
                return True
    return False


def test_a_game_with_all_16_modules_by_clicks_makes_every_module_move(web, voila_app):
    web.page.set_viewport_size(LAPTOP)
    table = open_notebook(web, voila_app, "06_play", "alhambra-game-table")
    status, message = table.locator(".alhambra-status"), table.locator(".alhambra-message")
    expect(status).to_contain_text("your turn")

    table.locator(".alhambra-new-game-button").click()
    panel = table.locator(".alhambra-new-game")
    type_number(panel.locator(".alhambra-players"), 3)
    type_number(panel.locator(".alhambra-seed"), 5)
    boxes = panel.locator("input[type='checkbox']")
    for i in range(16):  # the 16 modules come first, their options after
        boxes.nth(i).check()
    # The quickest hints: the test clicks the hint at nearly every step.
    panel.locator(".alhambra-hints select").select_option(label=HINT_LEVELS["easy"])
    web.shot("all_16_modules_chosen")
    after(table, panel.locator(".alhambra-start").click)
    expect(message).to_contain_text("Bazaars")
    expect(status).to_contain_text("Street Merchant")  # the disc is set before turn 1
    web.shot("merchant_setup")

    made, tried, clicks = set(), set(), 0
    while set(MODULE_MOVES) - made:
        assert clicks < MAX_CLICKS and "Game over" not in status.inner_text(), (
            set(MODULE_MOVES) - made)
        if not _special_move(web, table, tried, _turn(status.inner_text())):
            after(table, table.locator(".alhambra-hint").click)
            hinted = table.locator(".alhambra-hinted")
            expect(hinted).to_have_count(1)
            if "alhambra-double_wall-" in (hinted.get_attribute("class") or ""):
                web.shot("double_wall")  # the gate's double wall, drawn on the cell's side
            after(table, hinted.click)
        clicks += 2
        said = message.inner_text()
        for move, pattern in MODULE_MOVES.items():
            if move not in made and _said(said, pattern):
                made.add(move)
                web.shot(move)
    # Each player's pieces drawn under your Alhambra: a vizier token each, the rest.
    pieces = table.locator(".alhambra-pieces-players")
    pieces.scroll_into_view_if_needed()
    expect(pieces.locator("[class*='alhambra-vizier-']")).to_have_count(3)
    web.shot("pieces_panel")
    assert web.outside == []
