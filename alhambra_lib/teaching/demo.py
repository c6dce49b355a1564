"""Seeded demo states: what the widgets show when built with no arguments.

Plain data builders, no widgets and no drawing: sample Alhambras (grown from the real
tiles in a seeded random order), counts with ties, a game and its record, a score
sheet after two rounds, a small weight sweep, and a quiz question. The notebooks and
tests use them too, so that a widget's default state can be rebuilt without it.

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
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..alhambra import Alhambra
from ..bots import GreedyBot, play
from ..components import BUILDING_TILES
from ..game import Game
from ..i18n import N_
from ..score_sheet import ScoreSheet

if TYPE_CHECKING:
    import pandas as pd

    from ..actions import Action

__all__ = [
    "random_growth",
    "random_alhambra",
    "demo_alhambra",
    "search_demo",
    "wall_demo",
    "WALL_DEMO_SEED",
    "DEMO_PLAYERS",
    "DEMO_COUNTS",
    "demo_game",
    "demo_sheet",
    "demo_sweep",
    "DEMO_QUESTION",
    "mega_box_game",
]

#: The players of the demo counts, game and score sheet.
DEMO_PLAYERS = ("Ana", "Ben", "Cy")

#: Round-2 counts with ties: Ana and Ben tie for first in towers (RULES.md §8.3, example 2).
DEMO_COUNTS = {
    "Ana": {"pavilion": 2, "seraglio": 3, "arcades": 1, "chambers": 2, "garden": 2, "tower": 4},
    "Ben": {"pavilion": 2, "seraglio": 1, "arcades": 3, "chambers": 0, "garden": 3, "tower": 4},
    "Cy": {"pavilion": 1, "seraglio": 1, "arcades": 3, "chambers": 2, "garden": 1, "tower": 2},
}

#: The question a `Question` asks when built with no arguments (RULES.md §4a): prompt,
#: options, answer, explanation.
DEMO_QUESTION = (N_("May you take a 3 and a 3 from the display in one action?"),
                 (N_("yes"), N_("no")), "no",
                 N_("Several cards may be taken only if their values total at most 5; one card "
                    "may have any value."))

#: The seed of `wall_demo` by default.
WALL_DEMO_SEED = 3
_WALL_DEMO_TILES = 20
# A 22-tile Alhambra grown under the single-cell reading: it encloses two empty
# cells, so the flood has something to miss, and its far tiles are 9 steps away.
_SEARCH_DEMO_SEED, _SEARCH_DEMO_TILES = 2, 22
_GAME_DEMO_SEED = 2003
_SWEEP_DEMO_WEIGHTS, _SWEEP_DEMO_GAMES, _SWEEP_DEMO_SEED = (0, 1, 4), 6, 2003


def random_growth(seed: int = 0, tiles: int = 54,
                  hole_rule: str = "enclosed") -> Iterator[Alhambra]:
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


def random_alhambra(seed: int = 0, tiles: int = 54, hole_rule: str = "enclosed") -> Alhambra:
    """The last stage of `random_growth`: a seeded random legal Alhambra of `tiles` tiles."""
    alhambra = Alhambra(hole_rule)
    for alhambra in random_growth(seed, tiles, hole_rule):  # ends holding the last stage
        pass
    return alhambra


def demo_alhambra() -> Alhambra:
    """The sample Alhambra of the widgets: 12 tiles, seed 5."""
    return random_alhambra(seed=5, tiles=12)


def search_demo() -> Alhambra:
    """The SearchStepper's demo: a seeded 22-tile Alhambra with an enclosed two-cell area.

    Examples
    --------
    >>> from alhambra_lib.holes import enclosed_cells
    >>> sorted(enclosed_cells(search_demo().layout))
    [(1, -1), (1, 0)]
    """
    return random_alhambra(_SEARCH_DEMO_SEED, _SEARCH_DEMO_TILES, hole_rule="single")


def wall_demo(seed: int = WALL_DEMO_SEED) -> Alhambra:
    """The WallTracer's demo: a seeded random 20-tile Alhambra.

    Examples
    --------
    >>> wall_demo() == random_alhambra(WALL_DEMO_SEED, 20)
    True
    """
    return random_alhambra(seed, _WALL_DEMO_TILES)


def demo_game() -> tuple[Game, list[dict[str, Any]]]:
    """A new game of three GreedyBots, seed 2003, and its record once they finished it.

    Returns
    -------
    start : Game
        The game before its first turn.
    events : list of dict
        `Game.events` of the finished game.

    Examples
    --------
    >>> start, events = demo_game()
    >>> start.turn, events[-1]["type"]
    (1, 'game_over')
    """
    start = Game(DEMO_PLAYERS, seed=_GAME_DEMO_SEED)
    finished = play(Game.from_json(start.to_json()), [GreedyBot() for _ in DEMO_PLAYERS])
    return start, finished.events


def demo_sheet() -> ScoreSheet:
    """Three players at a table after two scoring rounds.

    Examples
    --------
    >>> sheet = demo_sheet()
    >>> sheet.rounds, sheet.totals()
    ((1, 2), {'Ana': 38, 'Ben': 36, 'Cy': 49})
    """
    sheet = ScoreSheet(DEMO_PLAYERS)
    sheet.record(1, {"Ana": {"pavilion": 1, "tower": 1, "garden": 1},
                     "Ben": {"seraglio": 2, "garden": 1},
                     "Cy": {"arcades": 1, "chambers": 1, "tower": 1}},
                 {"Ana": 3, "Ben": 2, "Cy": 4})
    sheet.record(2, {"Ana": {"pavilion": 2, "seraglio": 1, "tower": 3, "garden": 2},
                     "Ben": {"seraglio": 3, "garden": 3, "arcades": 1},
                     "Cy": {"arcades": 2, "chambers": 3, "tower": 3, "pavilion": 1}},
                 {"Ana": 5, "Ben": 6, "Cy": 4})
    return sheet


def demo_sweep() -> pd.DataFrame:
    """A small seeded sweep of the wall weight: 6 games at each of 0, 1 and 4 (about 1 s).

    Returns
    -------
    pandas.DataFrame
        A `alhambra_lib.analysis.sweep.weight_sweep` result. pandas is imported here,
        not with this module.
    """
    from ..analysis.sweep import weight_sweep

    return weight_sweep(_SWEEP_DEMO_WEIGHTS, games=_SWEEP_DEMO_GAMES, seed=_SWEEP_DEMO_SEED,
                        progress=False)


# The module actions the Mega Box demo favours, with the chance it takes one when it may:
# each module's pieces then reach the table (a gate, sticks, a character, a theft...).
_MEGA_BOX_FAVOURED = {"gate_place": 1.0, "gate_take": 0.9, "build_wall": 0.9,
                      "buy_bazaar": 0.9, "steal": 0.04, "bid": 0.6, "buy_chests": 0.25,
                      "take_hut": 0.1}


def _favoured_kind(action: Any) -> str:
    """The kind `_MEGA_BOX_FAVOURED` knows `action` by: a place through a gate and a take
    of the gate card have kinds of their own there."""
    if action.kind == "place" and action.gate is not None:
        return "gate_place"
    if action.kind == "take" and any(c.component == "gate_card" for c in action.cards):
        return "gate_take"
    return action.kind


def _builder_choice(game: Game, rng: random.Random) -> Action:
    """A seeded choice that builds: module actions, placing in the Alhambra, buying."""
    actions = game.legal_actions()
    for kind, chance in _MEGA_BOX_FAVOURED.items():
        mine = [a for a in actions if _favoured_kind(a) == kind]
        if mine and rng.random() < chance:
            return rng.choice(mine)
    places = [a for a in actions if a.kind == "place"]
    if places:
        return rng.choice(places)
    buys = [a for a in actions if a.kind in ("buy", "vizier")]
    if buys and rng.random() < 0.85:
        return rng.choice(buys)
    if any(a.kind == "steal" for a in actions):  # pass, so that thieves stay in hands
        return next(a for a in actions if a.kind == "decline")
    return rng.choice([a for a in actions if a.kind not in ("reserve", "give", "redesign")]
                      or actions)


def mega_box_game(seed: int = 11, turns: int = 160) -> Game:
    """A three-player game with all 16 Mega Box modules, played `turns` turns.

    A seeded player that favours the modules' actions (a gate, sticks, a bid, a theft,
    a bazaar, chests, huts) and building over reserving plays every seat, so that after
    the default 160 turns (two scoring rounds) huts, camps, a bazaar, chests, residents,
    the merchants' discs, a revealed attack, sticks, a gate, characters owned, thieves
    played and coins drawn as change are on the table: the state the module drawings
    are shown and tested on.

    Examples
    --------
    >>> g = mega_box_game(turns=5)
    >>> g.turn, len(g.modules)
    (5, 16)
    """
    import warnings

    from ..modules import MODULES

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the provisional tile sets: known, and said in the legends
        game = Game(DEMO_PLAYERS, seed=seed, modules=tuple(MODULES))
    rng = random.Random(seed)
    while game.turn < turns and not game.is_over:
        game.apply(_builder_choice(game, rng))
    return game
