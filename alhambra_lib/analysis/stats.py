"""Statistics of tournament results: who wins, by how much, and what walls have to do with it.

Every function takes a `tournament` DataFrame (one row per player per game) and
returns a small pandas object. Only numpy and pandas are used.

Confidence intervals
--------------------
* Win rates: the Wilson score interval, which stays inside [0, 1] and keeps its
  coverage for rates near 0 or 1 and for small samples, unlike the plain normal one.
* Mean scores: the normal interval, mean +- z * sd / sqrt(n). With n games per bot
  its half-width is that of Student's t interval times z / t(n - 1): 2% narrower at
  n = 50, 4% at n = 30, so use at least 30 games per bot.

Both count each player-game as one observation. The players of a game are not
independent of each other (one of them wins), which these per-bot intervals ignore;
they are honest for comparing a bot against the field it played in.

Examples
--------
>>> import pandas as pd
>>> df = pd.DataFrame({"game": [0, 0, 1, 1], "bot": ["a", "b", "a", "b"],
...                    "score": [100, 90, 80, 120], "win": [True, False, False, True],
...                    "final_wall": [12, 4, 6, 9]})
>>> win_rates(df).round(3)
     games  wins  win_rate  ci_low  ci_high
bot
a        2     1       0.5   0.095    0.905
b        2     1       0.5   0.095    0.905
"""

from __future__ import annotations

import math
import warnings
from statistics import NormalDist
from typing import Any

import numpy as np
import pandas as pd

from .best_wall import best_wall_search, tiles_of
from .tournaments import final_position, wall_by_turn

__all__ = [
    "wilson_interval",
    "newton_logistic",
    "win_rates",
    "mean_scores",
    "summary",
    "win_rate_by_wall",
    "wall_win_association",
    "mean_wall_by_turn",
    "add_wall_gaps",
]


def _z(confidence: float) -> float:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence is between 0 and 1, e.g. 0.95; got {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes: Any, trials: Any, confidence: float = 0.95) -> tuple[Any, Any]:
    """The Wilson score interval of a proportion ``successes / trials``.

    Parameters
    ----------
    successes, trials : int or array-like
        Counts (element-wise for arrays); ``trials`` > 0.
    confidence : float
        Coverage, 0.95 for a 95% interval.

    Returns
    -------
    (low, high) : floats or arrays

    Notes
    -----
    With p = k / n and z the normal quantile:
    ``(p + z²/2n ± z·sqrt(p(1 - p)/n + z²/4n²)) / (1 + z²/n)``.

    Examples
    --------
    >>> [round(v, 4) for v in wilson_interval(0, 10)]
    [0.0, 0.2775]
    >>> [round(v, 4) for v in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    """
    k = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    if np.any(n <= 0) or np.any(k < 0) or np.any(k > n):
        raise ValueError("need 0 <= successes <= trials and trials > 0")
    z = _z(confidence)
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low, high = np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


def win_rates(df: pd.DataFrame, by: str | list[str] = "bot",
              confidence: float = 0.95) -> pd.DataFrame:
    """Games, wins and the win rate with its Wilson interval, per `by` group.

    Tied leaders all count as winners, so the rates of a table can sum to more
    than one win per game.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"bot": ["a"] * 10, "win": [True] * 5 + [False] * 5})
    >>> win_rates(df).round(4).to_dict("records")
    [{'games': 10, 'wins': 5, 'win_rate': 0.5, 'ci_low': 0.2366, 'ci_high': 0.7634}]
    """
    grouped = df.groupby(by)["win"]
    table = pd.DataFrame({"games": grouped.size(), "wins": grouped.sum().astype(int)})
    table["win_rate"] = table["wins"] / table["games"]
    table["ci_low"], table["ci_high"] = wilson_interval(table["wins"], table["games"],
                                                        confidence)
    return table


def mean_scores(df: pd.DataFrame, column: str = "score", by: str | list[str] = "bot",
                confidence: float = 0.95) -> pd.DataFrame:
    """Mean of `column` per `by` group, with its standard deviation and normal interval.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"bot": ["a"] * 4, "score": [10, 20, 30, 40]})
    >>> mean_scores(df).round(2).to_dict("records")
    [{'n': 4, 'mean': 25.0, 'std': 12.91, 'ci_low': 12.35, 'ci_high': 37.65}]
    """
    grouped = df.groupby(by)[column]
    table = pd.DataFrame({"n": grouped.size(), "mean": grouped.mean(), "std": grouped.std()})
    half = _z(confidence) * table["std"] / np.sqrt(table["n"])
    table["ci_low"], table["ci_high"] = table["mean"] - half, table["mean"] + half
    return table


def summary(df: pd.DataFrame, by: str | list[str] = "bot",
            confidence: float = 0.95) -> pd.DataFrame:
    """One row per bot: win rate and mean score with their intervals, mean final wall.

    Sorted by win rate, best first; the table the ``tournament`` command prints.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"bot": ["a", "b"] * 2, "score": [100, 90, 80, 120],
    ...                    "win": [True, False, False, True], "final_wall": [12, 4, 6, 9]})
    >>> list(summary(df).columns)  # doctest: +NORMALIZE_WHITESPACE
    ['games', 'win_rate', 'win_low', 'win_high', 'mean_score', 'score_low', 'score_high',
     'mean_final_wall']
    """
    wins = win_rates(df, by, confidence)
    scores = mean_scores(df, "score", by, confidence)
    table = pd.DataFrame({
        "games": wins["games"], "win_rate": wins["win_rate"],
        "win_low": wins["ci_low"], "win_high": wins["ci_high"],
        "mean_score": scores["mean"], "score_low": scores["ci_low"],
        "score_high": scores["ci_high"],
        "mean_final_wall": df.groupby(by)["final_wall"].mean(),
    })
    return table.sort_values("win_rate", ascending=False, kind="stable")


def win_rate_by_wall(df: pd.DataFrame, width: int = 5, confidence: float = 0.95) -> pd.DataFrame:
    """Win rate by final wall length, in buckets of `width` segments.

    Returns
    -------
    pandas.DataFrame
        Indexed by bucket (``"0-4"``, ``"5-9"``...), empty buckets left out: ``rows``
        (player-games), ``wins``, ``win_rate`` and its Wilson interval.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"final_wall": [2, 3, 7, 12, 14],
    ...                    "win": [False, False, True, True, False]})
    >>> win_rate_by_wall(df)[["rows", "wins", "win_rate"]]
            rows  wins  win_rate
    bucket
    0-4        2     0       0.0
    5-9        1     1       1.0
    10-14      2     1       0.5
    """
    if isinstance(width, bool) or not isinstance(width, int) or width < 1:
        raise ValueError(f"width is a positive number of segments, got {width!r}")
    start = df["final_wall"] // width * width
    bucket = start.astype(str) + "-" + (start + width - 1).astype(str)
    grouped = df.groupby(start)
    table = pd.DataFrame({"bucket": bucket.groupby(start).first(), "rows": grouped.size(),
                          "wins": grouped["win"].sum().astype(int)})
    table["win_rate"] = table["wins"] / table["rows"]
    table["ci_low"], table["ci_high"] = wilson_interval(table["wins"], table["rows"],
                                                        confidence)
    return table.set_index("bucket")


def newton_logistic(design: np.ndarray, y: np.ndarray, ridge: float = 0.0,
                    iterations: int = 100,
                    tolerance: float = 1e-10) -> tuple[np.ndarray, np.ndarray] | None:
    """The coefficients of ``logit P(y) = design @ beta``, fitted by Newton's method on the
    log-likelihood less ``ridge / 2 * |beta|²``, and the Hessian of that at the last step;
    None when it does not converge (the data separate the outcomes completely, and the
    likelihood has no maximum).

    Examples
    --------
    >>> x = np.array([0.0, 1.0, 2.0, 3.0])
    >>> beta, _ = newton_logistic(np.column_stack([np.ones(4), x]), np.array([0, 1, 0, 1.0]))
    >>> bool(beta[1] > 0)
    True
    """
    beta = np.zeros(design.shape[1])
    with np.errstate(over="ignore"):
        for _ in range(iterations):
            p = 1 / (1 + np.exp(-design @ beta))
            hessian = (design.T @ (design * (p * (1 - p))[:, None])
                       + ridge * np.eye(len(beta)))
            try:
                step = np.linalg.solve(hessian, design.T @ (y - p) - ridge * beta)
            except np.linalg.LinAlgError:  # p hit 0 or 1 everywhere
                return None
            beta += step
            if np.max(np.abs(step)) < tolerance:
                return beta, hessian
    return None


def _logistic_fit(x: np.ndarray, y: np.ndarray) -> tuple[float, float, float]:
    """Intercept, slope and the slope's standard error of logit P(y) = a + b x (Newton).

    NaNs, with a warning, when the walls separate winners from losers completely:
    the likelihood then has no maximum and the slope runs off to infinity.
    """
    fit = newton_logistic(np.column_stack([np.ones_like(x), x]), y)
    if fit is None:
        warnings.warn("the logistic fit did not converge: the walls separate winners from "
                      "losers (almost) perfectly", RuntimeWarning, stacklevel=3)
        return math.nan, math.nan, math.nan
    beta, hessian = fit
    return beta[0], beta[1], math.sqrt(np.linalg.inv(hessian)[1, 1])


def wall_win_association(df: pd.DataFrame, relative: bool = False,
                         confidence: float = 0.95) -> pd.Series:
    """How the final wall length relates to winning: correlation and logistic slope.

    Parameters
    ----------
    df : pandas.DataFrame
        Tournament rows with ``final_wall`` and ``win`` (and ``game`` if `relative`).
    relative : bool
        Use each wall's difference from the mean wall of its game, which asks "does
        out-building the table win?" rather than "do long walls win?".
    confidence : float
        Coverage of the interval of the odds ratio.

    Returns
    -------
    pandas.Series
        ``n``; ``point_biserial``, the correlation of the wall with the 0/1 win;
        ``intercept`` and ``slope`` of the logistic regression
        ``logit P(win) = intercept + slope * wall`` (fitted by Newton's method) with
        ``slope_se``; ``odds_ratio`` = exp(slope), the factor by which one more wall
        segment multiplies the odds of winning, with ``odds_low`` and ``odds_high``
        (Wald interval).

    Notes
    -----
    Rows of one game are not independent (one of them wins), so the Wald interval
    is somewhat too narrow; with `relative` the game's level is taken out.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"final_wall": [2, 4, 6, 8, 3, 9, 5, 7],
    ...                    "win": [0, 0, 1, 1, 0, 1, 1, 0]})
    >>> result = wall_win_association(df)
    >>> round(float(result["point_biserial"]), 3), round(float(result["slope"]), 3)
    (0.655, 0.827)
    """
    x = df["final_wall"].to_numpy(dtype=float)
    if relative:
        x = x - df.groupby("game")["final_wall"].transform("mean").to_numpy(dtype=float)
    y = df["win"].to_numpy(dtype=float)
    if len(x) < 3 or np.ptp(x) == 0 or np.ptp(y) == 0:
        raise ValueError("need at least 3 rows, with both winners and losers and more than "
                         "one wall length")
    intercept, slope, se = _logistic_fit(x, y)
    z = _z(confidence)
    return pd.Series({
        "n": len(x),
        "point_biserial": float(np.corrcoef(x, y)[0, 1]),
        "intercept": intercept, "slope": slope, "slope_se": se,
        "odds_ratio": math.exp(slope), "odds_low": math.exp(slope - z * se),
        "odds_high": math.exp(slope + z * se),
    })


def mean_wall_by_turn(df: pd.DataFrame, by: str = "bot") -> pd.DataFrame:
    """The mean wall length after each turn: one row per turn, one column per bot.

    Turn k averages the players who had a k-th turn: near the end some players have
    one turn fewer, so the last row or two rest on fewer games.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"game": [0, 0, 1], "seat": [0, 1, 0], "bot": ["a", "b", "a"],
    ...                    "wall_trace": ["[0,2,4]", "[1,1]", "[2,2]"]})
    >>> mean_wall_by_turn(df)
    bot     a    b
    turn
    1     1.0  1.0
    2     2.0  1.0
    3     4.0  NaN
    """
    long = wall_by_turn(df)
    return long.pivot_table(index="turn", columns=by, values="wall", aggfunc="mean")


def _best_wall_of(layout: str, options: dict[str, Any]) -> tuple[int, bool]:
    """(best wall, proven) for one ``final_layout``: never below the wall actually built."""
    alhambra, reserve = final_position(layout)
    result = best_wall_search(tiles_of(alhambra, reserve), hole_rule=alhambra.hole_rule,
                              **options)
    built = alhambra.longest_wall()
    best = max(result.wall, built)  # the Alhambra itself is one of the arrangements
    return best, result.exact or result.upper_bound == best


def add_wall_gaps(df: pd.DataFrame, n_jobs: int = 1, progress: bool = True,
                  **options: Any) -> pd.DataFrame:
    """A copy of `df` with how far each final Alhambra's wall was from the best possible.

    For every row, `best_wall_search` arranges the tiles of the final Alhambra and its
    reserve (the ``final_layout`` column) for the longest wall. The search costs about
    a second or two per Alhambra of 15 to 20 tiles, so it runs only on demand, on
    `n_jobs` joblib workers.

    Parameters
    ----------
    df : pandas.DataFrame
        A `tournament` result (``final_layout`` and ``final_wall`` are used).
    n_jobs : int
        joblib workers.
    progress : bool
        Show a ``tqdm.auto`` progress bar.
    **options
        ``exact_limit``, ``beam_width``, ``time_limit`` of `best_wall_search`.

    Returns
    -------
    pandas.DataFrame
        `df` plus ``best_wall``, ``wall_gap`` (``best_wall - final_wall``, what
        `wall_gap` of `alhambra_lib.analysis.best_wall` computes) and
        ``wall_gap_exact``. Beyond ``exact_limit`` tiles (12) the search is
        best-effort: ``best_wall`` is then a lower bound of the best possible and
        ``wall_gap_exact`` is False unless the bound on walls settles it.

    Examples
    --------
    >>> import pandas as pd

    Two runs of two walls; with the garden at (-1, 1) they make one run of four.

    >>> layout = ('{"hole_rule": "enclosed", "alhambra": [[0, 1, "tower", 9, "NE"], '
    ...           '[-1, 0, "garden", 8, "NW"]], "reserve": []}')
    >>> add_wall_gaps(pd.DataFrame({"final_layout": [layout], "final_wall": [2]}),
    ...               progress=False)[["final_wall", "best_wall", "wall_gap", "wall_gap_exact"]]
       final_wall  best_wall  wall_gap  wall_gap_exact
    0           2          4         2            True
    """
    from joblib import Parallel, delayed
    from tqdm.auto import tqdm

    jobs = Parallel(n_jobs=n_jobs, return_as="generator")(
        delayed(_best_wall_of)(layout, options) for layout in df["final_layout"])
    results = list(tqdm(jobs, total=len(df), disable=not progress, unit="Alhambra",
                        desc="best walls"))
    out = df.copy()
    out["best_wall"] = [best for best, _ in results]
    out["wall_gap"] = out["best_wall"] - out["final_wall"]
    out["wall_gap_exact"] = [exact for _, exact in results]
    return out
