"""Payments: which cards may pay a price, and which of those the rules allow.

A payment is a multiset of cards reaching a price. The rules allow only *minimal*
payments (RULES.md §4b, a project decision): no money card could be left out and the
rest still reach the price. A payment is *exact* when it totals the price; that grants
another action. Where the cards may come from is a *payment source*: the base game
pays a square in its own currency; an exchange card (RULES.md §M2) lets two currencies
mix in one payment.

`minimal_payments` works on the values of one currency (the base game's hot path,
cached); `minimal_card_payments` on any cards, each card kept apart by its identity
(currency and value), so cards of two currencies can mix.

Examples
--------
>>> from alhambra_lib.components import Card
>>> minimal_payments((6, 5, 3, 2), 8)
((6, 5), (6, 3), (6, 2), (5, 3))
>>> hand = (Card("denar", 5), Card("dirham", 5), Card("dirham", 3))
>>> [" + ".join(map(str, p)) for p in minimal_card_payments(hand, 8)]
['5 denar + 5 dirham', '5 denar + 3 dirham', '5 dirham + 3 dirham']
>>> payment_total(hand), is_minimal(hand, 8)
(13, False)
"""

from __future__ import annotations

from functools import lru_cache

from .components import CURRENCIES, DIAMOND, Card, ExchangeCard, GateCard, card_value
from .memo import by_identity

__all__ = ["minimal_payments", "minimal_card_payments", "payment_total", "is_minimal",
           "may_pay_exactly", "exchange_padding", "not_money"]

_CURRENCY_RANK = {c: i for i, c in enumerate(CURRENCIES + (DIAMOND,))}


def payment_total(cards) -> int:
    """What `cards` add up to (an exchange card adds nothing)."""
    return sum(card_value(c) for c in cards)


def is_minimal(cards, price: int) -> bool:
    """Whether `cards` reach `price` and no money card among them could be left out."""
    total = payment_total(cards)
    smallest = min((card_value(c) for c in cards if card_value(c)), default=0)
    return total >= price and total - smallest < price


def exchange_padding(cards, currency: str) -> str | None:
    """Why the exchange card of a payment in `currency` could be left out, else None.

    An exchange card is a card of the payment like any other (RULES.md §4, §M2,
    MEGABOX.md 0.6): it is needed only when a money card of its other currency pays
    too, so a payment whose money is all `currency` and that holds one is not minimal.

    Examples
    --------
    >>> from alhambra_lib.components import Card, ExchangeCard
    >>> swap = ExchangeCard(("denar", "florin"))
    >>> exchange_padding((Card("denar", 5), Card("denar", 5), swap), "denar")
    'the exchange denar/florin could be left out: every money card of the payment is denar already'
    >>> exchange_padding((Card("denar", 5), Card("florin", 5), swap), "denar") is None
    True
    """
    exchange = next((c for c in cards if isinstance(c, ExchangeCard)), None)
    if exchange is None or any(isinstance(c, Card) and c.currency != currency for c in cards):
        return None
    return (f"the {exchange} could be left out: every money card of the payment is "
            f"{currency} already")


def not_money(cards):
    """The first card of `cards` that can never pay (a gate card, a wall card), else None:
    only money and exchange cards are part of a payment (RULES.md §4, §M2, §M5).

    Examples
    --------
    >>> from alhambra_lib.components import Card, GateCard
    >>> not_money((Card("ducat", 3), GateCard())), not_money((Card("ducat", 3),))
    (GateCard(), None)
    """
    return next((c for c in cards if not isinstance(c, (Card, ExchangeCard))), None)


@lru_cache(maxsize=4096)
def minimal_payments(values, price):
    """The minimal ways to pay `price` with card `values` (one currency).

    A payment is minimal when it reaches the price and no card could be left out
    while still reaching it (RULES.md §4, project decision). Equal values are
    interchangeable, so each payment is a distinct multiset of values.

    Parameters
    ----------
    values : tuple of int
        The values of the hand's cards of the square's currency, highest first.
    price : int

    Returns
    -------
    tuple of tuple of int
        Each payment highest value first, in depth-first order (largest cards first).

    Notes
    -----
    Values are picked in non-increasing order and a branch stops as soon as it
    reaches the price, so the last card picked is the smallest one and the rest
    fall short: every payment found is minimal, and every minimal payment is found
    once. A branch is cut when all the cards left could not reach the price.

    Examples
    --------
    >>> minimal_payments((6, 5, 3, 2), 8)
    ((6, 5), (6, 3), (6, 2), (5, 3))
    >>> minimal_payments((4, 4, 4), 8)
    ((4, 4),)
    >>> minimal_payments((3, 2), 8)
    ()
    """
    return tuple(tuple(values[i] for i in chosen)
                 for chosen in _minimal_indices(tuple(values), tuple(values), price))


def minimal_card_payments(cards, price: int):
    """The minimal ways to pay `price` with any `cards` (e.g. two currencies mixed).

    The same search as `minimal_payments`, where two cards are interchangeable only
    when they are equal (same currency and value, and the same kind: a master builder
    or a coin is not a plain card of its value).

    Returns
    -------
    tuple of tuple of Card
        Each payment highest value first (then by currency, then by kind).
    """
    # Equal cards must lie side by side for the search to list each multiset once.
    ordered = tuple(sorted(cards, key=lambda c: (-c.value, _CURRENCY_RANK[c.currency],
                                                 c.component)))
    values = tuple(c.value for c in ordered)
    return tuple(tuple(ordered[i] for i in chosen)
                 for chosen in _minimal_indices(values, ordered, price))


def _minimal_indices(values, identities, price):
    """Index tuples of the minimal payments; `values` non-increasing, equal items adjacent."""
    suffix = [0] * (len(values) + 1)  # suffix[i]: total of values[i:]
    for i in range(len(values) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + values[i]
    payments = []

    def extend(start, chosen, total):
        previous = None
        for i in range(start, len(values)):
            if total + suffix[i] < price:
                return
            if identities[i] == previous:  # the same multiset as the branch just explored
                continue
            previous = identities[i]
            if total + values[i] >= price:
                payments.append(chosen + (i,))
            else:
                extend(i + 1, chosen + (i,), total + values[i])

    extend(0, (), 0)
    return payments


def may_pay_exactly(hand, market) -> bool:
    """False only when no subset of `hand` can pay a tile's price exactly: `market` is
    ``(currency, Tile or None)`` pairs (`Game.market`; a bazaar's currency and the tile
    giving its price, §M16). A quick test before listing exact payments.

    One subset-sum bit set per way of paying a square: its currency's money (module
    money of a currency too), that and a second currency joined by an exchange card in
    hand (§M2), diamonds alone (§M6). It looks at values only, so it may say True where
    the rules still refuse; a gate card pays nothing; an unknown card answers True.

    Examples
    --------
    >>> from alhambra_lib.components import Card, ExchangeCard, Tile
    >>> market = (("denar", Tile("garden", 8, "")), ("dirham", None),
    ...           ("ducat", None), ("florin", None))
    >>> may_pay_exactly((Card("denar", 5), Card("denar", 2)), market)
    False
    >>> may_pay_exactly((Card("denar", 5), Card("denar", 3)), market)
    True
    >>> may_pay_exactly((Card("denar", 5), Card("florin", 3),
    ...                  ExchangeCard(("denar", "florin"))), market)
    True
    """
    ways = by_identity(_WAYS, None, tuple(hand), lambda: _ways_to_pay(hand))
    if ways is None:
        return True
    by_currency, diamonds = ways
    # plain loops: asked of every player after every turn (the window), where nested
    # generators cost more than the bit tests
    for currency, tile in market:
        if tile is not None:
            price = tile.price
            if diamonds >> price & 1:
                return True
            for sums in by_currency[currency]:
                if sums >> price & 1:
                    return True
    return False


_WAYS: dict = {}  # `_ways_to_pay` by the hand's cards (`memo.by_identity`)


def _ways_to_pay(hand):
    """``({currency: (subset sums of each way to pay it)}, diamonds' subset sums)`` of a
    hand, sums as bit sets; None when the hand holds a card of unknown use."""
    values: dict[str, list[int]] = {currency: [] for currency in (*CURRENCIES, DIAMOND)}
    joined = []
    for card in hand:
        currency = getattr(card, "currency", None)
        if isinstance(card, Card) and currency in values:
            values[currency].append(card.value)
        elif isinstance(card, ExchangeCard):
            joined.append(card.currencies)
        elif not isinstance(card, GateCard):
            return None
    by_currency = {currency: (_sums(values[currency]),) + tuple(
        _sums(values[a] + values[b]) for a, b in joined if currency in (a, b))
        for currency in CURRENCIES}
    return by_currency, _sums(values[DIAMOND])


def _sums(values):
    """The subset sums of `values` as a bit set (bit k: some subset totals k)."""
    reach = 1
    for value in values:
        reach |= reach << value
    return reach
