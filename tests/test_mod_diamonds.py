"""Diamonds (Mega Box M6, RULES.md §M6): 11 cards of a fifth currency shuffled with the
money, paying any market square alone, never mixed, worthless at the end.
"""

import warnings
from collections import Counter

import pytest
from _game_helpers import (
    GARDEN_11,
    PAV_8,
    SER_9,
    TOWER_12,
    cards,
    do,
    drain_bag,
    events_since,
    reload,
    restore,
    set_display,
    set_hand,
    set_market,
    state,
)

from alhambra_lib import Game
from alhambra_lib.actions import Buy, End, Take, action_from_dict
from alhambra_lib.components import (
    DIAMOND,
    ExchangeCard,
    ProvisionalDataWarning,
    card_set,
    warn_if_provisional,
)
from alhambra_lib.components import DiamondCard as D
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import IllegalAction
from alhambra_lib.modules.treasure import BuyChests

pytestmark = pytest.mark.filterwarnings("ignore::alhambra_lib.components.ProvisionalDataWarning")


def arranged(hand=(), display=("9 ducat", "3 florin", "2 denar", "1 dirham"), modules=(),
             names=("Ana", "Ben", "Cy"), seed=7):
    """Ana to act, the known market (8 denar, 9 dirham, 11 ducat, 12 florin), `hand`."""
    game = Game(list(names), seed=seed, modules=("diamonds", *modules))
    assert game.current_player == "Ana"
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_display(game, [c if not isinstance(c, str) else cards(c)[0] for c in display])
    return set_hand(game, "Ana", list(hand))


# -- the cards --------------------------------------------------------------------------------


def test_eleven_values_the_eleventh_provisional():
    """11 cards, 3 to 9 with 5, 6 and 7 twice; the 11th (6) is a flagged placeholder."""
    diamonds = card_set("diamonds")
    values = [c.value for c in diamonds.cards]
    assert sorted(values) == [3, 4, 5, 5, 6, 6, 6, 7, 7, 8, 9]
    assert diamonds.provisional == (10,) and values[10] == 6
    assert all(c.currency == DIAMOND == "diamond" for c in diamonds.cards)
    assert all(c.component == "diamond" for c in diamonds.cards)


def test_the_provisional_warning_names_the_diamonds():
    from alhambra_lib import components

    components._WARNED.discard("diamonds")
    with pytest.warns(ProvisionalDataWarning, match="diamonds.*M6"):
        warn_if_provisional("diamonds")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        Game(["Ana", "Ben"], seed=1, modules=("diamonds",))
    assert not [w for w in caught if issubclass(w.category, ProvisionalDataWarning)]


def test_a_diamond_is_money_of_its_own_currency_and_saves_as_such():
    d = D(7)
    assert d.currency == "diamond" and d.value == 7 and str(d) == "7 diamond"
    assert d != cards("7 denar")[0] and hash(d) == hash(D(7))
    buy = Buy(1, PAV_8, (D(8),))
    assert action_from_dict(buy.to_dict()) == buy and str(buy).endswith("paying 8 diamond (exact)")
    with pytest.raises(ValueError):
        D(10)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_census_and_setup_shuffled_with_the_money(players):
    """The 11 diamonds join the money before the starting money is dealt (§M0.2 step 1):
    census 11, the money 108 (72), and the diamonds are dealt and drawn like money."""
    game = Game([f"P{i}" for i in range(players)], seed=players, modules=("diamonds",))
    census = game.census()
    assert census["diamond"] == 11 and census["money"] == (72 if players == 2 else 108)
    data = state(game)
    piles = data["draw_pile"] + data["display"] + [c for h in data["hands"].values() for c in h]
    assert Counter(c[1] for c in piles if c[0] == "diamond") == Counter(
        c.value for c in card_set("diamonds").cards)


def test_diamonds_count_towards_the_starting_money_and_the_start_player():
    """Dealt with the money, a diamond adds its value to the 20 of a starting hand and
    counts for the fewest-cards, lowest-total start player rule (RULES.md §3.5)."""
    seen = 0
    for seed in range(40):
        game = Game(["Ana", "Ben", "Cy"], seed=seed, modules=("diamonds",))
        dealt = {e["player"]: e["cards"] for e in game.events if e["type"] == "starting_money"}
        for hand in dealt.values():
            values = [v for _, v in hand]
            assert sum(values) >= 20 and sum(values) - values[-1] < 20
        if any(c[0] == "diamond" for hand in dealt.values() for c in hand):
            seen += 1
            key = {p: (len(h), sum(v for _, v in h), i)
                   for i, (p, h) in enumerate(dealt.items())}
            assert game.start_player == min(key, key=key.get)
    assert seen > 10


# -- taking and paying ------------------------------------------------------------------------


def test_taken_like_money_alone_or_with_others_up_to_five():
    game = arranged(display=(D(3), "2 denar", "9 ducat", D(8)))
    takes = {str(a) for a in game.legal_actions() if a.kind == "take"}
    assert {"take 3 diamond", "take 8 diamond", "take 3 diamond + 2 denar"} <= takes
    assert not any("8 diamond +" in t for t in takes)
    do(game, "take 3 diamond + 2 denar")
    assert D(3) in game.hand("Ana")


def test_diamonds_pay_any_square_alone():
    """A diamond payment is offered on every square it reaches, minimal as any payment."""
    game = arranged(hand=(D(9), D(4), D(3)))
    buys = {str(a) for a in game.legal_actions() if a.kind == "buy"}
    assert buys == {
        "buy 8-pavilion from denar square paying 9 diamond",
        "buy 9-seraglio from dirham square paying 9 diamond (exact)",
        "buy 11-garden from ducat square paying 9 diamond + 3 diamond",
        "buy 11-garden from ducat square paying 9 diamond + 4 diamond",
        "buy 12-tower from florin square paying 9 diamond + 3 diamond (exact)",
        "buy 12-tower from florin square paying 9 diamond + 4 diamond"}
    with pytest.raises(IllegalAction, match="could be left out"):
        game.apply(Buy(1, PAV_8, (D(9), D(3))))


def test_an_exact_diamond_payment_grants_another_action():
    game = arranged(hand=(D(9), D(8)))
    do(game, "buy 8-pavilion from denar square paying 8 diamond (exact)")
    assert game.decision.kind == "act" and game.current_player == "Ana"
    assert End() in game.legal_actions()
    assert game.events[-1]["exact"] is True
    assert describe_event(game.events[-1]) == (
        "Ana buys 8-pavilion from the denar square paying 8 diamond (exact)")
    do(game, "buy 9-seraglio from dirham square paying 9 diamond (exact)")
    assert game.to_place == (PAV_8, SER_9)


def test_diamonds_never_mix_with_money():
    game = arranged(hand=(D(5), *cards("3 denar", "4 dirham")))
    assert not [a for a in game.legal_actions() if a.kind == "buy"]
    before = game.to_json()
    with pytest.raises(IllegalAction, match="diamonds pay alone"):
        game.apply(Buy(1, PAV_8, (D(5), *cards("3 denar"))))
    assert game.to_json() == before


def test_diamonds_never_mix_through_an_exchange_card():
    """Not even an exchange card joins diamonds to a currency (§M2, §M6)."""
    card = ExchangeCard(("denar", "dirham"))
    game = arranged(hand=(D(5), card, *cards("5 denar", "4 dirham", "3 denar")),
                    modules=("exchange",))
    buys = [a for a in game.legal_actions() if a.kind == "buy"]
    assert buys and all(DIAMOND not in {getattr(c, "currency", "") for c in b.cards}
                        for b in buys)
    with pytest.raises(IllegalAction, match="diamond"):
        game.apply(Buy(1, PAV_8, (D(5), card, *cards("3 denar"))))
    with pytest.raises(IllegalAction, match="diamond"):
        game.apply(Buy(1, PAV_8, (D(5), card, *cards("4 dirham"))))


def test_worthless_in_the_end_of_game_distribution():
    """Diamonds are no square's currency: 20 in diamonds hold no majority (§M6 (d))."""
    game = arranged(hand=(D(9), D(8), *cards("8 denar")))
    game = set_hand(game, "Ben", (D(7), D(6), D(5), *cards("1 dirham")))
    game = set_hand(game, "Cy", cards("1 ducat"))
    game = drain_bag(game, leave=0, into="Cy")
    n = len(game.events)
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    do(game, "reserve 8-pavilion")
    distribution = next(e for e in events_since(game, n) if e["type"] == "distribution")
    assert [(t["currency"], t["to"]) for t in distribution["tiles"]] == [
        ("dirham", "Ben"), ("ducat", "Cy"), ("florin", None)]
    reload(game)


def test_decision_chests_paid_with_diamonds_alone():
    """[D] RULES.md §M6: a room of chests (at least 8) may be paid in diamonds, alone."""
    game = arranged(hand=(D(5), D(3), *cards("5 denar")), modules=("treasure",))
    chests = [a for a in game.legal_actions() if a.kind == "buy_chests" and a.room == 1]
    assert {tuple(map(str, a.cards)) for a in chests} == {("5 diamond", "3 diamond")}
    with pytest.raises(IllegalAction, match="diamonds pay alone"):
        game.apply(BuyChests(1, (D(5), *cards("5 denar"))))
    n = len(game.events)
    game.apply(chests[0])
    bought = next(e for e in events_since(game, n) if e["type"] == "buy_chests")
    assert "paying 5 diamond + 3 diamond" in describe_event(bought)


def test_decision_bazaars_are_not_paid_with_diamonds():
    """[D] RULES.md §M6: a bazaar is paid in its printed currency, never in diamonds."""
    from alhambra_lib.modules.bazaars import BAZAARS, BuyBazaar

    bazaar = next(b for b in BAZAARS if b.marks[0] == "denar")
    game = arranged(hand=(D(8), *cards("8 denar")), modules=("bazaars",))
    data = state(game)
    if bazaar.to_list() in data["bag"]:
        data["bag"].remove(bazaar.to_list())
        data["modules_state"]["bazaars"]["beside"].append(bazaar.to_list())
    game = restore(game, data)
    offered = [a for a in game.legal_actions() if a.kind == "buy_bazaar"]
    assert [str(c) for a in offered for c in a.cards] == ["8 denar"]
    with pytest.raises(IllegalAction, match="not with 8 diamond"):
        game.apply(BuyBazaar(bazaar, (D(8),)))


def test_saves_round_trip_with_diamonds_everywhere():
    game = arranged(hand=(D(9), D(4)), display=(D(3), "2 denar", "9 ducat", D(8)))
    do(game, "buy 9-seraglio from dirham square paying 9 diamond (exact)")
    restored = reload(game)
    assert restored.hand("Ana") == (D(4),) and D(3) in restored.display
    assert restored.legal_actions() == game.legal_actions()
    assert "diamond" in state(game)["discard"][-1]


def test_view_and_two_players():
    """The view shows one's own diamonds only; Dirk holds none (he has no money)."""
    game = arranged(hand=(D(9),), names=("Ana", "Ben"), seed=1)
    assert game.view("Ana").hand == (D(9),) and D(9) not in game.view("Ben").hand
    assert game.view("Ben").hand_sizes["Ana"] == 1
    assert "Dirk" not in state(game)["hands"]


def test_take_refuses_a_diamond_with_more_than_five():
    game = arranged(display=(D(3), D(4), "2 denar", "9 ducat"))
    with pytest.raises(IllegalAction, match="at most 5"):
        game.apply(Take((D(3), D(4))))
