"""Characters (RULES.md §M7): each player's characters face up, an auction under way.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from dataclasses import replace

from ..card_pieces import _rows
from ..cards import card_face
from ..pieces import register_pieces

__all__: list[str] = []  # reached through MODULE_PIECES


def _character_note(card, wise_man):
    note = card.title
    if card.id == "wise_man" and wise_man is not None:
        note += f": half a {wise_man}"
    return note + (" (provisional)" if card.provisional else "")


def _character_face(card):
    """The card's face labelled with its title's initials (The City Watch: CW): the note
    beside it names the card in full, a title being too long for a card drawn this small."""
    initials = "".join(w[0] for w in card.title.removeprefix("The ").split())
    return replace(card_face(card), label=initials)


def _characters_table(ax, seen):
    """Each player's characters face up; the auction under way, the cards out."""
    part = seen.part("characters")
    rows = []
    for player, cards in part["owned"].items():
        note = " · ".join(_character_note(c, part["wise_man"]) for c in cards)
        rows.append((player, [_character_face(c) for c in cards], note or "no character"))
    auction = part["auction"]
    if auction is not None:
        high = auction["high"]
        bid = "no bid yet" if high is None else f"high bid {high[1]} by {high[0]}"
        rows.append(("auction", [_character_face(auction["card"])],
                     _character_note(auction["card"], None)
                     + f": {bid}"))
    title = (f"Characters (M7): owned face up · {len(part['out'])} out, {part['box']} in the "
             "box")
    _rows(ax, rows, "character_", title, min_cards=1)


register_pieces("characters", table=_characters_table)
