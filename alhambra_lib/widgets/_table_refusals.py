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
>>> from alhambra_lib import Card
>>> set_aside_text(Counter({("square", 1): 1, ("money", Card("ducat", 5)): 1}))
'Set aside: market square 1, the 5 ducat of your hand (click them again to go on with it).'
"""

from __future__ import annotations

from collections import Counter

__all__ = ["piece_needs", "piece_words", "set_aside_text"]

# kind -> when a click on such a piece makes a move (the rules' moment for it).
_NEEDS = {
    "hut": "A hut is taken from its pile as the action of your turn (Squares).",
    "room": "A treasure room's chests are bought as the action of your turn, paying 8 or more.",
    "bazaar": "A bazaar is bought as the action of your turn, for the price of the tile on "
              "the market square of its currency, while that square holds a tile.",
    "wall_card": "A wall card is taken as the action of your turn, its sticks laid on a tile.",
    "gate_card": "The gate card is taken as the action of your turn, as money is.",
    "citizen": "A citizen of the supply is taken when the Street Merchant asks you, at the "
               "end of your turn.",
    "disc": "A citizen of your disc is swapped when the Street Merchant asks you, at the end "
            "of your turn.",
    "thief": "A thief steals in the window between turns, when it asks you, a card of its "
             "currency from the display.",
    "bid": "A bid is made while the auction of a character asks you.",
    "money": "A card of your hand pays once you click what it pays for: a market square, a "
             "room, a bazaar, a bid.",
    "card": "A card of the display is taken as the action of your turn.",
    "side": "A side of a tile takes a wall card's sticks: click the wall card first.",
    "double_wall": "A double wall takes a gate when you build the tile in hand through it.",
}


def piece_needs(kind: str, what: object, you: str) -> str:
    """What a click on the piece ``(kind, what)`` would need to make a move."""
    if kind == "vizier":
        if what != you:
            return (f"That is {what}'s vizier token: you click only your own, to wake it "
                    "on your turn while it sleeps.")
        return ("Your vizier token is clicked to wake it, as the action of your turn, while "
                "it sleeps.")
    return _NEEDS.get(kind, "That piece makes no move in this decision.")


def piece_words(piece: tuple) -> str:
    """A clicked piece ``(kind, what)`` in words."""
    kind, what = piece
    words = {"square": f"market square {what}", "money": f"the {what} of your hand",
             "card": f"the {what} of the display", "cell": f"your cell {what}",
             "room": f"treasure room {what}", "hut": f"the {what} huts' pile",
             "bid": f"the bid of {what}", "citizen": f"a {what} citizen",
             "disc": f"the {what} citizen of your disc", "thief": f"your {what} thief"}
    return words.get(kind, f"the {what}" if kind in ("to_place", "reserve", "wall_card",
                                                     "gate_card", "bazaar")
                     else f"{kind.replace('_', ' ')} {what}")


def _listed(pieces: Counter) -> str:
    return ", ".join(piece_words(p) for p in pieces.elements())


def set_aside_text(dropped: Counter) -> str:
    """After a click that began another move: the half-made one it set aside."""
    return (f"Set aside: {_listed(dropped)} (click them again to go on with it)."
            if dropped else "")
