"""The card modules' shared drawing, a row of cards per player (`_rows`); each module's
pieces are drawn in ``alhambra_lib/draw/modules/<name>.py``:

* City Walls (RULES.md §M9): the sticks on the tiles, wooden bars just inside their
  side, distinct from the printed dark walls (`board.sticks_layer`) and counted as
  walls; off the boards, the wall cards lying beside the market and the sticks left.
* City Gates (§M5): each gate on the double wall it opens; off the boards, the gate card
  beside the display and the gate cards each player holds (taken in the open).
* Characters (§M7): each player's characters face up, the Wise Man's type chosen at
  the last scoring, an auction under way; a provisional (experimental) card says so.
* Thieves (§M10): the viewer's own thief cards face up by currency, the others' face
  down (their number only), and the thieves played.
* Change (§M11): the coins in the bag (their number) and each player's coins.

Diamonds (§M6), master builders (§M14) and exchange cards (§M2) are cards only: their
faces (`alhambra_lib.draw.cards`) show on the display and in a hand.

Examples
--------
>>> from alhambra_lib import Game
>>> from alhambra_lib.draw import artist, draw_module
>>> g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("thieves",))
>>> ax = draw_module(g.view("Ana"), "thieves")
>>> artist(ax, "thief_card_currencies").texts[:4]
('dirham\\nthief', 'ducat\\nthief', 'florin\\nthief', 'florin\\nthief')
>>> artist(ax, "thief_card_values").texts[4:]
('?', '?', '?', '?', '?', '?', '?', '?')
"""

from __future__ import annotations

from ..narrate import player_text
from .cards import CARD_W, place_cards
from .figure import _AXIS_TEXT, LabelCollection
from .pieces import _panel

__all__: list[str] = []  # everything here is reached through MODULE_PIECES

_GATE_EDGE = "#6d4c41"  # the wooden gate: an opening framed in wood (§M5)
_ROW = 1.45  # a player's row of cards, bottom to bottom
# A row: the name right-aligned, then its cards (`CARD_W` wide) with a gap between.
_NAME_X, _FIRST_X, _STEP = 1.4, 1.6, CARD_W + 0.2


def _rows(ax, rows, prefix, title, min_cards=3):
    """One row per player, ``[(player, cards or faces, note)]``: the name, the cards, a
    note after them; framed as a panel titled `title`."""
    placed, names, notes = [], [], []
    widest = max([len(cards) for _, cards, _ in rows] + [min_cards])
    for i, (player, cards, note) in enumerate(rows):
        y = (len(rows) - 1 - i) * _ROW
        placed += [((_FIRST_X + j * _STEP, y), card) for j, card in enumerate(cards)]
        names.append(((_NAME_X, y + 0.6), player_text(player), _AXIS_TEXT))
        if note:
            notes.append(((_FIRST_X + len(cards) * _STEP, y + 0.6), note, _AXIS_TEXT))
    place_cards(ax, placed, prefix)
    LabelCollection(ax, names, 8, False, f"{prefix}players", align="right")
    LabelCollection(ax, notes, 7, False, f"{prefix}notes", align="left").set_clip_on(False)
    _panel(ax, title, _FIRST_X + widest * _STEP + 2.2, len(rows) * _ROW - 0.15)


