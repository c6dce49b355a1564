"""Saved studies in sentences and pictures: what `SavedStudyView` shows of each.

Each ``describe_*`` function turns a study's result into a list of parts, in reading
order: HTML text (sentences, never code or raw printouts) and matplotlib Figures.

Examples
--------
>>> from alhambra_lib.analysis.saved import load_study
>>> parts = describe_module_effects(load_study("module_effects"))
>>> parts[0].startswith("<p><b>What the modules do"), "<table" in parts[1]
(True, True)
>>> from matplotlib.figure import Figure
>>> parts = describe_wall_study(load_study("wall_study"))
>>> parts[0].startswith("<p><b>The answer:</b>"), isinstance(parts[1], Figure)
(True, True)
>>> parts[2].startswith("<p>With walls ignored")
True
"""

from __future__ import annotations

from html import escape

import pandas as pd
from matplotlib.figure import Figure
from matplotlib.text import Text

from ..modules import MODULES
from .plots import plot_bots, plot_sweep
from .study import WallStudy

__all__ = ["describe_wall_study", "describe_module_effects", "module_verdict", "signed",
           "half_width", "wall_verdict"]

#: The module-effect measures put in words: (what changes, its unit).
_EFFECT_WORDS = {"winner_score": ("the winner's score", "points"),
                 "turns": ("the length", "turns"),
                 "wall_slope": ("the value of a wall point", "points per wall point")}


#: The sweep's three panels, side by side: metric -> short title.
_SWEEP_PANELS = {"win_rate": "win rate", "mean_score": "mean final score",
                 "mean_final_wall": "mean final wall"}


def signed(value: float) -> str:
    """``+1.5``, ``-0.3``, ``+0.0`` (never ``-0.0``).

    >>> signed(-0.04), signed(1.26)
    ('+0.0', '+1.3')
    """
    return f"{round(value, 1) + 0.0:+.1f}"


def half_width(table: pd.DataFrame) -> float:
    """The mean half width of the win-rate intervals of a summary table."""
    return float(((table.win_high - table.win_low) / 2).mean())


#: Fewer paired games than this per module and the intervals (a normal approximation)
#: are rough: the page says so.
FEW_GAMES = 30
#: The table's shading of a change whose interval lies wholly above or below 0.
_ABOVE, _BELOW = "#d9f0d3", "#f9d9cc"
_CELL = "padding:3px 12px;border-bottom:1px solid #e0e0e0"


def _interval_cell(row: pd.Series, games: int) -> str:
    """A change and its interval as a table cell (HTML), honest about a degenerate one."""
    change, low, high = row["change"], row["change_low"], row["change_high"]
    if low == high:  # every paired game changed by the same amount: no spread at all
        return (f"<td style='{_CELL}'>{signed(change)}<br><small>the same in all {games} "
                "games: no interval</small></td>")
    shade = _ABOVE if low > 0 else _BELOW if high < 0 else ""
    return (f"<td style='{_CELL}{f';background:{shade}' if shade else ''}'>{signed(change)}"
            f"<br><small>{signed(low)} to {signed(high)}</small></td>")


#: The measures' short names in the answer's line.
_SHORT = {"winner_score": ("winner's score", ""), "turns": ("length", " turns"),
          "wall_slope": ("wall point", "")}


def _clear_changes(effects: pd.DataFrame) -> list[str]:
    """Per module, its changes whose interval lies wholly on one side of 0, in words."""
    found = []
    for module in MODULES:
        clear = []
        for measure, (what, unit) in _SHORT.items():
            if (module, measure) not in effects.index:
                continue
            row = effects.loc[(module, measure)]
            if row["change_low"] > 0 or row["change_high"] < 0:
                clear.append(f"{what} {signed(row['change'])}{unit}")
        if clear:
            found.append(f"{escape(MODULES[module].title, quote=False)} ({', '.join(clear)})")
    return found


def module_verdict(effects: pd.DataFrame) -> str:
    """The module study's answer in two lines (HTML), from its result.

    Examples
    --------
    >>> from alhambra_lib.analysis.saved import load_study
    >>> print(module_verdict(load_study("module_effects")))  # doctest: +ELLIPSIS
    <p><b>What the modules do, beyond the noise:</b> Vizier's Favour (length +11.5 turns), ...
    """
    games = int(effects["games"].min())
    clear = _clear_changes(effects)
    head = (", ".join(clear) + "." if clear else
            "no module changes the winner's score, the length or the value of a wall "
            "point beyond the noise.")
    rough = (f" With {games} games per module the intervals are rough: take these as "
             "leads, not answers." if games < FEW_GAMES else "")
    return (f"<p><b>What the modules do, beyond the noise:</b> {head}<br>"
            f"Measured against the base game in {games} paired games per module, with 95% "
            f"intervals; every other change is within the noise.{rough}</p>")


def describe_module_effects(effects: pd.DataFrame) -> list:
    """The answer in two lines, then a table: each module's changes with their intervals."""
    games = int(effects["games"].min())
    head = "".join(f"<th>{what} ({unit})</th>" for what, unit in _EFFECT_WORDS.values())
    rows = []
    for module in MODULES:
        if (module, "turns") not in effects.index:
            continue
        cells = "".join(_interval_cell(effects.loc[(module, measure)], games)
                        for measure in _EFFECT_WORDS)
        rows.append(f"<tr><th style='text-align:left;padding-right:12px'>"
                    f"{escape(effects.loc[(module, 'turns')]['title'], quote=False)}</th>"
                    f"{cells}</tr>")
    note = ("<p>Each cell: the module's change against the base game, and under it its 95% "
            "interval. Shaded green, the interval lies wholly above 0; shaded red, wholly "
            "below; unshaded, it holds 0, and the change is not shown to be one."
            + (f" From {games} paired games an interval is rough and likely too narrow "
               "(it leans on a normal approximation that needs more games)."
               if games < FEW_GAMES else "") + "</p>")
    table = (f"<table class='alhambra-effects' style='border-collapse:collapse;"
             f"font-size:13px;line-height:1.3'><tr><th>module</th>{head}</tr>"
             f"{''.join(rows)}</table>")
    return [module_verdict(effects), note + table]


def describe_wall_study(study: WallStudy, small: pd.DataFrame | None = None) -> list:
    """The sweep's three curves, the presets' win rates and what they say, in words.

    Parameters
    ----------
    study : WallStudy
    small : pandas.DataFrame, optional
        The `sweep_summary` of a smaller run, whose interval widths the text compares.
    """
    figure = Figure(figsize=(15, 3.4), layout="constrained")
    axes = figure.subplots(1, 4, width_ratios=[1, 1, 1, 1.3])
    for ax, (metric, title) in zip(axes, _SWEEP_PANELS.items()):
        plot_sweep(study.sweep, metric, ax, baseline=1 / 3 if metric == "win_rate" else None)
        ax.set_title(title, loc="left", fontsize=10)  # long ones side by side run together
    plot_bots(study.presets, ax=axes[3], baseline=1 / 3)
    axes[3].set_title("the presets' win rates", loc="left", fontsize=10)
    figure.suptitle(f"The swept bot against its wall weight, and the three presets, with "
                    f"95% intervals ({study.games} games each)")
    _legible(figure)
    return [wall_verdict(study), figure, f"<p>{_sweep_words(study.sweep, small)}</p>"]


#: Points of the smallest text on a page's picture: 11 CSS px at the pictures' 90 dpi,
#: 10 px or more when the page shows the picture a little narrower than drawn.
SMALLEST_POINTS = 9.0


def _legible(figure: Figure) -> None:
    """Raise every text of `figure` smaller than `SMALLEST_POINTS` to that size."""
    for text in figure.findobj(Text):
        if float(text.get_fontsize()) < SMALLEST_POINTS:  # a size in points once drawn
            text.set_fontsize(SMALLEST_POINTS)


def _costs(loss: float) -> str:
    return "costs" if loss >= 0 else "adds"


def _noise(sweep: pd.DataFrame, measure: str) -> str:
    """Whether weight 0's interval of `measure` (``wall``, ``score``) is apart from every
    positive weight's: "beyond the noise", else "within the noise"."""
    low, high = sweep[f"{measure}_low"], sweep[f"{measure}_high"]
    others = sweep.index != 0.0
    apart = high[0.0] < low[others].min() or low[0.0] > high[others].max()
    return "beyond the noise" if apart else "within the noise"


def wall_verdict(study: WallStudy) -> str:
    """The wall study's answer in two lines (HTML), from its result: what ignoring walls
    costs, and whether any wall weight wins more often than another.

    Examples
    --------
    >>> from alhambra_lib.analysis.saved import load_study
    >>> print(wall_verdict(load_study("wall_study")))  # doctest: +ELLIPSIS
    <p><b>The answer:</b> place tiles to extend your wall, but do not pay for it: ...
    """
    sweep = study.sweep
    ignored, weighted = sweep.loc[0.0], sweep.drop(index=0.0)
    cost = weighted.mean_final_wall.mean() - ignored.mean_final_wall
    points = weighted.mean_score.mean() - ignored.mean_score
    better = [f"{w:g}" for w, row in sweep.iterrows()
              if (row.win_low > sweep.drop(index=w).win_high).any()]
    facts = (f"ignoring walls {_costs(cost)} {abs(cost):.1f} segments of final wall "
             f"({_noise(sweep, 'wall')}) and {_costs(points)} {abs(points):.1f} points of "
             f"score ({_noise(sweep, 'score')})")
    if better:
        head = (f"the wall weight matters: weight {' and '.join(better)} wins more often than "
                f"another weight, beyond the noise; {facts}")
    else:
        # Advice only where the walls are apart: a run too small separates nothing.
        lead = ("place tiles to extend your wall, but do not pay for it"
                if cost > 0 and _noise(sweep, "wall") == "beyond the noise"
                else "this run is too small to say")
        head = (f"{lead}: {facts}, yet no wall weight wins more often than another beyond "
                f"the noise (win rates {sweep.win_rate.min():.2f} to "
                f"{sweep.win_rate.max():.2f}, each ±{half_width(sweep):.2f})")
    return (f"<p><b>The answer:</b> {head}.<br>From {study.games} games per wall weight "
            f"(seed {study.seed}) of bots that look one move ahead, with 95% intervals.</p>")


def _sweep_words(sweep: pd.DataFrame, small: pd.DataFrame | None) -> str:
    ignored, weighted = sweep.loc[0.0], sweep.drop(index=0.0)
    clearly_better = [f"{w:g}" for w, row in weighted.iterrows()
                      if row.win_low > ignored.win_high]
    text = (
        f"With walls ignored (weight 0) the swept bot ends with a wall of "
        f"{ignored.mean_final_wall:.1f} segments; with any positive weight "
        f"{weighted.mean_final_wall.min():.1f} to {weighted.mean_final_wall.max():.1f}. "
        f"It wins {ignored.win_rate:.3f} of its games (95% interval {ignored.win_low:.3f} to "
        f"{ignored.win_high:.3f}) against {weighted.win_rate.min():.3f} to "
        f"{weighted.win_rate.max():.3f} with a positive weight, and scores "
        f"{ignored.mean_score:.1f} points against {weighted.mean_score.min():.1f} to "
        f"{weighted.mean_score.max():.1f}. "
        + (f"The win-rate intervals of the weights {', '.join(clearly_better)} lie wholly "
           "above that of weight 0." if clearly_better else
           "The win-rate intervals of weight 0 and of the others still overlap.")
        + f" The win-rate intervals are about ±{half_width(sweep):.3f} wide here")
    return text + (f", against ±{half_width(small):.3f} in the small run." if small is not None
                   else ".")
