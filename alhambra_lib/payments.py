"""Payments: which cards may pay a price, and which of those the rules allow.

A payment is a multiset of cards reaching a price. The rules allow only *minimal*
payments (RULES.md §4b, a project decision): no money card could be left out and the
rest still reach the price. A payment is *exact* when it totals the price; that grants
another action. Where the cards may come from is a *payment source*: the base game
pays a square in its own currency; an exchange card (RULES.md §M2) lets two currencies
mix in one payment.

`check_payment` is the one payment rule: it judges cards against a price under a rule
(``"minimal"``, ``"exact"``, ``"at_least"``) and the `PaymentSources` in play, and
returns a `PaymentVerdict` with reason codes (`PAYMENT_REASONS`), as `Alhambra.check`
does for placements. Every buy-like action calls it: a market square and the vizier
(`Game.check_payment`), a bazaar, a room of chests, a character bid.

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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from .components import (
    CURRENCIES,
    CURRENCY_RANK,
    DIAMOND,
    Card,
    ExchangeCard,
    GateCard,
    card_value,
)
from .errors import InvalidInput
from .memo import by_identity

__all__ = ["minimal_payments", "minimal_card_payments", "payment_total", "is_minimal",
           "may_pay_exactly", "money_pays_exactly", "exchange_padding", "not_money",
           "exact_sums", "currency_sums", "check_payment", "PaymentVerdict", "PaymentSources",
           "PAYMENT_REASONS", "RULES", "BASE_SOURCES"]

_CURRENCY_RANK = CURRENCY_RANK


#: The payment rules: minimal payments (RULES.md §4b: a market square, a room of chests),
#: exact ones (a bazaar, §M16.3; the vizier, §M1) and any amount reaching the price
#: (a character bid, §M7; a market square with Change's overpaying, §M11).
RULES = ("minimal", "exact", "at_least")
Rule = Literal["minimal", "exact", "at_least"]

#: Reason code -> the rule it stands for, in words (`PaymentVerdict.explain`), in the
#: order they are checked.
PAYMENT_REASONS = {
    "no_money": "only money and exchange cards pay (a gate or wall card pays nothing)",
    "one_currency": "the payment is in one currency",
    "diamonds_alone": "diamonds pay alone, never with other cards (RULES.md §M6)",
    "one_exchange": "one exchange card per payment (RULES.md §M2)",
    "exchange_unjoined": "an exchange card pays only where it joins the price's currency",
    "wrong_currency": "a price is paid in its currency only (an exchange card joining a "
                      "second one, RULES.md §M2)",
    "not_in_hand": "every card paid must be in hand",
    "short": "the cards must reach the price",
    "not_exact": "the cards must total the price exactly",
    "exchange_needless": "an exchange card pays only along with money of its second "
                         "currency (only minimal payments are allowed)",
    "not_minimal": "no money card could be left out with the rest still reaching the "
                   "price (only minimal payments are allowed, RULES.md §4b)",
}


@dataclass(frozen=True, slots=True)
class PaymentSources:
    """The ways of paying in play besides money of the price's own currency: data, so
    a module says which it brings without the payment rule knowing the module.

    Money of a currency pays whatever its class (a master builder, a coin: §M14,
    §M11): they need no source.

    Attributes
    ----------
    exchange : bool
        An exchange card joins its second currency to the price's (§M2); where any
        currency pays (no price currency) it adds nothing.
    diamonds : bool
        Diamonds pay any price, alone (§M6).
    overpaying : bool
        Rule ``"minimal"`` is relaxed to ``"at_least"`` (Change, §M11).
    one_currency : bool
        The price has no currency of its own, but a payment holds one only (a bid, §M7).

    Examples
    --------
    >>> PaymentSources(exchange=True).relaxed("minimal"), BASE_SOURCES.relaxed("minimal")
    ('minimal', 'minimal')
    >>> PaymentSources(overpaying=True).relaxed("minimal")
    'at_least'
    """

    exchange: bool = False
    diamonds: bool = False
    overpaying: bool = False
    one_currency: bool = False

    def relaxed(self, rule: Rule) -> Rule:
        """`rule` as these sources let it apply: overpaying lifts the minimal rule only."""
        return "at_least" if self.overpaying and rule == "minimal" else rule


#: The base game's sources: money of the price's currency alone.
BASE_SOURCES = PaymentSources()


@dataclass(frozen=True, slots=True)
class PaymentVerdict:
    """The answer to "may these cards pay this?": ``ok``, the ``reasons`` against it
    (codes of `PAYMENT_REASONS`, as `alhambra.Verdict` gives for placements) and the
    first of them in words about these cards (`message`).

    At most one reason per stage: what the cards are, whether they are in hand, what
    they total; the total is judged only of cards that may pay.
    """

    ok: bool
    reasons: tuple[str, ...] = ()
    message: str = ""

    def __bool__(self) -> bool:
        return self.ok

    def explain(self) -> str:
        """The rules broken in words, one sentence, or ``"legal"``."""
        if self.ok:
            return "legal"
        return "; ".join(PAYMENT_REASONS[r] for r in self.reasons)


_PAID = PaymentVerdict(True)


def check_payment(cards: Sequence[Any], price: int, currency: str | None = None,
                  rule: Rule = "minimal", sources: PaymentSources = BASE_SOURCES,
                  hand: Sequence[Any] | None = None, *, item: str = "the price",
                  price_text: str | None = None) -> PaymentVerdict:
    """Whether `cards` may pay `price` under `rule` with the payment `sources` in play.

    Every buy-like action (a market square, the vizier, a bazaar, a room of chests, a
    character bid) is judged by it; the caller refuses with ``verdict.message``.

    Parameters
    ----------
    cards : sequence of cards
        The payment.
    price : int
        What is to be paid (a bid: one more than the highest bid).
    currency : str or None
        The price's currency; None: any currency pays (chests, a bid).
    rule : {"minimal", "exact", "at_least"}
        Minimal: reach the price with no money card to spare (RULES.md §4b); an
        exchange card is then needed only with money of its second currency. Exact:
        total the price (and no needless exchange card). At least: reach the price.
    sources : PaymentSources
        The ways of paying in play besides the price's currency.
    hand : sequence of cards or None
        The payer's hand, which must hold `cards` (None: not checked).
    item, price_text : str
        What is paid for and its price, in words, for `PaymentVerdict.message`
        (``"the denar square"``, ``"the price 8"``).

    Returns
    -------
    PaymentVerdict

    Raises
    ------
    InvalidInput
        `rule` is none of `RULES`.

    Examples
    --------
    >>> from alhambra_lib.components import Card
    >>> check_payment([Card("denar", 5), Card("denar", 4)], 8, "denar")
    PaymentVerdict(ok=True, reasons=(), message='')
    >>> verdict = check_payment([Card("denar", 5), Card("denar", 4), Card("denar", 1)], 8,
    ...                         "denar", item="the denar square")
    >>> verdict.reasons, verdict.message
    (('not_minimal',), 'the 1 denar could be left out: the other cards still total 9, \
enough for the price 8 (only minimal payments are allowed)')
    >>> check_payment([Card("denar", 9)], 8, "denar", rule="exact").reasons
    ('not_exact',)
    >>> check_payment([Card("dirham", 9)], 8, "denar", hand=()).reasons
    ('wrong_currency', 'not_in_hand')
    >>> bool(check_payment([Card("denar", 5), Card("denar", 4), Card("denar", 1)], 8,
    ...                    "denar", sources=PaymentSources(overpaying=True)))
    True
    """
    if rule not in RULES:
        raise InvalidInput(f"a payment rule is one of {', '.join(RULES)}, got {rule!r}")
    found = []
    kind = _kind_reason(cards, currency, sources, item)
    if kind is not None:
        found.append(kind)
    missing = None if hand is None else _not_in_hand(cards, hand)
    if missing is not None:
        found.append(("not_in_hand", f"{missing} is not in hand"))
    if kind is None:
        amount = _amount_reason(cards, price, currency, sources.relaxed(rule), item,
                                price_text or f"the price {price}")
        if amount is not None:
            found.append(amount)
    if not found:
        return _PAID
    return PaymentVerdict(False, tuple(reason for reason, _ in found), found[0][1])


def _kind_reason(cards: Sequence[Any], currency: str | None, sources: PaymentSources,
                 item: str) -> tuple[str, str] | None:
    """``(reason, message)`` against what `cards` are, for the price's `currency`, else None."""
    for card in cards:  # the base game's payment, checked first: plain money of the currency
        if card.__class__ is not Card or card.currency != currency:
            break
    else:
        return None
    for card in cards:
        if not isinstance(card, (Card, ExchangeCard)):  # a gate card (§M5), a wall card
            return "no_money", f"the {card} is no money: it pays nothing"
    if sources.one_currency:
        kinds = {getattr(c, "currency", None) for c in cards}
        if len(kinds) > 1:
            return ("one_currency", f"{item} is paid in one currency, not "
                                    f"{', '.join(sorted(map(str, kinds)))}")
    if sources.diamonds and any(getattr(c, "currency", None) == DIAMOND for c in cards):
        other = next((c for c in cards if getattr(c, "currency", None) != DIAMOND), None)
        if other is None:
            return None  # diamonds pay any price
        return "diamonds_alone", f"diamonds pay alone, never with other cards (not with {other})"
    # where any currency pays (currency None) an exchange card joins nothing
    exchanges = ([c for c in cards if isinstance(c, ExchangeCard)]
                 if sources.exchange and currency is not None else [])
    if len(exchanges) > 1:
        return "one_exchange", "one exchange card per payment"
    if exchanges and currency is not None and currency not in exchanges[0].currencies:
        return ("exchange_unjoined", f"the {exchanges[0]} does not join {currency}, the "
                                     f"currency of {item}")
    return _currency_reason(cards, currency, exchanges[0] if exchanges else None, item)


def _currency_reason(cards: Sequence[Any], currency: str | None,
                     exchange: ExchangeCard | None, item: str) -> tuple[str, str] | None:
    """``(reason, message)`` for the first card of no currency that pays, else None."""
    paying = (currency,) if exchange is None else exchange.currencies
    for card in cards:
        if card is exchange:
            continue
        if isinstance(card, ExchangeCard):  # no exchange source in play
            if currency is None:
                return "wrong_currency", f"the {card} adds nothing: only money pays {item}"
            return "wrong_currency", f"{item} is paid in {currency} only, not with the {card}"
        if currency is not None and card.currency not in paying:
            if exchange is None:
                return "wrong_currency", f"{item} is paid in {currency} only, not with {card}"
            return ("wrong_currency", f"with the {exchange} only {' and '.join(paying)} pay "
                                      f"{item}, not {card}")
    return None


def _not_in_hand(cards: Sequence[Any], hand: Sequence[Any]) -> Any:
    """The first of `cards` that `hand` does not hold (as many times), else None."""
    left = list(hand)
    for card in cards:
        if card not in left:
            return card
        left.remove(card)
    return None


def _amount_reason(cards: Sequence[Any], price: int, currency: str | None, rule: Rule,
                   item: str, price_text: str) -> tuple[str, str] | None:
    """``(reason, message)`` against what `cards` total under `rule`, else None."""
    total, least = _total_and_least(cards)
    if rule == "exact":
        if total != price:
            return "not_exact", f"{item} is paid exactly: {price_text}, the cards total {total}"
    elif total < price:
        return "short", f"the cards total {total}, less than {price_text}"
    if rule == "at_least":
        return None
    padding = exchange_padding(cards, currency) if currency is not None else None
    if padding:
        return "exchange_needless", padding + " (only minimal payments are allowed)"
    if least is not None and total - least.value >= price:
        return ("not_minimal", f"the {least} could be left out: the other cards still "
                               f"total {total - least.value}, enough for {price_text} "
                               f"(only minimal payments are allowed)")
    return None


def _total_and_least(cards: Iterable[Any]) -> tuple[int, Any]:
    """What `cards` add up to, and their money card of least value (None: no money)."""
    total, least = 0, None
    for card in cards:
        value = getattr(card, "value", 0)
        if value:
            total += value
            if least is None or value < least.value:
                least = card
    return total, least


def payment_total(cards: Iterable[Any]) -> int:
    """What `cards` add up to (an exchange card adds nothing)."""
    return sum(card_value(c) for c in cards)


def is_minimal(cards: Iterable[Any], price: int) -> bool:
    """Whether `cards` reach `price` and no money card among them could be left out."""
    total, least = _total_and_least(cards)
    return total >= price and total - (least.value if least is not None else 0) < price


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
            if (diamonds | by_currency[currency]) >> price & 1:
                return True
    return False


_WAYS: dict = {}  # `_ways_to_pay` by the hand's cards (`memo.by_identity`)


def money_pays_exactly(hand: Sequence[Any],
                       market: Iterable[tuple[str, Any]]) -> bool:
    """Whether the plain money cards of one square's currency in `hand` (no module card)
    have a subset paying the tile there exactly: `market` as in `may_pay_exactly`.

    Such a subset is a minimal payment (each of its cards counts towards the exact
    total), so the listed payments of the square hold an exact one: True answers "some
    listed payment is exact" without listing any; False says nothing (module cards may
    still pay exactly).

    Examples
    --------
    >>> from alhambra_lib.components import Card, Tile
    >>> market = (("denar", Tile("garden", 8, "")), ("dirham", None),
    ...           ("ducat", None), ("florin", None))
    >>> money_pays_exactly((Card("denar", 5), Card("denar", 3)), market)
    True
    >>> money_pays_exactly((Card("denar", 5), Card("denar", 2)), market)
    False
    """
    sums = by_identity(_MONEY_SUMS, None, tuple(hand), lambda: _money_sums(hand))
    for currency, tile in market:
        if tile is not None and sums[currency] >> tile.price & 1:
            return True
    return False


_MONEY_SUMS: dict = {}  # `_money_sums` by the hand's cards (`memo.by_identity`)


def _money_sums(hand: Iterable[Any]) -> dict[str, int]:
    """``{currency: subset sums of the hand's plain money cards of it}`` (bit sets)."""
    values: dict[str, list[int]] = {currency: [] for currency in CURRENCIES}
    for card in hand:
        if card.__class__ is Card:
            values[card.currency].append(card.value)
    return {currency: exact_sums(found) for currency, found in values.items()}


def _ways_to_pay(hand):
    """``({currency: subset sums of the ways to pay it}, diamonds' subset sums)`` of a
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
    if joined:
        by_currency = {currency: currency_sums(values, joined, currency)
                       for currency in CURRENCIES}
    else:  # most hands: each currency's money alone (asked after every turn, the window)
        by_currency = {currency: _sums(tuple(sorted(values[currency])))
                       for currency in CURRENCIES}
    return by_currency, _sums(tuple(sorted(values[DIAMOND])))


def currency_sums(values: Mapping[str, Sequence[int]], joined: Iterable[tuple[str, str]],
                  currency: str) -> int:
    """The totals some cards pay exactly for a price in `currency`, as a bit set (bit k:
    some subset totals k): its own money alone, or with that of a second currency
    where an exchange card of `joined` (its pair of currencies) joins them (§M2).

    Examples
    --------
    >>> bin(currency_sums({"denar": [5], "florin": [3]}, [("denar", "florin")], "denar"))
    '0b100101001'
    >>> bin(currency_sums({"denar": [5], "florin": [3]}, [], "denar"))
    '0b100001'
    """
    sums = exact_sums(values.get(currency, ()))
    for pair in joined:
        if currency in pair:
            first, second = pair
            sums |= exact_sums([*values.get(first, ()), *values.get(second, ())])
    return sums


def exact_sums(values: Iterable[int]) -> int:
    """Bit mask of the totals some subset of the card `values` reaches exactly.

    Examples
    --------
    >>> bin(exact_sums([1, 3]))  # 0, 1, 3 and 4
    '0b11011'
    """
    return _sums(tuple(sorted(values)))


@lru_cache(maxsize=1 << 12)
def _sums(values):
    """The subset sums of `values` (a sorted tuple) as a bit set."""
    reach = 1
    for value in values:
        reach |= reach << value
    return reach
