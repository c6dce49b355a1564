"""Currency Exchange (Mega Box M2, RULES.md §M2): the six exchange cards in the piles,
on the display, taken alone, paying in two currencies, discarded and reshuffled, and
worthless at the end.
"""

from collections import Counter

import pytest
from _game_helpers import (
    GARDEN_11,
    PAV_8,
    SER_9,
    TOWER_12,
    cards,
    discard_draw_pile,
    do,
    drain_bag,
    past_rounds,
    set_display,
    set_hand,
    set_market,
    stack_draw,
    state,
)

from alhambra_lib import Game
from alhambra_lib.actions import Buy, Reserve, Take
from alhambra_lib.components import CURRENCIES, EXCHANGE_CARDS, ExchangeCard, card_value
from alhambra_lib.errors import IllegalAction
from alhambra_lib.payments import payment_total

DD = ExchangeCard(("denar", "dirham"))
DF = ExchangeCard(("ducat", "florin"))
DU = ExchangeCard(("denar", "ducat"))


def arranged(hand=(), names=("Ana", "Ben", "Cy"), seed=7,
             display=("9 ducat", "3 florin", "2 denar", "1 dirham")):
    game = Game(list(names), seed=seed, modules=("exchange",))
    assert game.current_player == "Ana"
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_display(game, [*cards(*[d for d in display if isinstance(d, str)]),
                              *[d for d in display if not isinstance(d, str)]])
    return set_hand(game, "Ana", list(hand))


def test_six_cards_one_per_pair_of_currencies():
    """The six exchange cards are the six pairs; each has `.currencies` and no `.value`."""
    assert len(EXCHANGE_CARDS) == 6
    assert {frozenset(c.currencies) for c in EXCHANGE_CARDS} == {
        frozenset((a, b)) for i, a in enumerate(CURRENCIES) for b in CURRENCIES[i + 1:]}
    for c in EXCHANGE_CARDS:
        assert not hasattr(c, "value") and not hasattr(c, "currency")
        assert card_value(c) == 0 and payment_total([c]) == 0
    with pytest.raises(ValueError):
        ExchangeCard(("denar", "denar"))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_cards_each_in_piles_2_3_4(players):
    """Setup: two exchange cards shuffled into each of piles 2, 3, 4, after the split."""
    game = Game([f"P{i}" for i in range(players)], seed=players, modules=("exchange",))
    sizes = next(e for e in game.events if e["type"] == "draw_pile")["piles"]
    pile = state(game)["draw_pile"]  # top card first: pile 1 first
    assert len(pile) == sum(sizes)
    piles, start = [], 0
    for size in sizes:
        piles.append(pile[start:start + size])
        start += size
    exchange = [sum(c[0] == "exchange" for c in p) for p in piles]
    scoring = [[c for c in p if c[0] == "scoring"] for p in piles]
    assert exchange == [0, 2, 2, 2, 0]
    assert scoring == [[], [["scoring", 1]], [], [["scoring", 2]], []]
    base = [s - e - len(sc) for s, e, sc in zip(sizes, exchange, scoring)]
    assert max(base) - min(base) <= 1 and base == sorted(base, reverse=True)  # §3.7
    assert game.census()["exchange_card"] == 6


def test_a_revealed_card_takes_a_display_place():
    """Turn end step 5: a drawn exchange card goes onto the display as one of its 4 places."""
    game = stack_draw(arranged(cards("1 denar")), [DD])
    do(game, "take 9 ducat")
    assert {"type": "draw_card", "card": ["exchange", "denar", "dirham"]} in game.events
    assert len(game.display) == 4 and DD in game.display


def test_an_exchange_card_is_taken_alone():
    """Decision ``act``: `Take` of the exchange card alone; with money it is refused."""
    game = arranged(cards("1 denar"), display=("2 denar", "1 dirham", "9 ducat", DD))
    legal = game.legal_actions()
    assert Take((DD,)) in legal
    assert not any(DD in a.cards and len(a.cards) > 1 for a in legal if isinstance(a, Take))
    before = game.to_json()
    with pytest.raises(IllegalAction, match="alone"):
        game.apply(Take((DD, *cards("2 denar"))))
    assert game.to_json() == before
    game.apply(Take((DD,)))
    assert DD in game.hand("Ana") and game.current_player != "Ana"  # ends the action part


def test_a_buy_mixes_the_two_currencies():
    """Decision ``act``: 5 denar + 3 dirham with the denar/dirham card pay the 8-pavilion
    on the denar square exactly; the used card goes to the discard."""
    game = arranged([*cards("5 denar", "3 dirham"), DD])
    buy = Buy(1, PAV_8, (*cards("5 denar", "3 dirham"), DD))
    assert buy in game.legal_actions() and buy.exact and buy.exchange == DD
    # also on the dirham square, the other of the card's currencies
    assert Buy(2, SER_9, (*cards("5 denar", "3 dirham"), DD)) not in game.legal_actions()  # 8 < 9
    game.apply(buy)
    event = game.events[-1]
    assert event["type"] == "buy" and event["exact"] is True
    assert ["exchange", "denar", "dirham"] in event["cards"]
    assert ["exchange", "denar", "dirham"] in state(game)["discard"]
    assert game.hand("Ana") == ()
    assert game.decision.kind == "act"  # the exact payment grants another action


def test_the_square_currency_must_be_one_of_the_two():
    """Decision ``act``: the ducat/florin card cannot pay the denar square."""
    game = arranged([*cards("5 ducat", "3 florin"), DF])
    assert not any(isinstance(a, Buy) and a.square == 1 for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="does not join"):
        game.apply(Buy(1, PAV_8, (*cards("5 ducat", "3 florin"), DF)))


def test_a_third_currency_is_refused():
    """Decision ``act``: with the denar/dirham card a ducat card cannot pay."""
    game = arranged([*cards("5 denar", "3 ducat"), DD])
    with pytest.raises(IllegalAction, match="only denar and dirham"):
        game.apply(Buy(1, PAV_8, (*cards("5 denar", "3 ducat"), DD)))


def test_two_exchange_cards_are_refused():
    """Decision ``act``: one exchange card per payment."""
    game = arranged([*cards("5 denar", "3 dirham"), DD, DU])
    with pytest.raises(IllegalAction, match="one exchange card"):
        game.apply(Buy(1, PAV_8, (*cards("5 denar", "3 dirham"), DD, DU)))
    assert all(sum(isinstance(c, ExchangeCard) for c in a.cards) <= 1
               for a in game.legal_actions() if isinstance(a, Buy))


def test_without_an_exchange_card_one_currency_only():
    """Decision ``act``: mixing currencies without an exchange card is refused."""
    game = arranged(cards("5 denar", "3 dirham"))
    with pytest.raises(IllegalAction):
        game.apply(Buy(1, PAV_8, cards("5 denar", "3 dirham")))


def test_minimal_payment_still_required():
    """Decision ``act``: 5 denar + 3 dirham + 1 dirham for 8 is not minimal, refused."""
    game = arranged([*cards("5 denar", "3 dirham", "1 dirham"), DD])
    with pytest.raises(IllegalAction, match="left out"):
        game.apply(Buy(1, PAV_8, (*cards("5 denar", "3 dirham", "1 dirham"), DD)))
    buys = [a for a in game.legal_actions() if isinstance(a, Buy) and a.exchange]
    assert buys and all(payment_total(a.cards) - min(c.value for c in a.cards if card_value(c))
                        < a.tile.price for a in buys)
    # a payment that needs no second currency is offered in one currency, not with the card
    assert all(any(c.currency != CURRENCIES[a.square - 1] for c in a.cards if card_value(c))
               for a in buys)


def test_used_card_reshuffles_with_the_money():
    """Turn end step 5: the discards, the used exchange card among them, become the draw pile."""
    game = arranged([*cards("5 denar", "3 dirham"), DD])
    game = discard_draw_pile(past_rounds(game, 1, 2))
    game.apply(Buy(1, PAV_8, (*cards("5 denar", "3 dirham"), DD)))
    discards = len(state(game)["discard"])
    do(game, "take 9 ducat")  # the display needs a card: the draw pile is empty
    game.apply(Reserve(PAV_8))
    reshuffle = next(e for e in game.events if e["type"] == "reshuffle")
    assert reshuffle["cards"] == discards
    data = state(game)
    where = Counter(tuple(c) for c in data["draw_pile"] + data["display"])
    # every exchange card not still in a hand is back in play, the used one too
    assert where[("exchange", "denar", "dirham")] == 1
    assert game.census()["exchange_card"] == 6


def test_exchange_cards_are_worthless_in_the_end_distribution():
    """§9.3: Ana's denar/dirham card counts for no currency; Ben's 1 dirham wins the
    dirham square."""
    game = arranged([*cards("8 denar"), DD, DU])
    game = set_hand(game, "Ben", cards("1 dirham"))
    game = set_hand(game, "Cy", cards("1 florin"))
    game = drain_bag(game, 0, "Cy")
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    game.apply(Reserve(PAV_8))
    record = {d["square"]: d["to"] for d in next(e for e in game.events
                                                 if e["type"] == "distribution")["tiles"]}
    assert record == {2: "Ben", 3: None, 4: "Cy"}


def test_exchange_card_in_a_vizier_payment():
    """Decision ``vizier`` (§M1 with §M2): an exact vizier payment may use an exchange card."""
    from alhambra_lib.actions import Decline
    from alhambra_lib.modules.vizier import VizierBuy

    game = Game(["Ana", "Ben", "Cy"], seed=7, modules=("vizier", "exchange"))
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    game = set_hand(game, "Ana", cards("1 denar"))
    game = set_hand(game, "Ben", [*cards("5 denar", "3 dirham"), DD])
    game = set_hand(game, "Cy", cards("1 denar"))
    do(game, "take 9 ducat")
    assert game.current_player == "Ben"
    buy = VizierBuy(1, PAV_8, (*cards("5 denar", "3 dirham"), DD))
    assert buy in game.legal_actions() and game.legal_actions()[-1] == Decline()
    game.apply(buy)
    assert ["exchange", "denar", "dirham"] in state(game)["discard"]
