"""GameTable: play a whole game of Alhambra against bots, by clicking the table.

Click a card of the display to take money, a market square to buy (the payments you
can make are offered, the exact ones marked), a green cell of your Alhambra to build
the tile in hand, one of your tiles or a reserve tile to redesign. The Mega Box
modules' moves are clicks on their pieces too: a hut's pile, a chest's building, the
side of a tile for a wall card's sticks, the double wall a gate goes through...
(`alhambra_lib.table.clicks` says which clicks make which move; the list of every legal
move stays for experts). Undo takes back your own moves as long as nothing new was revealed
since; the new-game panel seats 2 to 6 players against any bots, with any modules; a game is
saved to and loaded from a JSON file.

The table is a view over its `session` (an `alhambra_lib.table.TableSession`, which holds
the game, the seats, what is clicked, undo and the hint, and imports no widget): each click
goes to the session, and the table shows what came of it.

Examples
--------
>>> table = GameTable()
>>> table.game.current_player, table.game.turn
('You', 1)
>>> table.click_card(0)
>>> [b.description for b in table.choice_buttons if b.layout.display != "none"]
['take 1 denar', 'take 3 dirham + 1 denar', 'take 3 florin + 1 denar']
>>> table.click_choice(0)
>>> table.game.current_player, table.game.turn, table.message.value
('You', 4, 'You take 1 denar.')
>>> table.undo_button.disabled  # the display was refilled since: no undo
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..engine.narration import points_text
from ..narrate import tile_count
from ..i18n import N_, _, language
from ..table.clicks import SIDE_KINDS
from ..table.session import TableSession
from ._board import (
    EXCHANGE,
    ILLEGAL,
    LEGAL,
    STYLE,
    TARGET,
    BoardGrid,
    TileRow,
    side_look,
    tile_look,
)
from ._common import KEEP_WORDS, WidgetBase, css_class
from ._new_game import NewGamePanel
from ._table_bots import TableBots
from ._table_choices import ChoicePanel
from ._table_clicks import TableClicks
from ._table_files import TableFiles
from ._table_hints import TableHints
from ._table_market import MarketPanel
from ._table_pieces import PiecesPanel, board_pieces
from ._table_refusals import set_aside_text
from ._table_story import TEXT, TableStory
from .table_text import click_message, reasons_html, status_text

__all__ = ["GameTable"]

_PACES = ((N_("all at once"), "all"), (N_("one by one"), "one"))
#: The width of your money beside the message column: the column keeps the rest of the
#: right side, however many cards you hold late in a game.
MONEY_PX = 190
_TABLE_STYLE = ("<style>.alhambra-game-table .widget-html-content "
                f"{{{TEXT}; padding: 2px 0; {KEEP_WORDS}}}"
                # A long choice ("put the 10-garden on ...") wraps inside the column
                # instead of being cut or running past the edge of the page.
                ".alhambra-game-table .alhambra-choices .jupyter-button {white-space: normal;"
                " height: auto; min-height: 28px; max-width: 100%; text-align: left;"
                " line-height: 1.3; padding: 3px 10px; overflow-wrap: anywhere}"
                "</style>")


def _heading(text: str) -> widgets.HTML:
    """A bold heading over a panel of the table."""
    return widgets.HTML(f"<b>{escape(text)}</b>")


class GameTable(TableClicks, TableFiles, TableHints, TableBots, WidgetBase):
    """You against bots at a table you play by clicking: money, market, your Alhambra.

    Parameters
    ----------
    game : Game, optional
        By default a new game, seed 1, of "You" against two GreedyBots.
    you : str
        Which player you are; the bots play every other seat.
    bots : mapping, optional
        ``{name: bot}`` for the other players; GreedyBots by default.
    hint_bot : bot, optional
        The adviser of **suggest a move**: by default the strong `SearchBot` (seed 0, so
        the same position gets the same hint). A bot with ``analyse`` (a `SearchBot`) also
        shows its three best moves with what it expects of each; any other bot its move.

    Attributes
    ----------
    session : TableSession
        The model the table shows: `game`, `you`, `bots`, `selection` and `hinted` are its.
    game : Game
    board : BoardGrid
        Your Alhambra, one button per cell (``board.buttons[x, y]``): the cells where
        the tile in hand may go are green, the others of the frontier red. Thin side
        buttons (``board.side_buttons[kind, (cell, side)]``) lie along the sides a wall
        card's sticks may go on, and on the double walls a gate may go through.
    square_buttons : list of ipywidgets.Button
        The four market squares; a click offers the payments you can make.
    card_buttons : list of ipywidgets.Button
        The cards of the display; a click offers the ways to take it.
    to_place, reserve : TileRow
        The tiles you must place now, and your reserve; a click takes one in hand.
    choice_buttons : list of ipywidgets.Button
        What you can do with what you clicked (pay so, take so, give to Dirk, end...);
        the first ``len(offered)`` are shown.
    offered : list of Action
        The moves of the shown choice buttons, in order.
    action_picker : ipywidgets.Select
        The legal moves no click reaches (the modules' decisions), in words; with
        `show_all` ticked, every legal move.
    apply_button, undo_button, hint_button, next_button : ipywidgets.Button
        Do the move chosen in the list; take back your last move; let the adviser
        suggest one (it says "thinking…" and is disabled while the adviser thinks); let the
        next bot move (when the bots play one by one).
    pace : ipywidgets.ToggleButtons
        The bots' moves all at once, or one by one.
    always_pass_button : ipywidgets.ToggleButton
        Shown when the vizier or the thieves are in play: pressed, the vizier's and the
        thieves' chances between turns pass for you without asking (the session's
        `always_pass`); pressed again, you are asked again.
    new_game_button : ipywidgets.ToggleButton
        Shows `new_game_panel` (a `NewGamePanel`).
    save_button, load_upload : ipywidgets.Button, ipywidgets.FileUpload
        Save the game as a JSON file (a download link in `download`), load one.
    status, message, money, others, log, scoring : ipywidgets.HTML
        What to do now; what your last click did; your money per currency; the other
        players; the latest events; every scoring round so far.
    scoring_button : ipywidgets.ToggleButton
        Shows `scoring_image` (drawn when asked: a drawing takes half a second).
    scoring_image : ipywidgets.Image
        `alhambra_lib.draw.draw_majorities` of the latest scoring round.
    root : ipywidgets.Box
    """

    def __init__(self, game=None, *, you="You", bots=None, hint_bot=None):
        self._refreshes = 0
        self._hinted_widget = None
        self._make_controls(you)
        self.session = TableSession(game, you=you, bots=bots, adviser=hint_bot,
                                    pace=self.pace.value)
        self._sat()

    game = property(lambda self: self.session.game, doc="The game at the table.")
    you = property(lambda self: self.session.you, doc="Which player you are.")
    bots = property(lambda self: self.session.bots, doc="``{name: bot}`` of the others.")
    selection = property(lambda self: self.session.selection,
                         doc="What is clicked (`alhambra_lib.table.Selection`).")
    hinted = property(lambda self: self.session.hinted,
                      doc="``(kind, key)``: the click the hint points at, or None.")

    # -- building ----------------------------------------------------------------------

    def _make_controls(self, you):
        self.status, self.message = widgets.HTML(), widgets.HTML()
        self.story = TableStory()
        story = self.story
        self.others, self.log, self.scoring = story.others, story.log, story.scoring
        self.scoring_image, self.scoring_button = story.scoring_image, story.scoring_button
        self.mine, self.download = widgets.HTML(), widgets.HTML()
        self.pieces = PiecesPanel(self._click)
        self.board = BoardGrid(self.click_cell, self._click)
        self.to_place = TileRow(self.click_to_place, "to-place")
        self.reserve = TileRow(self.click_reserve, "reserve")
        self.market = MarketPanel(self.click_square, self.click_card)
        market = self.market
        self.square_buttons, self.square_notes = market.square_buttons, market.square_notes
        self.card_buttons, self.display_box = market.card_buttons, market.display_box
        self.money, self.market_box = market.money, market.market_box
        self.choices = ChoicePanel(self.click_choice, self.apply)
        choices = self.choices
        self.choice_buttons, self.choice_box = choices.buttons, choices.box
        self.action_picker, self.show_all = choices.action_picker, choices.show_all
        self.apply_button, self.listed_box = choices.apply_button, choices.listed_box
        self.undo_button = widgets.Button(description=_("undo my last move"), icon="undo")
        self.hint_button = widgets.Button(description=_("suggest a move"))
        self.next_button = widgets.Button(description=_("next bot move"), button_style="info")
        # As wide as their words in another language ("tout d'un coup" is cut at 100 px).
        self.pace = widgets.ToggleButtons(
            options=[(_(label), pace) for label, pace in _PACES],
            style={"button_width": "100px" if language() == "en" else "auto"})
        self.always_pass_button = widgets.ToggleButton(
            description=_("always pass the vizier and thieves"),
            tooltip=_("let every chance of the vizier's purchase or a thief between turns pass "
                      "for you without asking; press again to be asked"))
        self.new_game_button = widgets.ToggleButton(description=_("new game…"))
        self.save_button = widgets.Button(description=_("save"))
        self.load_upload = widgets.FileUpload(accept=".json", multiple=False,
                                              description=_("load"))
        self.new_game_panel = NewGamePanel(you)
        self.new_game_panel.box.layout.display = "none"
        self._wire()
        self._lay_out()

    def _wire(self):
        self.undo_button.on_click(lambda _: self.undo())
        self.hint_button.on_click(lambda _: self.hint())
        self.next_button.on_click(lambda _: self.next_bot_move())
        self.pace.observe(lambda _: self._pace_changed(), "value")
        self.always_pass_button.observe(lambda _: self._always_pass_changed(), "value")
        self.new_game_button.observe(self._toggle_panel, "value")
        self.new_game_panel.start_button.on_click(lambda _: self._start_from_panel())
        self.save_button.on_click(lambda _: self.save())
        self.load_upload.observe(self._uploaded, "value")

    def _lay_out(self):
        for button in (self.undo_button, self.hint_button, self.next_button, self.save_button,
                       self.always_pass_button):
            button.layout.width = "auto"
        self.new_game_button.layout.width = self.load_upload.layout.width = "auto"
        self.message.layout.min_height = "48px"
        tools = widgets.HBox([self.undo_button, self.hint_button, widgets.Label(_("bots play")),
                              self.pace, self.next_button, self.always_pass_button,
                              self.new_game_button, self.save_button, self.load_upload],
                             layout=widgets.Layout(flex_flow="row wrap"))
        hand = widgets.VBox([_heading(_("Tiles in hand")), self.to_place.box,
                             _heading(_("Your reserve")), self.reserve.box],
                            layout=widgets.Layout(min_width="120px"))
        pieces = self.pieces
        left = widgets.VBox([self.mine, widgets.HBox([self.board.grid, hand], layout=widgets.Layout(
            grid_gap="16px", align_items="flex-start")), pieces.supply_box],
            layout=widgets.Layout(flex="0 0 auto", min_width="470px", max_width="560px"))
        top = widgets.HBox([widgets.VBox([_heading(_("Market")), self.market_box]),
                            widgets.VBox([_heading(_("Money display")),
                                          self.display_box])],
                           layout=widgets.Layout(grid_gap="18px"))
        self.money.layout = widgets.Layout(flex=f"0 0 {MONEY_PX}px", width=f"{MONEY_PX}px")
        right = widgets.VBox([top, pieces.beside_box, widgets.HBox([self.money, widgets.VBox(
            [self.message, pieces.auction_box, self.choice_box],
            layout=widgets.Layout(flex="1 1 0", min_width="0"))],
            layout=widgets.Layout(grid_gap="18px")),
            pieces.hand_box, self.listed_box],
            layout=widgets.Layout(width="640px", flex="0 0 auto"))
        self.log.layout.flex = "1 1 360px"

        bottom = widgets.HBox([self.others, self.log], layout=widgets.Layout(
            grid_gap="18px", flex_flow="row wrap"))
        self.root = widgets.VBox([
            widgets.HTML(STYLE + _TABLE_STYLE), self.status, tools, self.download,
            self.new_game_panel.box,
            # Side by side on a laptop; the market and money go below in a narrow notebook.
            widgets.HBox([left, right], layout=widgets.Layout(grid_gap="16px",
                                                              flex_flow="row wrap")),
            bottom, widgets.HBox([widgets.VBox([self.scoring, self.scoring_button]),
                                  self.scoring_image]), self.story.drawing_box])
        for control, name in [(self.root, "game-table"), (self.status, "status"),
                              (self.message, "message"), (self.money, "money"),
                              (self.undo_button, "undo"), (self.next_button, "next"),
                              (self.hint_button, "hint"),
                              (self.always_pass_button, "always-pass"),
                              (self.new_game_button, "new-game-button"),
                              (self.apply_button, "apply"), (self.action_picker, "moves"),
                              (self.log, "log"), (self.others, "others"),
                              (self.choice_box, "choices"),
                              (self.scoring, "scoring")]:
            control.add_class(css_class(name))

    # -- a game ------------------------------------------------------------------------

    def new_game(self, game, bots=None, *, you=None):
        """Sit down at `game` as `you` (by default the same name as before, if it plays).

        Raises
        ------
        ValueError
            If `you` does not play in `game`, or a seat has no bot.
        """
        self.session.sit(game, bots, you=you)
        self._sat()

    def _sat(self) -> None:
        """A new game at the table (the bots have played up to your decision)."""
        self.story.sit(self.game, self.you)
        self._refresh()

    def _marks(self, keys: dict) -> dict:
        """``cell -> LEGAL/ILLEGAL/EXCHANGE/TARGET``: where your next click on the board
        goes, for what is clicked (or in hand), from the selection's `next_keys`."""
        alhambra = self.game.alhambra(self.you)
        tile = self.session.held_tile()
        marks = {cell: ILLEGAL for cell in alhambra.frontier()} if tile is not None else {}
        for cell in keys.get("cell", ()):
            marks[cell] = (LEGAL if cell not in alhambra.layout
                           else EXCHANGE if tile is not None else TARGET)
        return marks

    def click_path(self, action):
        """The clicks that make `action` from a fresh selection: ``(kind, key)`` pairs,
        ``getattr(self, "click_" + kind)(key)`` each (see `alhambra_lib.table.click_path`)."""
        return self.session.click_path(action)

    # -- clicks ------------------------------------------------------------------------

    def _not_your_turn(self):
        waiting = self.session.waiting_for()
        if waiting == "":
            self.message.value = _("The game is over: start a new one with <b>new game…</b>.")
        elif waiting is not None:
            self.message.value = escape(_("{player} is to play: press 'next bot move'.").format(
                player=waiting))
        return waiting is not None

    def _click(self, kind, key):
        """One click on a piece: it joins what is clicked, or makes the move it completes."""
        if self._not_your_turn():
            return
        self._show_click(self.session.click(kind, key))

    def _show_click(self, click) -> None:
        """Say what a click did, and show the table after it."""
        if click.outcome == "nothing":
            self.message.value = escape(_("There is nothing there now."))
            return
        if click.outcome == "refused":
            why = reasons_html(click.refusal.reasons)
            self.message.value = escape(str(click.refusal)) + (f"<ul>{why}</ul>" if why else "")
            return
        if click.outcome == "back":
            self.message.value = escape(_("The tile is back in your reserve."))
        elif click.outcome == "moved":
            self.message.value = escape(" ".join(f"{line[0].upper()}{line[1:]}."
                                                 for line in click.said))
        else:
            self.message.value = click_message(self.game, self.you, self.selection,
                                               click.piece) + self._half_made_note()
        self._refresh()

    def _half_made_note(self) -> str:
        """The half-made move a click set aside, in words (never dropped silently)."""
        note = set_aside_text(self.selection.dropped)
        return f"<br><i>{escape(note)}</i>" if note else ""

    def click_choice(self, index):
        """Press choice button `index` (as a click on it does)."""
        if index < len(self.offered):
            self.apply(self.offered[index])

    # -- moves -------------------------------------------------------------------------

    def apply(self, action=None):
        """Do `action` (by default the one chosen in `action_picker`); the bots answer."""
        action = self.action_picker.value if action is None else action
        if self._not_your_turn():
            return
        if action is None:
            self.message.value = escape(_("Choose a move in the list first."))
            return
        self._show_click(self.session.move(action))

    def _always_pass_changed(self):
        on = self.always_pass_button.value
        if self.session.always_pass == on:
            return
        self.session.set_always_pass(on)
        self.message.value = escape(
            _("Always pass is on: the vizier's and the thieves' chances between turns pass for "
              "you without asking (press it again to be asked).") if on else
            _("Always pass is off: you are asked again when the vizier or a thief could act for "
              "you."))
        self._refresh()

    def undo(self):
        """Take back your last move, if nothing was revealed since."""
        said = self.session.undo()
        if said is None:
            self.message.value = escape(_("Nothing to undo: your last move revealed new cards or "
                                          "tiles, or you have not moved yet this turn."))
            return
        self.message.value = escape(_("Taken back: {moves}.").format(moves="; ".join(said)))
        self._refresh()

    # -- showing -----------------------------------------------------------------------

    def _status_text(self):
        return status_text(self.game, self.you, self.selection.legal)

    def _refresh(self):
        game = self.game
        legal = self.selection.legal
        view = game.view(self.you)  # once per redraw: the board and the pieces read it
        self._show_mine(view)
        self.market.show(game, self.you, legal, self.selection.clicked)
        self.pieces.show(game, self.you, self.selection.clicked, view)
        self.offered = self.selection.offered
        self.choices.show(self.offered, game.decision.kind if not game.is_over else "")
        self.choices.list_actions(legal)
        self.story.said = self.session.said
        self.story.show(game)
        self._mark_hinted()
        self.undo_button.disabled = not self.session.can_undo
        waiting = not game.is_over and game.current_player != self.you
        self.next_button.layout.display = "" if self.pace.value == "one" else "none"
        self.next_button.disabled = not waiting
        self.always_pass_button.layout.display = (
            "" if {"vizier", "thieves"} & set(game.modules) else "none")
        # The status goes last, numbered: once a browser shows the number, it shows all
        # the rest of this refresh too (a widget's messages arrive in order).
        self._refreshes += 1
        self.status.value = (f"<b data-refresh='{self._refreshes}'>"
                             f"{escape(self._status_text())}</b>")

    def _show_mine(self, view):
        game, you = self.game, self.you
        alhambra = game.alhambra(you)
        clicked = self.selection.clicked
        cell = next((p[1] for p in clicked if p[0] == "cell"), self.session.hint_cell)
        pieces = board_pieces(view, you) if game.modules else {}
        keys = self.selection.next_keys()
        # The side buttons a next click may use: where a wall card's sticks go, the double
        # walls a gate goes through.
        sides = {(kind, key): side_look(kind, key) for kind in SIDE_KINDS
                 for key in keys.get(kind, ())}
        self.board.show(alhambra, self._marks(keys), cell, pieces, sides)
        points = points_text(game.scores[you])
        built = len(alhambra) - 1
        fields = {"tiles": tile_count(built),
                  "wall": alhambra.longest_wall(), "points": points}
        said = (_("{tiles}, longest wall {wall}, {points} in the end") if game.is_over
                else _("{tiles}, longest wall {wall}, {points} so far")).format(**fields)
        heading = escape(_("Your Alhambra"))
        self.mine.value = f"<b>{heading}</b>: {escape(said)}"
        held = self.selection.held()
        self.to_place.show([tile_look(t, selected=held == ("to_place", t),
                                      note=_("click to take it in hand"))
                            for t in game.to_place]
                           if game.current_player == you else [])
        self.reserve.show([tile_look(t, selected=held == ("reserve", t),
                                     note=_("click to take it in hand for a redesign"))
                           for t in game.reserve(you)])
