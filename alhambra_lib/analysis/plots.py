"""Matplotlib plots of tournament results: rates and scores with their intervals, walls.

Like `alhambra_lib.draw`, every plot draws on `ax` when one is passed, otherwise on
a new figure of its own (a plain `Figure` with an Agg canvas that shows itself
inline: no pyplot state), and returns the Axes. Each bot keeps one colour in every
plot (`bot_colours`); layers carry ids for `alhambra_lib.draw.artist`, so tests
and notebooks can check what was drawn.

The plots take the tables of `alhambra_lib.analysis.stats` and
`alhambra_lib.analysis.sweep` as they come:

=========================== ======================================================
`plot_bots`                 a `summary` table: win rate, mean score or final wall
                            per bot, with intervals
`plot_sweep`                a `sweep_summary` table: a metric against the weight,
                            with its confidence band
`plot_win_rate_by_wall`     a `win_rate_by_wall` table
`plot_wall_by_turn`         tournament rows: the mean wall after each turn, per bot
`plot_wall_gaps`            rows with ``wall_gap`` (`add_wall_gaps`): its
                            distribution per bot
`plot_module_effects`       a `module_effects_table`: each module's change of one
                            measure against the base game, with intervals
=========================== ======================================================

Examples
--------
>>> import pandas as pd
>>> table = pd.DataFrame({"games": [40, 40], "win_rate": [0.45, 0.3], "win_low": [0.3, 0.18],
...                       "win_high": [0.6, 0.45]},
...                      index=pd.Index(["wall", "majority"], name="bot"))
>>> ax = plot_bots(table, baseline=0.5)
>>> ax.get_title(loc="left"), [t.get_text() for t in ax.get_yticklabels()]
('Win rate per bot, with 95% intervals (40 games each)', ['wall', 'majority'])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.lines import Line2D

from ..draw import new_axes, side_legend
from ..i18n import N_, NP_, _, format_percent, gettext, ngettext, pgettext
from ..palette import SERIES_COLOURS
from .stats import mean_wall_by_turn
from .tournaments import wall_by_turn

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["bot_colours", "bot_name", "plot_bots", "plot_sweep", "plot_win_rate_by_wall",
           "plot_wall_by_turn", "plot_wall_gaps", "plot_module_effects", "METRICS"]

#: The metrics of `plot_bots` and `plot_sweep`: column, interval columns, axis label.
METRICS = {
    "win_rate": ("win_rate", "win_low", "win_high", N_("win rate")),
    "mean_score": ("mean_score", "score_low", "score_high", N_("mean final score")),
    "mean_final_wall": ("mean_final_wall", "wall_low", "wall_high",
                        N_("mean final wall (segments)")),
}
#: The bots of the studies by label, as a legend or a table names them.
_BOT_NAMES = (NP_("bot", "wall"), NP_("bot", "majority"), NP_("bot", "balanced"),
              NP_("bot", "greedy"), NP_("bot", "random"), NP_("bot", "swept"))


def bot_name(label: object) -> str:
    """A bot's label (``"wall"``, ``"swept"``) in the current language; another label as it is.

    >>> bot_name("swept"), bot_name("Ana")
    ('swept', 'Ana')
    """
    return pgettext("bot", str(label)) if str(label) in _BOT_NAMES else str(label)


# The bots of `tournament` by name keep their colours whatever plays with them; the
# swept bot of a weight sweep gets the last.
_FIXED = {"wall": 0, "majority": 1, "balanced": 2, "greedy": 3, "random": 4, "swept": 5}
_BAND_ALPHA = 0.2
_BASELINE = "#888888"


def bot_colours(labels: Iterable[str]) -> dict[str, str]:
    """A colour per bot label: fixed for the named bots, the others in order of the labels.

    Examples
    --------
    >>> bot_colours(["majority", "wall"]) == {"majority": SERIES_COLOURS[1],
    ...                                       "wall": SERIES_COLOURS[0]}
    True
    >>> bot_colours(["x", "wall"])["x"] == SERIES_COLOURS[1]  # the first colour not fixed
    True
    """
    labels = list(dict.fromkeys(labels))
    used = {_FIXED[label] for label in labels if label in _FIXED}
    free = [i for i in range(len(SERIES_COLOURS)) if i not in used] or [0]
    others = iter(free * len(labels))
    return {label: SERIES_COLOURS[_FIXED[label] if label in _FIXED else next(others)]
            for label in labels}


def _metric(table: pd.DataFrame,
            metric: str) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray] | None, str]:
    """(values, lows, highs or None, axis label) of a metric of `table`."""
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}: the metrics are {', '.join(METRICS)}")
    column, low, high, label = METRICS[metric]
    if column not in table:
        raise ValueError(f"the table has no {column!r} column: give a summary table")
    bounds = (table[low].to_numpy(float), table[high].to_numpy(float)) if low in table else None
    return table[column].to_numpy(float), bounds, _(label)


def _games(table: pd.DataFrame) -> int | None:
    """The games of every row when each row counts the same games, else None."""
    counts = set(table["games"]) if "games" in table else set()
    return int(counts.pop()) if len(counts) == 1 else None


def _capital(text: str) -> str:
    """`text` with its first letter a capital (a label as a title's start)."""
    return text[:1].upper() + text[1:]


def _titled(games: int | None, interval: bool, messages: tuple[str, str, str, str],
            **fields: Any) -> str:
    """The title of four `messages`: with an interval and a count of games, with the
    interval only, with the count only, with neither (`games` is None without a count)."""
    with_interval, interval_only, games_only, neither = messages
    if games is not None:
        return (with_interval if interval else games_only).format(n=games, **fields)
    return (interval_only if interval else neither).format(**fields)


def _baseline(ax: Axes, value: float, vertical: bool = False) -> None:
    """A dashed reference line, labelled with its value at its far end."""
    style: dict[str, Any] = {"color": _BASELINE, "linestyle": "--", "linewidth": 1,
                             "gid": "baseline"}
    text: dict[str, Any] = {"fontsize": 8, "color": _BASELINE, "gid": "baseline_label"}
    if vertical:
        ax.axvline(value, **style)
        ax.text(value, 1.0, " " + _("baseline {value}").format(value=f"{value:.2f}"),
                transform=ax.get_xaxis_transform(),
                ha="left", va="top", **text)
    else:
        ax.axhline(value, **style)
        ax.text(1.0, value, _("baseline {value}").format(value=f"{value:.2f}") + " ",
                transform=ax.get_yaxis_transform(),
                ha="right", va="bottom", **text)


def _style(ax: Axes, xlabel: str, ylabel: str, title: str) -> None:
    ax.set_xlabel(xlabel, fontsize=9)
    ax.set_ylabel(ylabel, fontsize=9)
    ax.tick_params(labelsize=8)
    ax.set_title(title, loc="left", fontsize=10)
    ax.grid(alpha=0.3)


def _errors(values: np.ndarray, bounds: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Error bar lengths below and above the values, from (lows, highs)."""
    return np.vstack([values - bounds[0], bounds[1] - values])


def plot_bots(table: pd.DataFrame, metric: str = "win_rate", ax: Axes | None = None, *,
              baseline: float | None = None, confidence: float = 0.95) -> Axes:
    """Each bot's win rate (or mean score, or mean final wall) with its interval, best on top.

    Parameters
    ----------
    table : pandas.DataFrame
        A `summary` table: one row per bot, indexed by label, in the order to show.
    metric : {"win_rate", "mean_score", "mean_final_wall"}
    ax : matplotlib Axes, optional
    baseline : float, optional
        A reference drawn as a dashed line, e.g. 1 / players for the win rate.
    confidence : float
        The intervals' coverage, for the title only.

    Returns
    -------
    matplotlib.axes.Axes
        One point per bot (layer ``points``) with error bars where the table has the
        interval, and the value written beside it (``values``).
    """
    values, bounds, label = _metric(table, metric)
    bots = [str(b) for b in table.index]
    if ax is None:
        ax = new_axes(4.6, 0.45 * len(bots) + 0.4, left=1.1, top=0.45)
    colours = list(bot_colours(bots).values())
    y = np.arange(len(bots))
    if bounds is not None:
        for row, colour in enumerate(colours):  # one call per colour: caps take one colour
            ax.errorbar(values[row], row, xerr=_errors(values, bounds)[:, row:row + 1],
                        fmt="none", ecolor=colour, elinewidth=2, capsize=4, gid="interval")
    ax.scatter(values, y, s=50, c=colours, zorder=3, gid="points")
    for value, at, high in zip(values, y, values if bounds is None else bounds[1]):
        ax.annotate(f"{value:.2f}" if metric == "win_rate" else f"{value:.1f}", (high, at),
                    xytext=(6, 0), textcoords="offset points", va="center", fontsize=8)
    if baseline is not None:
        _baseline(ax, baseline, vertical=True)
    ax.set_yticks(y, [bot_name(b) for b in bots])
    ax.set_ylim(len(bots) - 0.5, -0.5)  # the first row on top
    ax.margins(x=0.15)
    title = _titled(_games(table), bounds is not None, (
        _("{what} per bot, with {pct} intervals ({n} games each)"),
        _("{what} per bot, with {pct} intervals"), _("{what} per bot ({n} games each)"),
        _("{what} per bot")), what=_capital(label), pct=format_percent(confidence).replace(" ", ""))
    _style(ax, label, _("bot"), title)
    return ax


def plot_sweep(table: pd.DataFrame, metric: str = "win_rate", ax: Axes | None = None, *,
               weight: str = "wall", bot: str = "swept", marked: float | None = None,
               baseline: float | None = None, confidence: float = 0.95) -> Axes:
    """A metric of the swept bot against the value of the weight, with its confidence band.

    Parameters
    ----------
    table : pandas.DataFrame
        A `sweep_summary` table, indexed by the weight's value.
    metric : {"win_rate", "mean_score", "mean_final_wall"}
    ax : matplotlib Axes, optional
    weight : str
        The weight swept, for the labels.
    bot : str
        The bot summarised, for its colour.
    marked : float, optional
        A value to mark with a vertical line (the one a widget shows).
    baseline : float, optional
        A reference drawn as a dashed line, e.g. 1 / players for the win rate.
    confidence : float
        The band's coverage, for the title only.

    Returns
    -------
    matplotlib.axes.Axes
        The line through the values (layer ``metric``), the band (``band``), and the
        ``marked`` and ``baseline`` lines when asked for.

    Examples
    --------
    >>> import pandas as pd
    >>> table = pd.DataFrame({"games": [30, 30, 30], "mean_score": [110.0, 125.0, 121.0],
    ...                       "score_low": [104.0, 119.0, 115.0],
    ...                       "score_high": [116.0, 131.0, 127.0]},
    ...                      index=pd.Index([0.0, 1.0, 3.0], name="wall_weight"))
    >>> from alhambra_lib.draw import artist
    >>> ax = plot_sweep(table, "mean_score", marked=1.0)
    >>> ax.get_xlabel(), artist(ax, "metric").get_ydata().tolist()
    ('wall weight of the swept bot', [110.0, 125.0, 121.0])
    """
    values, bounds, label = _metric(table, metric)
    x = table.index.to_numpy(float)
    if ax is None:
        ax = new_axes(4.6, 2.6, left=0.8, right=1.6, top=0.45)
    colour = bot_colours([bot])[bot]
    pct = format_percent(confidence).replace(" ", "")
    handles = [Line2D([], [], color=colour, marker="o", label=bot_name(bot))]
    if bounds is not None:
        ax.fill_between(x, *bounds, color=colour, alpha=_BAND_ALPHA, linewidth=0, gid="band")
        handles.append(Line2D([], [], color=colour, alpha=0.4, linewidth=8,
                              label=_("{pct} interval").format(pct=pct)))
    ax.plot(x, values, color=colour, marker="o", gid="metric")
    if baseline is not None:
        _baseline(ax, baseline)
    if marked is not None:
        ax.axvline(marked, color="#333333", linewidth=1, gid="marked")
        handles.append(Line2D([], [], color="#333333", label=_("{weight} weight {value}").format(
            weight=gettext(weight), value=f"{marked:g}")))
    ax.set_xticks(x, [f"{v:g}" for v in x])
    title = _titled(_games(table), bounds is not None, (
        _("{what} against the {weight} weight, {pct} band ({n} games per weight)"),
        _("{what} against the {weight} weight, {pct} band"),
        _("{what} against the {weight} weight ({n} games per weight)"),
        _("{what} against the {weight} weight")), what=_capital(label), weight=gettext(weight),
        pct=pct)
    _style(ax, _("{weight} weight of the {bot} bot").format(weight=gettext(weight),
                                                            bot=bot_name(bot)), label, title)
    side_legend(ax, handles)
    return ax


def plot_win_rate_by_wall(table: pd.DataFrame, ax: Axes | None = None, *,
                          baseline: float | None = None, confidence: float = 0.95) -> Axes:
    """The win rate of the players whose final wall fell in each bucket, with intervals.

    Parameters
    ----------
    table : pandas.DataFrame
        A `win_rate_by_wall` table (``rows``, ``win_rate``, ``ci_low``, ``ci_high``).
    ax : matplotlib Axes, optional
    baseline : float, optional
        A reference drawn as a dashed line, e.g. 1 / players.
    confidence : float
        The intervals' coverage, for the title only.

    Returns
    -------
    matplotlib.axes.Axes
        A point per bucket (layer ``points``) with its interval (``intervals``) and its
        number of player-games written below.

    Examples
    --------
    >>> import pandas as pd
    >>> table = pd.DataFrame({"rows": [10, 20], "win_rate": [0.1, 0.5], "ci_low": [0.02, 0.3],
    ...                       "ci_high": [0.4, 0.7]}, index=pd.Index(["0-4", "5-9"]))
    >>> ax = plot_win_rate_by_wall(table)
    >>> [t.get_text() for t in ax.texts]
    ['n=10', 'n=20']
    """
    x = np.arange(len(table))
    values = table["win_rate"].to_numpy(float)
    bounds = table["ci_low"].to_numpy(float), table["ci_high"].to_numpy(float)
    if ax is None:
        ax = new_axes(0.55 * len(table) + 1.5, 2.6, left=0.8, top=0.45)
    colour = SERIES_COLOURS[0]
    ax.errorbar(x, values, yerr=_errors(values, bounds), fmt="none", ecolor=colour,
                elinewidth=2, capsize=4, gid="intervals")
    ax.plot(x, values, "o", color=colour, gid="points")
    for xi, n in zip(x, table["rows"]):
        ax.annotate(f"n={n}", (xi, 0), xytext=(0, 3), textcoords="offset points",
                    ha="center", fontsize=8, color="#555555")
    if baseline is not None:
        _baseline(ax, baseline)
    ax.set_xticks(x, list(table.index))
    ax.set_ylim(0, 1)
    _style(ax, _("final wall (segments)"), _("win rate"),
           _("Win rate by final wall, with {pct} intervals").format(
               pct=format_percent(confidence).replace(" ", "")))
    return ax


def plot_wall_by_turn(df: pd.DataFrame, ax: Axes | None = None, *, by: str = "bot",
                      min_share: float = 0.5) -> Axes:
    """The mean length of each bot's longest wall after each of its turns.

    Parameters
    ----------
    df : pandas.DataFrame
        Tournament rows (``game``, ``seat``, ``wall_trace`` and `by` are used).
    ax : matplotlib Axes, optional
    by : str
        The column that names the lines.
    min_share : float
        Show a turn only while at least this share of a bot's players reached it:
        the last turns of the longest games rest on a handful of players, and their
        means jump about.

    Returns
    -------
    matplotlib.axes.Axes
        One line per bot, with id ``wall-<label>``.

    Examples
    --------
    >>> import pandas as pd
    >>> from alhambra_lib.draw import artist
    >>> df = pd.DataFrame({"game": [0, 1, 0], "seat": [0, 0, 1], "bot": ["wall"] * 2 + ["majority"],
    ...                    "wall_trace": ["[0,2,4]", "[2,4]", "[1,1,2]"]})
    >>> artist(plot_wall_by_turn(df), "wall-wall").get_ydata().tolist()  # turn 3: 1 of 2
    [1.0, 3.0, 4.0]
    >>> artist(plot_wall_by_turn(df, min_share=0.9), "wall-wall").get_ydata().tolist()
    [1.0, 3.0]
    """
    means = mean_wall_by_turn(df, by=by)
    reached = wall_by_turn(df).pivot_table(index="turn", columns=by, values="wall",
                                           aggfunc="size")
    players = df.groupby(by).size()
    if ax is None:
        ax = new_axes(4.6, 2.6, left=0.8, right=1.4, top=0.45)
    colours = bot_colours(str(b) for b in means.columns)
    for label in means.columns:
        shown = means[label][reached[label] >= min_share * players[label]]
        ax.plot(shown.index, shown, color=colours[str(label)], linewidth=2,
                label=bot_name(label), gid=f"wall-{label}")
    ax.set_xlim(left=0)
    ax.set_ylim(bottom=0)
    games = df["game"].nunique()
    _style(ax, _("the player's turn"), _("longest wall (segments)"),
           ngettext("Mean longest wall after each turn ({n} game)",
                    "Mean longest wall after each turn ({n} games)", games).format(n=games))
    side_legend(ax, ax.get_legend_handles_labels()[0])
    return ax


def plot_wall_gaps(df: pd.DataFrame, ax: Axes | None = None, *, by: str = "bot") -> Axes:
    """The distribution of the wall gap per bot: the share of Alhambras within each gap.

    Parameters
    ----------
    df : pandas.DataFrame
        Rows with ``wall_gap`` and ``wall_gap_exact`` (`add_wall_gaps`) and `by`.
    ax : matplotlib Axes, optional
    by : str

    Returns
    -------
    matplotlib.axes.Axes
        One cumulative step line per bot (id ``gap-<label>``): at gap g, the share of
        that bot's Alhambras whose wall was at most g segments short of the best found.
        The legend gives each bot's count and mean gap.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"bot": ["wall", "wall", "majority"], "wall_gap": [0, 4, 6],
    ...                    "wall_gap_exact": [True, True, False]})
    >>> from alhambra_lib.draw import artist
    >>> artist(plot_wall_gaps(df), "gap-wall").get_ydata().tolist()
    [0.0, 0.5, 1.0, 1.0]
    """
    if ax is None:
        ax = new_axes(4.6, 2.6, left=0.8, right=2.3, top=0.6)
    groups = dict(list(df.groupby(by)["wall_gap"]))
    colours = bot_colours(str(label) for label in groups)
    right = max(int(df["wall_gap"].max()) + 1, 1)
    for label, gaps in groups.items():
        gaps = np.sort(gaps.to_numpy(int))
        # A step up by 1/n at every Alhambra, from 0 before the smallest gap to 1 after.
        x = np.concatenate([[0], gaps, [right]])
        y = np.concatenate([[0], np.arange(1, len(gaps) + 1) / len(gaps), [1]])
        ax.step(x, y, where="post", color=colours[str(label)], linewidth=2,
                label=_("{bot} (n={n}, mean {mean})").format(
                    bot=bot_name(label), n=len(gaps), mean=f"{gaps.mean():.1f}"),
                gid=f"gap-{label}")
    ax.set_xlim(0, right)
    ax.set_ylim(0, 1.02)
    title = (_("How far the final walls fell short of the best") if df["wall_gap_exact"].all()
             else _("How far the final walls fell short of the best\nbest found by search: "
                    "unproven gaps are lower bounds"))
    _style(ax, _("wall gap: best possible wall − final wall (segments)"),
           _("share of Alhambras with\nat most this gap"), title)
    side_legend(ax, ax.get_legend_handles_labels()[0])
    return ax


def plot_module_effects(table: pd.DataFrame, measure: str = "winner_score", ax: Axes | None = None,
                        *, confidence: float = 0.95) -> Axes:
    """How much each Mega Box module changes one measure against the base game.

    Parameters
    ----------
    table : pandas.DataFrame
        A `module_effects_table` (`alhambra_lib.analysis.module_study`).
    measure : str
        One of `alhambra_lib.analysis.module_study.MEASURES`.
    ax : matplotlib Axes, optional
    confidence : float
        The intervals' coverage, for the title only.

    Returns
    -------
    matplotlib.axes.Axes
        One row per module, named by its title (layer ``points``: the change, with its
        interval as error bars, ``interval``), and the base game's value as the dashed
        line at 0 (``baseline``). A change whose interval lies above 0 is drawn green,
        below 0 vermilion, else grey; the change is written beside each point.

    Examples
    --------
    >>> import pandas as pd
    >>> index = pd.MultiIndex.from_tuples([("base", "turns"), ("vizier", "turns")],
    ...                                   names=["module", "measure"])
    >>> table = pd.DataFrame({"title": ["Base game", "Vizier's Favour (M1)"], "games": [4, 4],
    ...                       "value": [120.0, 110.0], "low": [110.0, 100.0],
    ...                       "high": [130.0, 120.0], "change": [float("nan"), -10.0],
    ...                       "change_low": [float("nan"), -14.0],
    ...                       "change_high": [float("nan"), -6.0]}, index=index)
    >>> ax = plot_module_effects(table, "turns")
    >>> [t.get_text() for t in ax.get_yticklabels()], ax.get_xlabel()
    (["Vizier's Favour (M1)"], 'change in game length (turns) against the base game')
    """
    from .module_study import BASE, MEASURES, arm_title

    if measure not in MEASURES:
        raise ValueError(f"unknown measure {measure!r}: the measures are {', '.join(MEASURES)}")
    rows = table.xs(measure, level="measure")
    base = rows.loc[BASE] if BASE in rows.index else None
    rows = rows.drop(index=BASE, errors="ignore")
    if ax is None:
        ax = new_axes(4.2, 0.4 * len(rows) + 0.4, left=2.3, top=0.6)
    values = rows["change"].to_numpy(float)
    bounds = (rows["change_low"].to_numpy(float), rows["change_high"].to_numpy(float))
    colours = [SERIES_COLOURS[2] if low > 0 else SERIES_COLOURS[1] if high < 0 else _BASELINE
               for low, high in zip(*bounds)]
    y = np.arange(len(rows))
    for row, colour in enumerate(colours):  # one call per colour: caps take one colour
        ax.errorbar(values[row], row, xerr=_errors(values, bounds)[:, row:row + 1],
                    fmt="none", ecolor=colour, elinewidth=2, capsize=4, gid="interval")
    ax.scatter(values, y, s=50, c=colours, zorder=3, gid="points")
    for value, at, high in zip(values, y, bounds[1]):
        ax.annotate(f"{value:+.2f}" if measure == "wall_slope" else f"{value:+.1f}",
                    (high if np.isfinite(high) else value, at), xytext=(6, 0),
                    textcoords="offset points", va="center", fontsize=8)
    ax.axvline(0, color=_BASELINE, linestyle="--", linewidth=1, gid="baseline")
    ax.set_yticks(y, [arm_title(str(arm)) for arm in rows.index])
    ax.set_ylim(len(rows) - 0.5, -0.5)  # the rulebook's order, top down
    ax.margins(x=0.2)
    label = _(MEASURES[measure])
    what: dict[str, object] = {"what": label.split(" (")[0],
                               "pct": format_percent(confidence).replace(" ", "")}
    if base is None:
        title = _("What each module does to the {what}\n{pct} intervals; 0 = the base game")
    else:
        title = _("What each module does to the {what} ({n} games each)\n{pct} intervals; "
                  "0 = the base game; base game {value}")
        what.update(n=int(base["games"]), value=f"{base['value']:.1f}")
    _style(ax, _("change in {what} against the base game").format(what=label), _("module"),
           title.format(**what))
    return ax
