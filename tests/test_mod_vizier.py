"""Vizier's Favour (Mega Box M1, RULES.md §M1): the window between turns, `VizierBuy`,
`Wake`, and the vizier tokens.

Situations are arranged through the saved state (`tests/_game_helpers.py`); the vizier
tokens through ``modules_state.vizier``.
"""

import pytest
from _game_helpers import (
    GARDEN_11,
    PAV_8,
    SER_9,
    TOWER_12,
    cards,
    do,
    drain_bag,
    restore,
    set_display,
    set_hand,
    set_market,
    state,
    types,
)

from alhambra_lib import Game
from alhambra_lib.actions import Decline, Give, Place, Reserve
from alhambra_lib.errors import IllegalAction
from alhambra_lib.modules.vizier import VizierBuy, Wake

THREE = ["Ana", "Ben", "Cy"]


def asleep(game, *players):
    data = state(game)
    for p in players:
        data["modules_state"]["vizier"]["awake"][p] = False
    return restore(game, data)


def arranged(names=THREE, seed=7, hands=None, modules=("vizier",)):
    """Ana to act; market 8-pavilion (denar), 9-seraglio (dirham), 11-garden (ducat),
    12-tower (florin); display 9 ducat, 3 florin, 2 denar, 1 dirham."""
    game = Game(names, seed=seed, modules=modules)
    assert game.current_player == "Ana"
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    for player, hand in (hands or {}).items():
        game = set_hand(game, player, cards(*hand))
    return game


def asked(game):
    """Decline every vizier decision, returning who was asked, in order."""
    who = []
    while game.decision.kind == "vizier":
        who.append(game.current_player)
        game.apply(Decline())
    return who


def test_window_order_next_player_first_finisher_last():
    """Decision ``vizier``: after Ana's turn the awake players are asked Ben, Cy, then Ana."""
    game = arranged(hands={"Ana": ["8 denar"], "Ben": ["9 dirham"], "Cy": ["8 denar", "1 ducat"]})
    do(game, "take 9 ducat")
    assert game.decision.kind == "vizier" and str(game.phase) == "interrupt"
    assert game.turn_player == "Ana"
    assert asked(game) == ["Ben", "Cy", "Ana"]
    assert game.decision.kind == "act" and game.current_player == "Ben" and game.turn == 2
    declines = [e for e in game.events if e["type"] == "decline"]
    assert [e["player"] for e in declines] == ["Ben", "Cy", "Ana"]
    assert all(e["decision"] == "vizier" for e in declines)


def test_only_awake_players_who_can_pay_exactly_are_asked():
    """Decision ``vizier``: Ben (asleep) and Cy (9 denar, only an overpayment) are not asked."""
    game = arranged(hands={"Ana": ["9 dirham"], "Ben": ["8 denar"], "Cy": ["9 denar"]})
    game = asleep(game, "Ben")
    do(game, "take 3 florin")
    assert asked(game) == ["Ana"]
    assert game.decision.kind == "act" and game.current_player == "Ben"


def test_nobody_able_to_pay_exactly_means_no_window():
    """Decision ``vizier`` is never pushed when no awake player can pay a tile exactly."""
    game = arranged(hands={"Ana": ["1 denar"], "Ben": ["9 denar"], "Cy": ["2 dirham"]})
    do(game, "take 9 ducat")
    assert game.decision.kind == "act" and game.current_player == "Ben"
    assert "decline" not in types(game.events)


def test_options_in_the_window_are_exact_purchases_and_decline():
    """Decision ``vizier``: the legal actions are the exact `VizierBuy`s and `Decline`."""
    game = arranged(hands={"Ana": ["1 denar"],
                           "Ben": ["8 denar", "9 denar", "4 dirham", "5 dirham"]})
    do(game, "take 9 ducat")
    assert game.decision.kind == "vizier" and game.current_player == "Ben"
    legal = game.legal_actions()
    assert legal[-1] == Decline()
    assert all(isinstance(a, VizierBuy) and a.exact for a in legal[:-1])
    assert set(legal[:-1]) == {VizierBuy(1, PAV_8, cards("8 denar")),
                               VizierBuy(2, SER_9, cards("5 dirham", "4 dirham"))}


def test_a_non_exact_vizier_buy_is_refused():
    """Decision ``vizier``: `VizierBuy` paying 9 for a price of 8 is refused, game unchanged."""
    game = arranged(hands={"Ana": ["1 denar"], "Ben": ["8 denar", "9 denar"]})
    do(game, "take 9 ducat")
    before = game.to_json()
    with pytest.raises(IllegalAction, match="exactly"):
        game.apply(VizierBuy(1, PAV_8, cards("9 denar")))
    with pytest.raises(IllegalAction):  # not the square's currency
        game.apply(VizierBuy(2, SER_9, cards("8 denar", "9 denar")))
    assert game.to_json() == before


def test_purchase_is_placed_at_once_then_repoll_from_the_start():
    """Decisions ``vizier`` then ``place``: Ben declines, Cy buys and places at once; the
    market is refilled and the awake players are asked again from the start (Ben, Ana)."""
    game = arranged(hands={"Ana": ["9 florin", "3 florin"], "Ben": ["9 dirham"],
                           "Cy": ["8 denar"]})
    do(game, "take 9 ducat")
    assert game.current_player == "Ben"
    game.apply(Decline())
    assert game.current_player == "Cy"
    game.apply(VizierBuy(1, PAV_8, cards("8 denar")))
    event = game.events[-1]
    assert event["type"] == "vizier" and event["player"] == "Cy" and event["square"] == 1
    assert event["currency"] == "denar" and event["cards"] == [["denar", 8]]
    # placed or reserved at once, by Cy, not given: no extra action either
    assert game.decision.kind == "place" and game.current_player == "Cy"
    assert game.to_place == (PAV_8,)
    assert dict(game.decision.data) == {}
    legal = game.legal_actions()
    assert Reserve(PAV_8) in legal and all(isinstance(a, (Place, Reserve)) for a in legal)
    assert game.market[0][1] is None  # refilled only after the placing
    n = len(game.events)
    game.apply(Place(PAV_8, (1, 0)))
    new = game.events[n:]
    assert new[0]["type"] == "place"
    assert new[1]["type"] == "draw_tile" and new[1]["square"] == 1
    assert game.market[0][1] is not None
    assert game.view("Ana").modules["vizier"]["awake"] == {"Ana": True, "Ben": True, "Cy": False}
    assert game.decision.kind == "vizier" and game.current_player == "Ben"
    rest = asked(game)
    assert rest[-1] == "Ana" and "Cy" not in rest
    assert game.decision.kind == "act" and game.current_player == "Ben" and game.turn == 2


def test_the_vizier_tile_may_be_reserved_and_never_goes_to_dirk():
    """Decision ``place`` after a `VizierBuy` in a two-player game: no `Give` to Dirk."""
    game = arranged(["Ana", "Ben"], seed=4, hands={"Ana": ["1 denar"], "Ben": ["8 denar"]})
    do(game, "take 9 ducat")
    assert game.current_player == "Ben"
    game.apply(VizierBuy(1, PAV_8, cards("8 denar")))
    assert game.decision.kind == "place" and "give" not in game.decision.data
    assert not any(isinstance(a, Give) for a in game.legal_actions())
    with pytest.raises(IllegalAction):
        game.apply(Give(PAV_8))
    game.apply(Reserve(PAV_8))
    assert game.reserve("Ben") == (PAV_8,) and PAV_8 not in game.dirk_tiles
    assert game.view("Ben").modules["vizier"]["awake"] == {"Ana": True, "Ben": False}


def test_no_extra_action_after_the_exact_vizier_purchase():
    """Decision ``vizier``: the exact payment grants Cy no action; Ben's turn comes next."""
    game = arranged(hands={"Ana": ["1 denar"], "Ben": ["1 dirham"], "Cy": ["8 denar", "9 dirham"]})
    do(game, "take 9 ducat")
    assert game.current_player == "Cy"
    game.apply(VizierBuy(1, PAV_8, cards("8 denar")))
    game.apply(Reserve(PAV_8))
    # Cy is asleep now: nobody else can buy exactly, so the window closes
    assert game.decision.kind == "act" and game.current_player == "Ben" and game.turn == 2
    assert types(game.events).count("turn") == 2


def test_wake_only_when_asleep():
    """Decision ``act``: `Wake` is legal only for a sleeping vizier."""
    game = arranged(hands={"Ana": ["1 denar"]})
    assert Wake() not in game.legal_actions()
    with pytest.raises(IllegalAction, match="awake"):
        game.apply(Wake())
    game = asleep(game, "Ana")
    assert game.legal_actions()[-1] == Wake()


def test_wake_ends_the_action_part():
    """Decision ``act``: `Wake` is terminal; the turn end follows, then Ben's turn."""
    game = asleep(arranged(hands={"Ana": ["1 denar"], "Ben": ["1 denar"], "Cy": ["1 denar"]}),
                  "Ana")
    n = len(game.events)
    game.apply(Wake())
    assert game.events[n] == {"type": "wake", "player": "Ana"}
    assert game.view("Ana").modules["vizier"]["awake"]["Ana"] is True
    assert game.decision.kind == "act" and game.current_player == "Ben"


def test_wake_after_an_exact_purchase_ends_the_action_part():
    """Decision ``act``: after an exact `Buy`, `Wake` is legal and sends to ``place``."""
    game = asleep(arranged(hands={"Ana": ["8 denar"]}), "Ana")
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    assert game.decision.kind == "act" and Wake() in game.legal_actions()
    game.apply(Wake())
    assert game.decision.kind == "place" and game.current_player == "Ana"
    assert game.to_place == (PAV_8,)
    with pytest.raises(IllegalAction):
        game.apply(Wake())


def test_a_sleeping_vizier_is_not_asked_in_the_window():
    """Decision ``vizier``: Cy is asleep, so only Ben is asked."""
    game = asleep(arranged(hands={"Ana": ["1 denar"], "Ben": ["9 dirham"], "Cy": ["8 denar"]}),
                  "Cy")
    do(game, "take 9 ducat")
    assert asked(game) == ["Ben"]


def test_no_window_after_the_game_ending_turn():
    """Decision ``vizier`` is not pushed after the turn whose refill ends the game."""
    game = arranged(hands={"Ana": ["8 denar"], "Ben": ["9 dirham"], "Cy": ["9 florin", "3 florin"]})
    game = drain_bag(game, 0, "Cy")
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    game.apply(Reserve(PAV_8))
    assert "end_triggered" in types(game.events)
    assert "decline" not in types(game.events) and "vizier" not in types(game.events)
    while not game.is_over:
        assert game.decision.kind != "vizier"
        game.apply(game.legal_actions()[0])


def test_window_closes_when_the_vizier_purchase_leaves_the_market_short():
    """Decision ``vizier``: Ben buys with the bag empty; the refill fails, the game ends and
    Cy is not asked."""
    game = arranged(hands={"Ana": ["1 denar"], "Ben": ["9 dirham"], "Cy": ["8 denar"]})
    game = drain_bag(game, 0, "Ana")
    do(game, "take 9 ducat")
    assert game.current_player == "Ben"
    game.apply(VizierBuy(2, SER_9, cards("9 dirham")))
    game.apply(Reserve(SER_9))
    assert "end_triggered" in types(game.events)
    assert game.decision is None or game.decision.kind != "vizier"


def test_dirk_has_no_vizier_and_census_counts_one_per_player():
    """Two players: Ana and Ben have a vizier, Dirk none; census "vizier" == players."""
    for n in range(2, 7):
        names = [f"P{i}" for i in range(n)]
        game = Game(names, seed=n, modules=("vizier",))
        assert game.census()["vizier"] == n
        assert game.view(names[0]).modules["vizier"] == {"awake": dict.fromkeys(names, True)}
    game = Game(["Ana", "Ben"], seed=1, modules=("vizier",))
    assert "Dirk" not in state(game)["modules_state"]["vizier"]["awake"]


def test_vizier_round_trips_through_a_save_inside_the_window():
    """Decision ``vizier`` saved and restored mid-window continues identically."""
    game = arranged(hands={"Ana": ["8 denar"], "Ben": ["9 dirham"], "Cy": ["8 denar", "1 ducat"]})
    do(game, "take 9 ducat")
    game.apply(Decline())
    text = game.to_json()
    restored = Game.from_json(text)
    assert restored.to_json() == text and restored.decision == game.decision
    for g in (game, restored):
        g.apply(VizierBuy(1, PAV_8, cards("8 denar")))
        mid = g.to_json()
        assert Game.from_json(mid).to_json() == mid
        g.apply(Reserve(PAV_8))
    assert game.to_json() == restored.to_json()
