"""The compiled core against the Python engine, and the simulator's fallback.

Parity is tested as OpenSpiel tests its C++ games against Python: the same seeded random
actions applied to a `Game` and a `Simulator` in lockstep, the legal lists equal at every
action and the saves (state, generator and whole record) equal every 25 actions and at
the end; a Hypothesis state machine with the Python engine as the model; `from_game` at
random positions, mid-turn included. The tests marked ``native`` need the core built
(`make test` builds it and requires it); the others run on either engine, and `make test`
runs this file a second time with ``ALHAMBRA_CORE=python``.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from _game_helpers import set_hand, state
from alhambra_lib import (
    Buy,
    Card,
    End,
    Game,
    IllegalAction,
    InvalidInput,
    Reserve,
    Tile,
    Unsupported,
    core_info,
)
from alhambra_lib import sim
from alhambra_lib.actions import Decline
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.modules.characters import Bid
from alhambra_lib.modules.squares import hut_bonus
from alhambra_lib.sim import Simulator, SimulatorProtocol, simulator

NATIVE = core_info()["engine"] == "native"
native = pytest.mark.skipif(not NATIVE, reason=f"the compiled core is not in use: "
                                               f"{core_info()['reason']}")

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
ROOT = Path(__file__).resolve().parent.parent


def advanced(engine, actions, seed):
    """`engine` after `actions` seeded random actions (fewer if its game ends)."""
    choose = random.Random(seed).choice
    for _ in range(actions):
        if engine.is_over:
            break
        engine.apply(choose(engine.legal_actions()))
    return engine


def lockstep(game, simulated, choose, stop=None, save_every=25):
    """Play `game` and `simulated` on together with `choose`, checking them as it goes;
    returns the number of actions played."""
    played = 0
    while not game.is_over and (stop is None or played < stop):
        legal = game.legal_actions()
        assert simulated.legal_actions() == legal, f"legal actions differ after {played}"
        assert simulated.current_player == game.current_player
        action = choose(legal)
        game.apply(action)
        simulated.apply(action)
        played += 1
        if played % save_every == 0:
            assert simulated.to_json() == game.to_json(), f"saves differ after {played}"
    assert simulated.to_json() == game.to_json()
    assert simulated.is_over == game.is_over and simulated.scores == game.scores
    return played


# -- parity ------------------------------------------------------------------------------

#: Every module the core holds, in the rulebook's order (`sim.core_modules`).
ALL_IN_CORE = ("vizier", "exchange", "bonus_cards", "squares", "gates", "diamonds",
               "characters", "camps", "city_walls", "thieves", "change", "street_merchant",
               "treasure", "master_builders", "invaders", "bazaars")
#: The modules the core holds, by seed modulo `CYCLE`: each alone, some together, and all
#: of them.
CORE_MODULES = {1: ("exchange",), 2: ("diamonds",), 4: ("change",), 5: ("bonus_cards",),
                6: ALL_IN_CORE, 7: ("squares",), 8: ("vizier",), 9: ("thieves",),
                10: ("gates",), 11: ("exchange", "gates"), 12: ("camps",),
                13: ("squares", "gates", "camps"), 14: ("master_builders",),
                15: ("master_builders", "gates", "thieves", "exchange", "change"),
                16: ("invaders",), 17: ("invaders", "vizier", "camps", "squares", "change"),
                18: ("bazaars",),
                19: ("bazaars", "exchange", "master_builders", "change", "thieves", "camps"),
                20: ("city_walls",), 21: ("city_walls", "gates", "squares", "invaders", "bazaars"),
                22: ("characters",),
                23: ("characters", "thieves", "vizier", "change", "diamonds", "master_builders"),
                24: ("street_merchant",),
                25: ("street_merchant", "vizier", "thieves", "master_builders", "city_walls",
                     "gates", "squares"),
                26: ("street_merchant", "camps", "bazaars", "change"),
                27: ("treasure",),
                28: ("treasure", "diamonds", "change", "master_builders", "exchange", "city_walls")}
CYCLE = 29
#: (players, seed, end trigger, modules): every player count, Dirk, both end triggers;
#: nine games in ten with the modules the core holds.
GAMES = [(n, seed, "bag_empty" if seed % 4 == 3 else "market_short",
          CORE_MODULES.get(seed % CYCLE, ()))
         for n in range(2, 7) for seed in range(72)]


def module_options(modules, seed):
    """The modules' options of a seeded game: each option the core holds set in half the
    games with its module."""
    options = {"thief_not_by_finisher": "thieves", "gates_all_six": "gates",
               "bazaars_distributed": "bazaars", "walls_piles_2_to_4": "city_walls",
               "experimental": "characters", "merchant_final_only": "street_merchant"}
    return {option: True for option, module in options.items()
            if module in modules and seed % (2 * CYCLE) >= CYCLE}


@native
def test_the_games_cover_every_module_the_core_holds():
    assert sim.core_modules() == ALL_IN_CORE


@native
@pytest.mark.parametrize("players, seed, trigger, modules", GAMES)
def test_lockstep_games_from_the_start(players, seed, trigger, modules):
    options = module_options(modules, seed)
    game = Game(NAMES[:players], seed=seed, end_trigger=trigger, modules=modules, **options)
    simulated = Simulator(NAMES[:players], seed=seed, end_trigger=trigger, modules=modules,
                          **options)
    assert simulated.to_json() == game.to_json()
    lockstep(game, simulated, random.Random(seed).choice)
    assert game.is_over


def printed(tile: list) -> tuple:
    """A tile's list as printed: without City Walls sticks (§M9)."""
    return (*tile[:2], "".join(c for c in tile[2] if c.isupper()), *tile[3:])


@native
def test_the_lockstep_games_meet_every_rule_of_the_turn():
    """The games above are worth their parity only if they reach the rules: exact
    payments and their extra action, passes, every redesign, gifts, reshuffles, both
    endings, the distribution and the final placing."""
    seen: Counter[str] = Counter()
    # a third of them, and every game of the vizier alone (its own window decision), of
    # the thieves alone, of the bazaars with five others and of the city walls (a scoring
    # card drawn in the refill after a theft; a bazaar paid with an exchange card, one
    # handed out at the end; a tile with sticks placed from the market) and of the street
    # merchant (a disc lifted in the window, by a redesign, in the final placing)
    covered = GAMES[::3] + [g for g in GAMES if g[3] in (
        ("vizier",), ("thieves",), CORE_MODULES[19], CORE_MODULES[20], CORE_MODULES[21],
        CORE_MODULES[22], CORE_MODULES[23], CORE_MODULES[25], CORE_MODULES[28])]
    for players, seed, trigger, modules in covered:
        game = Game(NAMES[:players], seed=seed, end_trigger=trigger, modules=modules,
                    **module_options(modules, seed))
        choose = random.Random(seed).choice
        while not game.is_over:
            game.apply(choose(game.legal_actions()))
        theft = False  # a scoring card drawn in the refill after a theft is scored at once
        last = (None, None)  # the two events before
        carrying: set[tuple] = set()  # the buildings a chest was put on (§M13)
        for event in game.events:
            kind, (earlier, before), last = event["type"], last, (last[1], event["type"])
            if kind == "merchant_lifted" and earlier == "vizier":
                seen["merchant lifted in the window"] += 1
            if kind == "merchant_lifted":
                seen["merchant lifted " + ("at the end" if event["final"] else "by a resident"
                                           if event["resident"] else "without a resident")
                     ] += 1
                seen[f"merchant lifted after a {before}"] += 1
            if kind == "scoring" and any(event["parts"].get("street_merchant", {}).values()):
                seen[f"merchant points in round {event['round']}"] += 1
            seen[kind] += 1
            if kind == "buy" and event["exact"]:
                seen["exact buy"] += 1
            if kind == "buy" and event["cards"][-1][0] == "exchange":
                seen["exchange buy"] += 1
            if kind == "take" and event["cards"][0][0] == "exchange":
                seen["exchange taken"] += 1
            if kind == "buy" and event["cards"][0][0] == "diamond":
                seen["diamond buy"] += 1
            if kind == "bonus_shown":
                seen["bonus card counted"] += 1
            if kind == "change" and event["coins"]:
                seen["change drawn"] += 1
            if kind == "buy" and any(card[0] == "coin" for card in event["cards"]):
                seen["coin spent"] += 1
            if kind == "end":
                seen["pass" if event["passed"] else "end after exact"] += 1
            if kind == "redesign":
                seen[f"redesign {event['move']}"] += 1
            if kind == "end_triggered":
                seen[event["reason"]] += 1
            if kind == "decline":
                seen[f"decline {event['decision']}"] += 1
            if kind == "take" and event["cards"] == [["gate"]]:
                seen["gate taken"] += 1
            if kind in ("place", "redesign") and "gate" in event:
                seen[f"gated {kind}"] += 1
            if kind in ("place", "redesign") and (event["tile"] or ["", ""])[0] == "camp":
                seen[f"camp {kind}"] += 1
            if kind == "redesign" and (event["removed"] or ["", ""])[0] == "camp":
                seen["camp removed"] += 1
            if kind == "scoring" and any(event["parts"].get("camps", {}).values()):
                seen["camp points"] += 1
            if kind in ("buy", "take") and ["master_builder"] in [c[:1] for c in event["cards"]]:
                seen[f"master builder in a {kind}"] += 1
            if kind == "scout_peek":
                seen[f"peek after a {event['via']}"] += 1
            if kind == "attack" and any(event["penalties"].values()):
                seen[f"attack in round {event['round']}"] += 1
            if kind == "buy_bazaar" and event["cards"][-1][0] == "exchange":
                seen["exchange bazaar buy"] += 1
            if kind == "scoring" and any(event["parts"].get("bazaars", {}).values()):
                seen["bazaar points"] += 1
            if kind == "distribution" and any(entry.get("beside_market") and entry["to"]
                                              for entry in event["tiles"]):
                seen["bazaar distributed"] += 1
            if kind == "give" and event["tile"][0] == "bazaar":
                seen["bazaar given"] += 1
            if kind == "build_wall":
                seen[f"sticks laid ({event['where']})"] += 1
            if kind in ("place", "reserve", "redesign") and any(
                    c.islower() for c in (event["tile"] or ["", "", ""])[2]):
                seen[f"{kind} with sticks"] += 1
            if kind == "bid":
                for tag in {c[0] for c in event["cards"]} & {"diamond", "coin", "master_builder"}:
                    seen[f"bid with a {tag}"] += 1
            if kind == "scoring" and any(event["parts"].get("characters", {}).values()):
                seen["character points"] += 1
            if kind == "scoring" and "wise_man" in event:
                seen["wise man's half"] += 1
            if (kind == "decline" and event["decision"] == "master_builder"
                    and "master_builders" not in modules):
                seen["extra redesign declined"] += 1
            if kind == "buy_chests":
                seen.update(f"chests bought with {paid}"
                            for paid in {card[0] for card in event["cards"]})
            if kind == "scoring" and any(event["parts"].get("treasure", {}).values()):
                seen["treasure points"] += 1
            if kind in ("place_chest", "chest_placed"):
                carrying.add(printed(event["tile"]))
            if kind == "redesign" and event["removed"] and printed(event["removed"]) in carrying:
                seen["a chest to the reserve"] += 1
            if theft and kind == "scoring":
                seen["scoring after a theft"] += 1
            theft = kind == "steal" or (theft and kind not in ("turn", "scoring"))
        if "squares" in modules and any(hut_bonus(game.alhambra(name).layout)
                                        for name in game.players):
            seen["hut counted"] += 1
    for wanted in ("exact buy", "end after exact", "redesign place", "redesign remove",
                   "redesign exchange", "give", "dirk_gift", "reshuffle", "market_short",
                   "bag_empty", "distribution", "final_placing", "scoring", "exchange buy",
                   "exchange taken", "diamond buy", "bonus card counted", "change drawn",
                   "coin spent", "take_hut", "hut_turned_up", "hut counted", "vizier", "wake",
                   "steal", "decline vizier", "decline window", "scoring after a theft",
                   "gate_card_beside", "gate_card_discarded", "gate taken", "gated place",
                   "gated redesign", "camp place", "camp redesign", "camp removed",
                   "camp points", "master_builder", "master_builder_lapses",
                   "decline master_builder", "master builder in a buy",
                   "master builder in a take", "invaders_setup", "scouts_up", "scouts_out",
                   "peek after a buy", "peek after a vizier", "attack in round 1",
                   "attack in round 2", "attack in round 3", "bazaar_beside", "buy_bazaar",
                   "exchange bazaar buy", "bazaar points", "bazaar distributed",
                   "bazaar given", "wall_card_beside", "sticks laid (alhambra)",
                   "sticks laid (bought)", "sticks laid (reserve)", "place with sticks",
                   "reserve with sticks", "redesign with sticks", "auction", "bid",
                   "auction_won", "decline auction", "bid with a diamond", "bid with a coin",
                   "bid with a master_builder",
                   "wise_man", "wise man's half", "character points", "swap_card",
                   "extra redesign declined",
                   "set_merchant",
                   "merchant_supply", "take_citizen", "swap_citizen", "keep_citizens",
                   "place_merchant", "merchant lifted by a resident",
                   "merchant lifted without a resident", "merchant lifted at the end",
                   "merchant lifted after a place", "merchant lifted after a redesign",
                   "merchant lifted in the window",
                   "merchant points in round 1", "merchant points in round 3",
                   "chest_room", "buy_chests",
                   "chests bought with diamond", "chests bought with coin",
                   "chests bought with master_builder", "place_chest", "chest_placed",
                   "chests_passed", "chests_to_bag", "chest_rooms_closed", "treasure points",
                   "a chest to the reserve"):
        assert seen[wanted], wanted


@native
def test_a_bid_made_by_hand_is_accepted_by_the_core_too():
    """Characters (§M7): the legal list holds one way to pay each total, and a bid made by
    hand with other cards of one currency worth more than the highest bid is accepted by
    both engines alike; one not above it by neither."""
    made = 0
    for seed in range(20):
        game = Game(NAMES[:3], seed=seed, modules=("characters",))
        choose = random.Random(seed).choice
        while not game.is_over and made <= seed:
            legal = game.legal_actions()
            hand = game.hand(game.current_player) if game.decision.kind == "auction" else []
            money = [c for c in hand if isinstance(c, Card)][:10]
            ways = {Bid(cards) for n in range(2, len(money) + 1)
                    for cards in combinations(money, n) if len({c.currency for c in cards}) == 1}
            others = sorted((b for b in ways if b not in legal and legal[0].amount <= b.amount),
                            key=str)
            if others:
                simulated = Simulator.from_game(game)
                low = Bid((min((c for c in hand if isinstance(c, Card)),
                               key=lambda c: c.value),))
                for engine in (game, simulated):
                    if low not in legal and low.amount < legal[0].amount:
                        with pytest.raises(IllegalAction):
                            engine.apply(low)
                    engine.apply(others[0])
                assert simulated.to_json() == game.to_json()
                made += 1
            else:
                game.apply(choose(legal))
    assert made >= 12


@native
def test_with_change_a_payment_made_by_hand_may_overpay_in_the_core_too():
    """Change lifts the minimal rule for market buys (§M11): the legal list keeps the
    minimal payments, and a payment with a card to spare, made by hand, is accepted by
    both engines alike (its change drawn alike); one short of the price by neither."""
    overpaid = 0
    for seed in range(12):
        game = Game(NAMES[:3], seed=seed, modules=("change", "exchange"))
        choose = random.Random(seed).choice
        while not game.is_over and overpaid <= seed:
            buys = [a for a in game.legal_actions() if isinstance(a, Buy)]
            spare = [c for c in game.hand(game.current_player)
                     if isinstance(c, Card) and buys and c.currency == buys[0].currency]
            for card in buys[0].cards if buys else ():
                if card in spare:
                    spare.remove(card)
            if spare:
                more = Buy(buys[0].square, buys[0].tile, (*buys[0].cards, spare[0]))
                short = Buy(buys[0].square, buys[0].tile, buys[0].cards[:-1] or buys[0].cards)
                simulated = Simulator.from_game(game)
                for engine in (game, simulated):
                    if short != buys[0]:
                        with pytest.raises(IllegalAction):
                            engine.apply(short)
                    engine.apply(more)
                assert simulated.to_json() == game.to_json()
                overpaid += 1
            else:
                game.apply(choose(game.legal_actions()))
    assert overpaid >= 12


@native
def test_a_player_with_nothing_legal_passes_in_the_core_too():
    """Random games never leave a player without money to take: arranged here, as
    test_game_turns arranges it (every card in Ana's hand, Cy with none)."""
    game = set_hand(Game(NAMES[:3], seed=5), "Cy", [])
    saved = state(game)
    money = [Card(*c) for c in reversed(saved["draw_pile"]) if c[0] != "scoring"]
    game = set_hand(game, "Ana", [*game.hand("Ana"), *game.display, *money,
                                  *(Card(*c) for c in saved["discard"])])
    simulated = Simulator.from_game(game)
    assert simulated.legal_actions() == [End()]
    lockstep(game, simulated, random.Random(0).choice, save_every=1)
    assert any(e["type"] == "end" and e["passed"] for e in game.events)


@native
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_from_game_at_random_positions(players):
    """Any position, mid-turn included (a tile waiting to be placed, an exact payment's
    extra action, the final placing): the core takes it and plays on the same game."""
    kinds = Counter()
    for seed in range(8):
        game = Game(NAMES[:players], seed=100 + seed,
                    modules=CORE_MODULES.get(seed % CYCLE, ()))
        choose = random.Random(seed).choice
        stop = random.Random(-seed).randrange(400)
        while not game.is_over and stop:
            game.apply(choose(game.legal_actions()))
            stop -= 1
        kinds[game.decision.kind if game.decision else "over"] += 1
        simulated = Simulator.from_game(game)
        assert simulated.to_json() == game.to_json()
        assert simulated.event_count == len(game.events)
        lockstep(game, simulated, choose, stop=60, save_every=10)


@native
def test_to_game_keeps_the_record_and_narrates_it():
    simulated = Simulator(["Ana", "Ben"], seed=4)
    choose = random.Random(4).choice
    while not simulated.is_over:
        simulated.apply(choose(simulated.legal_actions()))
    game = simulated.to_game()
    assert game.to_json() == simulated.to_json()
    assert game.is_over and game.scores == simulated.scores and "Dirk" in game.scores
    assert all(describe_event(event) for event in game.events)


@native
def test_a_simulator_pickles_and_loads_from_a_save():
    import pickle

    simulated = advanced(Simulator(NAMES[:4], seed=12), 70, seed=2)
    again = pickle.loads(pickle.dumps(simulated))
    assert again.to_json() == simulated.to_json()
    assert Simulator.from_json(simulated.to_json()).legal_actions() == simulated.legal_actions()
    again.apply(again.legal_actions()[0])
    assert again.to_json() != simulated.to_json()  # independent


@native
def test_copies_are_independent():
    simulated = Simulator(NAMES[:3], seed=9)
    before = simulated.to_json()
    copy = advanced(simulated.copy(), 40, seed=1)
    assert simulated.to_json() == before
    assert copy.to_json() != before


@native
def test_an_illegal_action_is_refused_and_changes_nothing():
    simulated = Simulator(NAMES[:3], seed=2)
    before = simulated.to_json()
    with pytest.raises(IllegalAction):
        simulated.apply(Reserve(Tile("tower", 13, "NES")))  # nothing is waiting
    with pytest.raises(IllegalAction):
        simulated.apply(Decline())  # a module's action
    with pytest.raises(InvalidInput):
        simulated.apply("take 3 denar")  # type: ignore[arg-type]
    assert simulated.to_json() == before


@native
def test_games_the_core_does_not_hold_are_refused_by_name():
    # the core holds all sixteen modules and their options (issue 31), not the literal
    # hole rule: a game with it is refused, saying so, whatever its modules
    with pytest.raises(Unsupported, match="hole_rule='single'") as refused:
        Simulator.from_game(Game(NAMES[:3], seed=1, hole_rule="single",
                                 modules=("treasure", "exchange")))
    assert "treasure" not in str(refused.value) and "exchange" not in str(refused.value)
    assert sim.core_modules() == ALL_IN_CORE


@native
def test_a_save_the_core_cannot_read_is_a_typed_error():
    import alhambra_core

    saved = state(Game(NAMES[:3], seed=3))
    twice = dict(saved, bag=saved["bag"] + saved["bag"][:1])  # a tile twice
    far = dict(saved, alhambras={**saved["alhambras"], "Ana": [[0, 0, "fountain", 0, ""],
                                                               [90, 0, *saved["bag"][0]]]})
    text = json.dumps(saved)
    for broken in (json.dumps(twice), json.dumps(far), "[]", text[:100],
                   text.replace('"version": 2', '"version": 7')):
        with pytest.raises(alhambra_core.InvalidGame):
            alhambra_core.Core.from_json(broken)


@native
def test_a_panic_in_the_core_reaches_python_as_an_exception():
    import alhambra_core

    with pytest.raises(alhambra_core.CoreBug, match="on purpose"):
        alhambra_core._panic("on purpose")
    assert issubclass(alhambra_core.CoreBug, RuntimeError)


def python_playouts(game, n, seed):
    """The scores of `n` playouts of copies of `game` on the Python engine, each action
    `random.Random(seed).choice` of the legal ones (one generator for all), Dirk last."""
    choose = random.Random(seed).choice
    rows = []
    for _ in range(n):
        copy = game.copy()
        while not copy.is_over:
            copy.apply(choose(copy.legal_actions()))
        rows.append([copy.scores[name] for name in copy.competitors])
    return rows


@native
def test_playouts_are_the_python_loops_and_leave_the_game_as_it_was():
    game = advanced(Game(NAMES[:3], seed=5), 150, seed=5)
    simulated = Simulator.from_game(game)
    before = simulated.to_json()
    scores = simulated.playouts(4, seed=11)
    assert scores.shape == (4, 3) and scores.dtype.kind == "i"
    assert scores.tolist() == python_playouts(game, 4, seed=11)
    assert simulated.to_json() == before
    assert (simulated.playouts(4, seed=11) == scores).all()
    with pytest.raises(InvalidInput):
        simulated.playouts(-1)


@native
@pytest.mark.parametrize("modules", [("treasure",), ALL_IN_CORE])
def test_playouts_drawing_chest_payments_without_listing_are_the_python_loops(modules):
    """The core's playouts count a treasure room's payments and find the one drawn
    (docs/CORE.md, "Large action sets"): the same draws as choosing from the list."""
    game = advanced(Game(NAMES[:4], seed=8, modules=modules), 40, seed=8)
    scores = Simulator.from_game(game).playouts(3, seed=13)
    assert scores.tolist() == python_playouts(game, 3, seed=13)


@native
def test_playouts_with_dirk_score_him_last():
    scores = Simulator(["Ana", "Ben"], seed=1).playouts(3, seed=2)
    assert scores.shape == (3, 3)


# -- the state machine: the Python engine as the model -----------------------------------


class CoreAgainstTheEngine(RuleBasedStateMachine):
    """Random actions, copies and refused actions on both engines at once."""

    @initialize(players=st.integers(2, 6), seed=st.integers(0, 2 ** 32),
                modules=st.sampled_from([(), *CORE_MODULES.values()]))
    def start(self, players, seed, modules):
        self.game = Game(NAMES[:players], seed=seed, modules=modules)
        self.simulated = Simulator(NAMES[:players], seed=seed, modules=modules)

    @precondition(lambda self: not self.game.is_over)
    @rule(pick=st.integers(0, 10 ** 6), repeat=st.integers(1, 40))
    def play(self, pick, repeat):
        rng = random.Random(pick)
        for _ in range(repeat):
            if self.game.is_over:
                return
            action = rng.choice(self.game.legal_actions())
            self.game.apply(action)
            self.simulated.apply(action)

    @rule()
    def swap_for_copies(self):
        self.game, self.simulated = self.game.copy(), self.simulated.copy()

    @rule()
    def take_over_the_python_game(self):
        self.simulated = Simulator.from_game(self.game)

    @rule(pick=st.integers(0, 10 ** 6))
    def refuse_an_action_of_another_moment(self, pick):
        other = Game(["X", "Y", "Z"], seed=pick)
        action = random.Random(pick).choice(other.legal_actions())
        if action in self.game.legal_actions():
            return
        for engine in (self.game, self.simulated):
            with pytest.raises(IllegalAction):
                engine.apply(action)

    @invariant()
    def the_same_game(self):
        if not hasattr(self, "game"):
            return
        assert self.simulated.legal_actions() == self.game.legal_actions()
        assert self.simulated.current_player == self.game.current_player
        assert self.simulated.scores == self.game.scores
        assert self.simulated.is_over == self.game.is_over

    def teardown(self):
        if hasattr(self, "game"):
            assert self.simulated.to_json() == self.game.to_json()


TestCoreAgainstTheEngine = native(CoreAgainstTheEngine.TestCase)
TestCoreAgainstTheEngine.settings = settings(max_examples=25, stateful_step_count=15,
                                             deadline=None,
                                             suppress_health_check=[HealthCheck.too_slow])


# -- either engine -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_random_simulation_on_the_engine_in_use(players):
    """OpenSpiel's generic test: random play through the protocol to the end, on
    whichever engine `simulator` picks."""
    game = Game(NAMES[:players], seed=players)
    engine = simulator(game)
    assert isinstance(engine, SimulatorProtocol)
    choose = random.Random(players).choice
    steps = 0
    while not engine.is_over:
        assert engine.current_player in game.players
        engine.apply(choose(engine.legal_actions()))
        steps += 1
        assert steps < 5000
    assert engine.current_player is None and engine.legal_actions() == []
    assert set(engine.scores) == set(game.competitors)
    assert game.turn == 1  # the game given was copied, not played


def test_the_game_itself_satisfies_the_protocol():
    assert isinstance(Game(NAMES[:3], seed=1), SimulatorProtocol)


def test_a_game_the_core_lacks_plays_on_the_python_engine():
    # the core holds all sixteen modules (issue 31), not the literal hole rule
    game = Game(NAMES[:3], seed=1, modules=("street_merchant",), hole_rule="single")
    engine = simulator(game)
    assert isinstance(engine, Game) and engine is not game


def test_core_info_says_which_engine_and_why():
    info = core_info()
    assert info["engine"] in ("native", "python") and info["reason"]
    assert info["protocol"] == sim.PROTOCOL
    assert info["choice"] in sim.ENGINES


@pytest.fixture
def fresh_choice(monkeypatch):
    """Set ALHAMBRA_CORE for one test: `sim` looks again, and forgets it after."""
    def choose(value, core_missing=False):
        monkeypatch.setenv("ALHAMBRA_CORE", value)
        if core_missing:
            monkeypatch.setitem(sys.modules, "alhambra_core", None)  # import fails
        sim._reset()
    yield choose
    sim._reset()


def test_python_chosen(fresh_choice):
    fresh_choice("python")
    info = core_info()
    assert info["engine"] == "python" and "ALHAMBRA_CORE=python" in info["reason"]
    with pytest.raises(Unsupported, match="not in use"):
        Simulator(NAMES[:3], seed=1)
    assert isinstance(simulator(Game(NAMES[:3], seed=1)), Game)


def test_native_chosen_without_a_core_fails_loudly(fresh_choice):
    fresh_choice("native", core_missing=True)
    with pytest.raises(Unsupported, match="ALHAMBRA_CORE=native, but alhambra_core is not built"):
        core_info()


def test_auto_without_a_core_says_so_once(fresh_choice):
    fresh_choice("auto", core_missing=True)
    with pytest.warns(sim.CoreUnavailableWarning, match="Python engine plays every game"):
        info = core_info()
    assert info["engine"] == "python" and "not built" in info["reason"]
    with _no_warning():
        core_info()


def test_an_unknown_choice_is_refused(fresh_choice):
    fresh_choice("fast")
    with pytest.raises(Unsupported, match="auto, native, python"):
        core_info()


class _no_warning:
    """Asserts the block warns nothing (pytest.warns(None) is gone)."""

    def __enter__(self):
        import warnings

        self._catch = warnings.catch_warnings(record=True)
        self._seen = self._catch.__enter__()
        warnings.simplefilter("always")
        return self

    def __exit__(self, *exc):
        self._catch.__exit__(*exc)
        assert not self._seen, [str(w.message) for w in self._seen]


def test_a_stale_core_is_told_apart(tmp_path):
    """The fingerprint of the sources: the same files give the same, one byte another."""
    (tmp_path / "src").mkdir()
    (tmp_path / "Cargo.toml").write_text("[package]\n")
    (tmp_path / "src" / "lib.rs").write_text("fn main() {}\n")
    first = sim._source_hash(tmp_path)
    assert first == sim._source_hash(tmp_path) and len(first or "") == 16
    (tmp_path / "src" / "lib.rs").write_text("fn main() { }\n")
    assert sim._source_hash(tmp_path) != first
    assert sim._source_hash(tmp_path / "nowhere") is None
    # a module's file in a folder of src/ counts too (core/src/modules/)
    (tmp_path / "src" / "modules").mkdir()
    (tmp_path / "src" / "modules" / "mod.rs").write_text("pub mod x;\n")
    with_module = sim._source_hash(tmp_path)
    (tmp_path / "src" / "modules" / "mod.rs").write_text("pub mod y;\n")
    assert len({with_module, sim._source_hash(tmp_path), first}) == 3


def test_the_core_records_are_the_engines():
    """`cargo test` replays core/tests/data/records/ without Python: they must be what
    the Python engine plays today (`tools/write_core_records.py` writes them again)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import write_core_records as writer
    finally:
        sys.path.pop(0)
    for name, players, seed, trigger, skip, modules in writer.RECORDS:
        saved = json.loads((writer.OUT / f"{name}.json").read_text())
        names = writer.ODD_NAMES.get(name, writer.NAMES)
        options = dict.fromkeys(writer.OPTIONS.get(name, ()), True)
        game = Game(names[:players], seed=seed, end_trigger=trigger, modules=modules, **options)
        choose = random.Random(seed).choice
        played = []
        while not game.is_over:
            action = choose(game.legal_actions())
            game.apply(action)
            played.append(action.to_dict())
        assert played[skip:] == saved["actions"], f"{name}: run tools/write_core_records.py"
        assert writer.fnv64(game.to_json()) == saved["final"] and game.scores == saved["scores"]
