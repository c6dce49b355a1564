"""Bonus Cards (RULES.md §M3): shown face up, the others face down.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from ...i18n import _
from ...modules.bonus_cards import BonusCard
from ...narrate import player_text, short_term
from ...palette import KIND_COLOURS
from ..card_pieces import _ROW, _STEP
from ..cards import CARD_BACK, CardFace, place_cards, register_card_face
from ..figure import _AXIS_TEXT, LabelCollection, _text_colour
from ..pieces import _panel, register_pieces

__all__: list[str] = []  # reached through MODULE_PIECES


def _bonus_face(card):
    colour = KIND_COLOURS[card.tile.kind]
    return CardFace(colour, str(card.tile.price), short_term(card.tile.kind), _text_colour(colour))


register_card_face(BonusCard, _bonus_face)


def _bonus_cards_table(ax, seen):
    """Per player: the bonus cards shown at a scoring face up, the others face down (the
    viewer's own all face up)."""
    part = seen.part("bonus_cards")
    placed, names = [], []
    players = list(part["hand_sizes"])
    rows = min(len(players), 3)  # more players: side by side, three to a column
    block = 1.6 + max(part["hand_sizes"].values(), default=1) * _STEP + 0.3
    for i, player in enumerate(players):
        x, y = (i // rows) * block, (rows - 1 - i % rows) * _ROW
        shown = list(part["shown"][player])
        if seen.secrets and player == seen.view.player:
            shown = list(part["hand"])
        faces = shown + [CARD_BACK] * (part["hand_sizes"][player] - len(shown))
        placed += [((x + 1.6 + j * _STEP, y), f) for j, f in enumerate(faces)]
        names.append(((x + 1.4, y + 0.6), player_text(player), _AXIS_TEXT))
    place_cards(ax, placed, "bonus_")
    LabelCollection(ax, names, 8, False, "bonus_players", align="right")
    _panel(ax, _("Bonus Cards (M3): shown / face down"),
           max(-(-len(players) // rows) * block - 0.3, 1.6 + 3 * _STEP), rows * _ROW - 0.15)


register_pieces("bonus_cards", table=_bonus_cards_table)
