"""What a hand can pay exactly: the subset sums the bots' buying power is made of.

A market square can be paid exactly when some cards of its currency (or of the two
currencies an exchange card joins, Mega Box M2) add up to its price. Such a subset is
always an inclusion-minimal payment, so this is the same question as "does one of
`payments.minimal_payments` total the price", answered with one bit mask of reachable
sums per currency instead of listing payments: the bots ask it for every candidate
action, so it must be cheap.

Examples
--------
>>> from alhambra_lib.components import Card, Tile
>>> values = {"denar": [5, 3], "dirham": [4]}
>>> market = [("denar", Tile("tower", 8, "")), ("dirham", Tile("garden", 6, ""))]
>>> exact_square_count(values, market)
1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..components import CURRENCIES, Card, ExchangeCard, Tile
from ..payments import currency_sums, exact_sums

__all__ = ["exact_sums", "exact_square_count", "add_cards", "hand_money"]

# `exact_sums` is `payments.exact_sums`: may_pay_exactly asks the same question.


def add_cards(values: Mapping[str, list[int]], exchanges: list[ExchangeCard],
              cards: Iterable[Any]) -> None:
    """Add `cards` to ``values`` (``{currency: [values]}``) and ``exchanges`` (a list).

    Money of a currency `values` has no list for (a module's own money, Mega Box M6,
    M14) is left out: it pays no square together with the others.
    """
    for card in cards:
        if isinstance(card, ExchangeCard):
            exchanges.append(card)
        elif isinstance(card, Card) and card.currency in values:
            values[card.currency].append(card.value)


def hand_money(cards: Iterable[Any]) -> tuple[dict[str, list[int]], list[ExchangeCard]]:
    """``({currency: [values]}, [exchange cards])`` of `cards`, for `exact_square_count`.

    Examples
    --------
    >>> hand_money([Card("denar", 5), Card("denar", 2)])[0]["denar"]
    [5, 2]
    """
    values: dict[str, list[int]] = {c: [] for c in CURRENCIES}
    exchanges: list = []
    add_cards(values, exchanges, cards)
    return values, exchanges


def exact_square_count(values: Mapping[str, Sequence[int]],
                       market: Iterable[tuple[str, Tile | None]],
                       exchanges: Sequence[ExchangeCard] = ()) -> int:
    """How many squares of `market` the hand pays exactly.

    Parameters
    ----------
    values : mapping
        ``{currency: [card values]}`` of the hand's money (a currency missing: none).
    market : iterable of (currency, Tile or None)
        The market squares, as ``GameView.market``.
    exchanges : iterable of ExchangeCard
        The hand's exchange cards: each lets its two currencies pay one square together.
    """
    joined = [card.currencies for card in exchanges]
    count = 0
    for currency, tile in market:
        if tile is None:
            continue
        count += currency_sums(values, joined, currency) >> tile.price & 1
    return count
