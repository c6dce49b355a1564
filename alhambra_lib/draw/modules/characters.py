"""Characters (RULES.md §M7): each player's characters face up, an auction under way.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from dataclasses import replace

from ...i18n import _, ngettext
from ...narrate import player_text, term
from ..card_pieces import _rows
from ..cards import card_face
from ..pieces import register_pieces

__all__: list[str] = []  # reached through MODULE_PIECES


def _character_note(card, wise_man):
    """The card's title, the Wise Man's type and "(provisional)", in the language."""
    said = {"title": _(card.title), "kind": term(wise_man or "")}
    if card.id == "wise_man" and wise_man is not None:
        note = (_("{title}: half a {kind} (provisional)") if card.provisional
                else _("{title}: half a {kind}"))
    else:
        note = _("{title} (provisional)") if card.provisional else "{title}"
    return note.format(**said)


def _character_face(card):
    """The card's face labelled with its title's initials (The City Watch: CW): the note
    beside it names the card in full, a title being too long for a card drawn this small."""
    initials = "".join(w[0] for w in _(card.title).removeprefix("The ").split())
    return replace(card_face(card), label=initials)


def _characters_table(ax, seen):
    """Each player's characters face up; the auction under way, the cards out."""
    part = seen.part("characters")
    rows = []
    for player, cards in part["owned"].items():
        note = " · ".join(_character_note(c, part["wise_man"]) for c in cards)
        rows.append((player, [_character_face(c) for c in cards], note or _("no character")))
    auction = part["auction"]
    if auction is not None:
        high = auction["high"]
        note = _character_note(auction["card"], None)
        said = (_("{character}: no bid yet").format(character=note) if high is None else
                _("{character}: high bid {amount} by {player}").format(
                    character=note, amount=high[1], player=player_text(high[0])))
        rows.append((_("auction"), [_character_face(auction["card"])], said))
    title = _("Characters (M7): owned face up · {out} out, {box} in the box").format(
        out=len(part["out"]), box=part["box"])
    _rows(ax, rows, "character_", title, min_cards=1)


register_pieces("characters", table=_characters_table)
