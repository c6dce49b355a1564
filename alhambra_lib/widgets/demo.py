"""Seeded demo states for the widgets: a sample Alhambra, counts with ties, a score sheet.

Examples
--------
>>> a = random_alhambra(seed=1, tiles=20)
>>> len(a) - 1
20
>>> random_alhambra(seed=1, tiles=20) == a
True
"""

from __future__ import annotations

import random

from ..alhambra import Alhambra
from ..components import BUILDING_TILES

__all__ = ["random_growth", "random_alhambra", "demo_alhambra", "DEMO_COUNTS", "DEMO_PLAYERS"]

DEMO_PLAYERS = ("Ana", "Ben", "Cy")

#: Round-2 counts with ties: Ana and Ben tie for first in towers (RULES.md §8.3, example 2).
DEMO_COUNTS = {
    "Ana": {"pavilion": 2, "seraglio": 3, "arcades": 1, "chambers": 2, "garden": 2, "tower": 4},
    "Ben": {"pavilion": 2, "seraglio": 1, "arcades": 3, "chambers": 0, "garden": 3, "tower": 4},
    "Cy": {"pavilion": 1, "seraglio": 1, "arcades": 3, "chambers": 2, "garden": 1, "tower": 2},
}


def random_growth(seed=0, tiles=54, hole_rule="enclosed"):
    """Grow an Alhambra from the 54 real tiles in a seeded random order, yielding each stage.

    Each tile in turn goes on a random legal cell; a tile that fits nowhere is
    skipped. Growth stops after `tiles` placements or when the tiles run out, so a
    request for 54 gives as many as fit (usually about 50). The same Alhambra is
    yielded after every placement: copy it to keep a stage.

    Examples
    --------
    >>> [len(a) - 1 for a in random_growth(seed=1, tiles=3)]
    [1, 2, 3]
    """
    rng = random.Random(seed)
    bag = list(BUILDING_TILES)
    rng.shuffle(bag)
    alhambra = Alhambra(hole_rule)
    for tile in bag:
        if len(alhambra) > tiles:
            break
        cells = sorted(alhambra.legal_positions(tile))
        if cells:
            alhambra.place(tile, rng.choice(cells))
            yield alhambra


def random_alhambra(seed=0, tiles=54, hole_rule="enclosed"):
    """The last stage of `random_growth`: a seeded random legal Alhambra of `tiles` tiles."""
    alhambra = Alhambra(hole_rule)
    for alhambra in random_growth(seed, tiles, hole_rule):  # ends holding the last stage
        pass
    return alhambra


def demo_alhambra():
    """The sample Alhambra of the widgets: 12 tiles, seed 5."""
    return random_alhambra(seed=5, tiles=12)
