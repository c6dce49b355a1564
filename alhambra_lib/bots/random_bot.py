"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from .base import KNOWN_KINDS, known_actions

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly at random among the legal actions of the kinds it knows.

    It knows `KNOWN_KINDS` (the base game's and the modules' it plays); an action of
    another kind is left out, and when every legal action is of an unknown kind it takes
    the first.

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

    def __init__(self, seed=None):
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, view, legal_actions):
        """Return a uniformly random legal action (of a known kind)."""
        known = known_actions(legal_actions, KNOWN_KINDS)
        if len(known) == 1 and known[0].kind not in KNOWN_KINDS:
            return known[0]
        return self._rng.choice(known)

    def __repr__(self):
        return "RandomBot()"
