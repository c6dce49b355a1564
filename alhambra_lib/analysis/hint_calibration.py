"""The hint's win chance, calibrated: how often a position like this is won.

The `SearchBot` judges each move by the share of its sampled futures in which the player
ends ahead. That share is not the chance to win the game: the futures are a few rounds of
turns long and judged by a projection, so it is far too sure of itself (in self-play a
share of 100 % goes on to win less often than that, and a share near 0 % wins more often
than that). The table's hint shows a calibrated chance instead, fitted here for each
level that advises (the master search where the compiled core plays the game, else the
strong one; `~alhambra_lib.table.session.hint_level`):

* `run_hint_calibration` plays seeded self-play games of the search at one level (every
  seat the same bot, so "winning" means beating players as strong as the adviser) on
  joblib or dask with a progress bar, and appends one row per searched decision to
  `CALIBRATION_FILE` as each game finishes (a rerun plays only the games missing). Every
  level's games go to that one file, told apart by its ``level`` column (strong: 40 base
  games of 2 players and 40 of 3; master: as many, seed `CALIBRATION_SEED` too);
* `fit_hint_calibration` fits a logistic model of the outcome on the share's log-odds,
  the player count's base rate and the tiles left in the bag (a share says more near the
  game's end); `write_hint_calibration` writes it as that level's model in
  ``data/hint_calibration.json`` (``{level: model}``, the other levels' models kept),
  where `~alhambra_lib.bots.search.calibrated_win_chance` reads it (a level without a
  model of its own, easy or medium, uses the strong one's);
* `reliability_table` compares the calibrated chances with the outcomes, bin by bin, and
  `plot_hint_reliability` draws it beside the raw shares'.

The model is fitted on base games of two players (with Dirk) and three; games of four to
six players use it through their base rate, unmeasured. Games with Mega Box modules use it
through their bag, larger at the start: 8 saved self-play games of 3 players with all 16
modules (``modules="all"``, not fitted on) check it, too few to settle much (the
calibrated chance's Brier score 0.138 there, the raw share's 0.159). Where the model was
not measured (Mega Box games, four to six players) the table's hint says so in a sentence
(`~alhambra_lib.bots.search.calibration_gap`, from the player counts of the fitted games
in ``data/hint_calibration.json``).

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "calibration.csv"
>>> rows = run_hint_calibration(games=1, players=2, level="easy", path=path, progress=False)
>>> sorted(set(rows["seat"])), bool(rows["share"].between(0, 1).all())
([0, 1], True)
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

from ..actions import ACTION_KINDS
from ..bots import SearchBot
from ..bots.base import known_actions
from ..bots.search import (
    CALIBRATION_PATH,
    CALIBRATION_TERMS,
    LEVELS,
    _calibration,
    calibrated_win_chance,
    calibration_features,
    level_plays,
)
from ..engine import Game
from ..errors import InvalidInput, Unsupported
from ..i18n import N_, _
from ..modules import MODULES
from ..palette import SERIES_COLOURS
from ..sim import core_gaps
from .ladder import _NAMES, play_missing
from .stats import newton_logistic, wilson_interval

__all__ = ["CALIBRATION_FILE", "CALIBRATION_COLUMNS", "CALIBRATION_SEED",
           "CALIBRATION_PLAYERS", "BAG_SCALES", "run_hint_calibration", "run_calibration_study",
           "read_hint_calibration", "base_rows", "fit_hint_calibration",
           "write_hint_calibration", "reliability_table", "plot_hint_reliability"]

#: The saved decisions, kept with the library (``data/hint_calibration.csv``).
CALIBRATION_FILE = Path(__file__).resolve().parents[1] / "data" / "hint_calibration.csv"
#: The saved games' seed (the default of `run_hint_calibration`).
CALIBRATION_SEED = 2026
#: The player counts of the saved games (two with Dirk, and three).
CALIBRATION_PLAYERS = (2, 3)
#: One row per searched decision (a decision with one legal action is not searched).
CALIBRATION_COLUMNS = ("study_seed", "level", "players", "modules", "game", "seed", "seat",
                       "turn", "bag", "share", "margin", "outcome")
#: The games' modules: the base game, or all 16 (a check of the model, not fitted on).
MODULE_CHOICES = {"none": (), "all": tuple(MODULES)}

Progress = Callable[[int, int], None]


def _play_calibration_game(level: str, players: int, modules: str, seed: int,
                           index: int) -> list[dict]:
    """The rows of game `index`: every seat a `SearchBot` at `level`, each searched
    decision with the share and margin of the move played, and the seat's outcome (1 for
    a win, 1/k for a win shared by k, else 0)."""
    words = np.random.SeedSequence([seed, index]).generate_state(players + 1)
    names = list(_NAMES[:players])
    with warnings.catch_warnings():  # the provisional module data warns once per process
        warnings.simplefilter("ignore")
        game = Game(names, seed=int(words[0]), modules=MODULE_CHOICES[modules])
    bots = {name: SearchBot(level, seed=int(w)) for name, w in zip(names, words[1:])}
    seen: list[dict] = []
    while (name := game.current_player) is not None:  # None once the game is over
        legal = known_actions(game.legal_actions(), ACTION_KINDS)
        if len(legal) == 1:  # as `SearchBot.choose`: nothing to search
            action = legal[0]
        else:
            best = bots[name].analyse(game.view(name), 1, legal)[0]
            seen.append({"seat": names.index(name), "turn": game.turn,
                         "bag": game.bag_size, "share": best.future_share,
                         "margin": round(best.margin, 3)})
            action = best.action
        game.apply(action)
    winners = game.winners
    return [{"study_seed": seed, "level": level, "players": players, "modules": modules,
             "game": index, "seed": int(words[0]), **row,
             "outcome": 1 / len(winners) if names[row["seat"]] in winners else 0.0}
            for row in seen]


def read_hint_calibration(path: str | Path = CALIBRATION_FILE) -> pd.DataFrame:
    """The saved rows (an empty frame with `CALIBRATION_COLUMNS` when there are none)."""
    path = Path(path)
    if not path.exists():
        return pd.DataFrame(columns=list(CALIBRATION_COLUMNS))
    return pd.read_csv(path, dtype={"modules": str}, keep_default_na=False)


def run_hint_calibration(games: int = 40, players: int = 3, level: str = "strong",
                         seed: int = CALIBRATION_SEED, path: str | Path = CALIBRATION_FILE,
                         n_jobs: int = 1, client=None, progress: bool | Progress = True,
                         modules: str = "none") -> pd.DataFrame:
    """Play the self-play games missing from `path`, appending each as it finishes.

    Parameters
    ----------
    games : int
        Games of this player count, level and seed the file should hold.
    players : int
        Base games of 2 (with Dirk) to 6 players.
    level : {"easy", "medium", "strong", "master"}
        Every seat's `SearchBot` level (the hint's adviser is master or strong).
    seed : int
        The same seed gives the same games.
    path : path
        The CSV file (`CALIBRATION_FILE`); rows of other counts, levels or seeds are kept.
    n_jobs, client
        joblib workers, or a dask client instead.
    progress : bool or callable
        A tqdm progress bar, or ``progress(done, total)`` called as each game finishes.
    modules : {"none", "all"}
        The base game (the model is fitted on it), or all 16 Mega Box modules.

    Returns
    -------
    pandas.DataFrame
        The rows of this player count, level, seed and modules.

    Raises
    ------
    InvalidInput
        For an unknown level or modules, or games or players that are no count this
        takes; the file is then left as it was.
    Unsupported
        For a level that cannot play these games (master without the compiled core, or
        with the Mega Box modules); the file is left as it was.
    """
    if level not in LEVELS:
        raise InvalidInput(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
    for what, value, low, high in (("games", games, 1, None), ("players", players, 2, 6)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low or (
                high is not None and value > high):
            raise InvalidInput(f"{what} is a whole number from {low}"
                               f"{f' to {high}' if high else ' up'}, got {value!r}")
    if modules not in MODULE_CHOICES:
        raise InvalidInput(f"modules is 'none' or 'all', got {modules!r}")
    with warnings.catch_warnings():  # the provisional module data warns once per process
        warnings.simplefilter("ignore")
        probe = Game(list(_NAMES[:players]), seed=0, modules=MODULE_CHOICES[modules])
    if not level_plays(level, probe):
        raise Unsupported(f"the {level} level cannot play these games: it searches in the "
                          f"compiled core, which does not hold them: {', '.join(core_gaps(probe))}")
    path = Path(path)
    key = (level, players, modules, seed)
    done = set(_select(read_hint_calibration(path), *key)["game"].astype(int))
    tasks = [(*key, i) for i in range(games) if i not in done]
    play_missing(_play_calibration_game, tasks, path, CALIBRATION_COLUMNS, "calibration games",
                 n_jobs, client, progress)
    return _select(read_hint_calibration(path), *key)


def run_calibration_study(games: int = 40, seed: int = CALIBRATION_SEED,
                          path: str | Path = CALIBRATION_FILE, n_jobs: int = 1,
                          progress: bool | Progress = True,
                          level: str = "strong") -> pd.DataFrame:
    """The saved study: `run_hint_calibration` at `level` (the hint's adviser is master
    or strong) for each of `CALIBRATION_PLAYERS`, resumable; then the model refitted on all
    the rows of that level and seed in `path` and written beside it as that level's
    (``hint_calibration.json``, where the search reads it when `path` is
    `CALIBRATION_FILE`). Returns those rows.

    Raises
    ------
    InvalidInput, Unsupported
        As `run_hint_calibration` does, before any game is played.
    """
    for part, players in enumerate(CALIBRATION_PLAYERS):
        run_hint_calibration(games, players, level, seed, path, n_jobs,
                             progress=_part_of(progress, part, len(CALIBRATION_PLAYERS)))
    rows = base_rows(read_hint_calibration(path), level, seed)
    write_hint_calibration(rows, Path(path).with_suffix(".json"), level)
    return rows


def base_rows(rows: pd.DataFrame, level: str = "strong",
              seed: int = CALIBRATION_SEED) -> pd.DataFrame:
    """The rows the model is fitted on: base games of `level` and `seed`."""
    return rows[(rows["level"] == level) & (rows["modules"] == "none")
                & (rows["study_seed"] == seed)].reset_index(drop=True)


def _part_of(progress: bool | Progress, part: int, parts: int) -> bool | Progress:
    """`progress` for part `part` of `parts` equal runs: ``(done, total)`` of them all."""
    if not callable(progress):
        return progress
    return lambda done, total: progress(part * total + done, parts * total)


def _select(rows: pd.DataFrame, level: str, players: int, modules: str,
            seed: int) -> pd.DataFrame:
    return rows[(rows["level"] == level) & (rows["players"] == players)
                & (rows["modules"] == modules) & (rows["study_seed"] == seed)
                ].reset_index(drop=True)


#: The bag scales tried by `fit_hint_calibration`, in tiles.
BAG_SCALES = tuple(range(10, 65, 5))


def _features(rows: pd.DataFrame, bag_scale: float) -> np.ndarray:
    """`calibration_features` of every row."""
    return np.array([calibration_features(s, n, b, bag_scale)
                     for s, n, b in zip(rows["share"], rows["players"], rows["bag"])])


def _logistic(x: np.ndarray, y: np.ndarray, ridge: float) -> tuple[np.ndarray, float]:
    """(coefficients, mean log-loss) of `newton_logistic`; an infinite loss when it does
    not converge."""
    fit = newton_logistic(x, y, ridge)
    if fit is None:
        return np.full(x.shape[1], np.nan), np.inf
    p = np.clip(1 / (1 + np.exp(-x @ fit[0])), 1e-12, 1 - 1e-12)
    return fit[0], float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def fit_hint_calibration(rows: pd.DataFrame, ridge: float = 1e-3) -> dict:
    """The logistic model of the outcome on `calibration_features`.

    For each scale of `BAG_SCALES` the coefficients are fitted by Newton's method on the
    log-loss (a tied win counts its share), with a small ridge so that data of one player
    count alone still has an answer; the scale with the least loss is kept.

    Returns
    -------
    dict
        The coefficients by `CALIBRATION_TERMS` (``intercept``, ``share``,
        ``base_rate``), ``bag_scale``, and ``games`` and ``decisions`` by player count,
        what it was fitted on.

    Raises
    ------
    InvalidInput
        When `rows` hold no decision.
    """
    if rows.empty:
        raise InvalidInput("no decisions to fit: run run_hint_calibration first")
    y = rows["outcome"].to_numpy(float)
    fits = {scale: _logistic(_features(rows, scale), y, ridge) for scale in BAG_SCALES}
    scale = min(fits, key=lambda s: fits[s][1])
    by_count = rows.groupby("players")
    return {**{term: round(float(c), 6) for term, c in zip(CALIBRATION_TERMS, fits[scale][0])},
            "bag_scale": scale,
            "games": {str(n): int(g["game"].nunique()) for n, g in by_count},
            "decisions": {str(n): len(g) for n, g in by_count}}


def write_hint_calibration(rows: pd.DataFrame | None = None,
                           path: str | Path = CALIBRATION_PATH,
                           level: str = "strong") -> dict:
    """Fit `rows` (default: the saved base games of `level`, `base_rows`; the games with
    modules are a check, not fitted on) and write the model as `level`'s in the file
    `path` (``{level: model}``; the other levels' models are kept), where the search
    reads it. Returns the model."""
    model = fit_hint_calibration(base_rows(read_hint_calibration(), level) if rows is None
                                 else rows)
    path = Path(path)
    models = json.loads(path.read_text()) if path.exists() else {}
    models[level] = model
    path.write_text(json.dumps(models, indent=1) + "\n")
    if path == CALIBRATION_PATH:  # the search reads the new model from now on
        _calibration.cache_clear()
    return model


def reliability_table(rows: pd.DataFrame, model: dict | None = None,
                      edges: tuple = (0, 0.2, 0.4, 0.6, 0.8, 1.0),
                      said: str = "chance") -> pd.DataFrame:
    """What the hint said against what came of it, by bin of what it said.

    Parameters
    ----------
    rows : pandas.DataFrame
        Decisions (`CALIBRATION_COLUMNS`).
    model : dict, optional
        The calibration (`fit_hint_calibration`); by default the saved one of each row's
        level (`~alhambra_lib.bots.search.calibration_model`).
    edges : tuple of float
        The bins' edges.
    said : {"chance", "share"}
        Bin by the calibrated chance (what the hint shows), or by the raw share of the
        sampled futures (what the search ranks by).

    Returns
    -------
    pandas.DataFrame
        ``bin``, ``decisions``, ``games`` (with a decision in the bin), ``said`` (the
        mean of what was said), ``won`` (the mean outcome) with its Wilson interval
        ``won_low`` and ``won_high`` (the decisions of one game are not independent, so
        the true interval is wider).
    """
    if said == "chance":
        values = np.array([calibrated_win_chance(s, n, b, model, level) for s, n, b, level in
                           zip(rows["share"], rows["players"], rows["bag"], rows["level"])])
    else:
        values = rows["share"].to_numpy(float)
    bins = pd.cut(values, list(edges), include_lowest=True)
    table = []
    for interval, part in rows.assign(said=values).groupby(bins, observed=True):
        low, high = wilson_interval(part["outcome"].sum(), len(part))
        table.append({"bin": f"{max(interval.left, 0):.0%}–{interval.right:.0%}",
                      "decisions": len(part),
                      "games": part[["players", "modules", "game"]].drop_duplicates().shape[0],
                      "said": part["said"].mean(), "won": part["outcome"].mean(),
                      "won_low": low, "won_high": high})
    return pd.DataFrame(table)


#: The reliability chart's title by the level whose self-play it shows.
_RELIABILITY_TITLES = {"strong": N_("How sure is the hint? Self-play of the strong search"),
                       "master": N_("How sure is the hint? Self-play of the master search")}


def plot_hint_reliability(rows: pd.DataFrame, ax=None):
    """The games won against the chance the hint gave, and against the raw share of the
    sampled futures, with 95% intervals and the line where the two agree, in the current
    language, titled with the level of the self-play games `rows` (one level: strong or
    master); returns the Axes."""
    # Drawing libraries load when drawing. The drawings' figure: a notebook shows it as
    # drawn, with the size of its smallest text written in the picture.
    from ..draw.figure import DPI, _Figure

    if ax is None:
        ax = _Figure(figsize=(5, 3.6), dpi=DPI, layout="constrained").subplots()
    ax.plot([0, 1], [0, 1], color="#999999", linestyle="--", linewidth=1,
            label=_("as said"))
    for said, label, colour, marker in (
            ("chance", _("the hint's win chance"), SERIES_COLOURS[0], "o"),
            ("share", _("share of the sampled futures"), SERIES_COLOURS[1], "s")):
        table = reliability_table(rows, said=said)
        won = table["won"].to_numpy(float)
        errors = np.vstack([won - table["won_low"], table["won_high"] - won])
        ax.errorbar(table["said"], won, yerr=errors, color=colour, marker=marker,
                    capsize=3, linewidth=1.5, label=label)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel(_("what was said of the move played"), fontsize=9)
    ax.set_ylabel(_("games won from there (95% interval)"), fontsize=9)
    ax.set_title(_(_RELIABILITY_TITLES[rows["level"].iloc[0]]), loc="left", fontsize=10)
    ax.legend(fontsize=8, loc="upper left")
    return ax
