"""Weight sweeps: one strategic bot's weight set to several values, each against the same field.

`weight_sweep` plays one `tournament` per value of a weight (``wall`` by default):
the *swept* bot, a `StrategicBot` with that weight overridden, against fixed
opponents. Every value is played on the same game seeds (common random numbers),
so two values meet the same deals in the same seats; the games part as soon as the
swept bot chooses differently, but the luck of the deal no longer differs between
values. `sweep_summary` gives the swept bot's win rate, mean score and mean final
wall per value, each with its interval.

Examples
--------
>>> sweep = weight_sweep([0, 3], games=2, progress=False)
>>> sweep.groupby("wall_weight")["bot"].apply(sorted).to_dict()  # doctest: +NORMALIZE_WHITESPACE
{0.0: ['balanced', 'balanced', 'majority', 'majority', 'swept', 'swept'],
 3.0: ['balanced', 'balanced', 'majority', 'majority', 'swept', 'swept']}
>>> list(sweep_summary(sweep).index)
[0.0, 3.0]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from functools import partial
from typing import Any

import pandas as pd

from ..bots import StrategicBot, Weights
from .stats import mean_scores, summary
from .tournaments import BOT_NAMES, tournament

__all__ = ["weight_sweep", "sweep_summary", "weight_column", "SWEPT"]

#: The label of the swept bot in the ``bot`` column of a sweep.
SWEPT = "swept"
_WEIGHTS = tuple(f.name for f in fields(Weights))


def weight_column(weight: str = "wall") -> str:
    """The column of a sweep that holds the swept weight's value: ``"wall_weight"``...

    Examples
    --------
    >>> weight_column("first_place")
    'first_place_weight'
    """
    if weight not in _WEIGHTS:
        raise ValueError(f"unknown weight {weight!r}: the weights are {', '.join(_WEIGHTS)}")
    return f"{weight}_weight"


def _strategic_class(bot: str | type) -> type:
    cls = BOT_NAMES.get(bot) if isinstance(bot, str) else bot
    if not (isinstance(cls, type) and issubclass(cls, StrategicBot)):
        # Some registry entries are factories, not classes (the search bot's levels).
        strategic = [n for n, c in BOT_NAMES.items()
                     if isinstance(c, type) and issubclass(c, StrategicBot)]
        raise TypeError(f"the swept bot is a StrategicBot class or one of "
                        f"{', '.join(strategic)}; got {bot!r}")
    return cls


def _opponents(opponents: Sequence[Any] | Mapping[str, Any]) -> dict[str, Any]:
    """{label: name or factory}: a mapping as given, or distinct bot names as their labels."""
    if isinstance(opponents, Mapping):
        lineup = {str(label): spec for label, spec in opponents.items()}
    elif isinstance(opponents, str) or not all(isinstance(o, str) for o in opponents):
        raise TypeError("opponents are bot names, or a mapping {label: name or factory}")
    elif len(set(opponents)) < len(opponents):
        raise ValueError(f"opponents {list(opponents)} repeat a name: give a mapping with "
                         "distinct labels, e.g. {'balanced 1': 'balanced', ...}")
    else:
        lineup = {name: name for name in opponents}
    if SWEPT in lineup:
        raise ValueError(f"{SWEPT!r} labels the swept bot: give the opponent another label")
    return lineup


def weight_sweep(values: Sequence[float], weight: str = "wall", bot: str | type = "balanced",
                 opponents: Sequence[Any] | Mapping[str, Any] = ("majority", "balanced"),
                 games: int = 60, seed: int | None = 0, n_jobs: int = 1, client: Any = None,
                 progress: bool | Callable[..., Any] = True, **game_options: Any) -> pd.DataFrame:
    """One `tournament` per value of `weight`: the swept bot against a fixed field.

    Parameters
    ----------
    values : iterable of float
        The values of the weight to try, e.g. ``[0, 0.5, 1, 2, 4]``.
    weight : str
        The name of a `Weights` field.
    bot : str or StrategicBot subclass
        The bot whose weight is swept (``"balanced"``, ``"wall"``, ``"majority"`` or a
        class); its other weights stay at its preset. Labelled ``"swept"``.
    opponents : sequence of str or mapping
        Distinct bot names, or ``{label: name or factory}``. One seat each.
    games : int
        Games per value.
    seed, n_jobs, client, progress, **game_options
        As for `tournament`; every value plays the same `seed`.

    Returns
    -------
    pandas.DataFrame
        The tournaments one after the other, with the column ``<weight>_weight``
        (`weight_column`) holding each row's value as a float.

    Raises
    ------
    ValueError
        For an unknown weight, no values, repeated opponents, or what `tournament`
        refuses.
    TypeError
        For a swept bot that is no StrategicBot, or opponents of the wrong type.

    Examples
    --------
    >>> sweep = weight_sweep([1, 2], weight="first_place", bot="wall", opponents=["greedy"],
    ...                      games=2, progress=False)
    >>> sweep[["first_place_weight", "game", "bot"]].head(2)
       first_place_weight  game     bot
    0                 1.0     0   swept
    1                 1.0     0  greedy
    """
    column = weight_column(weight)
    cls = _strategic_class(bot)
    lineup = _opponents(opponents)
    values = [float(v) for v in values]
    if not values:
        raise ValueError("give at least one value of the weight")
    frames = []
    for value in values:
        bots = {SWEPT: partial(cls, **{weight: value}), **lineup}
        frame = tournament(bots, games=games, seed=seed, n_jobs=n_jobs, client=client,
                           progress=progress, **game_options)
        frames.append(frame.assign(**{column: value}))
    return pd.concat(frames, ignore_index=True)


def sweep_summary(sweep: pd.DataFrame, weight: str = "wall", bot: str = SWEPT,
                  confidence: float = 0.95) -> pd.DataFrame:
    """The swept bot's results per value of the weight, in increasing order of the value.

    Parameters
    ----------
    sweep : pandas.DataFrame
        A `weight_sweep` result.
    weight : str
        The weight that was swept.
    bot : str
        The label whose results are summarised (another label gives an opponent's).
    confidence : float

    Returns
    -------
    pandas.DataFrame
        Indexed by the weight's value: the columns of `summary` (win rate and mean
        score with their intervals, mean final wall) plus ``wall_low`` and
        ``wall_high``, the interval of the mean final wall.

    Examples
    --------
    >>> sweep = pd.DataFrame({"wall_weight": [0.0, 0.0, 1.0, 1.0], "bot": ["swept"] * 4,
    ...                       "score": [100, 120, 130, 150], "win": [False, True, True, True],
    ...                       "final_wall": [5, 7, 12, 14]})
    >>> sweep_summary(sweep)[["games", "win_rate", "mean_score", "mean_final_wall"]]
                 games  win_rate  mean_score  mean_final_wall
    wall_weight
    0.0              2       0.5       110.0              6.0
    1.0              2       1.0       140.0             13.0
    """
    column = weight_column(weight)
    rows = sweep[sweep["bot"] == bot]
    if rows.empty:
        raise ValueError(f"no rows of bot {bot!r} in the sweep")
    table = summary(rows, by=column, confidence=confidence).sort_index()
    walls = mean_scores(rows, "final_wall", by=column, confidence=confidence)
    return table.assign(wall_low=walls["ci_low"], wall_high=walls["ci_high"])
