"""Cards of every kind, on the display or in a hand: one drawing, a face per card kind.

A card is drawn as an upright coloured card with a large value or symbol and a short
label under it, one word to a line ("ducat" over "builder"), so that at the smallest
label size (10 CSS px) every label fits inside its card. What a kind of card looks like is its `CardFace`: money by currency,
exchange cards grey with the two currencies they join (RULES.md §M2), bonus cards in
the colour of the tile they picture (§M3). A module that brings a new card kind (a
wall, a gate, a character, a thief, a master builder, a diamond, a coin) gives it a
face in one line with `register_card_face`, and every drawing of cards shows it.

Examples
--------
>>> from alhambra_lib.components import Card, ExchangeCard
>>> card_face(Card("ducat", 7))
CardFace(colour='#4a6fb5', value='7', label='ducat', text='#ffffff')
>>> card_face(MasterBuilderCard("ducat")).label
'ducat\\nbuilder'
>>> card_face(ExchangeCard(("florin", "ducat"))).label
'duc/flo'
>>> from alhambra_lib.draw import artist
>>> ax = draw_cards([Card("ducat", 7), ExchangeCard(("denar", "dirham"))], title="Ana's hand")
>>> artist(ax, "card_values").texts, ax.get_title(loc="left")
(('7', '⇄'), "Ana's hand")
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection

from ..components import (
    Card,
    CharacterCard,
    Coin,
    DiamondCard,
    ExchangeCard,
    GateCard,
    MasterBuilderCard,
    ScoringCard,
    WallCard,
)
from ..i18n import N_, _, gettext
from ..narrate import sides_text, term
from ..palette import CARD_BACK_COLOUR, CURRENCY_COLOURS
from .figure import LabelCollection, new_axes

__all__ = ["CARD_STEP", "CARD_W", "CardFace", "card_face", "draw_cards", "place_cards",
           "register_card_face"]

#: Cards in a row, left edge to left edge (a card is `CARD_W` x 1.2 data units).
CARD_STEP = 1.5
#: A card's width in data units: wide enough for "chambers" at 10 CSS px where a unit is
#: 0.5 inch (`draw_cards`).
CARD_W = 1.2
_CARD_H = 1.2
_VALUE_Y, _LABEL_Y = 0.84, 0.34  # the centres of the value and of the label, from the bottom
_EXCHANGE_FACE = "#7a7a7a"
_DIAMOND_FACE = "#8a6db1"  # the diamonds' own currency (RULES.md §M6)
_GATE_FACE = "#8d6e63"  # the wooden gate (§M5)
_WALL_CARD_FACE = "#5d4037"  # a wall card shows the sticks it lays (§M9)
_CHARACTER_FACE = "#37474f"  # characters (§M7)
_SCORING_FACE = "#1f4e5a"  # a scoring card, seen only in a sampled draw pile (§3.7)
_ROW_CARDS = 5  # a row of cards is drawn at least this wide, so that cards keep their size


@dataclass(frozen=True)
class CardFace:
    """How a card looks: its `colour`, a large `value` (or symbol), a small `label` of at
    most two short lines (``"\\n"`` between them; an English word of the catalogs, such as
    "hidden", is drawn in the current language), and the colour of the `text` on it."""

    colour: str
    value: str
    label: str
    text: str = "#ffffff"


#: A face-down card (a hidden bonus card, an attack card still in its pile).
CARD_BACK = CardFace(CARD_BACK_COLOUR, "?", N_("hidden"))

# card type -> function(card) -> CardFace; looked up along the card type's MRO.
_FACES: dict[type, Callable[[Any], CardFace]] = {
    Card: lambda card: CardFace(CURRENCY_COLOURS[card.currency], str(card.value),
                                term(card.currency)),
    ExchangeCard: lambda card: CardFace(_EXCHANGE_FACE, "\u21c4",
                                        "/".join(term(c)[:3] for c in card.currencies)),
    DiamondCard: lambda card: CardFace(_DIAMOND_FACE, str(card.value), _("diamond")),
    # A master builder or a coin is money of its currency that says what it is (§M14, §M11).
    MasterBuilderCard: lambda card: CardFace(CURRENCY_COLOURS[card.currency], "3",
                                             _("{currency}\nbuilder").format(
                                                 currency=term(card.currency))),
    Coin: lambda card: CardFace(CURRENCY_COLOURS[card.currency], "1",
                                _("{currency}\ncoin").format(currency=term(card.currency))),
    GateCard: lambda card: CardFace(_GATE_FACE, "\u2229", _("gate")),
    WallCard: lambda card: CardFace(_WALL_CARD_FACE, sides_text(card.sides), _("wall\ncard")),
    # A scoring card: seen in a draw pile a search samples (notebook 09), never in a hand.
    ScoringCard: lambda card: CardFace(_SCORING_FACE, "\u2605",
                                       _("scoring\nround {n}").format(n=card.round_no)),
    CharacterCard: lambda card: CardFace(_CHARACTER_FACE, "\u265f",
                                         _(card.title).removeprefix("The ")[:12]),
}


def register_card_face(card_type: type, face: Callable[[Any], CardFace]) -> None:
    """Give the cards of `card_type` their look: ``face(card) -> CardFace``.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class GateCard:
    ...     value: int
    >>> register_card_face(GateCard, lambda c: CardFace("#8d6e63", str(c.value), "gate"))
    >>> card_face(GateCard(4)).label
    'gate'
    """
    _FACES[card_type] = face


def _face_of(card_type: type) -> Callable[[Any], CardFace] | None:
    return next((_FACES[cls] for cls in card_type.__mro__ if cls in _FACES), None)


def card_face(card: object) -> CardFace:
    """The `CardFace` of `card` (a `CardFace` is its own face)."""
    if isinstance(card, CardFace):
        return card
    face = _face_of(type(card))
    if face is None:  # a module's drawer, not imported yet, may give it one
        from .pieces import MODULE_PIECES

        MODULE_PIECES.load()
        face = _face_of(type(card))
    if face is not None:
        return face(card)
    raise TypeError(f"no card face for a {type(card).__name__}: give it one with "
                    "register_card_face")


def cards_layer(ax: Axes, cards: Iterable[Any], y: float, *, x: float = 0.15,
                step: float = CARD_STEP, prefix: str = "") -> None:
    """Draw `cards` (cards or faces) in a row from (x, y) (see `place_cards`)."""
    place_cards(ax, [((x + i * step, y), card) for i, card in enumerate(cards)], prefix)


def place_cards(ax: Axes, placed: Iterable[tuple[tuple[float, float], Any]],
                prefix: str = "") -> None:
    """Draw cards at lower-left corners, ``[((x, y), card or CardFace)]``: layers
    ``{prefix}cards``, ``{prefix}card_values`` and ``{prefix}card_currencies`` (the small
    labels)."""
    faces = [(xy, card_face(c)) for xy, c in placed]
    shapes = [((a, y), (a + CARD_W, y), (a + CARD_W, y + _CARD_H), (a, y + _CARD_H))
              for (a, y), _ in faces]
    middle = CARD_W / 2
    ax.add_collection(PolyCollection(shapes, facecolors=[f.colour for _, f in faces],
                                     edgecolors="#555555", linewidths=0.8, zorder=2,
                                     gid=f"{prefix}cards"))
    LabelCollection(ax, [((a + middle, y + _VALUE_Y), f.value, f.text) for (a, y), f in faces],
                    14, True, f"{prefix}card_values")
    LabelCollection(ax, [((a + middle, y + _LABEL_Y), gettext(f.label) if f.label else "", f.text)
                         for (a, y), f in faces],
                    8, False, f"{prefix}card_currencies")


def draw_cards(cards: Sequence[Any], ax: Axes | None = None, *, title: str = "") -> Axes:
    """Draw a row of cards, e.g. a hand: each card's face (`card_face`) in a row.

    Parameters
    ----------
    cards : iterable of cards or CardFace
    ax : matplotlib Axes, optional
    title : str

    Returns
    -------
    matplotlib.axes.Axes
        Layers ``cards``, ``card_values``, ``card_currencies`` (see `artist`).
    """
    cards = list(cards)
    if ax is None:
        ax = new_axes(0.5 * CARD_STEP * max(len(cards), _ROW_CARDS), 0.7, left=0.1, bottom=0.1,
                      top=0.35 if title else 0.1)
    cards_layer(ax, cards, 0.0)
    if not cards:
        ax.text(0.5, 0.5, _("no cards"), transform=ax.transAxes, ha="center", va="center",
                fontsize=8, color="#888888")
    ax.set_xlim(0, CARD_STEP * max(len(cards), _ROW_CARDS))
    ax.set_ylim(-0.05, _CARD_H + 0.05)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title(title, loc="left", fontsize=10)
    return ax
