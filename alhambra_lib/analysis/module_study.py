"""What each Mega Box module does to the game: strategic bots with it on, against the base game.

`module_tournaments` plays one `tournament` of the strategic bots (WallBuilder,
MajorityHunter, BalancedBot, one seat each) for the base game and one for each module of
`alhambra_lib.modules.MODULES` alone, so a module built later joins without a change
here. Every *arm* (the base game or one module) plays the same game seeds (common random
numbers): game g of an arm and game g of the base game start from the same seed, and a
module's effect is measured on paired games, which removes most of the luck of the deal.

`module_effects_table` summarises the games per arm and measure, with 95% intervals:

================ =================================================================
``winner_score`` the winner's final score, per game
``mean_score``   the mean final score of the table, per game
``turns``        the game's length: turns taken by all players together
``wall_points``  wall points a player scores over the game (the wall part of the
                 score), per game the mean over the table
``wall_slope``   the value of a wall point: the least-squares slope of the final
                 score on the wall points, over every player of the arm (points of
                 final score per wall point; above 1 when walls go with other gains)
================ =================================================================

For each measure: its value in the arm with an interval, and its *change* against the
base game with an interval (the mean of the paired per-game differences; for the slope,
the difference of two slopes with their standard errors combined). The intervals are
normal ones, like those of `alhambra_lib.analysis.stats`: with few games they are rough.

`module_effects` does both: small by default (a few games per arm, seconds), large with
``large=True`` (`LARGE_GAMES` per arm). `alhambra_lib.analysis.plots.plot_module_effects`
draws the changes.

Examples
--------
>>> table = module_effects(games=2, modules=["exchange"], seed=3)
>>> row = table.loc[("exchange", "turns")]
>>> int(row["games"]), bool(row["change_low"] <= row["change"] <= row["change_high"])
(2, True)
>>> sorted(set(table.index.get_level_values("module")))
['base', 'exchange']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..components import ROUNDS
from ..i18n import N_, _
from ..modules import MODULES
from .stats import _z
from .tournaments import tournament

__all__ = ["module_tournaments", "module_effects_table", "module_effects", "MEASURES", "arm_title",
           "STRATEGIC_BOTS", "BASE", "SMALL_GAMES", "LARGE_GAMES"]

#: The bots of every game, one seat each: the three strategic bots.
STRATEGIC_BOTS = ("wall", "majority", "balanced")
#: The arm label of the base game (no module).
BASE = "base"
#: Games per arm by default (`module_effects`), and with ``large=True``.
SMALL_GAMES = 4
LARGE_GAMES = 200
#: Games per call of `tournament` (a multiple of 2 and 3, so the seats rotate evenly);
#: the progress moves once per batch.
BATCH = 12
#: measure -> what it is, with its unit (for tables and axis labels).
MEASURES = {
    "winner_score": N_("winner's score (points)"),
    "mean_score": N_("mean score of the table (points)"),
    "turns": N_("game length (turns)"),
    "wall_points": N_("wall points per player"),
    "wall_slope": N_("final points per wall point"),
}


def arm_title(arm: str) -> str:
    """An arm of the study as a table or a chart names it, in the current language: "Base
    game", or a module's title and rulebook section ("Vizier's Favour (M1)").

    >>> arm_title("vizier"), arm_title(BASE)
    ("Vizier's Favour (M1)", 'Base game')
    """
    if arm == BASE:
        return _("Base game")
    return _("{module} ({section})").format(module=_(MODULES[arm].title),
                                            section=MODULES[arm].section)
_WALLS = [f"walls_r{r}" for r in ROUNDS]


def _arms(modules: Iterable[str] | None) -> list[str]:
    """The module names to play, checked against `MODULES`, in the registry's order."""
    if modules is None:
        return list(MODULES)
    if isinstance(modules, str):
        modules = [m for m in modules.split(",") if m]
    unknown = sorted(set(modules) - set(MODULES))
    if unknown:
        raise ValueError(f"unknown module {', '.join(unknown)}: the modules are "
                         f"{', '.join(MODULES)}")
    return [m for m in MODULES if m in modules]


def _reporter(progress: bool | Callable[[int, int], None],
              total: int) -> tuple[Callable[[int], object], Callable[[], object]]:
    """(report(games done), close()) for `progress`: False, True (a tqdm bar) or a callable."""
    if callable(progress):
        return (lambda done: progress(done, total)), (lambda: None)
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, unit="game", desc="module effects")
        return (lambda done: bar.update(done - bar.n)), bar.close
    return (lambda done: None), (lambda: None)


def module_tournaments(games: int = SMALL_GAMES, *, modules: Iterable[str] | None = None,
                       bots: Sequence[str] = STRATEGIC_BOTS, seed: int | None = 0, n_jobs: int = 1,
                       client: Any = None,
                       progress: bool | Callable[[int, int], None] = False) -> pd.DataFrame:
    """The games behind `module_effects`: the base game and each module alone.

    Parameters
    ----------
    games : int
        Games per arm (at least 2: the intervals need two).
    modules : sequence of str, optional
        Module names of `alhambra_lib.modules.MODULES` to play (default: all of them).
    bots : sequence
        Bot names or factories, one seat each (as `tournament`).
    seed : int or None
        The seed of every arm: game g of each arm starts from the same seed (None:
        fresh entropy, shared by the arms all the same).
    n_jobs, client
        As `tournament` (joblib workers, or a dask cluster).
    progress : bool or callable
        True: a tqdm progress bar; a callable is called as ``progress(done, total)``
        with games played so far and in all (for an ipywidgets progress bar), after
        each batch of up to `BATCH` games.

    Returns
    -------
    pandas.DataFrame
        The rows of `tournament`, arm after arm, with the column ``arm`` (`BASE` or the
        module) and ``game`` numbered 0 .. games - 1 within each arm.

    Raises
    ------
    ValueError
        For fewer than 2 games, an unknown module, or what `tournament` refuses.

    Examples
    --------
    >>> seen = []
    >>> df = module_tournaments(2, modules=["vizier"], progress=lambda d, t: seen.append((d, t)))
    >>> sorted(df["arm"].unique()), seen
    (['base', 'vizier'], [(2, 4), (4, 4)])
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 2:
        raise ValueError(f"games is an integer of at least 2 per arm, got {games!r}")
    arms = [BASE] + _arms(modules)
    if seed is None:
        seed = int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]  # an int when drawn
    report, close = _reporter(progress, games * len(arms))
    frames, done = [], 0
    try:
        for arm in arms:
            for first in range(0, games, BATCH):
                size = min(BATCH, games - first)
                frame = tournament(list(bots), games=size, seed=[seed, first // BATCH],
                                   n_jobs=n_jobs, client=client, progress=False,
                                   modules=() if arm == BASE else (arm,))
                frames.append(frame.assign(arm=arm, game=frame["game"] + first))
                done += size
                report(done)
    finally:
        close()
    return pd.concat(frames, ignore_index=True)


def _per_game(df: pd.DataFrame) -> pd.DataFrame:
    """One row per (arm, game): the per-game measures."""
    rows = df.assign(wall_points=df[_WALLS].fillna(0).sum(axis=1))
    grouped = rows.groupby(["arm", "game"], sort=False)
    return pd.DataFrame({
        "winner_score": grouped["score"].max(),
        "mean_score": grouped["score"].mean(),
        "turns": grouped["turns"].sum(),
        "wall_points": grouped["wall_points"].mean(),
    })


def _slope(rows: pd.DataFrame) -> tuple[float, float]:
    """(slope, standard error) of the least-squares line of score on wall points."""
    x = rows[_WALLS].fillna(0).sum(axis=1).to_numpy(float)
    y = rows["score"].to_numpy(float)
    n, spread = len(x), ((x - x.mean()) ** 2).sum()
    if n < 3 or spread == 0:
        return np.nan, np.nan
    slope = ((x - x.mean()) * (y - y.mean())).sum() / spread
    residual = y - y.mean() - slope * (x - x.mean())
    return slope, np.sqrt((residual ** 2).sum() / (n - 2) / spread)


def _mean_interval(values: Any, z: float) -> tuple[float, float, float]:
    values = np.asarray(values, float)
    mean = values.mean()
    half = z * values.std(ddof=1) / np.sqrt(len(values)) if len(values) > 1 else np.nan
    return mean, mean - half, mean + half


def module_effects_table(df: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Per arm and measure: the value and its change against the base game, with intervals.

    Parameters
    ----------
    df : pandas.DataFrame
        A `module_tournaments` result (it must hold the `BASE` arm).
    confidence : float
        The intervals' coverage.

    Returns
    -------
    pandas.DataFrame
        Indexed by (``module``, ``measure``), arms in the order played and measures in
        the order of `MEASURES`; columns ``games``, ``value``, ``low``, ``high``,
        ``change``, ``change_low``, ``change_high`` (the change is NaN for the base game
        itself), and ``title`` (the module's title, "Base game" for the base).

    Examples
    --------
    >>> df = module_tournaments(2, modules=["invaders"], seed=1)
    >>> table = module_effects_table(df)
    >>> list(table.columns)  # doctest: +NORMALIZE_WHITESPACE
    ['title', 'games', 'value', 'low', 'high', 'change', 'change_low', 'change_high']
    >>> bool(table.loc[("base", "turns"), ["change", "change_low"]].isna().all())
    True
    """
    z = _z(confidence)
    arms = list(dict.fromkeys(df["arm"]))
    if BASE not in arms:
        raise ValueError(f"the games hold no {BASE!r} arm to compare with")
    per_game = _per_game(df)
    base_games = per_game.loc[BASE]
    base_slope = _slope(df[df["arm"] == BASE])
    rows = []
    for arm in arms:
        games = per_game.loc[arm]
        title = arm_title(arm)
        for measure in MEASURES:
            if measure == "wall_slope":
                slope, error = _slope(df[df["arm"] == arm])
                value = (slope, slope - z * error, slope + z * error)
                gap = slope - base_slope[0]
                half = z * np.hypot(error, base_slope[1])
                change = (gap, gap - half, gap + half)
            else:
                value = _mean_interval(games[measure], z)
                paired = games[measure].sub(base_games[measure]).dropna()
                change = _mean_interval(paired, z)
            if arm == BASE:
                change = (np.nan,) * 3
            rows.append((arm, measure, title, len(games), *value, *change))
    columns = ["module", "measure", "title", "games", "value", "low", "high", "change",
               "change_low", "change_high"]
    return pd.DataFrame(rows, columns=columns).set_index(["module", "measure"])


def module_effects(games: int | None = None, *, large: bool = False,
                   modules: Iterable[str] | None = None, seed: int | None = 0, n_jobs: int = 1,
                   client: Any = None, progress: bool | Callable[[int, int], None] = False,
                   confidence: float = 0.95) -> pd.DataFrame:
    """How each module changes scores, game length and the value of walls (the table).

    Parameters
    ----------
    games : int, optional
        Games per arm; default `SMALL_GAMES`, or `LARGE_GAMES` with `large`.
    large : bool
        The large study: `LARGE_GAMES` games per arm (minutes; use `n_jobs` or a dask
        `client`, and a `progress` bar).
    modules, seed, n_jobs, client, progress
        As `module_tournaments`.
    confidence : float
        As `module_effects_table`.

    Returns
    -------
    pandas.DataFrame
        `module_effects_table` of the games.

    Examples
    --------
    >>> t = module_effects(games=2, modules=["bonus_cards"], seed=5)
    >>> row = t.loc[("bonus_cards", "winner_score")]
    >>> bool(row["low"] <= row["value"] <= row["high"]), row["title"]
    (True, 'Bonus Cards (M3)')
    """
    if games is None:
        games = LARGE_GAMES if large else SMALL_GAMES
    df = module_tournaments(games, modules=modules, seed=seed, n_jobs=n_jobs, client=client,
                            progress=progress)
    return module_effects_table(df, confidence)
