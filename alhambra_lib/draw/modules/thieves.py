"""Thieves (RULES.md §M10): the viewer's thieves face up, the others' face down.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from ...i18n import _
from ...narrate import term
from ...palette import CURRENCY_COLOURS
from ..card_pieces import _rows
from ..cards import CARD_BACK, CardFace
from ..pieces import register_pieces

__all__: list[str] = []  # reached through MODULE_PIECES


def _thief_face(currency):
    return CardFace(CURRENCY_COLOURS[currency], "T",
                    _("{currency}\nthief").format(currency=term(currency)))


def _thieves_table(ax, seen):
    """The viewer's thieves face up by currency, the others' face down; those played."""
    part = seen.part("thieves")
    rows = []
    for player, count in part["counts"].items():
        own = seen.secrets and player == seen.view.player
        cards = [_thief_face(c) for c in part["hand"]] if own else [CARD_BACK] * count
        rows.append((player, cards, "" if count else _("no thief left")))
    title = _("Thieves (M10): {played} played, {removed} removed unseen").format(
        played=len(part["played"]), removed=part["removed"])
    _rows(ax, rows, "thief_", title, min_cards=4)


register_pieces("thieves", table=_thieves_table)
