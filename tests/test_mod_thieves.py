"""Thieves (Mega Box M10, RULES.md §M10): the deal, `Steal` in the window between turns
(shared with the vizier), the refill after a theft, and what a player may see.

Situations are arranged through the saved state (`tests/_game_helpers.py`); the thieves
through ``modules_state.thieves``.
"""

import json
import random

import pytest
from _game_helpers import (
    GARDEN_11,
    PAV_8,
    SER_9,
    TOWER_12,
    card,
    cards,
    do,
    restore,
    set_display,
    set_hand,
    set_market,
    stack_draw,
    state,
)

from alhambra_lib import CURRENCIES, ExchangeCard, Game
from alhambra_lib.actions import Decline, action_from_dict
from alhambra_lib.bots import GreedyBot, RandomBot, StrategicBot, play
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import IllegalAction, InvalidSave
from alhambra_lib.modules.thieves import Steal, thieves_per_player

THREE = ["Ana", "Ben", "Cy"]


def set_thieves(game, hands):
    """The players' thieves become `hands` ({player: [currency]}); the others are removed
    (as many as the deal removes) or played."""
    data = state(game)
    thieves = data["modules_state"]["thieves"]
    left = [c for c in CURRENCIES for _ in range(3)]
    for player in game.players:
        thieves["hands"][player] = list(hands.get(player, []))
        for c in thieves["hands"][player]:
            left.remove(c)
    removed = 12 - thieves_per_player(len(game.players)) * len(game.players)
    thieves["removed"], thieves["played"] = left[:removed], left[removed:]
    return restore(game, data)


def arranged(modules=("thieves",), thieves=None, hands=None, names=THREE, **options):
    """Ana to act; market 8-pavilion, 9-seraglio, 11-garden, 12-tower; display 9 ducat,
    3 florin, 2 denar, 1 dirham; the next cards drawn 5 ducat, 6 florin, 7 denar."""
    game = Game(names, seed=7, modules=modules, **options)
    assert game.current_player == "Ana"
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    for player, hand in (hands or {}).items():
        game = set_hand(game, player, cards(*hand))
    game = stack_draw(game, cards("5 ducat", "6 florin", "7 denar"))
    return set_thieves(game, thieves or {})


def asked(game):
    """Decline every window decision, returning who was asked, in order."""
    who = []
    while game.decision.kind in ("window", "vizier"):
        who.append(game.current_player)
        game.apply(Decline())
    return who


# -- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players, each", [(2, 4), (3, 4), (4, 3), (5, 2), (6, 2)])
def test_deal_4_3_or_2_each_the_rest_removed_and_counted(players, each):
    game = Game([f"P{i}" for i in range(players)], seed=players, modules=("thieves",))
    view = game.view("P0").modules["thieves"]
    assert view["counts"] == {f"P{i}": each for i in range(players)}
    assert view["removed"] == 12 - each * players
    assert game.census()["thief"] == 12
    dealt = state(game)["modules_state"]["thieves"]
    every = dealt["removed"] + [c for h in dealt["hands"].values() for c in h]
    assert sorted(every) == sorted(c for c in CURRENCIES for _ in range(3))


def test_dirk_has_no_thieves_and_a_player_sees_only_their_own():
    game = Game(["Ana", "Ben"], seed=3, modules=("thieves",))
    hands = state(game)["modules_state"]["thieves"]["hands"]
    assert set(hands) == {"Ana", "Ben"}
    view = game.view("Ana").modules["thieves"]
    assert view["hand"] == tuple(hands["Ana"]) and "hands" not in view
    assert view["counts"] == {"Ana": 4, "Ben": 4}


# -- the window --------------------------------------------------------------------------


def test_the_next_player_may_not_steal_the_others_are_asked_finisher_last():
    """Decision: the next player (Ben) is never asked for a theft; Cy, then Ana (the
    finisher, lowest priority) are."""
    game = arranged(thieves={"Ana": ["ducat"], "Ben": ["ducat"], "Cy": ["florin"]})
    do(game, "take 9 ducat")  # the display is refilled with 5 ducat
    assert game.decision.kind == "window" and str(game.phase) == "interrupt"
    assert [str(a) for a in game.legal_actions()] == ["steal 3 florin with a florin thief",
                                                      "decline"]
    assert asked(game) == ["Cy", "Ana"]
    assert game.decision.kind == "act" and game.current_player == "Ben"


def test_finisher_may_not_steal_with_thief_not_by_finisher():
    """Option ``thief_not_by_finisher=True``: Ana, who just finished, is not asked."""
    game = arranged(thieves={"Ana": ["ducat"], "Cy": ["florin"]}, thief_not_by_finisher=True)
    do(game, "take 9 ducat")
    assert asked(game) == ["Cy"]


def test_a_hand_made_theft_of_the_next_player_is_refused():
    """Decision: with the vizier, Ben (next) is asked for the vizier only and may not steal."""
    game = arranged(modules=("vizier", "thieves"), thieves={"Ben": ["florin"]},
                    hands={"Ben": ["9 dirham"]})
    do(game, "take 9 ducat")
    assert (game.decision.kind, game.current_player) == ("window", "Ben")
    assert {a.kind for a in game.legal_actions()} == {"vizier", "decline"}
    before = game.to_json()
    with pytest.raises(IllegalAction, match="whose turn is next may not play a thief"):
        game.apply(Steal(card("3 florin")))
    assert game.to_json() == before


def test_window_order_shared_with_the_vizier_and_re_poll_after_each_use():
    """Decision: one window, one order (Ben, Cy, Ana); after a theft everyone is asked
    again from the top, and a vizier may follow a thief."""
    game = arranged(modules=("vizier", "thieves"), thieves={"Cy": ["florin", "ducat"]},
                    hands={"Ben": ["9 dirham"], "Cy": ["8 denar"]})
    do(game, "take 9 ducat")
    assert game.current_player == "Ben"
    game.apply(Decline())
    assert game.current_player == "Cy"
    kinds = [a.kind for a in game.legal_actions()]
    assert kinds == ["vizier", "steal", "steal", "decline"]  # vizier first, then thefts
    game.apply(Steal(card("5 ducat")))
    assert card("5 ducat") in game.hand("Cy")
    assert game.current_player == "Ben"  # re-polled from the top
    game.apply(Decline())
    assert game.current_player == "Cy"
    do(game, "vizier: buy 8-pavilion from denar square paying 8 (exact)")
    assert game.decision.kind == "place"
    do(game, "reserve 8-pavilion")
    assert game.current_player == "Ben"  # re-polled after the vizier too


def test_display_refilled_at_once_after_a_theft():
    game = arranged(thieves={"Cy": ["florin"]})
    played = len(game.view("Ana").modules["thieves"]["played"])
    do(game, "take 9 ducat")  # display: 3 florin, 2 denar, 1 dirham, 5 ducat
    game.apply(Steal(card("3 florin")))
    assert sorted(map(str, game.display)) == ["1 dirham", "2 denar", "5 ducat", "6 florin"]
    steal = next(e for e in game.events if e["type"] == "steal")
    assert steal == {"type": "steal", "player": "Cy", "card": ["florin", 3]}
    assert game.events[-3]["type"] == "steal" and game.events[-2]["card"] == ["florin", 6]
    view = game.view("Ana").modules["thieves"]
    assert len(view["played"]) == played + 1 and view["counts"]["Cy"] == 0


def test_scoring_card_revealed_after_a_theft_is_scored_before_the_window_goes_on():
    """Decision: the refill after a theft draws scoring card 1: round 1 is scored right
    after that refill, then the window continues (Ana is asked)."""
    game = arranged(thieves={"Ana": ["denar"], "Cy": ["florin"]})
    data = state(game)
    pile = data["draw_pile"]
    pile.remove(["scoring", 1])
    pile.insert(1, ["scoring", 1])  # after the 5 ducat of the turn's refill
    game = restore(game, data)
    do(game, "take 9 ducat")
    assert game.rounds_scored == ()
    game.apply(Steal(card("3 florin")))
    kinds = [e["type"] for e in game.events]
    at = kinds.index("steal")
    assert kinds[at:at + 4] == ["steal", "scoring_card", "draw_card", "scoring"]
    assert game.rounds_scored == (1,) and len(game.display) == 4
    assert game.decision.kind == "window" and game.current_player == "Ana"


def test_only_money_cards_can_be_stolen_never_an_exchange_card():
    game = arranged(modules=("exchange", "thieves"), thieves={"Cy": ["denar", "dirham"]})
    exchange = ExchangeCard(("denar", "dirham"))
    data = state(game)
    data["draw_pile"].remove(exchange.to_list())
    data["draw_pile"].insert(0, exchange.to_list())
    game = restore(game, data)
    do(game, "take 9 ducat")  # the exchange card fills the display
    assert exchange in game.display
    assert all(a.card != exchange for a in game.legal_actions() if a.kind == "steal")
    with pytest.raises(TypeError, match="money card"):
        Steal(exchange)


def test_a_theft_needs_a_thief_of_the_cards_currency():
    game = arranged(thieves={"Cy": ["florin"]})
    do(game, "take 9 ducat")
    with pytest.raises(IllegalAction, match="no denar thief"):
        game.apply(Steal(card("2 denar")))
    with pytest.raises(IllegalAction, match="not on the display"):
        game.apply(Steal(card("9 florin")))


def test_nobody_who_cannot_steal_is_asked():
    game = arranged(thieves={"Cy": ["denar"], "Ana": ["florin"]})
    do(game, "take 3 florin")  # Ana's florin thief: no florin on the display now
    assert asked(game) == ["Cy"]


# -- saves, narration, bots ------------------------------------------------------------------


def test_save_and_load_mid_window_and_after_a_theft():
    game = arranged(modules=("vizier", "thieves"), thieves={"Cy": ["florin"]},
                    hands={"Cy": ["8 denar"]})
    do(game, "take 9 ducat")
    text = game.to_json()
    twin = Game.from_json(text)
    assert twin.to_json() == text and twin.legal_actions() == game.legal_actions()
    for g in (game, twin):
        while g.current_player != "Cy":
            g.apply(Decline())
        g.apply(Steal(card("3 florin")))
    assert twin.to_json() == game.to_json()
    assert action_from_dict(Steal(card("3 florin")).to_dict()) == Steal(card("3 florin"))


def test_a_tampered_thieves_slice_is_refused():
    game = arranged(thieves={"Cy": ["florin"]})
    data = state(game)
    data["modules_state"]["thieves"]["hands"]["Cy"] = ["florin", "florin", "florin", "florin"]
    with pytest.raises(InvalidSave, match="3 per currency"):
        Game.from_json(json.dumps(data))
    data = state(game)
    data["modules_state"]["thieves"]["window"] = {"queue": ["Zed"], "repoll": False}
    with pytest.raises(InvalidSave, match="window"):
        Game.from_json(json.dumps(data))


def test_narration_of_the_deal_and_a_theft():
    game = arranged(thieves={"Cy": ["florin"]})
    do(game, "take 9 ducat")
    game.apply(Steal(card("3 florin")))
    lines = [describe_event(e) for e in game.events if e["type"] in ("thieves", "steal")]
    assert lines[0].startswith("the thieves are dealt: Ana 4, Ben 4, Cy 4")
    assert lines[-1] == "Cy plays a thief and steals 3 florin from the display"


@pytest.mark.parametrize("bot", [RandomBot(3), GreedyBot(), StrategicBot()])
def test_bots_play_to_the_end_with_thieves_and_the_vizier(bot):
    game = Game(THREE, seed=11, modules=("vizier", "thieves"))
    play(game, [bot, RandomBot(1), GreedyBot()])
    assert game.is_over and game.census()["thief"] == 12


def test_random_games_keep_the_thieves_and_save_mid_window():
    for seed in range(3):
        rng = random.Random(seed)
        game = Game(["A", "B", "C", "D"][:2 + seed], seed=seed, modules=("vizier", "thieves"))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            if game.decision is not None and game.decision.kind == "window":
                assert Game.from_json(game.to_json()).to_json() == game.to_json()
        assert game.census()["thief"] == 12


def test_a_save_listing_a_hand_of_thieves_otherwise_loads_as_the_game_keeps_it():
    """A hand of thieves is a set of currencies: a save listing one out of market order
    loads in market order, so the same game saves the same (the compiled core, which
    counts thieves by currency, saves it so too)."""
    game = arranged(thieves={"Cy": ["florin", "ducat"], "Ana": ["denar", "florin"]})
    slice_ = json.loads(game.to_json())["modules_state"]["thieves"]
    assert slice_["hands"]["Cy"] == ["ducat", "florin"]
    assert slice_["hands"]["Ana"] == ["denar", "florin"]
