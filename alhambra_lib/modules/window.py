"""The interrupt window between turns (RULES.md §M0.4 step 8), shared by the modules
that act there (the vizier, §M1, and the thieves, §M10): one step, one order of asking.

A module joins the window by declaring the step (``(WINDOW_STEP, "finish_turn")`` in
its ``turn_end_steps``), its decision (``window_decision``) and its window actions: the
hook ``window_can_act(game, player)`` and its ``options`` in that decision. The last of
them in play owns the window: its slice holds the state and its decision is the one
asked (the thieves' shared ``window`` with both, the vizier's own ``vizier`` alone).

When a turn is completely over, the players who can do something out of turn are asked
in seat order, starting with the player after the one whose turn it was and ending with
that player. Whoever is asked acts (a vizier's purchase, a theft) or declines; after an
act the display and the market are refilled (a scoring card drawn then is scored at
once, a character drawn then is auctioned first), and everyone is asked again from the
top. The window closes when nobody asked can act, and does not open after the
game-ending turn.

The window's state is ``{"queue": [players still to ask, the one asked first],
"repoll": bool}`` (None while closed), kept in the slice of the module owning it: the
thieves when they are in play (their step serves the vizier too), else the vizier,
whose saves are then those of a game without thieves.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("vizier", "thieves"))
>>> window_owner(g)
'thieves'
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict

from ..slices import DISTINCT, Annotated, Player

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..actions import Action
    from ..engine.game import Game
    from .base import Module
    from .context import GameContext

__all__ = [
    "WINDOW_STEP",
    "Window",
    "run_window",
    "window_decline",
    "window_owner",
    "window_problem",
    "window_step",
    "window_used",
]

#: The window's turn-end step, before ``finish_turn``; named after the module that opened
#: it first (the vizier), so the vizier's saved games keep their script.
WINDOW_STEP = "vizier_window"


def _window(names: tuple[str, ...]) -> tuple[type[Module], Callable[[GameContext, str], bool]]:
    """``(owner, can_act)`` of the modules among `names` that act in the window: the last
    of them owns it; ``can_act(game, player)`` asks each whether it can act for `player`
    (asked of every player after every turn end: kept per module set and registry
    generation)."""
    registry = sys.modules[__package__]  # imports this module: not importable from here
    key = (names, registry._generation)
    found = _WINDOWS.get(key)
    if found is None:
        acting = [registry.MODULES[n] for n in names
                  if any(step == WINDOW_STEP for step, _ in registry.MODULES[n].turn_end_steps)]
        # The owner's question first: a theft is cheaper to see than a vizier's purchase.
        # Modules are stateless: one instance of each serves every game.
        hooks = tuple(cls().window_can_act for cls in reversed(acting))

        def can_act(game: GameContext, player: str) -> bool:
            for hook in hooks:
                if hook(game, player):
                    return True
            return False
        found = _WINDOWS[key] = (acting[-1], can_act)
    return found


_WINDOWS: dict[tuple[tuple[str, ...], int],
               tuple[type[Module], Callable[[GameContext, str], bool]]] = {}


def window_owner(game: GameContext | Game) -> str:
    """The module whose slice holds the window: the last in play that acts there (the
    thieves if in play, else the vizier)."""
    return _window(game.modules)[0].name


def window_step(game: GameContext) -> bool:
    """The shared window step (RULES.md §M0.4 step 8): ask the next player who can act
    in the window with any module in play (`Module.window_can_act`); True while someone
    is asked. Every module acting in the window runs its step with this."""
    owner, can_act = _window(game.modules)
    return run_window(game, owner.window_decision, can_act, owner.name)


def run_window(game: GameContext, kind: str,
               can_act: Callable[[GameContext, str], bool], owner: str | None = None) -> bool:
    """The window step: ask the next player who `can_act(game, player)` (a decision of
    `kind`); True while someone is asked or an auction drawn after a theft waits.
    `owner` is the module holding the window (`window_owner`, found when None)."""
    state = game.slice(window_owner(game) if owner is None else owner)
    window = state["window"]
    if window is not None and window["repoll"]:
        if game.refill_display():  # a character came up: its auction first (§M7)
            return True
        game.refill_market()
        if game.hold_scorings():  # a scoring card drawn after a theft is scored now
            return True  # (§M10), once the Wise Man's type is chosen (§M7)
        window = None
    if game.game_ending():
        state["window"] = None
        return False
    queue = game.seats_from_next() if window is None else window["queue"]
    queue = [p for p in queue if can_act(game, p)]
    if not queue:
        state["window"] = None
        return False
    state["window"] = {"queue": queue, "repoll": False}
    game.push_decision(kind, queue[0])
    return True


def window_used(game: GameContext) -> None:
    """The player asked has acted: refill, then ask everyone again from the top."""
    game.slice(window_owner(game))["window"]["repoll"] = True


def window_decline(game: GameContext, action: Action) -> None:
    """The player asked lets the window pass; the next one is asked."""
    game.slice(window_owner(game))["window"]["queue"].pop(0)
    top = game.decision
    assert top is not None  # a decline answers the decision on top
    game.event("decline", player=game.current_player, decision=top.kind)
    game.resume()


#: The decision of the window: the vizier's own without the thieves, else the shared one.
WINDOW_DECISIONS = ("vizier", "window")


class Window(TypedDict):
    """The window's state in a slice (None while closed): the players still to ask, the
    one asked first, and whether a use calls for a refill and asking everyone again."""

    queue: Annotated[list[Player], DISTINCT]
    repoll: bool


def window_problem(game: GameContext, window: Window | None) -> str | None:
    """What is wrong with a well-typed `window` held by the module running the step (see
    `window_owner`), or None: a window asking someone has that player first in its queue
    and its decision on top; after a use (``repoll``) the window step comes next in the
    script."""
    top = game.decision
    kind = _window(game.modules)[0].window_decision
    asking = top is not None and top.kind in WINDOW_DECISIONS
    if asking and top is not None and top.kind != kind:
        return f"the window's decision is {kind!r} with these modules"
    if asking != (window is not None and not window["repoll"]):
        return "a window decision is on top exactly while the window asks someone"
    if window is not None and top is not None and asking and window["queue"][:1] != [top.player]:
        return f"{top.player} is asked, but the window's queue is {window['queue']}"
    if window is not None and game.script[:1] != (WINDOW_STEP,):
        return "an open window is the turn-end step running now"
    if (window is not None and window["repoll"] and top is not None and top.kind == "place"
            and window["queue"][:1] != [top.player]):
        return (f"{top.player} places a vizier's purchase, but the window asked "
                f"{window['queue'][:1]}")
    return None
