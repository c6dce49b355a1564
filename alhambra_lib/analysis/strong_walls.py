"""Walls for a strong player: what a wall segment is worth when everyone plays well.

The wall study of notebook 05 measures walls between one-step bots. Here every seat is a
`SearchBot` (medium level or stronger), and the question is the same: how much does a
longer wall go with winning, and how many points do walls bring?

`run_strong_wall_study` plays seeded games (game ``i`` from
``numpy.random.SeedSequence([seed, i])``) on joblib or dask with a progress bar, and
appends each finished game's rows (one per player) to `STUDY_FILE` at once: a rerun
plays only the games missing. `strong_wall_summary` reads the rows into the figures the
notebook shows, each with a 95% interval, and says in words what the data settles and
what it does not; `plot_strong_wall_study` draws the win rate by final wall.

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "study.csv"
>>> rows = run_strong_wall_study(games=1, level="easy", path=path, progress=False)
>>> len(rows), sorted(rows["level"].unique())
(3, ['easy'])
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd

from ..bots import SearchBot, play
from ..bots.search import LEVELS
from ..engine import Game
from ..engine.config import ROUNDS
from ..engine.narration import scoring_parts
from .ladder import append_rows, results
from .stats import _z, wall_win_association, win_rate_by_wall

__all__ = ["STUDY_FILE", "STUDY_COLUMNS", "run_strong_wall_study", "read_strong_wall_study",
           "strong_wall_summary", "plot_strong_wall_study"]

#: The saved study, kept with the library like ``data/wall_study.csv``.
STUDY_FILE = Path(__file__).resolve().parents[1] / "data" / "strong_wall_study.csv"
#: One row per player per game.
STUDY_COLUMNS = ("study_seed", "level", "players", "game", "seed", "seat", "score", "win",
                 "share", "final_wall", "walls_r1", "walls_r2", "walls_r3", "majority_r1",
                 "majority_r2", "majority_r3", "tiles")
_NAMES = ("Ana", "Ben", "Cy", "Dana", "Eli", "Fay")


def _play_study_game(level, players, seed, index):
    """The rows of game `index` of a study (every seat a `SearchBot` at `level`)."""
    words = np.random.SeedSequence([seed, index]).generate_state(players + 1)
    names = list(_NAMES[:players])
    game = play(Game(names, seed=int(words[0])),
                [SearchBot(level, seed=int(w)) for w in words[1:]])
    rounds = {e["round"]: scoring_parts(e) for e in game.events if e["type"] == "scoring"}
    rows = []
    for seat, name in enumerate(names):
        row = {"study_seed": seed, "level": level, "players": players, "game": index,
               "seed": int(words[0]), "seat": seat, "score": game.scores[name],
               "win": name in game.winners,
               "share": 1 / len(game.winners) if name in game.winners else 0.0,
               "final_wall": game.alhambra(name).longest_wall(),
               "tiles": len(game.alhambra(name)) - 1}
        for r in ROUNDS:
            row[f"walls_r{r}"] = rounds[r]["walls"][name]
            row[f"majority_r{r}"] = rounds[r]["majorities"][name]
        rows.append(row)
    return rows


def read_strong_wall_study(path=STUDY_FILE) -> pd.DataFrame:
    """The saved rows (an empty frame with `STUDY_COLUMNS` when there are none)."""
    path = Path(path)
    if not path.exists():
        return pd.DataFrame(columns=list(STUDY_COLUMNS))
    return pd.read_csv(path)


def run_strong_wall_study(games=300, level="medium", players=3, seed=2003, path=STUDY_FILE,
                          n_jobs=1, client=None, progress=True) -> pd.DataFrame:
    """Play the study's games missing from `path`, appending each as it finishes.

    Parameters
    ----------
    games : int
        Games the study should hold (the issue asks for at least 300).
    level : {"easy", "medium", "strong"}
        Every seat's `SearchBot` level (the notebook's study: medium or stronger).
    players : int
        Base games of 2 to 6 players.
    seed : int
        The study's seed: the same seed gives the same games.
    path : path
        The CSV file (`STUDY_FILE`); rows of other levels, seeds or player counts in it
        are kept and left alone.
    n_jobs, client, progress
        joblib workers, a dask client instead, a tqdm progress bar.

    Returns
    -------
    pandas.DataFrame
        The study's rows for this level, seed and player count.
    """
    from tqdm.auto import tqdm

    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    if not 2 <= players <= 6:
        raise ValueError(f"players is 2 to 6, got {players!r}")
    path = Path(path)
    mine = _select(read_strong_wall_study(path), level, players, seed)
    done = set(mine["game"].astype(int))
    tasks = [(level, players, seed, i) for i in range(games) if i not in done]
    with tqdm(total=len(tasks), desc="study games", disable=not progress) as bar:
        for rows in results(_play_study_game, tasks, n_jobs, client):
            append_rows(path, rows, STUDY_COLUMNS)
            bar.update(1)
    return _select(read_strong_wall_study(path), level, players, seed)


def _select(rows, level, players, seed):
    return rows[(rows["level"] == level) & (rows["players"] == players)
                & (rows["study_seed"] == seed)].reset_index(drop=True)


def _mean_interval(values, confidence=0.95):
    values = np.asarray(values, dtype=float)
    mean = float(values.mean())
    half = _z(confidence) * float(values.std(ddof=1)) / math.sqrt(len(values)) \
        if len(values) > 1 else math.nan
    return mean, mean - half, mean + half


def strong_wall_summary(rows, confidence=0.95) -> dict:
    """The study in figures and words.

    Returns
    -------
    dict
        ``games``; ``wall_points`` (mean wall points a player scores over the three
        rounds, with ``(low, high)``) and ``wall_share`` (their share of the score);
        ``odds_per_segment``: how one more segment than the table's mean multiplies the
        odds of winning (logistic, with its interval, `wall_win_association` relative to
        each game); ``by_wall``: the win rate by final wall (`win_rate_by_wall`); and
        ``text``: the conclusions, saying so where the interval does not settle them.
    """
    if rows.empty:
        raise ValueError("the study holds no games yet: run run_strong_wall_study first")
    walls = rows[["walls_r1", "walls_r2", "walls_r3"]].sum(axis=1)
    wall_points = _mean_interval(walls, confidence)
    share = float(walls.sum() / rows["score"].sum())
    association = wall_win_association(rows.assign(win=rows["win"].astype(bool)),
                                       relative=True, confidence=confidence)
    odds = (float(association["odds_ratio"]), float(association["odds_low"]),
            float(association["odds_high"]))
    return {"games": int(rows["game"].nunique()), "wall_points": wall_points,
            "wall_share": share, "odds_per_segment": odds,
            "by_wall": win_rate_by_wall(rows.assign(win=rows["win"].astype(bool))),
            "text": _verdict(rows["game"].nunique(), wall_points, share, odds)}


def _verdict(games, wall_points, share, odds):
    mean, low, high = wall_points
    lines = [f"Over {games} games between search bots a player scores {mean:.1f} points "
             f"from walls (95% interval {low:.1f} to {high:.1f}), {share:.0%} of all points."]
    ratio, o_low, o_high = odds
    if math.isnan(ratio):
        lines.append("The walls separate winners from losers too cleanly for a fitted "
                     "slope: the data does not settle what a segment is worth.")
    elif o_low > 1 or o_high < 1:  # the whole interval on one side of "no effect"
        lines.append(f"One segment more than the table's mean multiplies the odds of "
                     f"winning by {ratio:.2f} (95% interval {o_low:.2f} to {o_high:.2f}): "
                     f"{'more' if o_low > 1 else 'fewer'} wins for longer walls.")
    else:
        lines.append(f"Whether a longer wall than the table's helps a strong player win is "
                     f"not settled: the odds ratio per segment is {ratio:.2f}, but its 95% "
                     f"interval ({o_low:.2f} to {o_high:.2f}) includes 1 (no effect).")
    if games < 300:
        lines.append(f"{games} games are fewer than the 300 the study aims for: read the "
                     f"intervals as provisional.")
    return " ".join(lines)


def plot_strong_wall_study(rows, ax=None):
    """The win rate by final wall length with its 95% intervals; returns the Axes."""
    import matplotlib.pyplot as plt

    table = strong_wall_summary(rows)["by_wall"]
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.5))
    x = np.arange(len(table))
    rate = table["win_rate"].to_numpy()
    ax.errorbar(x, rate, yerr=[rate - table["ci_low"], table["ci_high"] - rate], fmt="o",
                capsize=4)
    ax.set_xticks(x, table.index)
    ax.set_xlabel("final wall (segments)")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.set_title("Walls for a strong player")
    return ax

