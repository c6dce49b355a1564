"""Vizier's Favour (Mega Box M1, RULES.md §M1): a special purchase between turns.

Every player has a vizier, awake at the start. When a turn is completely over (tiles
placed, display and market refilled, any scoring held) a window opens: the awake
players are asked in seat order, starting with the player after the one whose turn it
was and ending with that player. The one asked may buy one market tile paying exactly
in its currency (`VizierBuy`, kind ``"vizier"``; an exchange card may be used), then
places or reserves it at once (never to Dirk); the vizier falls asleep, the market is
refilled and the awake players are asked again in the same order. Or they `Decline`.
A sleeping vizier wakes with `Wake` on its owner's own turn, which ends the action part
(it may follow exact purchases). There is no window after the game-ending turn, and
the window closes if a refill leaves the market short (the game then ends).

Decision (RULES.md §M1): only awake players who can pay some market tile exactly are
asked; someone who cannot buy has nothing to decide. With the thieves (RULES.md §M10)
the window is one for both, the decision ``window`` (`alhambra_lib.modules.window`);
without them it is the vizier's own decision ``vizier``, saved as before.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("vizier",))
>>> g.census()["vizier"], g.view("Ana").modules["vizier"]
(3, {'awake': {'Ana': True, 'Ben': True, 'Cy': True}})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from ..actions import Action, Buy, Decline, PlainAction, register_action
from ..i18n import N_, pgettext
from ..narrate import paid_text, term, tile_text, told
from ..memo import KEPT
from ..payments import may_pay_exactly, money_pays_exactly
from ..slices import PerPlayer
from .base import Module
from .context import acting_player
from .window import (
    WINDOW_STEP,
    Window,
    window_decline,
    window_owner,
    window_problem,
    window_step,
    window_used,
)

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..components import Tile
    from ..engine.config import GameConfig
    from ..engine.decisions import Decision
    from .context import GameContext

__all__ = ["Vizier", "VizierBuy", "VizierSlice", "Wake"]


@dataclass(frozen=True, slots=True)
class VizierBuy(Buy):
    """The vizier's special purchase: a `Buy` paid exactly, out of turn."""

    kind: ClassVar[str] = "vizier"

    def __str__(self) -> str:
        return f"vizier: buy {self._paying()}"


@dataclass(frozen=True, slots=True)
class Wake(PlainAction):
    """Wake one's sleeping vizier (ends the action part of the turn)."""

    kind: ClassVar[str] = "wake"
    text: ClassVar[str] = "wake the vizier"


register_action(VizierBuy, ("square", "tile", "cards"))
register_action(Wake)


class VizierSlice(TypedDict):
    """Each player's vizier awake or asleep; the window when the vizier holds it."""

    awake: PerPlayer[bool]
    window: Window | None


def _window_rule(game: GameContext, data: VizierSlice) -> str | None:
    if window_owner(game) != "vizier":
        return None if data["window"] is None else "with the thieves the window is theirs"
    return window_problem(game, data["window"])


class Vizier(Module):
    """Vizier's Favour: a window between turns, a token per player."""

    name = "vizier"
    option_decisions = frozenset({"act", "vizier", "window"})
    section = "M1"
    title = N_("Vizier's Favour")
    drawer = "alhambra_lib.draw.modules.vizier"  # its pieces, imported when drawn
    decisions = {"act": {"wake"}, "vizier": {"vizier", "decline"}, "window": {"vizier"}}
    turn_end_steps = ((WINDOW_STEP, "finish_turn"),)
    window_decision = "vizier"  # its own decision while no other module shares the window
    step_ranks: ClassVar[dict] = {WINDOW_STEP: 800}
    # a vizier's purchase is placed at once
    pushed_by: ClassVar[dict] = {"place": (WINDOW_STEP,), "vizier": (WINDOW_STEP,)}

    def __init__(self) -> None:
        self.actions = {"wake": (self._check_wake, self._do_wake),
                        "vizier": (self._check_buy, self._do_buy),
                        "decline": (_no_check, window_decline)}

    # -- state ----------------------------------------------------------------------

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"vizier": len(config.players)}

    slice_type = VizierSlice
    slice_rules = (_window_rule,)

    def new_slice(self, config: GameConfig) -> VizierSlice:
        # window: None while closed, else the players still to ask (the next first) and
        # whether the market needs a refill and everyone is asked again (after a purchase).
        return {"awake": dict.fromkeys(config.players, True), "window": None}

    def census(self, game: GameContext) -> dict[str, int]:
        return {"vizier": len(game.slice(self.name)["awake"])}

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        return {"awake": dict(game.slice(self.name)["awake"])}

    # -- actions ----------------------------------------------------------------------

    def options(self, game: GameContext, decision: Decision) -> list[Action]:
        awake = game.slice(self.name)["awake"]
        if decision.kind == "act":
            return [] if awake[decision.player] else [Wake()]
        if decision.kind == "vizier":
            return self.purchases(game, decision.player) + [Decline()]
        if decision.kind == "window":  # shared with the thieves, who add theirs (§M10)
            return self.purchases(game, decision.player)
        return []

    def purchases(self, game: GameContext, player: str) -> list[Action]:
        """The vizier's purchases `player` may make now: none while it sleeps."""
        if not game.slice(self.name)["awake"][player]:
            return []
        return [VizierBuy(b.square, b.tile, b.cards) for b in game.payment_options(player)
                if b.exact]

    def can_buy(self, game: GameContext, player: str) -> bool:
        """Whether `player` has a vizier's purchase now (`purchases` is not empty).

        A sleeping vizier, or a hand of plain money with no subset paying a square's
        price exactly, answers at once, and so does a subset of one currency's money
        paying its square exactly (a listed payment, `payments.money_pays_exactly`);
        only the rest look for an exact payment among the listed ones (building no
        purchase).
        """
        return game.slice(self.name)["awake"][player] and self._pays(game, player, game.market)

    def _pays(self, game: GameContext, player: str,
              market: tuple[tuple[str, Tile | None], ...]) -> bool:
        """Whether `player`'s hand pays a tile of `market` exactly (`can_buy` awake).

        A function of the hand, the market and the modules in play (the ways to pay)
        alone, asked of every awake player after every turn, where most hands and most
        of the market stay the same: the last answer for the player's name is kept with
        what it was computed from, and compared by value (tuples of the same objects
        compare without a call), so a copy or another game may use it too.
        """
        hand, modules = game.hand(player), game.modules
        kept = _PAYS.get(player)
        if kept is not None and kept[0] == hand and kept[1] == market and kept[2] == modules:
            return kept[3]
        pays = may_pay_exactly(hand, market) and (
            money_pays_exactly(hand, market)
            or any(b.exact for b in game.payment_options(player)))
        if len(_PAYS) >= KEPT:
            _PAYS.clear()
        _PAYS[player] = (hand, market, modules, pays)
        return pays

    def _check_wake(self, game: GameContext, action: Wake) -> None:
        if game.slice(self.name)["awake"][game.current_player]:
            game.refuse(action, "the vizier is awake already")

    def _do_wake(self, game: GameContext, action: Wake) -> None:
        game.slice(self.name)["awake"][game.current_player] = True
        game.event("wake", player=game.current_player)
        game.end_actions()

    def _check_buy(self, game: GameContext, action: VizierBuy) -> None:
        if not game.slice(self.name)["awake"][game.current_player]:
            # §M1, MEGABOX.md 0.6: asleep is asleep, in any window and whatever else the
            # player may still do there (play a thief).
            game.refuse(action, "the vizier is asleep: wake it on one's own turn first")
        # exact, and minimal even with Change's overpaying (§M1, §M11)
        game.check_payment(action, "exact", item="a vizier's purchase")

    def _do_buy(self, game: GameContext, action: VizierBuy) -> None:
        player = acting_player(game)
        state = game.slice(self.name)
        game.pay(player, action)
        state["awake"][player] = False
        window_used(game)
        game.event("vizier", player=player, square=action.square, currency=action.currency,
                   tile=action.tile.to_list(), cards=[c.to_list() for c in action.cards])
        game.place_now(player, action.tile)

    # -- the window (shared with the other modules acting there, window.py) -------------

    def step_vizier_window(self, game: GameContext) -> bool:
        """Ask the next player who can act in the window (an awake player who can buy);
        True while someone is being asked."""
        return window_step(game)

    def window_players(self, game: GameContext) -> list[str]:
        """The players who can buy with the vizier now (`can_buy`), asked after every
        turn: nobody while every vizier sleeps; the market is read once."""
        awake = game.slice(self.name)["awake"]
        if True not in awake.values():
            return []
        market = game.market
        return [p for p, up in awake.items() if up and self._pays(game, p, market)]

    def window_can_act(self, game: GameContext, player: str) -> bool:
        """Whether `player` can buy with the vizier now."""
        return self.can_buy(game, player)


def _no_check(game: GameContext, action: Action) -> None:
    return None


#: player -> (hand, market, modules, whether the hand pays a tile exactly): `Vizier._pays`.
_PAYS: dict[str, tuple[tuple[Any, ...], tuple[tuple[str, Tile | None], ...],
                       tuple[str, ...], bool]] = {}


#: What a player lets pass, by the decision declined (a decision's name is no word).
_DECLINED = {"master_builder": lambda: pgettext("declined", "the redesign"),
             "window": lambda: pgettext("declined", "the window"),
             "auction": lambda: pgettext("declined", "the auction"),
             "vizier": lambda: pgettext("declined", "the vizier")}


#: The module's events in words (registered with the module, `modules.register`).
Vizier.narration = {
    "wake": (("player",),
                lambda e: told(e["player"], N_("{player} wakes the vizier"),
                               N_("You wake the vizier"))),
    "vizier": (("player", "square", "currency", "tile", "cards"),
               lambda e: told(e["player"], N_("{player} calls on the vizier, who buys {tile} "
                                              "from the {currency} square paying exactly {paid}"),
                              N_("You call on the vizier, who buys {tile} from the {currency} "
                                 "square paying exactly {paid}"), tile=tile_text(e["tile"]),
                              currency=term(e["currency"]), paid=paid_text(e["cards"]))),
    "decline": (("player", "decision"),
                lambda e: told(e["player"], N_("{player} lets {decision} pass"),
                               N_("You let {decision} pass"),
                               decision=_DECLINED[e["decision"]]() if e["decision"] in _DECLINED
                               else f"the {e['decision']}")),
}
