"""Thieves (Mega Box M10, RULES.md §M10): steal a face-up money card between turns.

The 12 thief cards, 3 per currency, are shuffled and dealt face down: 4 each with 2-3
players, 3 with 4, 2 with 5-6; the rest are removed unseen. In the interrupt window
after a turn (shared with the vizier, `alhambra_lib.modules.window`), the player asked
may play a thief (`Steal`, kind ``"steal"``) to take one money card of the thief's
currency from the display; the thief leaves the game and the display is refilled to 4
at once (a scoring card drawn then is scored right away, a character drawn then is
auctioned), and everyone is asked again from the top. Or they `Decline`.

Decisions (RULES.md §M10):

* The player whose turn is next may not steal (only use the vizier). The player who
  just finished may, asked last; ``thief_not_by_finisher=True`` forbids it.
* Only money cards of the four currencies can be stolen: never an exchange card, a
  gate card or a diamond.
* Only players who can steal or use the vizier are asked.

Dirk has no thieves. A player sees their own thieves and the number of the others'.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("thieves",))
>>> g.census()["thief"], g.view("Ana").modules["thieves"]["counts"]
(12, {'Ana': 4, 'Ben': 4, 'Cy': 4})
>>> thieves_per_player(4), thieves_per_player(6)
(3, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ..actions import Action, Decline, card_order, register_action
from ..components import CURRENCIES, Card
from ..i18n import N_, _
from ..narrate import card_text, player_text, told
from ..secrets import sort_lists
from ..slices import Annotated, Currency, PerPlayer, Sort
from .base import Module
from .context import acting_player
from .window import (
    WINDOW_STEP,
    Window,
    window_decline,
    window_problem,
    window_step,
    window_used,
)

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..secrets import Secret
    from ..engine.config import GameConfig
    from ..engine.decisions import Decision
    from .context import GameContext

__all__ = [
    "THIEVES_PER_CURRENCY", "Steal", "Thieves", "ThievesSlice", "is_money", "thieves_per_player",
]

#: Thief cards per currency (12 in all).
THIEVES_PER_CURRENCY = 3


def thieves_per_player(players: int) -> int:
    """4 with 2-3 players, 3 with 4, 2 with 5-6 (RULES.md §M10)."""
    return 4 if players <= 3 else 3 if players == 4 else 2


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Play a thief of `card`'s currency to take `card` from the display (RULES.md §M10)."""

    card: Card
    kind: ClassVar[str] = "steal"

    def __post_init__(self) -> None:
        if not is_money(self.card):
            raise TypeError(f"a thief steals a money card of a currency, got {self.card!r}")

    def __str__(self) -> str:
        return f"steal {self.card} with a {self.card.currency} thief"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": self.card.to_list()}


register_action(Steal, ("card",))


#: Thieves held as currencies, in market order (a hand is a set of currencies: a save that
#: lists one otherwise holds the same game, and loads in this order).
_HELD = Annotated[list[Currency], Sort(CURRENCIES.index)]


class ThievesSlice(TypedDict):
    """Thieves as currencies: in each hand (face down), removed at setup, played."""

    hands: PerPlayer[_HELD]
    removed: _HELD
    played: list[Currency]
    window: Window | None


def _thieves_counted(game: GameContext, data: ThievesSlice) -> str | None:
    every = Counter(data["removed"] + data["played"]
                    + [c for h in data["hands"].values() for c in h])
    if every != Counter({c: THIEVES_PER_CURRENCY for c in CURRENCIES}):
        return f"the thieves are not {THIEVES_PER_CURRENCY} per currency, once each: {dict(every)}"
    return None


def _thieves_dealt(game: GameContext, data: ThievesSlice) -> str | None:
    each = thieves_per_player(len(game.players))
    if (len(data["removed"]) != THIEVES_PER_CURRENCY * len(CURRENCIES) - each * len(game.players)
            or any(len(h) > each for h in data["hands"].values())):
        return f"{each} thieves are dealt to each player, the rest removed"
    return None


def _window_rule(game: GameContext, data: ThievesSlice) -> str | None:
    return window_problem(game, data["window"])


class Thieves(Module):
    """Thieves: cards dealt at setup, played in the window between turns."""

    name = "thieves"
    option_decisions = frozenset({"window"})
    section = "M10"
    title = N_("Thieves")
    drawer = "alhambra_lib.draw.modules.thieves"  # its pieces, imported when drawn
    secret_per_player = {"thieves": "hands"}  # §M10: each sees only their own thieves
    decisions = {"window": {"steal", "decline"}}
    turn_end_steps = ((WINDOW_STEP, "finish_turn"),)
    window_decision = "window"  # shared: the vizier's purchases are asked in it too
    step_ranks: ClassVar[dict] = {WINDOW_STEP: 800}
    pushed_by: ClassVar[dict] = {"window": (WINDOW_STEP,)}
    option_defaults = {"thief_not_by_finisher": False}

    def __init__(self) -> None:
        self.actions = {"steal": (self._check_steal, self._do_steal),
                        "decline": (_no_check, window_decline)}

    # -- state ------------------------------------------------------------------------

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"thief": THIEVES_PER_CURRENCY * len(CURRENCIES)}

    slice_type = ThievesSlice
    slice_rules = (_thieves_counted, _thieves_dealt, _window_rule)

    def new_slice(self, config: GameConfig) -> ThievesSlice:
        # Thieves as currencies: "hands" face down, "removed" at setup (unseen), "played"
        # (out of the game); "window" is the shared window's state (window.py).
        every = [cast(Currency, c) for c in CURRENCIES for _ in range(THIEVES_PER_CURRENCY)]
        return {"hands": {p: [] for p in config.players}, "removed": every, "played": [],
                "window": None}

    def setup(self, game: GameContext) -> None:
        state = game.slice(self.name)
        thieves = state["removed"]
        game.shuffle(thieves)
        each = thieves_per_player(len(game.players))
        for i, player in enumerate(game.players):
            state["hands"][player] = _sorted(thieves[i * each:(i + 1) * each])
        state["removed"] = _sorted(thieves[len(game.players) * each:])
        # The event keeps its own lists: later thefts change the live hands, never the record.
        game.event("thieves", hands={p: list(h) for p, h in state["hands"].items()},
                   removed=len(state["removed"]))

    def census(self, game: GameContext) -> dict[str, int]:
        state = game.slice(self.name)
        return {"thief": len(state["removed"]) + len(state["played"])
                + sum(map(len, state["hands"].values()))}

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        state = game.slice(self.name)
        return {"hand": tuple(state["hands"][name]),
                "counts": {p: len(h) for p, h in state["hands"].items()},
                "played": tuple(state["played"]), "removed": len(state["removed"])}

    def redact_slice(self, data: Any, viewer: str, events: list[dict[str, Any]],
                     secret: Secret) -> None:
        """The others' thieves and those removed are secret (§M10)."""
        for p in data["hands"]:
            if p != viewer:
                data["hands"][p] = secret(data["hands"][p], "thief")
        data["removed"] = secret(data["removed"], "thief")

    def tidy_slice(self, data: Any) -> None:
        sort_lists([*data["hands"].values(), data["removed"]], CURRENCIES.index)

    # -- the window -------------------------------------------------------------------

    def step_vizier_window(self, game: GameContext) -> bool:
        """The window of the thieves and the vizier (RULES.md §M10): ask the next player
        who can steal or buy with the vizier; True while someone is asked."""
        return window_step(game)

    def window_players(self, game: GameContext) -> list[str]:
        """The players who can steal now (`steals` not empty), asked after every turn:
        nobody while no thief is in hand (most of the game); the display read once."""
        hands = game.slice(self.name)["hands"]
        if not any(hands.values()):
            return []
        shown = {c.currency for c in game.display if is_money(c)}
        return [p for p, held in hands.items()
                if not shown.isdisjoint(held) and self.may_steal(game, p) is None]

    def window_can_act(self, game: GameContext, player: str) -> bool:
        """Whether `player` can steal in the window now."""
        return player in self.window_players(game)

    def options(self, game: GameContext, decision: Decision) -> list[Action]:
        if decision.kind != "window":
            return []
        return self.steals(game, decision.player) + [Decline()]

    def may_steal(self, game: GameContext, player: str) -> str | None:
        """Why `player` may not steal now, or None when they may."""
        if player == game.seats_from_next()[0]:
            return "the player whose turn is next may not play a thief"
        if player == game.turn_player and game.option("thief_not_by_finisher"):
            return "the player who just finished may not play a thief (thief_not_by_finisher)"
        return None

    def steals(self, game: GameContext, player: str) -> list[Action]:
        """The thefts `player` may commit now: a card per distinct display money card of a
        currency they hold a thief of."""
        held = game.slice(self.name)["hands"][player]
        if not held or self.may_steal(game, player):
            return []
        cards = sorted({c for c in game.display if is_money(c) and c.currency in held},
                       key=card_order)
        return [Steal(c) for c in cards]

    def _check_steal(self, game: GameContext, action: Steal) -> None:
        player = acting_player(game)
        why = self.may_steal(game, player)
        if why:
            game.refuse(action, why)
        if action.card not in game.display:
            game.refuse(action, f"{action.card} is not on the display "
                                f"({', '.join(map(str, game.display)) or 'empty'})")
        if action.card.currency not in game.slice(self.name)["hands"][player]:
            game.refuse(action, f"{player} has no {action.card.currency} thief")

    def _do_steal(self, game: GameContext, action: Steal) -> None:
        player = acting_player(game)
        state = game.slice(self.name)
        state["hands"][player].remove(action.card.currency)
        state["played"].append(action.card.currency)
        game.take_card(player, action.card)
        game.event("steal", player=player, card=action.card.to_list())
        window_used(game)
        game.resume()


def is_money(card: object) -> bool:
    """Whether a thief can steal `card`: money of one of the four currencies (a master
    builder too), never an exchange card, a gate card or a diamond (RULES.md §M10)."""
    return getattr(card, "currency", None) in CURRENCIES


def _sorted(currencies: Iterable[str]) -> list[str]:
    return sorted(currencies, key=CURRENCIES.index)


def _no_check(game: GameContext, action: Action) -> None:
    return None


#: The module's events in words (registered with the module, `modules.register`).
Thieves.narration = {
    "thieves": (("hands", "removed"),
                lambda e: _("the thieves are dealt: {hands} ({n} removed unseen)").format(
                    n=e["removed"], hands=", ".join(f"{player_text(p)} {len(h)}"
                                                    for p, h in e["hands"].items()))),
    "steal": (("player", "card"),
              lambda e: told(e["player"], N_("{player} plays a thief and steals {card} from the "
                                             "display"),
                             N_("You play a thief and steal {card} from the display"),
                             card=card_text(e["card"]))),
}
