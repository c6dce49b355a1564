"""The wall study of notebook 05, run once and saved: the results its last figures show.

A study plays the three preset bots against each other (`tournament`) and the wall-weight
sweep (`weight_sweep`: the BalancedBot with each wall weight against a MajorityHunter and
a plain BalancedBot), every tournament on the same `seed`, and keeps their summaries with
95% intervals. `run_wall_study` computes them, `save_wall_study` writes them to a CSV file
with the seed and the number of games on every row, `load_wall_study` reads them back.
The same seed and games give the same file, on one core or many::

    python -m alhambra_lib.analysis.saved wall_study --games 400 --seed 2003 --jobs -1

rewrites `STUDY_FILE`, the saved run that notebook 05 loads (`analysis.saved` is the one
command that writes it).

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> study = run_wall_study(games=2, weights=[0, 1], progress=False)
>>> path = Path(tempfile.mkdtemp()) / "study.csv"
>>> save_wall_study(study, path)
>>> again = load_wall_study(path)
>>> again.games, again.seed, list(again.sweep.index), sorted(again.presets.index)
(2, 2003, [0.0, 1.0], ['balanced', 'majority', 'wall'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from .stats import summary
from .sweep import sweep_summary, weight_column, weight_sweep
from .tournaments import tournament

__all__ = ["STUDY_FILE", "PRESETS", "WALL_WEIGHTS", "WallStudy", "run_wall_study",
           "save_wall_study", "load_wall_study"]

#: The saved run that notebook 05 shows (written by ``python -m alhambra_lib.analysis.saved
#: wall_study``).
STUDY_FILE = Path(__file__).resolve().parents[1] / "data" / "wall_study.csv"
#: The preset bots of the first tournament.
PRESETS = ("wall", "majority", "balanced")
#: The wall weights of the sweep.
WALL_WEIGHTS = (0, 0.5, 1, 2, 4)
#: The study's seed, the notebook's.
SEED = 2003
_WEIGHT = weight_column("wall")


@dataclass(frozen=True)
class WallStudy:
    """The summaries of one study.

    Attributes
    ----------
    presets : pandas.DataFrame
        `summary` of the presets' tournament, one row per bot (``plot_bots`` draws it).
    sweep : pandas.DataFrame
        `sweep_summary` of the swept bot, one row per wall weight (``plot_sweep`` draws it).
    games : int
        Games per tournament.
    seed : int
    """

    presets: pd.DataFrame
    sweep: pd.DataFrame
    games: int
    seed: int


def run_wall_study(games: int = 2000, seed: int = SEED, weights: Sequence[float] = WALL_WEIGHTS,
                   n_jobs: int = 1, client: Any = None,
                   progress: bool | Callable[..., Any] = True) -> WallStudy:
    """Play the study: the presets' tournament and the wall-weight sweep, `games` each.

    Parameters
    ----------
    games : int
        Games per tournament (one for the presets, one per weight).
    seed : int
        Every tournament plays the games of this seed.
    weights : sequence of float
    n_jobs, client, progress
        As for `tournament`.

    Returns
    -------
    WallStudy
    """
    options = {"games": games, "seed": seed, "n_jobs": n_jobs, "client": client,
               "progress": progress}
    presets = summary(tournament(list(PRESETS), **options))
    sweep = sweep_summary(weight_sweep(weights, **options))
    return WallStudy(presets=presets, sweep=sweep, games=games, seed=seed)


def save_wall_study(study: WallStudy, path: str | Path = STUDY_FILE) -> None:
    """Write `study` to the CSV file `path`: one row per preset bot, then per weight."""
    presets = study.presets.rename_axis("bot").reset_index().assign(part="presets")
    sweep = study.sweep.rename_axis(_WEIGHT).reset_index().assign(part="sweep", bot="swept")
    table = pd.concat([presets, sweep], ignore_index=True).assign(games_per_tournament=study.games,
                                                                  seed=study.seed)
    first = ["part", "bot", _WEIGHT, "games_per_tournament", "seed"]
    table[first + [c for c in table.columns if c not in first]].to_csv(path, index=False)


def load_wall_study(path: str | Path = STUDY_FILE) -> WallStudy:
    """Read a study written by `save_wall_study` (by default the saved run of notebook 05).

    Raises
    ------
    ValueError
        If the file holds no study, or rows of different runs.
    """
    table = pd.read_csv(path)
    if not {"part", "bot", _WEIGHT, "games_per_tournament", "seed"} <= set(table.columns):
        raise ValueError(f"{path} holds no wall study (see alhambra_lib.analysis.study)")
    runs = table[["games_per_tournament", "seed"]].drop_duplicates()
    if len(runs) != 1:
        raise ValueError(f"{path} mixes {len(runs)} runs; a study file holds one")
    games, seed = (int(v) for v in runs.iloc[0])
    extra = ["part", "games_per_tournament", "seed"]
    presets, sweep = (table[table["part"] == part].drop(columns=[*extra, other])
                      .dropna(axis=1, how="all").set_index(key)
                      for part, key, other in (("presets", "bot", _WEIGHT),
                                               ("sweep", _WEIGHT, "bot")))
    return WallStudy(presets=presets, sweep=sweep, games=games, seed=seed)

