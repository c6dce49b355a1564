"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly at random among the legal actions.

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
        """Return a uniformly random legal action."""
        return self._rng.choice(legal_actions)

    def __repr__(self):
        return "RandomBot()"
