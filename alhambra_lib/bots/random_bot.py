"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import ACTION_KINDS, Action
from .base import known_actions

if TYPE_CHECKING:
    from ..engine.view import GameView

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly at random among the legal actions of the registered kinds.

    It knows every kind the game has registered (`actions.ACTION_KINDS`: the base
    game's and those of every module built, huts, bazaars, chests and the street
    merchant's included); an action of another kind is left out, and when every legal
    action is of an unknown kind it takes the first.

    Parameters
    ----------
    seed : None, int or random.Random
        Seeds the bot's own generator (None: fresh entropy).

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> g = Game(["Ana", "Ben"], seed=1)
    >>> a = RandomBot(5).choose(g.view("Ana"), g.legal_actions())
    >>> a == RandomBot(5).choose(g.view("Ana"), g.legal_actions())
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, view: GameView, legal_actions: Sequence[Action]) -> Action:
        """Return a uniformly random legal action (of a registered kind)."""
        known = known_actions(legal_actions, ACTION_KINDS)
        if len(known) == 1 and known[0].kind not in ACTION_KINDS:
            return known[0]
        return self._rng.choice(known)

    def __repr__(self) -> str:
        return "RandomBot()"
