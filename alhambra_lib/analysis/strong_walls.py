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
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path

import numpy as np
import pandas as pd

from ..bots import SearchBot, play
from ..bots.search import LEVELS
from ..engine import Game
from ..engine.config import ROUNDS
from ..errors import InvalidInput
from ..i18n import N_, _, format_percent, gettext, language, ngettext
from ..palette import LONGEST_WALL_COLOUR, SERIES_COLOURS
from .ladder import _NAMES, play_missing
from .stats import mean_scores, wall_win_association, win_rate_by_wall
from .tournaments import _rows

__all__ = ["STUDY_FILE", "STUDY_COLUMNS", "STUDY_LEVEL", "STUDY_PLAYERS", "STUDY_SEED",
           "run_strong_wall_study", "read_strong_wall_study",
           "strong_wall_summary", "plot_strong_wall_study", "plot_points_by_round",
           "describe_strong_walls", "play_seats", "odds_sentence"]

#: The saved study, kept with the library like ``data/wall_study.csv``.
STUDY_FILE = Path(__file__).resolve().parents[1] / "data" / "strong_wall_study.csv"
#: The saved study's level, players and seed (the defaults of `run_strong_wall_study`).
STUDY_LEVEL, STUDY_PLAYERS, STUDY_SEED = "medium", 3, 2003
#: One row per player per game.
STUDY_COLUMNS = ("study_seed", "level", "players", "game", "seed", "seat", "score", "win",
                 "share", "final_wall", "walls_r1", "walls_r2", "walls_r3", "majority_r1",
                 "majority_r2", "majority_r3", "tiles")
#: The columns a study row takes from a tournament row (`tournaments._rows`) as they are.
_TOURNAMENT_COLUMNS = [c for c in STUDY_COLUMNS if c not in
                       ("study_seed", "level", "players", "game", "seed", "share")]

Progress = Callable[[int, int], None]


def play_seats(levels: Sequence[str], seed: int, index: int) -> list[dict]:
    """The rows (`STUDY_COLUMNS`) of game `index` of a study whose seats play `SearchBot`
    at `levels`, one per seat; each row's ``level`` is its seat's. The game and the bots
    take their seeds from ``numpy.random.SeedSequence([seed, index])``."""
    players = len(levels)
    words = np.random.SeedSequence([seed, index]).generate_state(players + 1)
    game = play(Game(list(_NAMES[:players]), seed=int(words[0])),
                [SearchBot(level, seed=int(w)) for level, w in zip(levels, words[1:])])
    winners = len(game.winners)
    return [{"study_seed": seed, "level": levels[row["seat"]], "players": players,
             "game": index, "seed": int(words[0]), **{c: row[c] for c in _TOURNAMENT_COLUMNS},
             "share": 1 / winners if row["win"] else 0.0}
            for row in _rows(game, index, int(words[0]), list(levels))]


def _play_study_game(level: str, players: int, seed: int, index: int) -> list[dict]:
    """The rows of game `index` of a study (every seat a `SearchBot` at `level`)."""
    return play_seats([level] * players, seed, index)


def read_strong_wall_study(path: str | Path = STUDY_FILE) -> pd.DataFrame:
    """The saved rows (an empty frame with `STUDY_COLUMNS` when there are none)."""
    path = Path(path)
    if not path.exists():
        return pd.DataFrame(columns=list(STUDY_COLUMNS))
    return pd.read_csv(path)


def _check_study(games: int, level: str, players: int) -> None:
    if level not in LEVELS:
        raise InvalidInput(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidInput(f"games must be a positive integer, got {games!r}")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise InvalidInput(f"players is 2 to 6, got {players!r}")


def run_strong_wall_study(games: int = 300, level: str = STUDY_LEVEL,
                          players: int = STUDY_PLAYERS, seed: int = STUDY_SEED,
                          path: str | Path = STUDY_FILE, n_jobs: int = 1,
                          client=None, progress: bool | Progress = True) -> pd.DataFrame:
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
    n_jobs, client
        joblib workers, or a dask client instead.
    progress : bool or callable
        A tqdm progress bar of the games to play, or ``progress(done, total)`` called
        as each finishes (a page's bar).

    Returns
    -------
    pandas.DataFrame
        The study's rows for this level, seed and player count.

    Raises
    ------
    InvalidInput
        For an unknown level, or games or players that are no count the study takes;
        the file is then left as it was.
    """
    _check_study(games, level, players)
    path = Path(path)
    mine = _select(read_strong_wall_study(path), level, players, seed)
    done = set(mine["game"].astype(int))
    tasks = [(level, players, seed, i) for i in range(games) if i not in done]
    play_missing(_play_study_game, tasks, path, STUDY_COLUMNS, "study games", n_jobs, client,
                 progress)
    return _select(read_strong_wall_study(path), level, players, seed)


def _select(rows: pd.DataFrame, level: str, players: int, seed: int) -> pd.DataFrame:
    return rows[(rows["level"] == level) & (rows["players"] == players)
                & (rows["study_seed"] == seed)].reset_index(drop=True)


def _mean_interval(values: pd.Series, confidence: float) -> tuple[float, float, float]:
    """The mean of `values` with its normal interval (`stats.mean_scores`)."""
    table = mean_scores(pd.DataFrame({"value": values, "all": 0}), "value", "all", confidence)
    row = table.iloc[0]
    return float(row["mean"]), float(row["ci_low"]), float(row["ci_high"])


def strong_wall_summary(rows: pd.DataFrame, confidence: float = 0.95) -> dict:
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

    Raises
    ------
    InvalidInput
        When `rows` hold no game.
    """
    if rows.empty:
        raise InvalidInput("the study holds no games yet: run run_strong_wall_study first")
    walls = rows[["walls_r1", "walls_r2", "walls_r3"]].sum(axis=1)
    wall_points = _mean_interval(walls, confidence)
    share = float(walls.sum() / rows["score"].sum())
    wins = rows.assign(win=rows["win"].astype(bool))
    association = wall_win_association(wins, relative=True, confidence=confidence)
    odds = (float(association["odds_ratio"]), float(association["odds_low"]),
            float(association["odds_high"]))
    return {"games": int(rows["game"].nunique()), "wall_points": wall_points,
            "wall_share": share, "odds_per_segment": odds, "by_wall": win_rate_by_wall(wins),
            "text": _verdict(rows["game"].nunique(), wall_points, share, odds)}


def _verdict(games, wall_points, share, odds):
    """The study's conclusions, sentence by sentence, in the current language."""
    mean, low, high = wall_points
    lines = [ngettext("Over {n} game between search bots a player scores {mean} points from "
                      "walls (95% interval {low} to {high}), {share} of all points.",
                      "Over {n} games between search bots a player scores {mean} points from "
                      "walls (95% interval {low} to {high}), {share} of all points.",
                      games).format(n=games, mean=f"{mean:.1f}", low=f"{low:.1f}",
                                    high=f"{high:.1f}", share=_share(share))]
    lines.append(odds_sentence(odds))
    if games < 300:
        lines.append(ngettext("{n} game is fewer than the 300 the study aims for: read the "
                              "intervals as provisional.",
                              "{n} games are fewer than the 300 the study aims for: read the "
                              "intervals as provisional.", games).format(n=games))
    return " ".join(lines)


def odds_sentence(odds: tuple[float, float, float]) -> str:
    """What the odds ratio per segment (``(ratio, low, high)``, `wall_win_association`
    relative to each game) says, in a sentence of the current language."""
    ratio, o_low, o_high = odds
    said = {"ratio": f"{ratio:.2f}", "low": f"{o_low:.2f}", "high": f"{o_high:.2f}"}
    if math.isnan(ratio):
        return _("The walls separate winners from losers too cleanly for a fitted "
                 "slope: the data does not settle what a segment is worth.")
    if o_low > 1:  # the whole interval above "no effect"
        return _("One segment more than the table's mean multiplies the odds of winning "
                 "by {ratio} (95% interval {low} to {high}): more wins for longer "
                 "walls.").format(**said)
    if o_high < 1:
        return _("One segment more than the table's mean multiplies the odds of winning "
                 "by {ratio} (95% interval {low} to {high}): fewer wins for longer "
                 "walls.").format(**said)
    return _("Whether a longer wall than the table's helps a strong player win is not "
             "settled: the odds ratio per segment is {ratio}, but its 95% interval ({low} "
             "to {high}) includes 1 (no effect).").format(**said)


def _share(share: float) -> str:
    """A share as a whole percentage: ``62%`` in English (as the study always wrote it),
    as the language writes it otherwise (``62 %``)."""
    return f"{share:.0%}" if language() == "en" else format_percent(share)


def plot_strong_wall_study(rows: pd.DataFrame, ax=None):
    """The win rate by final wall length with its 95% intervals; returns the Axes."""
    from .plots import plot_win_rate_by_wall  # drawing libraries load when drawing

    ax = plot_win_rate_by_wall(strong_wall_summary(rows)["by_wall"], ax,
                               baseline=1 / int(rows["players"].iloc[0]))
    ax.set_title(_("A strong player's win rate by final wall (95% intervals)"), loc="left",
                 fontsize=10)
    return ax


def _points_by_round(rows: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Mean wall and majority points per player in each scoring round, with intervals."""
    long = pd.concat([pd.DataFrame({"round": r, "part": part, "points": rows[f"{part}_r{r}"]})
                      for r in ROUNDS for part in ("walls", "majority")])
    return mean_scores(long, "points", ["round", "part"], confidence)


def plot_points_by_round(rows: pd.DataFrame, ax=None):
    """Wall and majority points per player in each round, side by side, with intervals.

    The walls are drawn in the longest wall's amber of the board drawings.
    """
    from ..draw.figure import _Figure as Figure  # drawing loads when drawing; the fonts

    if ax is None:
        ax = Figure(figsize=(5, 3.2), layout="constrained").subplots()
    table = _points_by_round(rows)
    x = np.arange(len(ROUNDS))
    for offset, (part, label, colour) in zip((-0.2, 0.2), (
            ("walls", _("walls"), LONGEST_WALL_COLOUR),
            ("majority", _("majorities"), SERIES_COLOURS[0]))):
        part_table = table.xs(part, level="part")
        means = part_table["mean"].to_numpy(float)
        errors = np.vstack([means - part_table["ci_low"], part_table["ci_high"] - means])
        ax.bar(x + offset, means, width=0.4, color=colour, label=label, yerr=errors,
               capsize=3, error_kw={"elinewidth": 1})
    ax.set_xticks(x, [_("round {n}").format(n=r) for r in ROUNDS])
    ax.set_xlabel(_("scoring round"), fontsize=9)
    ax.set_ylabel(_("points per player (95% interval)"), fontsize=9)
    ax.set_title(_("Where a strong player's points come from"), loc="left", fontsize=10)
    ax.legend(fontsize=8, frameon=False)
    ax.grid(alpha=0.3, axis="y")
    return ax


def _compared(rows: pd.DataFrame, others: pd.DataFrame, label: str,
              confidence: float = 0.95) -> str:
    """A sentence setting the study's odds per segment beside those of `others`."""
    mine = wall_win_association(rows.assign(win=rows["win"].astype(bool)), relative=True,
                                confidence=confidence)
    theirs = wall_win_association(others.assign(win=others["win"].astype(bool)),
                                  relative=True, confidence=confidence)
    overlap = mine["odds_low"] <= theirs["odds_high"] and theirs["odds_low"] <= mine["odds_high"]
    said = {"label": gettext(label), "ratio": f"{theirs['odds_ratio']:.2f}",
            "low": f"{theirs['odds_low']:.2f}", "high": f"{theirs['odds_high']:.2f}",
            "n": f"{theirs['n'] // rows['players'].iloc[0]:.0f}"}
    if overlap:
        return _("Between {label} the same odds ratio is {ratio} (95% interval {low} to "
                 "{high}, {n} games): the two intervals overlap, so the data does not settle "
                 "whether a segment is worth more or less to a strong player than to "
                 "them.").format(**said)
    if mine["odds_ratio"] > theirs["odds_ratio"]:
        return _("Between {label} the same odds ratio is {ratio} (95% interval {low} to "
                 "{high}, {n} games): the intervals do not overlap: a segment goes with more "
                 "winning for a strong player.").format(**said)
    return _("Between {label} the same odds ratio is {ratio} (95% interval {low} to {high}, "
             "{n} games): the intervals do not overlap: a segment goes with less winning for "
             "a strong player.").format(**said)


def describe_strong_walls(rows: pd.DataFrame, others: pd.DataFrame | None = None,
                          label: str = N_("the one-step bots")) -> list:
    """What `SavedStudyView` shows of the study: its verdict in words, then two Figures.

    Parameters
    ----------
    rows : pandas.DataFrame
        The study's rows (`read_strong_wall_study`).
    others : pandas.DataFrame, optional
        Tournament rows of weaker bots (``final_wall``, ``win``, ``game``), whose odds
        per segment the text sets beside the study's.
    label : str
        Who played `others`, in words (said in the current language when the catalogs
        hold them).

    Examples
    --------
    >>> parts = describe_strong_walls(read_strong_wall_study())
    >>> parts[0].startswith("<p>Over"), len(parts)
    (True, 3)
    """
    from ..draw.figure import _Figure as Figure  # drawing loads when drawing; the fonts

    text = strong_wall_summary(rows)["text"]
    if others is not None:
        text += " " + _compared(rows, others, label)
    walls = Figure(figsize=(5, 3.2), layout="constrained")
    plot_strong_wall_study(rows, walls.subplots())
    return [f"<p>{escape(text, quote=False)}</p>", walls, plot_points_by_round(rows).figure]
