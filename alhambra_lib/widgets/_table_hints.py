"""The GameTable's hint: the move a GreedyBot would make in your seat, pointed at.

A mixin of `~alhambra_lib.widgets.GameTable`: its clicks but the last are made for you,
and the button of the last wears the class ``alhambra-hinted``.

Examples
--------
>>> from alhambra_lib.widgets import GameTable
>>> table = GameTable()
>>> table.hint()
>>> table.hinted, table.message.value
(('choice', 0), 'A GreedyBot would pay 6 for the 4-seraglio.')
"""

from __future__ import annotations

from html import escape

from ._board import HINTED
from .table_model import SIDE_KINDS
from .table_text import choice_text

__all__ = ["TableHints"]


class TableHints:
    """The hint and the marking of its button (a mixin of the GameTable)."""

    def suggest(self):
        """The move suggested to you now: the one place a stronger adviser plugs in."""
        return self._adviser.choose(self.game.view(self.you), self.game.legal_actions())

    def hint(self) -> None:
        """Say (and point at) the move the adviser would make in your seat: its clicks
        but the last are made for you, the last is ringed (or its choice offered)."""
        if self._not_your_turn():
            return
        choice = self.suggest()
        path = self.click_path(choice)
        self._new_selection()
        for kind, key in path[:-1]:
            self.selection.click(self.selection.piece(kind, key))
        kind, key = self.hinted = path[-1]  # the widget of the next click is marked
        self._hint_cell = key if kind == "cell" else None  # ringed on the board
        said = choice_text(choice, self.game.decision.kind)
        pos = getattr(choice, "pos", None)
        if pos is not None and str(pos) not in said:
            said += f" at {pos}"
        where = ("" if kind == "choice" else " (ringed in yellow)" if kind == "cell"
                 else f": click {self._piece_name(kind, key)}")
        self.message.value = escape(f"A GreedyBot would {said}{where}.")
        self._refresh()

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
            (cell, side), what = key, "double wall" if kind == "double_wall" else "side"
            return f"the {what} on the {side} side of {cell} (the thin strip)"
        piece = self.selection.piece(kind, key)
        return f"the {kind.replace('_', ' ')} {piece[1] if piece else key}"
