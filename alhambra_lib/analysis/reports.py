"""Saved studies in sentences and pictures: what `SavedStudyView` shows of each.

Each ``describe_*`` function turns a study's result into a list of parts, in reading
order: HTML text (sentences, never code or raw printouts) and matplotlib Figures.

Examples
--------
>>> from alhambra_lib.analysis.saved import load_study
>>> parts = describe_module_effects(load_study("module_effects"))
>>> parts[0].startswith("<p>Against the base game")
True
>>> from matplotlib.figure import Figure
>>> [isinstance(p, Figure) for p in parts[1:]]
[True, True]
>>> parts = describe_wall_study(load_study("wall_study"))
>>> isinstance(parts[0], Figure), parts[1].startswith("<p>With walls ignored")
(True, True)
"""

from __future__ import annotations

from html import escape

import pandas as pd
from matplotlib.figure import Figure

from ..modules import MODULES
from .plots import plot_bots, plot_module_effects, plot_sweep
from .study import WallStudy

__all__ = ["describe_wall_study", "describe_module_effects", "signed", "half_width"]

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


def describe_module_effects(effects: pd.DataFrame) -> list:
    """A sentence per module (its changes with their intervals), then two plots."""
    items = []
    for module in MODULES:
        if (module, "turns") not in effects.index:
            continue
        changes = []
        for measure, (what, unit) in _EFFECT_WORDS.items():
            row = effects.loc[(module, measure)]
            changes.append(f"{what} by {signed(row['change'])} {unit} (95% interval "
                           f"{signed(row['change_low'])} to {signed(row['change_high'])})")
        row = effects.loc[(module, "turns")]
        items.append(f"<li><b>{escape(row['title'], quote=False)}</b>, in "
                     f"{int(row['games'])} paired games, changes "
                     f"{escape('; '.join(changes), quote=False)}.</li>")
    text = ("<p>Against the base game, each module alone changes the game as follows.</p>"
            f"<ul>{''.join(items)}</ul>")
    return [text, plot_module_effects(effects, "winner_score").figure,
            plot_module_effects(effects, "wall_slope").figure]


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
    return [figure, f"<p>{_sweep_words(study.sweep, small)}</p>"]


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
