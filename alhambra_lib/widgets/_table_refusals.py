"""Why a click on a piece makes no move now, and what became of a half-made move.

A refused click says what the piece would need (the decision it belongs to, the turn it
is clicked on); the table adds what is waiting now (`table_text.status_text`). A click
that makes no move, or begins another, sets aside the pieces of the half-made move
clicked before, and `set_aside_text` says so.

Examples
--------
>>> piece_needs("room", 2, "You")
"A treasure room's chests are bought as the action of your turn, paying 8 or more."
>>> from collections import Counter

from ..components import Tile
from ..i18n import N_, _
from ..narrate import card_text, term, tile_text
>>> from alhambra_lib import Card
>>> set_aside_text(Counter({("square", 1): 1, ("money", Card("ducat", 5)): 1}))
'Set aside: market square 1, the 5 ducat of your hand (click them again to go on with it).'
"""

from __future__ import annotations

from collections import Counter

from ..components import Tile
from ..i18n import N_, _
from ..narrate import card_text, term, tile_text

__all__ = ["piece_needs", "piece_words", "set_aside_text"]

# kind -> when a click on such a piece makes a move (the rules' moment for it).
_NEEDS = {
    "hut": N_("A hut is taken from its pile as the action of your turn (Squares)."),
    "room": N_("A treasure room's chests are bought as the action of your turn, paying 8 or more."),
    "bazaar": N_("A bazaar is bought as the action of your turn, for the price of the tile on "
                 "the market square of its currency, while that square holds a tile."),
    "wall_card": N_("A wall card is taken as the action of your turn, its sticks laid on a tile."),
    "gate_card": N_("The gate card is taken as the action of your turn, as money is."),
    "citizen": N_("A citizen of the supply is taken when the Street Merchant asks you, at the "
                  "end of your turn."),
    "disc": N_("A citizen of your disc is swapped when the Street Merchant asks you, at the end "
               "of your turn."),
    "thief": N_("A thief steals in the window between turns, when it asks you, a card of its "
                "currency from the display."),
    "bid": N_("A bid is made while the auction of a character asks you."),
    "money": N_("A card of your hand pays once you click what it pays for: a market square, a "
                "room, a bazaar, a bid."),
    "card": N_("A card of the display is taken as the action of your turn."),
    "side": N_("A side of a tile takes a wall card's sticks: click the wall card first."),
    "double_wall": N_("A double wall takes a gate when you build the tile in hand through it."),
}


def piece_needs(kind: str, what: object, you: str) -> str:
    """What a click on the piece ``(kind, what)`` would need to make a move."""
    if kind == "vizier":
        if what != you:
            return _("That is {player}'s vizier token: you click only your own, to wake it on "
                     "your turn while it sleeps.").format(player=what)
        return _("Your vizier token is clicked to wake it, as the action of your turn, while it "
                 "sleeps.")
    return _(_NEEDS.get(kind, N_("That piece makes no move in this decision.")))


def piece_words(piece: tuple) -> str:
    """A clicked piece ``(kind, what)`` in words."""
    kind, what = piece
    words = {"square": N_("market square {what}"), "money": N_("the {what} of your hand"),
             "card": N_("the {what} of the display"), "cell": N_("your cell {what}"),
             "room": N_("treasure room {what}"), "hut": N_("the {what} huts' pile"),
             "bid": N_("the bid of {what}"), "citizen": N_("a {what} citizen"),
             "disc": N_("the {what} citizen of your disc"), "thief": N_("your {what} thief")}
    if kind in words:
        return _(words[kind]).format(what=_piece_what(what))
    if kind in ("to_place", "reserve", "wall_card", "gate_card", "bazaar"):
        return _("the {what}").format(what=_piece_what(what))
    return f"{kind.replace('_', ' ')} {what}"


def _piece_what(what: object) -> str:
    """A piece's own words: a tile or card as the narration says it, a type or colour."""
    if isinstance(what, Tile):
        return tile_text(what.to_list())
    if hasattr(what, "to_list"):  # a card of any kind
        return card_text(what.to_list())
    return term(what) if isinstance(what, str) else str(what)


def _listed(pieces: Counter) -> str:
    return ", ".join(piece_words(p) for p in pieces.elements())


def set_aside_text(dropped: Counter) -> str:
    """After a click that began another move: the half-made one it set aside."""
    return (_("Set aside: {pieces} (click them again to go on with it).").format(
        pieces=_listed(dropped)) if dropped else "")
