"""Walls for the master: one master seat against two strong players.

Section 10 of notebook 05 measures how walls go with winning when every seat plays the
medium search (`strong_walls`). This study seats the strongest player we have, the master
(`SearchBot("master")`, which searches in the compiled core), against two strong players
in 3-player base games, the master in seat ``i % 3`` of game ``i``, and asks two
questions beside it: does the master end with a longer wall than the strong players at
its table, and how does a segment more than the table's mean go with winning when one
player is that much stronger?

Both answers are associations: the master's walls differ from the strong players' because
it plays differently in many ways at once. What a wall is worth when nothing else changes
is the wall-weight experiment's question (`wall_arms`), which opens the notebook.

`run_master_wall_study` plays the games missing from the file (`MASTER_FILE`, one row
per game and seat in the columns of `strong_walls.STUDY_COLUMNS`, ``level`` being the
seat's level; appended as each game finishes, so an interrupted run resumes) on joblib
or dask with a progress bar:

    python -m alhambra_lib study master_walls      # resumable; needs the compiled core

Examples
--------
>>> summary = master_wall_summary(read_master_wall_study())
>>> summary["games"] >= 1, 0 <= summary["master_share"][0] <= 1
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path

import numpy as np
import pandas as pd

from ..bots import SearchBot
from ..errors import InvalidInput
from ..i18n import _, format_number, format_percent, ngettext
from ..palette import SERIES_COLOURS
from .ladder import play_missing
from .stats import wall_win_association, wilson_interval, win_rate_by_wall
from .strong_walls import (STUDY_COLUMNS, _mean_interval, odds_sentence, play_seats,
                           read_strong_wall_study)

__all__ = ["MASTER_FILE", "MASTER_GAMES", "MASTER_SEED", "MASTER", "OPPONENT",
           "run_master_wall_study", "read_master_wall_study", "master_wall_summary",
           "plot_master_walls", "describe_master_walls"]

#: The saved study, kept with the library.
MASTER_FILE = Path(__file__).resolve().parents[1] / "data" / "master_wall_study.csv"
#: The saved run's games and seed.
MASTER_GAMES, MASTER_SEED = 100, 2027
#: The levels of the master's seat and of the two others.
MASTER, OPPONENT = "master", "strong"
PLAYERS = 3

Progress = Callable[[int, int], None]


def _play_master_game(seed: int, index: int) -> list[dict]:
    """The rows of game `index`: the master in seat ``index % 3``, strong elsewhere."""
    seat = index % PLAYERS
    return play_seats([MASTER if s == seat else OPPONENT for s in range(PLAYERS)], seed,
                      index)


def read_master_wall_study(path: str | Path = MASTER_FILE) -> pd.DataFrame:
    """The saved rows (an empty frame with `STUDY_COLUMNS` when there are none)."""
    return read_strong_wall_study(path)


def _select(rows: pd.DataFrame, seed: int) -> pd.DataFrame:
    return rows[rows["study_seed"] == seed].reset_index(drop=True)


def run_master_wall_study(games: int = MASTER_GAMES, seed: int = MASTER_SEED,
                          path: str | Path = MASTER_FILE, n_jobs: int = 1, client=None,
                          progress: bool | Progress = True) -> pd.DataFrame:
    """Play the study's games missing from `path`, appending each as it finishes.

    Parameters
    ----------
    games : int
        Games the file should hold (the issue asks for 100).
    seed : int
        The study's seed: the same seed gives the same games.
    path : path
        The CSV file (`MASTER_FILE`); rows of other seeds in it are kept.
    n_jobs, client
        joblib workers, or a dask client instead.
    progress : bool or callable
        A tqdm progress bar, or ``progress(done, total)`` as each game finishes.

    Returns
    -------
    pandas.DataFrame
        The rows of this seed.

    Raises
    ------
    InvalidInput
        For games that are no positive whole number.
    Unsupported
        Without the compiled core in use: the master searches there. The file is then
        left as it was.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidInput(f"games must be a positive integer, got {games!r}")
    SearchBot(MASTER)  # raises Unsupported, saying why, before a game is played
    path = Path(path)
    done = set(_select(read_master_wall_study(path), seed)["game"].astype(int))
    tasks = [(seed, i) for i in range(games) if i not in done]
    play_missing(_play_master_game, tasks, path, STUDY_COLUMNS, "master games", n_jobs,
                 client, progress)
    return _select(read_master_wall_study(path), seed)


def _seat_means(rows: pd.DataFrame, column: str) -> pd.DataFrame:
    """Per game: the master's `column` and the mean of the strong seats'."""
    is_master = rows["level"] == MASTER
    return pd.DataFrame({"master": rows[is_master].groupby("game")[column].mean(),
                         "strong": rows[~is_master].groupby("game")[column].mean()}).dropna()


def _compared(rows: pd.DataFrame, column: str, confidence: float) -> dict:
    """The master's and the strong seats' means of `column` with their intervals, and the
    master's lead, game by game (paired), with its interval."""
    table = _seat_means(rows, column)
    return {"master": _mean_interval(table["master"], confidence),
            "strong": _mean_interval(table["strong"], confidence),
            "lead": _mean_interval(table["master"] - table["strong"], confidence)}


def master_wall_summary(rows: pd.DataFrame, confidence: float = 0.95) -> dict:
    """The study in figures and words.

    Returns
    -------
    dict
        ``games``; ``master_share``: the master's share of the victories with its Wilson
        interval, ``(share, low, high)``; ``final_wall`` and ``wall_points``: for each,
        ``master`` and ``strong`` (the mean of the two strong seats), each
        ``(mean, low, high)``, and ``lead``, the master's lead game by game with its
        interval; ``odds_per_segment``: how a segment more than the table's mean
        multiplies the odds of winning, over every seat (`wall_win_association`);
        ``by_wall``: the win rate by final wall; ``text``: the conclusions in words.

    Raises
    ------
    InvalidInput
        When `rows` hold no game.
    """
    if rows.empty:
        raise InvalidInput("the study holds no games yet: run run_master_wall_study first")
    games = int(rows["game"].nunique())
    shares = rows.loc[rows["level"] == MASTER, "share"]
    low, high = wilson_interval(float(shares.sum()), games, confidence)
    points = rows.assign(wall_points=rows[["walls_r1", "walls_r2", "walls_r3"]].sum(axis=1))
    wins = rows.assign(win=rows["win"].astype(bool))
    association = wall_win_association(wins, relative=True, confidence=confidence)
    summary = {"games": games, "master_share": (float(shares.mean()), float(low), float(high)),
               "final_wall": _compared(rows, "final_wall", confidence),
               "wall_points": _compared(points, "wall_points", confidence),
               "odds_per_segment": (float(association["odds_ratio"]),
                                    float(association["odds_low"]),
                                    float(association["odds_high"])),
               "by_wall": win_rate_by_wall(wins)}
    summary["text"] = " ".join(_verdict(summary))
    return summary


def _one(value: float) -> str:
    return format_number(round(value, 1))


def _verdict(summary: dict) -> list[str]:
    """The study's conclusions, sentence by sentence, in the current language."""
    share, low, high = summary["master_share"]
    lines = [ngettext("Over {n} game against two strong players the master won {share} "
                      "(95% interval {low} to {high}; a fair share is {fair}).",
                      "Over {n} games against two strong players the master won {share} "
                      "(95% interval {low} to {high}; a fair share is {fair}).",
                      summary["games"]).format(
        n=summary["games"], share=format_percent(share), low=format_percent(low),
        high=format_percent(high), fair=format_percent(1 / PLAYERS))]
    wall = summary["final_wall"]
    lead, lead_low, lead_high = wall["lead"]
    said = {"master": _one(wall["master"][0]), "strong": _one(wall["strong"][0]),
            "lead": _one(abs(lead)), "low": _one(lead_low), "high": _one(lead_high)}
    if lead_low > 0:
        lines.append(_("Its final wall was {master} segments on average, the strong players' "
                       "{strong}: {lead} more, game by game (95% interval {low} to "
                       "{high}).").format(**said))
    elif lead_high < 0:
        lines.append(_("Its final wall was {master} segments on average, the strong players' "
                       "{strong}: {lead} fewer, game by game (95% interval {low} to "
                       "{high}).").format(**said))
    else:
        lines.append(_("Its final wall was {master} segments on average, the strong players' "
                       "{strong}: the difference, game by game, is not settled (95% interval "
                       "{low} to {high} includes 0).").format(**said))
    lines.append(odds_sentence(summary["odds_per_segment"]))
    lines.append(_("Both are associations: the master plays differently in many ways at "
                   "once. The experiment at the top of the page changes the wall's weight "
                   "alone."))
    return lines


def plot_master_walls(rows: pd.DataFrame, axes=None):
    """Two panels: the master's and the strong players' final wall and wall points, with
    95% intervals; and the win rate by final wall over every seat; returns the Axes."""
    from ..draw.figure import _Figure as Figure  # drawing loads when drawing; the fonts
    from .plots import plot_win_rate_by_wall

    if axes is None:
        axes = Figure(figsize=(9, 3.2), layout="constrained").subplots(1, 2)
    summary = master_wall_summary(rows)
    x = np.arange(2)
    for offset, seat, label, colour in ((-0.2, "master", _("the master"), SERIES_COLOURS[1]),
                                        (0.2, "strong", _("the strong players"),
                                         SERIES_COLOURS[0])):
        figures = [summary[column][seat] for column in ("final_wall", "wall_points")]
        means = np.array([mean for mean, _low, _high in figures])
        errors = np.array([[mean - low, high - mean] for mean, low, high in figures]).T
        axes[0].bar(x + offset, means, width=0.4, color=colour, label=label, yerr=errors,
                    capsize=3, error_kw={"elinewidth": 1})
    axes[0].set_xticks(x, [_("final wall (segments)"), _("wall points (3 rounds)")])
    axes[0].set_ylabel(_("mean per player (95% interval)"), fontsize=9)
    axes[0].set_title(_("The master's walls and the strong players'"), loc="left",
                      fontsize=10)
    axes[0].legend(fontsize=8, frameon=False)
    axes[0].grid(alpha=0.3, axis="y")
    plot_win_rate_by_wall(summary["by_wall"], axes[1], baseline=1 / PLAYERS)
    axes[1].set_title(_("Win rate by final wall, every seat (95% intervals)"), loc="left",
                      fontsize=10)
    return axes


def describe_master_walls(rows: pd.DataFrame) -> list:
    """What `SavedStudyView` shows of the study: its verdict in words, then the Figure.

    Examples
    --------
    >>> parts = describe_master_walls(read_master_wall_study())
    >>> parts[0].startswith("<p>Over"), len(parts)
    (True, 2)
    """
    text = master_wall_summary(rows)["text"]
    return [f"<p>{escape(text, quote=False)}</p>", plot_master_walls(rows)[0].figure]
