"""Master Builders (Mega Box M14, RULES.md §M14): 16 value-3 cards, 2 dealt to each
player, 3 into piles 3 and 5; money, or discarded on one's turn for a redesign at the
turn end, after the bought tiles are placed.
"""

import random
from collections import Counter

import pytest
from _game_helpers import (
    GARDEN_11,
    PAV_8,
    SER_9,
    TOWER_12,
    build,
    cards,
    do,
    events_since,
    open_tile,
    play_randomly,
    reload,
    restore,
    set_display,
    set_hand,
    set_market,
    set_reserve,
    state,
    types,
)

from alhambra_lib import Game
from alhambra_lib.actions import Decline, End, Redesign, action_from_dict
from alhambra_lib.components import MasterBuilderCard as MB
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import IllegalAction, InvalidSave
from alhambra_lib.modules.master_builders import MASTER_BUILDERS, PlayMasterBuilder
from alhambra_lib.engine.context import module_context

GARDEN = open_tile("garden")
TOWER = open_tile("tower")


def arranged(hand=(), names=("Ana", "Ben", "Cy"), seed=7, display=None, modules=()):
    """Ana to act, the known market (8 denar, 9 dirham, 11 ducat, 12 florin), `hand`."""
    game = Game(list(names), seed=seed, modules=("master_builders", *modules))
    assert game.current_player == "Ana"
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    shown = cards("9 ducat", "3 florin", "2 denar", "1 dirham") if display is None else display
    game = set_display(game, shown)
    return set_hand(game, "Ana", list(hand))


def builders(game, name):
    return [c for c in game.hand(name) if isinstance(c, MB)]


def pile_builders(game):
    """How many master builders each of the five money piles holds, just after setup."""
    sizes = next(e for e in game.events if e["type"] == "draw_pile")["piles"]
    added = next(e for e in game.events if e["type"] == "master_builders_set")["piles"]
    sizes = [s + added.get(str(i + 1), 0) for i, s in enumerate(sizes)]
    pile, found, start = state(game)["draw_pile"], [], 0  # top card first: pile 1 first
    assert len(pile) == sum(sizes)
    for size in sizes:
        found.append(sum(c[0] == "master_builder" for c in pile[start:start + size]))
        start += size
    return found


# -- setup --------------------------------------------------------------------------------


@pytest.mark.parametrize("players, piles, out", [(2, [0, 0, 3, 0, 3], 6),
                                                  (3, [0, 0, 3, 0, 3], 4),
                                                  (4, [0, 0, 3, 0, 3], 2),
                                                  (5, [0, 0, 3, 0, 3], 0),
                                                  (6, [0, 0, 3, 0, 1], 0)])
def test_two_dealt_each_three_into_piles_3_and_5_the_rest_out(players, piles, out):
    game = Game([f"P{i}" for i in range(players)], seed=players, modules=("master_builders",))
    assert all(len(builders(game, p)) == 2 for p in game.players)
    assert pile_builders(game) == piles
    assert game.view("P0").modules["master_builders"] == {"out_of_game": out, "to_redesign": 0}
    assert game.census()["master_builder"] == 16 and len(MASTER_BUILDERS) == 16
    assert Counter(c.currency for c in MASTER_BUILDERS) == {
        "denar": 4, "dirham": 4, "ducat": 4, "florin": 4}
    assert all(c.value == 3 for c in MASTER_BUILDERS)
    reload(game)


def test_decision_dealt_apart_from_the_starting_money_and_the_start_player():
    """[D] RULES.md §M14: not part of the 20 of the starting money, not counted for the
    start player (fewest cards, lowest total of the starting money)."""
    for seed in range(8):
        game = Game(["Ana", "Ben", "Cy"], seed=seed, modules=("master_builders",))
        dealt = {e["player"]: e["cards"] for e in game.events if e["type"] == "starting_money"}
        assert not any(c[0] == "master_builder" for h in dealt.values() for c in h)
        key = {p: (len(h), sum(v for _, v in h), i) for i, (p, h) in enumerate(dealt.items())}
        assert game.start_player == min(key, key=key.get)
        hands = {e["player"]: e["cards"] for e in game.events
                 if e["type"] == "master_builders_dealt"}
        assert {p: len(h) for p, h in hands.items()} == {"Ana": 2, "Ben": 2, "Cy": 2}
        line = describe_event(next(e for e in game.events
                                   if e["type"] == "master_builders_dealt"))
        assert line.endswith("face down") and "(master builder)" in line


def test_dirk_gets_none():
    game = Game(["Ana", "Ben"], seed=1, modules=("master_builders",))
    assert "Dirk" not in state(game)["hands"]
    assert sum(len(builders(game, p)) for p in game.players) == 4


# -- money ----------------------------------------------------------------------------------


def test_a_master_builder_is_value_3_money_of_its_currency():
    card = MB("denar")
    assert card.value == 3 and card.currency == "denar" and card.component == "master_builder"
    assert card != cards("3 denar")[0] and action_from_dict(
        PlayMasterBuilder(card).to_dict()) == PlayMasterBuilder(card)
    game = arranged(hand=(MB("denar"), *cards("5 denar", "3 denar")))
    buys = {str(a) for a in game.legal_actions() if a.kind == "buy"}
    assert buys == {"buy 8-pavilion from denar square paying 5+3 (exact)",
                    ("buy 8-pavilion from denar square paying 5 denar + 3 denar (master "
                     "builder) (exact)")}
    do(game, "buy 8-pavilion from denar square paying 5 denar + 3 denar (master builder) "
             "(exact)")
    assert game.hand("Ana") == cards("3 denar")
    assert state(game)["discard"][-1] == ["master_builder", "denar"]


def test_taken_from_the_display_like_money():
    game = arranged(display=(MB("ducat"), *cards("2 denar", "9 ducat", "3 florin")))
    takes = {str(a) for a in game.legal_actions() if a.kind == "take"}
    assert "take 3 ducat (master builder) + 2 denar" in takes
    do(game, "take 3 ducat (master builder) + 2 denar")
    assert MB("ducat") in game.hand("Ana")


# -- playing one for a redesign -----------------------------------------------------------


def test_decision_playing_one_is_not_an_action():
    """[D] RULES.md §M14: the card is discarded, the action part goes on (the player still
    takes money, buys or redesigns); End is not offered for it."""
    game = arranged(hand=(MB("florin"), *cards("8 denar")))
    plays = [a for a in game.legal_actions() if a.kind == "master_builder"]
    assert [str(a) for a in plays] == [
        "play the 3 florin (master builder) for a redesign at the turn end"]
    game.apply(plays[0])
    assert game.decision.kind == "act" and game.current_player == "Ana"
    assert End() not in game.legal_actions() and MB("florin") not in game.hand("Ana")
    assert game.view("Ana").modules["master_builders"]["to_redesign"] == 1
    assert describe_event(game.events[-1]) == (
        "Ana plays the 3 florin (master builder) for a redesign at the turn end")
    assert state(game)["discard"][-1] == ["master_builder", "florin"]
    reload(game)
    with pytest.raises(IllegalAction, match="not in hand"):
        game.apply(plays[0])


def test_decision_a_player_with_nothing_else_to_do_may_pass():
    """[D] RULES.md §M14: playing one is no action, so it does not keep a player from
    passing: with no money to take, nothing to buy and nothing to redesign, end is legal."""
    game = arranged(hand=(MB("florin"),), display=())
    assert [a.kind for a in game.legal_actions()] == ["master_builder", "end"]
    do(game, "end")
    assert game.current_player == "Ben"


def test_the_redesign_comes_after_placing_the_bought_tiles():
    """RULES.md §M0.4 step 2: place, then the redesign; a tile just put on the reserve
    may be placed by it [I]."""
    game = arranged(hand=(MB("florin"), *cards("9 denar")))
    do(game, "play the 3 florin (master builder) for a redesign at the turn end")
    n = len(game.events)
    do(game, "buy 8-pavilion from denar square paying 9")
    assert game.decision.kind == "place"
    do(game, "reserve 8-pavilion")
    assert game.decision.kind == "master_builder" and game.current_player == "Ana"
    assert str(game.phase) == "interrupt"
    legal = game.legal_actions()
    assert legal[-1] == Decline()
    assert Redesign("place", PAV_8, (0, 1)) in legal
    restored = reload(game)
    assert restored.legal_actions() == legal
    game.apply(Redesign("place", PAV_8, (0, 1)))
    assert game.alhambra("Ana").layout[(0, 1)] == PAV_8
    assert types(events_since(game, n))[:4] == ["buy", "reserve", "redesign", "draw_tile"]
    assert game.current_player == "Ben" and game.decision.kind == "act"


def test_decision_several_in_one_turn_each_one_redesign():
    """[D] RULES.md §M14: two played, two redesigns at the turn end."""
    game = arranged(hand=(MB("florin"), MB("ducat"), *cards("9 dirham")))
    game = set_reserve(game, "Ana", [GARDEN, TOWER])
    do(game, "play the 3 ducat (master builder) for a redesign at the turn end")
    do(game, "play the 3 florin (master builder) for a redesign at the turn end")
    do(game, "buy 9-seraglio from dirham square paying 9 (exact)")
    do(game, "end")
    do(game, "place 9-seraglio at (1, 0)")
    game.apply(Redesign("place", GARDEN, (0, 1)))
    assert game.decision.kind == "master_builder"
    game.apply(Redesign("place", TOWER, (-1, 0)))
    assert game.current_player == "Ben"
    assert game.reserve("Ana") == ()


def test_decision_a_redesign_may_be_declined_and_lapses_without_one():
    """[D] RULES.md §M14: the card is spent either way."""
    game = arranged(hand=(MB("florin"), MB("ducat"), *cards("9 denar")))
    do(game, "play the 3 ducat (master builder) for a redesign at the turn end")
    do(game, "play the 3 florin (master builder) for a redesign at the turn end")
    n = len(game.events)
    do(game, "take 9 ducat")  # nothing bought: the Alhambra is the fountain alone
    assert "master_builder_lapses" in types(events_since(game, n))
    assert game.current_player == "Ben"
    lapse = next(e for e in events_since(game, n) if e["type"] == "master_builder_lapses")
    assert "lapses" in describe_event(lapse)

    game = arranged(hand=(MB("florin"), *cards("9 denar")))
    game = build(game, "Ana", [((0, 1), GARDEN)])
    do(game, "play the 3 florin (master builder) for a redesign at the turn end")
    do(game, "take 9 ducat")
    assert game.decision.kind == "master_builder"
    n = len(game.events)
    game.apply(Decline())
    decline = game.events[n]
    assert decline == {"type": "decline", "player": "Ana", "decision": "master_builder"}
    assert game.current_player == "Ben" and game.alhambra("Ana").layout[(0, 1)] == GARDEN


def test_the_vizier_and_a_master_builder_decline_apart():
    """Both modules offer decline, each in its own decision."""
    game = arranged(hand=(MB("florin"), *cards("9 denar")), modules=("vizier",))
    game = build(game, "Ana", [((0, 1), GARDEN)])
    do(game, "play the 3 florin (master builder) for a redesign at the turn end")
    do(game, "take 9 ducat")
    assert game.decision.kind == "master_builder"
    game.apply(Decline())
    assert module_context(game).slice("master_builders")["played"] == 0


def test_a_master_builder_redesign_out_of_turn_is_refused():
    game = arranged(hand=(MB("florin"), *cards("9 denar")))
    game = build(game, "Ana", [((0, 1), GARDEN)])
    do(game, "play the 3 florin (master builder) for a redesign at the turn end")
    do(game, "take 9 ducat")
    data = state(game)
    assert data["decisions"][-1] == {"kind": "master_builder", "player": "Ana"}
    data["decisions"][-1]["player"] = "Cy"
    with pytest.raises(InvalidSave, match="out of turn"):
        restore(game, data)
    data = state(game)
    data["modules_state"]["master_builders"]["played"] = -1
    with pytest.raises(InvalidSave, match="owed"):
        restore(game, data)


def test_replay_of_a_game_with_the_money_modules():
    """Playing a master builder, its redesign or decline and overpayments replay exactly."""
    from alhambra_lib.replay import replay

    start = Game(["Ana", "Ben", "Cy"], seed=11,
                 modules=("diamonds", "change", "master_builders", "vizier"))
    game = play_randomly(Game.from_json(start.to_json()), random.Random(5))
    assert {"master_builder", "redesign"} <= set(types(game.events))
    assert replay(start, game.events).to_json() == game.to_json()


def test_random_games_keep_the_master_builders():
    for players in (2, 4, 6):
        game = Game([f"P{i}" for i in range(players)], seed=players,
                    modules=("master_builders", "exchange", "change"))
        rng = random.Random(players)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            assert game.census()["master_builder"] == 16
        assert "master_builder" in types(game.events)
        reload(game)
    play_randomly(Game(["A", "B", "C"], seed=9, modules=("master_builders",)),
                  random.Random(2))


def test_a_master_builder_shown_in_a_bid_is_known_to_be_held():
    """Dealt face down it is secret (§M14); shown in a bid for a character (§M7) it is
    known held, once, until it is paid."""
    from alhambra_lib.modules.master_builders import _known_master_builders

    builder = ["master_builder", "denar"]
    dealt = {"type": "master_builders_dealt", "player": "Ana", "cards": [builder]}
    bid = {"type": "bid", "player": "Ana", "card": "x", "cards": [builder, ["money", "denar", 2]]}
    assert not _known_master_builders([dealt], "Ana")
    assert _known_master_builders([dealt, bid], "Ana") == {tuple(builder): 1}
    assert _known_master_builders([dealt, bid, bid], "Ana") == {tuple(builder): 1}
    assert not _known_master_builders([dealt, bid], "Ben")
    paid = {"type": "buy", "player": "Ana", "cards": [builder]}
    assert not _known_master_builders([dealt, bid, paid], "Ana")


def test_paying_with_a_secret_master_builder_leaves_one_taken_later_known():
    """The dealt one paid first, then one of the same kind taken from the display: that
    one is seen in hand; the payment of the secret one does not cancel it."""
    from alhambra_lib.modules.master_builders import _known_master_builders

    builder = ["master_builder", "denar"]
    dealt = {"type": "master_builders_dealt", "player": "Ana", "cards": [builder]}
    paid = {"type": "buy", "player": "Ana", "cards": [builder]}
    taken = {"type": "take", "player": "Ana", "cards": [builder]}
    assert _known_master_builders([dealt, paid, taken], "Ana") == {tuple(builder): 1}
    assert not _known_master_builders([dealt, taken, paid], "Ana")
