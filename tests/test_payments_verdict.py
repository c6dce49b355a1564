"""`payments.check_payment`: one payment rule with a verdict (issue 21).

Unit tests of each rule and reason code, then hypothesis properties: the verdict agrees
with an oracle written from the rules' words alone (a payment is valid when its cards
may pay; minimal when no card could be left out with the rest still a valid payment
reaching the price), and the exact-payment quick test agrees with the bots' count.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from alhambra_lib.bots.exact_pay import exact_square_count, hand_money
from alhambra_lib.components import (
    CURRENCIES,
    DIAMOND,
    Card,
    Coin,
    DiamondCard,
    ExchangeCard,
    GateCard,
    MasterBuilderCard,
    Tile,
    WallCard,
)
from alhambra_lib.errors import InvalidInput
from alhambra_lib.payments import (
    BASE_SOURCES,
    PAYMENT_REASONS,
    RULES,
    PaymentSources,
    PaymentVerdict,
    check_payment,
    may_pay_exactly,
)

SWAP = ExchangeCard(("denar", "dirham"))
EXCHANGE = PaymentSources(exchange=True)
DIAMONDS = PaymentSources(diamonds=True)


def money(*specs):
    """Cards from ``"5 denar"`` strings."""
    return [Card(c, int(v)) for v, c in (s.split() for s in specs)]


# -- the verdict, rule by rule --------------------------------------------------------------

def test_a_minimal_payment_is_ok_and_a_verdict_reads_like_the_placement_one():
    verdict = check_payment(money("5 denar", "4 denar"), 8, "denar")
    assert verdict.ok and bool(verdict) and verdict.reasons == () and verdict.message == ""
    assert verdict.explain() == "legal"


def test_minimal_refuses_a_card_to_spare_and_says_which():
    verdict = check_payment(money("5 denar", "4 denar", "1 denar"), 8, "denar",
                            item="the denar square")
    assert not verdict and verdict.reasons == ("not_minimal",)
    assert verdict.message.startswith("the 1 denar could be left out: the other cards still "
                                      "total 9, enough for the price 8")
    assert verdict.explain() == PAYMENT_REASONS["not_minimal"]


def test_minimal_refuses_a_short_payment():
    verdict = check_payment(money("5 denar", "2 denar"), 8, "denar")
    assert verdict.reasons == ("short",)
    assert verdict.message == "the cards total 7, less than the price 8"


def test_overpaying_relaxes_minimal_to_at_least_only():
    over = PaymentSources(overpaying=True)
    paid = money("5 denar", "4 denar", "1 denar")
    assert check_payment(paid, 8, "denar", "minimal", over)
    assert check_payment(paid, 8, "denar", "at_least", BASE_SOURCES)
    assert check_payment(paid, 8, "denar", "exact", over).reasons == ("not_exact",)
    assert check_payment(money("5 denar"), 8, "denar", "minimal", over).reasons == ("short",)


def test_exact_wants_the_price_to_the_coin():
    assert check_payment(money("5 denar", "3 denar"), 8, "denar", "exact")
    for paid in (money("9 denar"), money("5 denar", "2 denar")):
        verdict = check_payment(paid, 8, "denar", "exact", item="the bazaar")
        assert verdict.reasons == ("not_exact",)
        assert verdict.message.startswith("the bazaar is paid exactly: the price 8, ")


def test_a_needless_exchange_card_is_refused_under_minimal_and_exact_not_at_least():
    paid = [*money("5 denar", "3 denar"), SWAP]
    for rule in ("minimal", "exact"):
        verdict = check_payment(paid, 8, "denar", rule, EXCHANGE)
        assert verdict.reasons == ("exchange_needless",)
        assert "could be left out" in verdict.message
    assert check_payment(paid, 8, "denar", "at_least", EXCHANGE)
    assert check_payment([*money("5 denar", "3 dirham"), SWAP], 8, "denar", "exact", EXCHANGE)


def test_the_exchange_card_rules():
    assert check_payment([*money("5 denar", "3 dirham"), SWAP, ExchangeCard(("denar", "ducat"))],
                         8, "denar", sources=EXCHANGE).reasons == ("one_exchange",)
    verdict = check_payment([*money("5 ducat", "3 dirham"), SWAP], 8, "ducat", sources=EXCHANGE,
                            item="the ducat square")
    assert verdict.reasons == ("exchange_unjoined",)
    assert "does not join ducat" in verdict.message
    verdict = check_payment([*money("5 denar", "3 florin"), SWAP], 8, "denar", sources=EXCHANGE,
                            item="the denar square")
    assert verdict.reasons == ("wrong_currency",)
    assert verdict.message == ("with the exchange denar/dirham only denar and dirham pay the "
                               "denar square, not 3 florin")
    # without the exchange source in play, an exchange card pays nothing
    assert check_payment([*money("5 denar", "3 dirham"), SWAP], 8,
                         "denar").reasons == ("wrong_currency",)
    assert "adds nothing" in check_payment([*money("5 denar", "3 dirham"), SWAP], 8).message


def test_wrong_currency_and_the_other_money_cards():
    verdict = check_payment(money("9 denar", "5 dirham"), 8, "denar", item="the denar square")
    assert verdict.reasons == ("wrong_currency",)
    assert verdict.message == "the denar square is paid in denar only, not with 5 dirham"
    # a master builder and a coin are money of their currency (§M14, §M11)
    assert check_payment([MasterBuilderCard("denar"), Coin("denar"), *money("4 denar")], 8,
                         "denar")
    assert check_payment([DiamondCard(8)], 8, "denar").reasons == ("wrong_currency",)


def test_diamonds_pay_any_price_alone_when_in_play():
    assert check_payment([DiamondCard(5), DiamondCard(3)], 8, "florin", sources=DIAMONDS)
    assert check_payment([DiamondCard(5), DiamondCard(3)], 8, None, sources=DIAMONDS)
    verdict = check_payment([DiamondCard(5), *money("3 florin")], 8, "florin", sources=DIAMONDS)
    assert verdict.reasons == ("diamonds_alone",)
    assert verdict.message == "diamonds pay alone, never with other cards (not with 3 florin)"


def test_no_money_and_one_currency():
    verdict = check_payment([*money("8 denar"), GateCard()], 8, "denar")
    assert verdict.reasons == ("no_money",) and verdict.message == (
        "the gate card is no money: it pays nothing")
    assert check_payment([WallCard("N")], 1, None).reasons == ("no_money",)
    bid = PaymentSources(one_currency=True)
    verdict = check_payment(money("3 denar", "3 ducat"), 5, None, "at_least", bid, item="a bid")
    assert verdict.reasons == ("one_currency",)
    assert verdict.message == "a bid is paid in one currency, not denar, ducat"
    assert check_payment([DiamondCard(4), DiamondCard(3)], 5, None, "at_least", bid)


def test_not_in_hand_counts_copies_and_joins_the_other_reasons():
    hand = money("5 denar", "3 denar")
    assert check_payment(money("5 denar", "3 denar"), 8, "denar", hand=hand)
    verdict = check_payment(money("5 denar", "5 denar", "3 denar"), 8, "denar", hand=hand)
    assert verdict.reasons == ("not_in_hand", "not_minimal")
    assert verdict.message == "5 denar is not in hand"
    # what the cards total is judged only of cards that may pay
    assert check_payment(money("9 dirham"), 8, "denar", hand=()).reasons == (
        "wrong_currency", "not_in_hand")


def test_every_reason_has_words_and_a_bad_rule_is_refused():
    assert set(PAYMENT_REASONS) == {
        "no_money", "one_currency", "diamonds_alone", "one_exchange", "exchange_unjoined",
        "wrong_currency", "not_in_hand", "short", "not_exact", "exchange_needless",
        "not_minimal"}
    verdict = PaymentVerdict(False, ("short", "not_in_hand"), "x")
    assert verdict.explain() == "; ".join([PAYMENT_REASONS["short"],
                                           PAYMENT_REASONS["not_in_hand"]])
    with pytest.raises(InvalidInput, match="minimal, exact, at_least"):
        check_payment(money("8 denar"), 8, "denar", rule="cheap")


# -- the verdict against the rules' words ---------------------------------------------------

def _may_pay(cards, currency, sources):
    """Whether `cards` are cards that may pay together (RULES.md §4, §M2, §M6, §M7)."""
    if any(not isinstance(c, (Card, ExchangeCard)) for c in cards):
        return False
    exchanges = [c for c in cards if isinstance(c, ExchangeCard)]
    coins = [c for c in cards if isinstance(c, Card)]
    currencies = {c.currency for c in coins}
    if sources.one_currency and len({getattr(c, "currency", None) for c in cards}) > 1:
        return False
    if sources.diamonds and DIAMOND in currencies:
        return not exchanges and currencies == {DIAMOND}
    if exchanges and not sources.exchange:
        return False
    if len(exchanges) > 1:
        return False
    allowed = {currency} if not exchanges else set(exchanges[0].currencies)
    if exchanges and currency not in allowed:
        return False
    return currency is None or currencies <= allowed


def _oracle(cards, price, currency, rule, sources, hand):
    """Accepted by the rules' words: valid cards, in hand, reaching (or totalling) the
    price, and under the minimal and exact rules no card could be left out with the rest
    still a valid payment of the same kind."""
    if hand is not None and Counter(cards) - Counter(hand):
        return False
    if not _may_pay(cards, currency, sources):
        return False
    total = sum(getattr(c, "value", 0) for c in cards)
    rule = "at_least" if sources.overpaying and rule == "minimal" else rule
    if rule == "exact" and total != price or total < price:
        return False
    if rule == "at_least":
        return True
    for i, card in enumerate(cards):
        rest = cards[:i] + cards[i + 1:]
        rest_total = total - getattr(card, "value", 0)
        if rest and _may_pay(rest, currency, sources) and (
                rest_total == price if rule == "exact" else rest_total >= price):
            return False
    return True


_CURRENCY = st.sampled_from(CURRENCIES)
_CARD = st.one_of(
    st.builds(Card, _CURRENCY, st.integers(1, 9)),
    st.builds(DiamondCard, st.integers(3, 9)),
    st.builds(MasterBuilderCard, _CURRENCY),
    st.builds(Coin, _CURRENCY),
    st.builds(lambda pair: ExchangeCard(tuple(pair)),
              st.lists(_CURRENCY, min_size=2, max_size=2, unique=True)),
    st.just(GateCard()),
)
_SOURCES = st.builds(PaymentSources, st.booleans(), st.booleans(), st.booleans(),
                     st.booleans())


@settings(max_examples=400, deadline=None)
@given(cards=st.lists(_CARD, min_size=1, max_size=5), price=st.integers(1, 14),
       currency=st.one_of(st.none(), _CURRENCY), rule=st.sampled_from(RULES),
       sources=_SOURCES, extra=st.lists(_CARD, max_size=3), in_hand=st.booleans())
def test_the_verdict_is_the_rules_words(cards, price, currency, rule, sources, extra, in_hand):
    hand = (cards + extra) if in_hand else extra
    verdict = check_payment(cards, price, currency, rule, sources, hand)
    assert verdict.ok == _oracle(cards, price, currency, rule, sources, hand)
    assert verdict.ok == (verdict.reasons == ()) and all(r in PAYMENT_REASONS
                                                         for r in verdict.reasons)
    assert bool(verdict.message) != verdict.ok


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.builds(Card, _CURRENCY, st.integers(1, 9)), min_size=1, max_size=4),
       price=st.integers(1, 20), currency=_CURRENCY)
def test_a_payment_in_one_currency_is_ok_exactly_when_minimal_and_enough(cards, price,
                                                                       currency):
    """The base game's rule (RULES.md §4b): a payment in the square's currency is
    accepted when it reaches the price and its smallest card is needed."""
    paid = [Card(currency, c.value) for c in cards]
    total = sum(c.value for c in paid)
    expected = total >= price and total - min(c.value for c in paid) < price
    assert check_payment(paid, price, currency).ok == expected


# -- one exact-payment test for the window and the bots -------------------------------------

_MONEY_OR_SWAP = st.one_of(
    st.builds(Card, _CURRENCY, st.integers(1, 9)),
    st.builds(lambda pair: ExchangeCard(tuple(pair)),
              st.lists(_CURRENCY, min_size=2, max_size=2, unique=True)))


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(_MONEY_OR_SWAP, max_size=8),
       prices=st.lists(st.one_of(st.none(), st.integers(1, 12)), min_size=4, max_size=4))
def test_may_pay_exactly_agrees_with_the_bots_exact_square_count(hand, prices):
    market = tuple((c, None if p is None else Tile("garden", p, ""))
                   for c, p in zip(CURRENCIES, prices))
    values, exchanges = hand_money(hand)
    assert may_pay_exactly(tuple(hand), market) == (
        exact_square_count(values, market, exchanges) > 0)
