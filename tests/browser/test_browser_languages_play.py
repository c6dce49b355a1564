"""Issue 33.5 in a real browser, in French and in Korean: a whole game played by clicks on
the translated play page (notebooks/<lang>/06_play) from its first turn to the final
scores, and a score sheet kept by clicks in the translated keeper (07) through a round,
with no English word shown and no word cut off or run into another; then, with every
module in play, the table and the keeper in French, Korean and Danish, their words
measured on the page (`_layout`). Screenshots in tests/screenshots/<test>/.

The table is read and clicked in the player's language: the words the tests look for are
the catalog's (`words`), the pieces are found by their CSS classes.
"""

from __future__ import annotations

import re

import pytest
from _i18n_helpers import english_left
from _layout import assert_words_fit
from test_browser_app import drawing, expect, first_widget, redrawn, table, type_number
from test_browser_table import after, visible

from alhambra_lib import KINDS, i18n
from alhambra_lib.score_sheet import csv_column_text
from alhambra_lib.scoring import score_majorities
from alhambra_lib.widgets._common import css_class
from alhambra_lib.widgets._new_game import bot_label

pytestmark = pytest.mark.browser

#: A two-player game (Dirk joins) is fewer clicks than this.
MAX_MOVES = 400
#: The player's names on the sheet kept by clicks: accents and Hangul.
SHEET_PLAYERS = ("Amélie", "민준", "Søren")


def said(code, message):
    """`message` as the app says it in `code`."""
    previous = i18n.language()
    i18n.set_language(code)
    try:
        return i18n._(message)
    finally:
        i18n.set_language(previous)


def words(code, message):
    """`message` in `code` as a pattern: any text in place of its {placeholders}."""
    pieces = re.split(r"\{[^}]*\}", said(code, message))
    return re.compile(".*?".join(map(re.escape, pieces)), re.S)


#: What a player is asked while building the tiles bought (or the last ones).
PLACING = ("Turn {turn}: Build the tiles you bought. Click a green cell for the tile in hand, "
           "or put it in your reserve or give it to Dirk.",
           "Turn {turn}: Build the tiles you bought. Click a green cell for the tile in hand, "
           "or put it in your reserve.",
           "Turn {turn}: The game has ended: build the last market tiles you received. Click "
           "a green cell for the tile in hand, or put it in your reserve or give it to Dirk.",
           "Turn {turn}: The game has ended: build the last market tiles you received. Click "
           "a green cell for the tile in hand, or put it in your reserve.")


#: What a player is asked at the start of a turn.
YOUR_TURN = ("Turn {turn}, your turn: take money (click a card of the display), buy a tile "
             "(click a market square) or redesign (click your reserve or your tiles).")


#: The bots' seats at the table 06 opens with ("Greedy 1", "Greedy 2"): names.
FIRST_SEATS = "Greedy"


def seat_name(code, bot="greedy"):
    """The name of the seats of `bot` that the new-game panel seats in `code` ("Glouton 1"
    in French, from the bot's label)."""
    previous = i18n.language()
    i18n.set_language(code)
    try:
        return bot_label(bot).split()[0]
    finally:
        i18n.set_language(previous)


def no_english(code, text):
    """No English word of the app's messages in `text` (each named with its line), the
    bots' seat names aside."""
    lines = text.replace(FIRST_SEATS, "").replace(seat_name(code), "").splitlines()
    left = {word: line[:80] for line in lines for word in english_left(code, [line])}
    assert left == {}, "\n".join(f"{w}: {l}" for w, l in left.items())


class Player:
    """Plays the table in `code` by clicks, as the English test_browser_table does."""

    def __init__(self, code, table):
        self.table = table
        self.placing = [words(code, m) for m in PLACING]
        self.affordable = (said(code, "★ exact"), said(code, "you can pay"))
        self.reserve = words(code, "put the {tile} in your reserve")
        self.end = said(code, "end your turn")
        self.over = words(code, "Game over. {winners}! ({scores})")

    def is_placing(self, status):
        return any(p.search(status) for p in self.placing)

    def square(self):
        """A market square you can pay (an exact one first), or None."""
        for mark in self.affordable:
            for square in range(1, 5):
                if mark in self.table.locator(f".alhambra-square-note-{square}").inner_text():
                    return square
        return None

    def buy(self, square):
        """Click `square`, then the exact payment offered (green), else the first one."""
        table = self.table
        after(table, table.locator(f".alhambra-square-{square}").click)
        exact = table.locator("[class*='alhambra-choice-'].mod-success:visible")
        after(table, (exact if exact.count() else visible(table, "alhambra-choice-")).first.click)

    def build_or_give(self, give):
        """Give the tile in hand to Dirk (the amber choice), or build it on a green cell,
        else put it in the reserve. True if given."""
        table = self.table
        gift = table.locator("[class*='alhambra-choice-'].mod-warning:visible")
        if give and gift.count():
            after(table, gift.first.click)
            return True
        green = table.locator("[class*='alhambra-cell-']:visible", has_text=re.compile(r"^\+$"))
        if green.count():
            after(table, green.first.click)
        else:
            after(table, visible(table, "alhambra-choice-", self.reserve).first.click)
        return False

    def move(self, gifts):
        """One move of yours; returns the gifts to Dirk so far."""
        table = self.table
        if self.is_placing(table.locator(".alhambra-status").inner_text()):
            return gifts + self.build_or_give(give=not gifts)
        square = self.square()
        end = visible(table, "alhambra-choice-", self.end)
        if square is not None:
            self.buy(square)
        elif end.count():
            after(table, end.first.click)
        else:  # take the first card of the display, the first way offered
            after(table, table.locator(".alhambra-card-0").click)
            after(table, visible(table, "alhambra-choice-").first.click)
        return gifts


@pytest.mark.parametrize("code", ["fr", "ko"])
def test_a_whole_game_played_by_clicks_in_the_language(web, voila_app, code):
    web.page.goto(f"{voila_app}voila/render/{code}/06_play.ipynb?lang={code}")
    table = first_widget(web, "alhambra-game-table")
    status = table.locator(".alhambra-status")
    expect(status).to_have_text(words(code, YOUR_TURN))
    no_english(code, table.inner_text())
    web.shot(f"play_page_{code}")
    assert_words_fit(table)

    # A new game of two (Dirk joins) from the panel: its words, then the whole game.
    table.locator(".alhambra-new-game-button").click()
    panel = table.locator(".alhambra-new-game")
    type_number(panel.locator(".alhambra-players"), 2)
    type_number(panel.locator(".alhambra-seed"), 5)
    expect(panel).to_contain_text("Dirk")
    no_english(code, panel.inner_text())
    web.shot(f"new_game_panel_{code}")
    assert_words_fit(panel)
    after(table, panel.locator(".alhambra-start").click)
    expect(panel).to_be_hidden()
    expect(table.locator(".alhambra-others")).to_contain_text("Dirk")

    player = Player(code, table)
    moves = gifts = 0
    while not player.over.search(status.inner_text()):
        moves += 1
        assert moves < MAX_MOVES, status.inner_text()
        gifts = player.move(gifts)
        if moves % 25 == 0:  # along the way: the table's words, and how they fit
            no_english(code, table.inner_text())
            web.shot(f"move_{moves}_{code}")
            assert_words_fit(table)
    assert gifts == 1
    scoring = table.locator(".alhambra-scoring")
    expect(scoring).to_contain_text(said(code, "round {n}").format(n=3))
    table.evaluate("el => el.scrollIntoView()")
    web.shot(f"game_over_{code}")  # the status: who wins, the final scores
    scoring.scroll_into_view_if_needed()
    web.shot(f"final_scores_{code}")
    no_english(code, table.inner_text())
    assert_words_fit(table)
    assert web.outside == []


def column(code, name):
    """The heading of the totals' column of CSV column `name` in `code`."""
    previous = i18n.language()
    i18n.set_language(code)
    try:
        return csv_column_text(name)
    finally:
        i18n.set_language(previous)


def new_sheet_for(code, keeper, names):
    """Type `names` and press new sheet twice (once the sheet holds rounds, the first press
    only warns), until the keeper says the new sheet."""
    keeper.locator("input[type='text']").first.fill(names)
    press = keeper.get_by_role("button", name=said(code, "new sheet"), exact=True)
    message = keeper.locator(".alhambra-message")
    press.click()
    expect(message).to_contain_text(said(code, "new sheet"))
    press.click()
    expect(message).to_have_text(re.compile("|".join(
        words(code, m).pattern for m in ("new sheet for {players}",
                                          "new sheet for {players}, with {modules}")), re.S))


def expected_totals(counts, walls, before=None):
    """``{player: total}`` after a round 1 of `counts` and `walls`, as the library scores."""
    points = score_majorities(counts, 1)
    return {p: (before or {}).get(p, 0) + points[p] + walls[p] for p in walls}


@pytest.mark.parametrize("code", ["fr", "ko"])
def test_a_score_sheet_kept_by_clicks_in_the_language(web, voila_app, code):
    web.page.goto(f"{voila_app}voila/render/{code}/07_scorekeeper.ipynb?lang={code}")
    keeper = first_widget(web, "alhambra-score-keeper")
    # A new sheet for three players: pressed twice, the example sheet holds a round.
    new_sheet_for(code, keeper, ", ".join(SHEET_PLAYERS))
    message, summary = keeper.locator(".alhambra-message"), keeper.locator(".alhambra-summary")
    expect(summary).to_contain_text(SHEET_PLAYERS[1])
    track = keeper.locator(".alhambra-score-track")
    empty_track = drawing(track)

    # Round 1, typed in box by box: a tower each (one more for each next player), walls.
    counts = {p: dict.fromkeys(KINDS, 0) for p in SHEET_PLAYERS}
    walls = {}
    for i, player in enumerate(SHEET_PLAYERS):
        counts[player]["tower"] = i + 1
        counts[player]["chambers"] = 2 - i if i < 2 else 0
        walls[player] = 3 * i + 2
        for kind in ("tower", "chambers"):
            type_number(keeper.locator(f".{css_class('count', player, kind)}"),
                        counts[player][kind])
        type_number(keeper.locator(f".{css_class('wall', player)}"), walls[player])
    web.shot(f"round_typed_{code}")
    assert_words_fit(keeper)
    keeper.locator(".alhambra-score-round").click()
    expect(message).to_have_text(words(code, "round {n} scored; totals: {totals}"))
    totals = keeper.locator(".alhambra-totals")
    expect(totals.locator("tbody tr")).to_have_count(len(SHEET_PLAYERS))
    player, total = column(code, "player"), column(code, "total")
    shown = {row[player]: int(row[total]) for row in table(totals)}
    assert shown == expected_totals(counts, walls)
    leader = max(shown, key=shown.get)
    expect(summary).to_contain_text(leader)
    redrawn(track, empty_track)  # the score track with the round's bars
    keeper.scroll_into_view_if_needed()
    web.shot(f"round_scored_{code}")
    no_english(code, keeper.inner_text())
    assert_words_fit(keeper)
    assert web.outside == []


@pytest.mark.parametrize("code", ["fr", "ko", "da"])
def test_with_every_module_no_word_is_cut_or_overlaps_in_the_language(web, voila_app, code):
    # The keeper with all its tabs (a module each), each tab's boxes measured.
    web.page.goto(f"{voila_app}voila/render/{code}/07_scorekeeper.ipynb?lang={code}")
    keeper = first_widget(web, "alhambra-score-keeper")
    for toggle in keeper.locator("[class*='alhambra-module-']").all():
        toggle.click()
    new_sheet_for(code, keeper, "Ana, Bartholomew")
    tabs = keeper.locator(".lm-TabBar-tab")
    expect(tabs).to_have_count(9)
    for i in range(tabs.count()):
        tabs.nth(i).click()
        expect(tabs.nth(i)).to_have_class(re.compile("lm-mod-current"))
        assert_words_fit(keeper)
    web.shot(f"keeper_modules_{code}")

    # The table with the 16 modules' pieces.
    web.page.goto(f"{voila_app}voila/render/{code}/06_play.ipynb?lang={code}")
    table_widget = first_widget(web, "alhambra-game-table")
    table_widget.locator(".alhambra-new-game-button").click()
    panel = table_widget.locator(".alhambra-new-game")
    boxes = panel.locator("input[type='checkbox']")
    for i in range(16):  # the 16 modules come first, their options after
        boxes.nth(i).check()
    assert_words_fit(panel)
    web.shot(f"panel_modules_{code}")
    after(table_widget, panel.locator(".alhambra-start").click)
    expect(table_widget.locator(".alhambra-pieces-players")).to_be_visible()
    web.shot(f"table_modules_{code}")
    assert_words_fit(table_widget)
    assert web.outside == []
