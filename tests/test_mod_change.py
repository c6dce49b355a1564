"""Change (Mega Box M11, RULES.md §M11): 24 coins in a bag; an overpaid building draws
half the excess in coins; coins are money of their currency and go back to the bag.
"""

import random

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
    play_randomly,
    reload,
    restore,
    set_display,
    set_hand,
    set_market,
    state,
)

from alhambra_lib import Game
from alhambra_lib.actions import Buy
from alhambra_lib.components import Coin, DiamondCard, ExchangeCard
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import IllegalAction, InvalidSave
from alhambra_lib.modules.change import COINS, change_for
from alhambra_lib.modules.treasure import BuyChests
from alhambra_lib.payments import is_minimal

pytestmark = pytest.mark.filterwarnings("ignore::alhambra_lib.components.ProvisionalDataWarning")


def arranged(hand=(), modules=(), names=("Ana", "Ben", "Cy"), seed=7):
    """Ana to act, the known market (8 denar, 9 dirham, 11 ducat, 12 florin), `hand`
    (coins are taken out of the coin bag)."""
    game = Game(list(names), seed=seed, modules=("change", *modules))
    assert game.current_player == "Ana"
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    return set_hand(game, "Ana", list(hand))


def coin_bag(game):
    return state(game)["modules_state"]["change"]["bag"]


def change_events(game, n):
    return [e for e in events_since(game, n) if e["type"] == "change"]


# -- the coins ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 6])
def test_24_coins_6_per_currency_in_the_bag(players):
    game = Game([f"P{i}" for i in range(players)], seed=players, modules=("change",))
    assert game.census()["coin"] == 24 and len(COINS) == 24
    assert sorted(coin_bag(game)) == sorted(c.currency for c in COINS)
    assert {c: coin_bag(game).count(c) for c in set(coin_bag(game))} == {
        "denar": 6, "dirham": 6, "ducat": 6, "florin": 6}
    assert game.view("P0").modules["change"]["bag"] == 24
    coin = Coin("denar")
    assert coin.value == 1 and coin.currency == "denar" and coin.component == "coin"
    assert coin != cards("1 denar")[0] and str(coin) == "1 denar (coin)"


@pytest.mark.parametrize("paid, price, coins", [(8, 8, 0), (9, 8, 0), (10, 8, 1), (11, 8, 1),
                                                (13, 8, 2), (17, 8, 4)])
def test_change_is_half_the_excess_rounded_down(paid, price, coins):
    assert change_for(paid, price) == coins


# -- overpaying --------------------------------------------------------------------------------


def test_decision_legal_actions_offer_minimal_payments_only():
    """[D] RULES.md §M11: the list stays that of the minimal payments."""
    game = arranged(hand=cards("9 denar", "5 denar", "4 denar"))
    buys = [a for a in game.legal_actions() if a.kind == "buy"]
    assert buys and all(is_minimal(b.cards, b.tile.price) for b in buys)
    assert {str(b) for b in buys} == {"buy 8-pavilion from denar square paying 9",
                                      "buy 8-pavilion from denar square paying 5+4"}


def test_a_hand_made_overpayment_is_accepted_and_draws_half_the_excess():
    """The minimal rule is off: 9 + 5 + 4 = 18 for an 8 overpays 10 and draws 5 coins."""
    game = arranged(hand=cards("9 denar", "5 denar", "4 denar"))
    n = len(game.events)
    game.apply(Buy(1, PAV_8, cards("9 denar", "5 denar", "4 denar")))
    [change] = change_events(game, n)
    assert change["player"] == "Ana" and change["overpaid"] == 10 and len(change["coins"]) == 5
    coins = [c for c in game.hand("Ana") if isinstance(c, Coin)]
    assert len(coins) == 5 and len(coin_bag(game)) == 19 and game.census()["coin"] == 24
    assert describe_event(change).startswith("Ana overpays by 10 and draws 1 ")
    assert game.view("Ben").modules["change"]["coins"]["Ana"] == tuple(coins)  # face up
    reload(game)


def test_overpaying_by_one_draws_nothing():
    game = arranged(hand=cards("9 denar"))
    n = len(game.events)
    do(game, "buy 8-pavilion from denar square paying 9")
    assert change_events(game, n) == [] and len(coin_bag(game)) == 24


def test_the_minimal_rule_is_still_on_without_the_module():
    game = Game(["Ana", "Ben", "Cy"], seed=7)
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_hand(game, "Ana", cards("9 denar", "5 denar"))
    with pytest.raises(IllegalAction, match="could be left out"):
        game.apply(Buy(1, PAV_8, cards("9 denar", "5 denar")))


def test_an_empty_bag_gives_nothing():
    """Every coin in Ben's hand: Ana's overpayment draws none, and the event says so."""
    game = arranged(hand=cards("9 denar", "5 denar"))
    game = set_hand(game, "Ben", COINS)
    assert coin_bag(game) == []
    n = len(game.events)
    game.apply(Buy(1, PAV_8, cards("9 denar", "5 denar")))
    [change] = change_events(game, n)
    assert change["coins"] == [] and "the coin bag is empty" in describe_event(change)


def test_a_nearly_empty_bag_gives_what_it_has():
    game = arranged(hand=cards("9 denar", "5 denar", "4 denar"))
    game = set_hand(game, "Ben", COINS[:-2])
    n = len(game.events)
    game.apply(Buy(1, PAV_8, cards("9 denar", "5 denar", "4 denar")))
    [change] = change_events(game, n)
    assert change["coins"] == [["coin", "florin"], ["coin", "florin"]]


def test_change_is_drawn_at_random_and_saved():
    """The draw uses the game's generator: a restored game draws the same coins."""
    game = arranged(hand=cards("9 denar", "5 denar", "4 denar"))
    twin = reload(game)
    for g in (game, twin):
        g.apply(Buy(1, PAV_8, cards("9 denar", "5 denar", "4 denar")))
    assert game.to_json() == twin.to_json()
    drawn = set()
    for seed in (1, 2, 4, 7, 12, 13):  # seeds where Ana starts
        g = arranged(hand=cards("9 denar", "5 denar", "4 denar"), seed=seed)
        n = len(g.events)
        g.apply(Buy(1, PAV_8, cards("9 denar", "5 denar", "4 denar")))
        drawn.add(tuple(map(tuple, change_events(g, n)[0]["coins"])))
    assert len(drawn) > 1


# -- coins as money ----------------------------------------------------------------------------


def test_coins_pay_their_square_like_money():
    game = arranged(hand=(*cards("7 denar"), Coin("denar"), Coin("dirham")))
    buys = {str(a) for a in game.legal_actions() if a.kind == "buy"}
    assert buys == {"buy 8-pavilion from denar square paying 7 denar + 1 denar (coin) (exact)"}
    do(game, "buy 8-pavilion from denar square paying 7 denar + 1 denar (coin) (exact)")
    assert game.hand("Ana") == (Coin("dirham"),)


def test_decision_spent_coins_go_back_into_the_bag():
    """[D] RULES.md §M11: a spent coin goes back into the bag, never onto the discard."""
    game = arranged(hand=(*cards("7 denar"), Coin("denar")))
    discard = len(state(game)["discard"])
    do(game, "buy 8-pavilion from denar square paying 7 denar + 1 denar (coin) (exact)")
    data = state(game)
    assert len(data["discard"]) == discard + 1 and ["coin", "denar"] not in data["discard"]
    assert len(coin_bag(game)) == 24 and game.census()["coin"] == 24


def test_decision_the_payment_leaves_the_hand_before_the_change_is_drawn():
    """[D] RULES.md §M11: with the bag empty, a coin paid in can come straight back."""
    game = set_hand(arranged(), "Ben", COINS[1:])
    game = set_hand(game, "Ana", (*cards("9 denar"), Coin("denar")))
    assert coin_bag(game) == []
    n = len(game.events)
    game.apply(Buy(1, PAV_8, (*cards("9 denar"), Coin("denar"))))  # overpays 2
    [change] = change_events(game, n)
    assert change["coins"] == [["coin", "denar"]] and Coin("denar") in game.hand("Ana")


def test_coins_count_in_the_end_of_game_distribution():
    """[D] RULES.md §M11 (d): coins are money of their currency at the end."""
    game = arranged(hand=(*cards("8 denar"), Coin("dirham"), Coin("dirham")))
    game = set_hand(game, "Ben", cards("1 dirham"))
    game = set_hand(game, "Cy", ())
    game = drain_bag(game, leave=0, into="Cy")
    n = len(game.events)
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    do(game, "reserve 8-pavilion")
    distribution = next(e for e in events_since(game, n) if e["type"] == "distribution")
    assert distribution["tiles"][0] == {"square": 2, "currency": "dirham",
                                        "tile": SER_9.to_list(), "to": "Ana"}


def test_decision_no_change_for_chests():
    """[D] RULES.md §M11: chests give no change (and keep their own minimal rule)."""
    game = arranged(hand=cards("9 denar", "5 dirham"), modules=("treasure",))
    n = len(game.events)
    game.apply(BuyChests(1, cards("9 denar")))
    assert change_events(game, n) == []
    with pytest.raises(IllegalAction, match="could be left out"):
        set_hand(game, game.current_player, cards("9 ducat", "5 ducat")).apply(
            BuyChests(2, cards("9 ducat", "5 ducat")))


def test_decision_coins_pay_chests():
    game = arranged(hand=(*cards("7 denar"), Coin("florin")), modules=("treasure",))
    chests = [a for a in game.legal_actions() if a.kind == "buy_chests" and a.room == 1]
    assert [tuple(map(str, a.cards)) for a in chests] == [("7 denar", "1 florin (coin)")]
    game.apply(chests[0])
    assert len(coin_bag(game)) == 24


def test_decision_exchange_overpays_on_the_combined_total():
    """[D] RULES.md §M2, §M11: 9 denar + 5 dirham through an exchange card for the 8 overpays
    6 and draws 3 coins."""
    card = ExchangeCard(("denar", "dirham"))
    game = arranged(hand=(card, *cards("9 denar", "5 dirham")), modules=("exchange",))
    n = len(game.events)
    game.apply(Buy(1, PAV_8, (card, *cards("9 denar", "5 dirham"))))
    [change] = change_events(game, n)
    assert change["overpaid"] == 6 and len(change["coins"]) == 3


def test_decision_overpaid_diamonds_draw_coins():
    """[D] RULES.md §M6, §M11: 9 + 8 diamonds for the 12 overpay 5: 2 coins."""
    game = arranged(hand=(DiamondCard(9), DiamondCard(8)), modules=("diamonds",))
    n = len(game.events)
    game.apply(Buy(4, TOWER_12, (DiamondCard(9), DiamondCard(8))))
    [change] = change_events(game, n)
    assert change["overpaid"] == 5 and len(change["coins"]) == 2


def test_a_hand_made_overpayment_still_needs_one_currency():
    game = arranged(hand=cards("9 denar", "5 dirham"))
    before = game.to_json()
    with pytest.raises(IllegalAction, match="paid in denar only"):
        game.apply(Buy(1, PAV_8, cards("9 denar", "5 dirham")))
    assert game.to_json() == before


# -- saves, two players, random games ----------------------------------------------------------


def test_a_broken_coin_bag_is_refused():
    game = arranged()
    data = state(game)
    data["modules_state"]["change"]["bag"].append("denar")
    with pytest.raises(InvalidSave, match="at most 6"):
        restore(game, data)
    data["modules_state"]["change"]["bag"] = data["modules_state"]["change"]["bag"][:-2]
    with pytest.raises(InvalidSave, match="cards"):
        restore(game, data)


def test_two_players_random_game_keeps_the_coins():
    """Dirk takes no part: he has no hand; every coin is in a hand or the bag."""
    game = Game(["Ana", "Ben"], seed=3, modules=("change",))
    rng = random.Random(3)
    while not game.is_over:
        actions = game.legal_actions()
        action = rng.choice(actions)
        if action.kind == "buy":  # overpay by hand now and then
            spare = [c for c in game.hand(game.current_player)
                     if c not in action.cards and c.currency == action.currency]
            if spare:
                action = Buy(action.square, action.tile, action.cards + (spare[0],))
        game.apply(action)
        assert game.census()["coin"] == 24
    assert any(e["type"] == "change" for e in game.events)
    reload(game)
    play_randomly(Game(["Ana", "Ben", "Cy"], seed=4, modules=("change",)), random.Random(1))
