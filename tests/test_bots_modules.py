"""Bots with the Mega Box modules: unknown action kinds, the vizier, exchange cards."""

from dataclasses import dataclass
from typing import ClassVar

import pytest

from alhambra_lib import MODULES, Action, Game
from alhambra_lib.bots import (
    BOTS,
    KNOWN_KINDS,
    BalancedBot,
    GreedyBot,
    RandomBot,
    WallBuilder,
    known_actions,
    make_bot,
    play,
)

ALL = tuple(MODULES)
#: The bots that play whole games with every module here; the search bots search every
#: module decision (about a second each when strong), so tests/test_search_bot.py
#: plays theirs decision by decision.
QUICK = [name for name in BOTS if not name.startswith("search")]
NAMES = ["Ana", "Ben", "Cy", "Dana", "Eli", "Fay"]


@dataclass(frozen=True, slots=True)
class Fly(Action):
    """An action of a kind no bot knows (a module of the future)."""

    height: int = 1
    kind: ClassVar[str] = "fly"

    def to_dict(self):
        return {"kind": self.kind, "height": self.height}


class Injecting:
    """Wraps a bot: offers it unknown actions besides the legal ones, checks it skips them."""

    def __init__(self, bot):
        self.bot, self.choices = bot, 0

    def choose(self, view, legal):
        offered = [Fly(1), *legal, Fly(2)]
        choice = self.bot.choose(view, offered)
        assert choice in legal, f"{self.bot!r} chose {choice} among {len(legal)} legal actions"
        assert choice == self.bot.choose(view, [Fly(3), *legal]) or isinstance(self.bot, RandomBot)
        self.choices += 1
        return choice


def _driven(game, bots):
    """Yield (game, legal) at every decision while `bots` play the game to its end."""
    seats = dict(zip(game.players, bots))
    while not game.is_over:
        legal = game.legal_actions()
        yield game, legal
        player = game.decision.player
        game.apply(seats[player].choose(game.view(player), legal))


def test_known_kinds_cover_the_base_game_and_the_vizier():
    assert {"take", "buy", "end", "place", "reserve", "give", "redesign"} <= KNOWN_KINDS
    assert {"vizier", "decline", "wake"} <= KNOWN_KINDS and "fly" not in KNOWN_KINDS
    assert known_actions([Fly(), Fly(2)]) == [Fly()]


@pytest.mark.parametrize("name", QUICK)
def test_every_bot_skips_unknown_kinds(name):
    bots = [Injecting(make_bot(name, seed=s)) for s in range(3)]
    game = play(Game(NAMES[:3], seed=4, modules=ALL), bots)
    assert game.is_over and all(b.choices > 10 for b in bots)


@pytest.mark.parametrize("name", list(BOTS))
def test_only_unknown_kinds_give_the_first(name):
    game = Game(NAMES[:3], seed=1, modules=ALL)
    view = game.view(game.decision.player)
    bot = make_bot(name, seed=0)
    assert bot.choose(view, [Fly(5), Fly(6)]) == Fly(5)
    assert bot.choose(view, [Fly(6), Fly(5)]) == Fly(6)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 7])
def test_games_with_every_module_finish(players, seed):
    names = QUICK
    bots = [make_bot(names[(seat + seed + players) % len(names)], seed=seat)
            for seat in range(players)]
    counted = {"vizier": 0, "decline": 0, "wake": 0, "exchange": 0}
    for game, legal in _driven(Game(NAMES[:players], seed=seed, modules=ALL), bots):
        assert game.current_player == game.decision.player
    for event in game.events:
        if event["type"] in counted:
            counted[event["type"]] += 1
        if event["type"] == "buy" and any(c[0] == "exchange" for c in event["cards"]):
            counted["exchange"] += 1
    assert game.is_over and game.winners
    assert counted["vizier"] > 0 and counted["wake"] > 0


def test_greedy_weighs_a_vizier_purchase_and_else_declines():
    windows = 0
    keen, shy = GreedyBot(buy_threshold=float("-inf")), GreedyBot(buy_threshold=float("inf"))
    for game, legal in _driven(Game(NAMES[:4], seed=3, modules=ALL),
                               [GreedyBot() for _ in range(4)]):
        # With the thieves the window is theirs and the vizier's (RULES.md §M10).
        if game.decision.kind != "window" or not any(a.kind == "vizier" for a in legal):
            continue
        windows += 1
        view = game.view(game.decision.player)
        assert view.decision == game.decision and view.player == game.decision.player
        assert keen.choose(view, legal).kind == "vizier"
        assert shy.choose(view, legal).kind in ("decline", "steal")
        assert GreedyBot().choose(view, legal).kind in ("vizier", "decline", "steal")
    assert windows > 0


def test_greedy_wakes_the_vizier_rather_than_take_little_money():
    asked = 0
    sleepy, eager = GreedyBot(wake_value=float("-inf")), GreedyBot(wake_value=float("inf"))
    for game, legal in _driven(Game(NAMES[:3], seed=5, modules=("vizier",)),
                               [GreedyBot() for _ in range(3)]):
        if not any(a.kind == "wake" for a in legal):
            continue
        asked += 1
        view = game.view(game.current_player)
        assert eager.choose(view, legal).kind != "take"
        if any(a.kind == "take" for a in legal):
            assert sleepy.choose(view, legal).kind != "wake"
        if {a.kind for a in legal} <= {"wake", "end"}:
            assert GreedyBot().choose(view, legal).kind == "wake"
    assert asked > 0


def test_strategic_bots_value_the_vizier_by_its_weight():
    asked = {"vizier": 0, "wake": 0}
    guard = BalancedBot(vizier=1e6)  # the vizier above all: wake it, never spend it
    for game, legal in _driven(Game(NAMES[:3], seed=2, modules=ALL),
                               [WallBuilder(), BalancedBot(), GreedyBot()]):
        view = game.view(game.decision.player)
        kinds = {a.kind for a in legal}
        if game.decision.kind == "window" and "vizier" in kinds:
            asked["vizier"] += 1
            assert guard.choose(view, legal).kind in ("decline", "steal")
            assert BalancedBot(vizier=-1e6).choose(view, legal).kind == "vizier"
        elif "wake" in kinds:
            asked["wake"] += 1
            assert guard.choose(view, legal).kind == "wake"
            changes = BalancedBot().features(view, next(a for a in legal if a.kind == "wake"))
            assert changes["vizier"] == 1 and sum(map(abs, changes.values())) == 1
    assert asked["vizier"] > 0 and asked["wake"] > 0


def test_exchange_cards_in_hand_and_payments_do_not_trouble_the_bots():
    seen = 0
    bots = [GreedyBot(), BalancedBot(), RandomBot(1)]
    for game, legal in _driven(Game(NAMES[:3], seed=6, modules=("exchange",)), bots):
        player = game.decision.player
        if any(type(c).__name__ == "ExchangeCard" for c in game.hand(player)):
            seen += 1
            for bot in (GreedyBot(), WallBuilder()):
                assert bot.choose(game.view(player), legal) in legal
    assert seen > 0
