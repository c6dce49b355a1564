"""What a wall is worth, by experiment: the wall-weight arms of the strong search.

The strong search judges a position by its projected final scores (`bots.search.evaluate`),
in which the longest wall's projected points count at face value. In an *arm* of this
experiment one seat plays the strong search with another weight on those points
(`SearchBot("strong", wall_weight=w)`: 0 ignores walls, 2 counts them double) against two
standard strong players, in 3-player base games. Every arm plays the same games: game
``i`` takes its seeds from ``numpy.random.SeedSequence([seed, i])`` (the game's, then each
seat's bot), and the weighted seat is seat ``i % 3`` in every arm. So the arms differ only
by the weight, and the difference between two arms is *paired*, game by game: the luck
of the deal cancels, and the paired difference is sharper than either arm's own figure.

`run_wall_arms` plays the games missing from the file (`ARMS_FILE`, one row per game and
seat, appended as each game finishes, so an interrupted run resumes) on joblib or dask
with a progress bar. `wall_arms_summary` gives each arm's win share, mean margin and
final wall with 95% intervals, and the paired differences against weight 1.

    python -m alhambra_lib study wall_arms --jobs 2      # resumable

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "arms.csv"
>>> rows = run_wall_arms(games=1, arms=(0.0, 1.0), level="easy", path=path, progress=False)
>>> len(rows), sorted(rows["arm"].unique().tolist())
(6, [0.0, 1.0])
>>> rows.loc[rows["arm_seat"] == 1, "weight"].tolist()
[0.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path

import numpy as np
import pandas as pd

from ..bots import SearchBot, play
from ..bots.search import LEVELS
from ..engine import Game
from ..errors import InvalidInput
from ..i18n import _, format_list, format_number, format_percent, ngettext
from ..palette import LONGEST_WALL_COLOUR, SERIES_COLOURS
from .ladder import _NAMES, play_missing
from .stats import wilson_interval
from .strong_walls import _mean_interval

__all__ = ["ARMS", "ARMS_FILE", "ARMS_COLUMNS", "ARMS_SEED", "ARMS_GAMES", "ARMS_LEVEL",
           "run_wall_arms", "read_wall_arms", "wall_arms_summary", "paired_differences",
           "wall_arms_verdict", "wall_arms_answer", "plot_wall_arms", "describe_wall_arms"]

#: The saved experiment, kept with the library.
ARMS_FILE = Path(__file__).resolve().parents[1] / "data" / "wall_arms.csv"
#: The weights of the arms; 1 (face value) is the standard player, the reference.
ARMS = (0.0, 0.5, 1.0, 2.0)
#: The saved run's games per arm, seed and level.
ARMS_GAMES, ARMS_SEED, ARMS_LEVEL = 1000, 2026, "strong"
#: Players per game: the weighted seat and two standard players.
PLAYERS = 3
#: One row per game and seat. ``weight`` is the seat's wall weight, ``arm_seat`` 1 for the
#: arm's weighted seat (in arm 1 too, where its weight is the standard one); ``margin`` the
#: score less the best other player's; ``win`` 1 for a winner (a shared victory too),
#: ``share`` the seat's share of the victory (1 / winners).
ARMS_COLUMNS = ("study_seed", "level", "arm", "game", "seed", "seat", "arm_seat", "weight",
                "bot", "score", "margin", "final_wall", "win", "share")

Progress = Callable[[int, int], None]


def _play_arm_game(level: str, seed: int, arm: float, index: int) -> list[dict]:
    """The rows of game `index` of the arm of weight `arm`."""
    words = np.random.SeedSequence([seed, index]).generate_state(PLAYERS + 1)
    names, weighted = list(_NAMES[:PLAYERS]), index % PLAYERS
    weights = [arm if s == weighted else 1.0 for s in range(PLAYERS)]
    game = play(Game(names, seed=int(words[0])),
                [SearchBot(level, seed=int(w), wall_weight=weight)
                 for w, weight in zip(words[1:], weights)])
    scores, winners = game.scores, game.winners
    rows = []
    for seat, name in enumerate(names):
        best_other = max(scores[n] for n in names if n != name)
        rows.append({"study_seed": seed, "level": level, "arm": arm, "game": index,
                     "seed": int(words[0]), "seat": seat, "arm_seat": int(seat == weighted),
                     "weight": weights[seat], "bot": "search", "score": scores[name],
                     "margin": scores[name] - best_other,
                     "final_wall": game.alhambra(name).longest_wall(),
                     "win": int(name in winners),
                     "share": 1 / len(winners) if name in winners else 0.0})
    return rows


def read_wall_arms(path: str | Path = ARMS_FILE) -> pd.DataFrame:
    """The saved rows (an empty frame with `ARMS_COLUMNS` when there are none)."""
    path = Path(path)
    if not path.exists():
        return pd.DataFrame(columns=list(ARMS_COLUMNS))
    return pd.read_csv(path)


def _check(games: int, arms: Sequence[float], level: str) -> None:
    if level not in LEVELS:
        raise InvalidInput(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidInput(f"games must be a positive integer, got {games!r}")
    if not arms or any(isinstance(a, bool) or not isinstance(a, (int, float))
                       or not np.isfinite(a) for a in arms):
        raise InvalidInput(f"arms are finite wall weights, got {arms!r}")


def run_wall_arms(games: int = ARMS_GAMES, arms: Sequence[float] = ARMS,
                  level: str = ARMS_LEVEL, seed: int = ARMS_SEED,
                  path: str | Path = ARMS_FILE, n_jobs: int = 1, client=None,
                  progress: bool | Progress = True) -> pd.DataFrame:
    """Play the arms' games missing from `path`, appending each as it finishes.

    The games are played game index by game index, every arm in turn, so that an
    interrupted run leaves the arms equally far.

    Parameters
    ----------
    games : int
        Games per arm the file should hold.
    arms : sequence of float
        The weighted seat's wall weights (`ARMS`).
    level : {"easy", "medium", "strong", ...}
        Every seat's `SearchBot` level.
    seed : int
        The experiment's seed: the same seed gives the same games.
    path : path
        The CSV file (`ARMS_FILE`); rows of other seeds or levels in it are kept.
    n_jobs, client
        joblib workers, or a dask client instead.
    progress : bool or callable
        A tqdm progress bar, or ``progress(done, total)`` as each game finishes.

    Returns
    -------
    pandas.DataFrame
        The rows of this level and seed, of every arm in the file.

    Raises
    ------
    InvalidInput
        For an unknown level, no games, or an arm that is no finite number; the file is
        then left as it was.
    """
    _check(games, arms, level)
    path = Path(path)
    mine = _select(read_wall_arms(path), level, seed)
    done = set(zip(mine["arm"].astype(float), mine["game"].astype(int)))
    tasks = [(level, seed, float(arm), i) for i in range(games) for arm in arms
             if (float(arm), i) not in done]
    play_missing(_play_arm_game, tasks, path, ARMS_COLUMNS, "wall-arm games", n_jobs, client,
                 progress)
    return _select(read_wall_arms(path), level, seed)


def _select(rows: pd.DataFrame, level: str, seed: int) -> pd.DataFrame:
    return rows[(rows["level"] == level)
                & (rows["study_seed"] == seed)].reset_index(drop=True)


def _weighted_seats(rows: pd.DataFrame) -> pd.DataFrame:
    """The weighted seat's row of every game of every arm."""
    return rows[rows["arm_seat"] == 1]


def wall_arms_summary(rows: pd.DataFrame) -> pd.DataFrame:
    """One row per arm (by weight): the weighted seat's games, win share (a shared
    victory split) with its 95% Wilson interval, and its mean margin and final wall with
    their normal 95% intervals.

    Examples
    --------
    >>> rows = pd.DataFrame({"arm": [0.0, 0.0, 1.0, 1.0], "game": [0, 1, 0, 1],
    ...                      "arm_seat": 1, "share": [0, 1, 1, 1], "margin": [-3, 5, 4, 2],
    ...                      "final_wall": [2, 3, 8, 9]})
    >>> wall_arms_summary(rows)[["weight", "games", "win_share"]].values.tolist()
    [[0.0, 2.0, 0.5], [1.0, 2.0, 1.0]]
    """
    out = []
    for arm, seats in _weighted_seats(rows).groupby("arm"):
        n = len(seats)
        share = float(seats["share"].sum())
        low, high = wilson_interval(share, n)
        margin = _mean_interval(seats["margin"], 0.95)
        wall = _mean_interval(seats["final_wall"], 0.95)
        out.append({"weight": float(arm), "games": n, "win_share": share / n,
                    "win_low": float(low), "win_high": float(high),
                    "margin": margin[0], "margin_low": margin[1], "margin_high": margin[2],
                    "final_wall": wall[0], "wall_low": wall[1], "wall_high": wall[2]})
    return pd.DataFrame(out)


def paired_differences(rows: pd.DataFrame, reference: float = 1.0) -> pd.DataFrame:
    """Each arm against the `reference` arm, game by game (the games both played): the
    mean difference of the weighted seat's win share, margin and final wall, each with
    its normal 95% interval.

    Examples
    --------
    >>> rows = pd.DataFrame({"arm": [0.0, 0.0, 1.0, 1.0], "game": [0, 1, 0, 1],
    ...                      "arm_seat": 1, "share": [0, 1, 1, 1], "margin": [-3, 5, 4, 2],
    ...                      "final_wall": [2, 3, 8, 9]})
    >>> paired_differences(rows)[["weight", "games", "win_share", "margin"]].values.tolist()
    [[0.0, 2.0, -0.5, -2.0]]
    """
    seats = _weighted_seats(rows).set_index(["arm", "game"])
    if reference not in seats.index.get_level_values("arm"):
        return pd.DataFrame(columns=["weight", "games"])
    base = seats.xs(reference, level="arm")
    out = []
    for arm in sorted(set(seats.index.get_level_values("arm")) - {reference}):
        other = seats.xs(arm, level="arm")
        both = other.index.intersection(base.index)
        row: dict[str, float] = {"weight": float(arm), "games": len(both)}
        for column, name in (("share", "win_share"), ("margin", "margin"),
                             ("final_wall", "final_wall")):
            diff = (other.loc[both, column] - base.loc[both, column]).to_numpy()
            row[name], row[f"{name}_low"], row[f"{name}_high"] = _mean_interval(
                pd.Series(diff, dtype=float), 0.95)
        out.append(row)
    return pd.DataFrame(out)


def _number(value: float) -> str:
    """`value` to one decimal, as the language writes numbers."""
    return format_number(round(float(value), 1))


def _percent(share: float) -> str:
    """A share as a whole percentage, as the language writes it."""
    return format_percent(float(share))


def _best_weight(table: pd.DataFrame) -> float:
    """The weight of the highest win share in `wall_arms_summary`'s table (by weight),
    face value on a tie."""
    top = table["win_share"].max()
    if 1.0 in table.index and table.loc[1.0, "win_share"] == top:
        return 1.0
    return float(table["win_share"].idxmax())


def _verdict_parts(rows: pd.DataFrame) -> list[list[str]]:
    """`wall_arms_verdict`'s sentences in four groups: the setting, one per arm, one per
    paired difference, and the conclusions (`InvalidInput` without the face-value arm)."""
    table = wall_arms_summary(rows).set_index("weight")
    if 1.0 not in table.index:
        raise InvalidInput("the arms hold no game of weight 1 (face value) yet")
    games = int(table["games"].min())
    parts: list[list[str]] = [[], [], [], []]
    lines = parts[0]
    lines.append(ngettext(
        "Over {n} game per arm, one seat played the strong search with another weight on "
        "the wall's points against two standard strong players (a fair share is one game "
        "in three).",
        "Over {n} games per arm, one seat played the strong search with another weight on "
        "the wall's points against two standard strong players (a fair share is one game "
        "in three).", games).format(n=games))
    lines = parts[1]
    for weight, arm in table.iterrows():
        said = {"weight": _number(weight), "share": _percent(arm["win_share"]),
                "low": _percent(arm["win_low"]), "high": _percent(arm["win_high"]),
                "points": _number(abs(arm["margin"])), "wall": _number(arm["final_wall"])}
        text = (_("Weight {weight} won {share} of its games (95% interval {low} to {high}) "
                  "and finished {points} points ahead of the best rival on average, with a "
                  "final wall of {wall} segments.") if arm["margin"] >= 0 else
                _("Weight {weight} won {share} of its games (95% interval {low} to {high}) "
                  "and finished {points} points behind the best rival on average, with a "
                  "final wall of {wall} segments."))
        lines.append(text.format(**said))
    lines = parts[2]
    for _i, diff in paired_differences(rows).iterrows():
        said = {"weight": _number(diff["weight"]),
                "diff": _number(abs(100 * diff["win_share"])),
                "low": _number(100 * diff["win_share_low"]),
                "high": _number(100 * diff["win_share_high"])}
        if diff["win_share_low"] > 0:
            text = _("Game by game, weight {weight} won {diff} percentage points more often "
                     "than face value (95% interval of the difference {low} to {high}): "
                     "better.")
        elif diff["win_share_high"] < 0:
            text = _("Game by game, weight {weight} won {diff} percentage points less often "
                     "than face value (95% interval of the difference {low} to {high}): "
                     "worse.")
        else:
            text = _("Game by game, weight {weight} and face value differ by {diff} "
                     "percentage points of wins (95% interval of the difference {low} to "
                     "{high}): the experiment cannot tell them apart.")
        lines.append(text.format(**said))
    best = _best_weight(table)
    lines = parts[3]
    lines.append(_("The best weight measured is {weight}.").format(weight=_number(best)))
    lines.append(_("Only the weight changed between the arms, so these differences are what "
                   "the weight does, not an association. They hold for this search, in "
                   "three-player base games against two strong players; they say nothing "
                   "of weights between the arms, of other opponents, player counts or the "
                   "Mega Box."))
    return parts


def wall_arms_verdict(rows: pd.DataFrame) -> str:
    """What the arms say, in sentences a player reads: each arm's win share against the
    fair share, the paired differences against face value, the best weight, and what the
    experiment can and cannot say.

    Raises
    ------
    InvalidInput
        When `rows` hold no game of the face-value arm.
    """
    return " ".join(line for part in _verdict_parts(rows) for line in part)


def wall_arms_answer(rows: pd.DataFrame) -> str:
    """The experiment's answer in two lines (HTML), for the top of notebook 05: the weight
    that won most, and which weights win less often than face value beyond the noise.

    Examples
    --------
    >>> print(wall_arms_answer(read_wall_arms()))  # doctest: +ELLIPSIS
    <p><b>The answer:</b> ...
    """
    table = wall_arms_summary(rows).set_index("weight")
    best = _best_weight(table)
    diffs = paired_differences(rows)
    worse = [_number(w) for w, high in zip(diffs["weight"], diffs["win_share_high"])
             if high < 0]
    better = [_number(w) for w, low in zip(diffs["weight"], diffs["win_share_low"]) if low > 0]
    advice = (_("count your wall's points at their face value") if best == 1.0 else
              _("count your wall's points at {weight} times their face value").format(
                  weight=_number(best)))
    lines = [_("{advice}: in {n} games per arm the strong search won most often with wall "
               "weight {weight} ({share}; a fair share is 33 %).").format(
        advice=advice, n=int(table["games"].min()), weight=_number(best),
        share=_percent(table.loc[best, "win_share"]))]
    if better:
        lines.append(ngettext("Weight {weights} won more often than face value, beyond the "
                              "noise.",
                              "Weights {weights} won more often than face value, beyond the "
                              "noise.", len(better)).format(weights=format_list(better)))
    if worse:
        lines.append(ngettext("Weight {weights} won less often than face value, beyond the "
                              "noise.",
                              "Weights {weights} won less often than face value, beyond the "
                              "noise.", len(worse)).format(weights=format_list(worse)))
    if not better and not worse:
        lines.append(_("No weight won more or less often than face value beyond the noise."))
    return "<p><b>{head}</b> {text}</p>".format(head=escape(_("The answer:")),
                                                 text=escape(" ".join(lines), quote=False))


def plot_wall_arms(rows: pd.DataFrame, axes=None):
    """Three panels by wall weight, each with its 95% intervals: the weighted seat's win
    share (the fair share dashed), its mean margin over the best rival, and its final
    wall; returns the Axes."""
    from ..draw.figure import _Figure as Figure  # drawing loads when drawing; the fonts

    if axes is None:
        axes = Figure(figsize=(9, 3.0), layout="constrained").subplots(1, 3)
    table = wall_arms_summary(rows)
    x = np.arange(len(table))
    labels = [_number(w) for w in table["weight"]]
    panels = (("win_share", "win_low", "win_high", 100, SERIES_COLOURS[0],
               _("won (%)"), _("Win share")),
              ("margin", "margin_low", "margin_high", 1, SERIES_COLOURS[1],
               _("points ahead of the best rival"), _("Margin")),
              ("final_wall", "wall_low", "wall_high", 1, LONGEST_WALL_COLOUR,
               _("segments"), _("Final wall")))
    for ax, (mean, low, high, scale, colour, ylabel, title) in zip(axes, panels):
        means = scale * table[mean].to_numpy(float)
        errors = np.vstack([means - scale * table[low].to_numpy(float),
                            scale * table[high].to_numpy(float) - means])
        ax.bar(x, means, color=colour, yerr=errors, capsize=3, error_kw={"elinewidth": 1})
        ax.set_xticks(x, labels)
        ax.set_xlabel(_("wall weight (1: face value)"), fontsize=9)
        ax.set_ylabel(ylabel, fontsize=9)
        ax.set_title(title, loc="left", fontsize=10)
        ax.grid(alpha=0.3, axis="y")
    axes[0].axhline(100 / PLAYERS, color="#555555", linestyle="--", linewidth=1,
                    label=_("fair share"))
    axes[0].legend(fontsize=8, frameon=False, loc="lower right")
    axes[1].axhline(0, color="#555555", linewidth=0.8)
    axes[0].figure.suptitle(_("One strong seat with another wall weight against two standard "
                              "strong players (95% intervals)"), fontsize=10, x=0.01,
                            ha="left")
    return axes


def describe_wall_arms(rows: pd.DataFrame) -> list:
    """What `SavedStudyView` shows of the arms: the verdict in words, then the Figure.

    Examples
    --------
    >>> parts = describe_wall_arms(read_wall_arms())
    >>> parts[0].startswith("<p>Over"), len(parts)
    (True, 2)
    """
    setting, arms, differences, conclusions = _verdict_parts(rows)

    def items(lines: list[str]) -> str:
        return "<ul>" + "".join(f"<li>{escape(line, quote=False)}</li>" for line in lines) \
            + "</ul>"

    text = (f"<p>{escape(' '.join(setting), quote=False)}</p>{items(arms)}{items(differences)}"
            f"<p>{escape(' '.join(conclusions), quote=False)}</p>")
    axes = plot_wall_arms(rows)
    return [text, axes[0].figure]
