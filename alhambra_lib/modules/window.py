"""The interrupt window between turns (RULES.md §M0.4 step 8), shared by the modules
that act there (the vizier, §M1, and the thieves, §M10): one step, one order of asking.

A module joins the window by declaring the step (``(WINDOW_STEP, "finish_turn")`` in
its ``turn_end_steps``), its decision (``window_decision``) and its window actions: the
hook ``window_players(game)`` (who can act, asked once for all players) and its
``options`` in that decision. The last of them in play owns the window: its slice holds
the state and its decision is the one asked (the thieves' shared ``window`` with both,
the vizier's own ``vizier`` alone).

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
from collections.abc import Callable, Collection
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


#: ``players(game)``: who can act in the window now (`Module.window_players`).
Players = Callable[["GameContext"], Collection[str]]


def _window(names: tuple[str, ...]) -> tuple[type[Module], Players]:
    """``(owner, players)`` of the modules among `names` that act in the window: the last
    of them owns it; ``players(game)`` asks each module once who can act
    (`Module.window_players`) and answers them all (asked after every turn end: kept per
    module set and registry generation)."""
    registry = sys.modules[__package__]  # imports this module: not importable from here
    key = (names, registry._generation)
    found = _WINDOWS.get(key)
    if found is None:
        acting = [registry.MODULES[n] for n in names
                  if any(step == WINDOW_STEP for step, _ in registry.MODULES[n].turn_end_steps)]
        # Modules are stateless: one instance of each serves every game.
        hooks = tuple(cls().window_players for cls in reversed(acting))
        found = _WINDOWS[key] = (acting[-1], hooks[0] if len(hooks) == 1 else _joined(hooks))
    return found


def _joined(hooks: tuple[Players, ...]) -> Players:
    """One ``players(game)`` of several modules' `window_players`: whoever any can act for."""
    def players(game: GameContext) -> Collection[str]:
        able: list[str] = []
        for hook in hooks:
            able += hook(game)  # a few names at most: no set to build
        return able
    return players


_WINDOWS: dict[tuple[tuple[str, ...], int], tuple[type[Module], Players]] = {}


def window_owner(game: GameContext | Game) -> str:
    """The module whose slice holds the window: the last in play that acts there (the
    thieves if in play, else the vizier)."""
    return _window(game.modules)[0].name


def window_step(game: GameContext) -> bool:
    """The shared window step (RULES.md §M0.4 step 8): ask the next player who can act
    in the window with any module in play (`Module.window_players`); True while someone
    is asked. Every module acting in the window runs its step with this."""
    owner, players = _window(game.modules)
    return run_window(game, owner.window_decision, players, owner.name)


def run_window(game: GameContext, kind: str,
               players: Players, owner: str | None = None) -> bool:
    """The window step: ask the next player among `players(game)`, those who can act (a
    decision of `kind`); True while someone is asked or an auction drawn after a theft
    waits. `owner` is the module holding the window (`window_owner`, found when None).

    Who can act is asked once for all players: when nobody can (the common case), no
    order of asking is built."""
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
    able = players(game)
    queue = [p for p in (game.seats_from_next() if window is None else window["queue"])
             if p in able] if able else []
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
