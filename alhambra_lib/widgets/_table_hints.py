"""The GameTable's hint: the search bot's best moves in your seat, the best pointed at.

A mixin of `~alhambra_lib.widgets.GameTable`, showing its session's hint
(`~alhambra_lib.table.TableSession.hint`): the clicks of the best move but the last are
made for you, and the button of the last wears the class ``alhambra-hinted``. The hint
names the search that advises: the master where the compiled core is in use and plays
the game, else the strong one (`~alhambra_lib.table.session.hint_level`; in a game whose
rules the master does not play, the literal hole rule's, it says so). Below, the search's three best
moves in words, best first by what it ranks them by (the margin it expects over your
rivals), with your chance to win (how often such positions were won in self-play of
that level's search, `~alhambra_lib.bots.search.calibrated_win_chance`) and, for the
master, the sampled games it tried each in; in every game, Mega Box modules included,
where the hint says the chance was not measured
(`~alhambra_lib.bots.search.calibration_gap`) and why a move ranked lower may show a
higher chance (`~alhambra_lib.widgets.table_text.analysis_lines`). The new-game panel
chooses the search's level for the hints (``hints``: the master or strong by default;
quicker ones for a slow machine). Another adviser (``GameTable(hint_bot=...)``) without
``analyse`` gives its single move, with no expectation.

Examples
--------
>>> from alhambra_lib.widgets import GameTable
>>> from alhambra_lib.bots import SearchBot
>>> table = GameTable(hint_bot=SearchBot("strong", seed=0))
>>> table.hint()
>>> table.hinted
('choice', 0)
>>> print(table.message.value.replace("<br>", "\\n"))  # doctest: +NORMALIZE_WHITESPACE
The strong search bot would pay 6 denar for the 4-seraglio (its button is outlined in
blue). Its 3 best moves, best first by the points it expects you to finish ahead of your
rivals:
1. pay 6 denar for the 4-seraglio: you finish about 9 points ahead of your rivals, win
chance 38 %
2. take 8 florin: you finish about 8 points ahead of your rivals, win chance 38 %
3. take 1 denar: you finish about 7 points ahead of your rivals, win chance 36 %
The win chance is how often positions like these were won in self-play of the strong
search.
"""

from __future__ import annotations

from html import escape

from ..bots.search import calibration_gap
from ..i18n import N_, _
from ..narrate import sides_text
from ..table.clicks import SIDE_KINDS
from ..table.session import HINT_MOVES
from ._board import HINT_COLOUR_NAME, HINTED
from .table_text import analysis_lines, choice_text

__all__ = ["TableHints", "HINT_MOVES", "THINKING", "MASTER_STANDS_DOWN"]

#: The hint button's words while the adviser thinks (the strong search takes up to a second).
THINKING = N_("thinking…")
#: The adviser's name by the search's level (`alhambra_lib.bots.search.LEVELS`).
_ADVISERS = {"easy": N_("The easy search bot"), "medium": N_("The medium search bot"),
             "strong": N_("The strong search bot"), "master": N_("The master search bot")}
#: Why the strong search advises though the compiled core is in use (the literal hole rule).
MASTER_STANDS_DOWN = N_("The master search does not play this game's rules (the single-cell "
                        "hole rule), so the strong search advises.")
#: Where the hint points -> its sentence.
_HINTS = {"choice": N_("{adviser} would {move} (its button is outlined in {colour})."),
          "cell": N_("{adviser} would {move} (the cell is outlined in {colour})."),
          "piece": N_("{adviser} would {move}: click {piece} (outlined in {colour}).")}


#: The pieces a hint may point at, by their kind of click (`alhambra_lib.table.clicks`).
_PIECE_KINDS = {"card": N_("card"), "square": N_("square"), "thief": N_("thief"),
                "wall_card": N_("wall card"), "citizen": N_("citizen"), "hut": N_("hut"),
                "to_place": N_("tile in hand"), "reserve": N_("tile of your reserve"),
                "gate_card": N_("gate card"), "character": N_("character")}


def _piece_kind(kind: str) -> str:
    return _(_PIECE_KINDS[kind]) if kind in _PIECE_KINDS else kind.replace("_", " ")


class TableHints:
    """The hint and the marking of its button (a mixin of the GameTable)."""

    def advise(self) -> tuple:
        """``(move, analysis)``: the adviser's move in your seat now, and its analysis (a list
        of `~alhambra_lib.bots.MoveAnalysis`, best first, whose first is the move), or an
        empty list where the adviser gives a single move without expectations
        (`~alhambra_lib.table.TableSession.advise`)."""
        return self.session.advise()

    def suggest(self):
        """The move suggested to you now (the adviser's best)."""
        return self.advise()[0]

    def hint(self) -> None:
        """Say (and point at) the adviser's move in your seat, with its analysis: the clicks
        but the last are made for you, the last is ringed (or its choice offered)."""
        if self._not_your_turn():
            return
        button, words = self.hint_button, self.hint_button.description
        # Shown while the search runs: the front end gets these before the answer.
        button.disabled, button.description = True, _(THINKING)
        self.message.value = escape(_(THINKING))
        try:
            choice, rows = self.session.hint()
        finally:
            button.disabled, button.description = False, words
        self.message.value = self._hint_words(choice, rows, *self.hinted)
        self._refresh()

    def _hint_words(self, choice, rows, kind, key) -> str:
        """The hint's message (HTML): who suggests what, where to click, the analysis."""
        decision = self.game.decision.kind
        said = choice_text(choice, decision)
        pos = getattr(choice, "pos", None)
        if pos is not None and str(pos) not in said:
            said = _("{move} at {pos}").format(move=said, pos=pos)
        sentence = _HINTS[kind if kind in ("choice", "cell") else "piece"]
        head = _(sentence).format(adviser=self._adviser_name(), move=said,
                                  colour=_(HINT_COLOUR_NAME),
                                  piece=self._piece_name(kind, key) if kind not in
                                  ("choice", "cell") else "")
        if self.session.master_stands_down:
            head += " " + _(MASTER_STANDS_DOWN)
        adviser = self.session.advising
        if rows:
            gap = calibration_gap(len(self.game.players), bool(self.game.modules),
                                  getattr(adviser, "level", "strong"))
            lines = analysis_lines(rows, decision, gap)
            return "<br>".join(escape(line) for line in [head + " " + lines[0], *lines[1:]])
        if hasattr(adviser, "analyse"):  # a position it could not sample
            head += " " + _("(The search could not look ahead here: this is its one-step "
                            "judgement, with no expectation.)")
        return escape(head)

    def _adviser_name(self) -> str:
        adviser = self.session.advising
        level = getattr(adviser, "level", None)
        if level in _ADVISERS:
            return _(_ADVISERS[level])
        return _("A {bot}").format(bot=type(adviser).__name__)

    def _widget_of(self, kind: str, key):
        """The button a click of `kind` on `key` presses."""
        rows = {"choice": self.choice_buttons, "card": self.card_buttons,
                "to_place": self.to_place.buttons, "reserve": self.reserve.buttons}
        if kind in rows:
            return rows[kind][key]
        if kind == "square":
            return self.square_buttons[key - 1]
        if kind in SIDE_KINDS:
            return self.board.side_buttons[kind, key]
        return self.board.buttons[key] if kind == "cell" else self.pieces.buttons[kind, key]

    def _mark_hinted(self) -> None:
        """Only the button the hint points at wears the class ``alhambra-hinted``."""
        if self._hinted_widget is not None:
            self._hinted_widget.remove_class(HINTED)
        self._hinted_widget = None if self.hinted is None else self._widget_of(*self.hinted)
        if self._hinted_widget is not None:
            self._hinted_widget.add_class(HINTED)

    def _piece_name(self, kind: str, key) -> str:
        if kind in SIDE_KINDS:  # a thin button along a side of a cell
            (cell, side) = key
            return (_("the double wall on the {side} side of {cell} (the thin strip)")
                    if kind == "double_wall" else
                    _("the side on the {side} side of {cell} (the thin strip)")).format(
                        side=sides_text(side), cell=cell)
        if kind == "vizier":  # the player's own token, in the pieces panel
            return _("your vizier token (gold when awake)")
        piece = self.selection.piece(kind, key)
        return _("the {piece} {what}").format(piece=_piece_kind(kind),
                                              what=piece[1] if piece else key)
