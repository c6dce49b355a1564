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

from ..draw.figure import _Figure
from ..i18n import N_, _, format_list, ngettext
from ..modules import MODULES
from .module_study import arm_title
from .plots import plot_bots, plot_sweep
from .study import WallStudy

__all__ = ["describe_wall_study", "describe_module_effects", "module_verdict", "signed",
           "half_width", "wall_verdict"]

#: The module-effect measures put in words, with their units: the table's columns.
_EFFECT_WORDS = {"winner_score": N_("the winner's score (points)"),
                 "turns": N_("the length (turns)"),
                 "wall_slope": N_("the value of a wall point (points per wall point)")}


#: The sweep's three panels, side by side: metric -> short title.
_SWEEP_PANELS = {"win_rate": N_("win rate"), "mean_score": N_("mean final score"),
                 "mean_final_wall": N_("mean final wall")}


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
        same = ngettext("the same in the {n} game: no interval",
                        "the same in all {n} games: no interval", games).format(n=games)
        return f"<td style='{_CELL}'>{signed(change)}<br><small>{escape(same)}</small></td>"
    shade = _ABOVE if low > 0 else _BELOW if high < 0 else ""
    spread = _("{low} to {high}").format(low=signed(low), high=signed(high))
    return (f"<td style='{_CELL}{f';background:{shade}' if shade else ''}'>{signed(change)}"
            f"<br><small>{escape(spread)}</small></td>")


#: The measures' changes as the answer's line says them.
_SHORT = {"winner_score": N_("winner's score {change}"), "turns": N_("length {change} turns"),
          "wall_slope": N_("wall point {change}")}


def _clear_changes(effects: pd.DataFrame) -> list[str]:
    """Per module, its changes whose interval lies wholly on one side of 0, in words."""
    found = []
    for module in MODULES:
        clear = []
        for measure, said in _SHORT.items():
            if (module, measure) not in effects.index:
                continue
            row = effects.loc[(module, measure)]
            if row["change_low"] > 0 or row["change_high"] < 0:
                clear.append(_(said).format(change=signed(row["change"])))
        if clear:
            found.append(escape(_("{module} ({changes})").format(
                module=_(MODULES[module].title), changes=", ".join(clear)), quote=False))
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
            escape(_("no module changes the winner's score, the length or the value of a wall "
                     "point beyond the noise.")))
    measured = ngettext("Measured against the base game in {n} paired game per module, with 95% "
                        "intervals; every other change is within the noise.",
                        "Measured against the base game in {n} paired games per module, with "
                        "95% intervals; every other change is within the noise.",
                        games).format(n=games)
    if games < FEW_GAMES:
        measured += " " + ngettext("With {n} game per module the intervals are rough: take "
                                   "these as leads, not answers.",
                                   "With {n} games per module the intervals are rough: take "
                                   "these as leads, not answers.", games).format(n=games)
    title = escape(_("What the modules do, beyond the noise:"))
    return f"<p><b>{title}</b> {head}<br>{escape(measured)}</p>"


def describe_module_effects(effects: pd.DataFrame) -> list:
    """The answer in two lines, then a table: each module's changes with their intervals."""
    games = int(effects["games"].min())
    head = "".join(f"<th>{escape(_(words))}</th>" for words in _EFFECT_WORDS.values())
    rows = []
    for module in MODULES:
        if (module, "turns") not in effects.index:
            continue
        cells = "".join(_interval_cell(effects.loc[(module, measure)], games)
                        for measure in _EFFECT_WORDS)
        rows.append(f"<tr><th style='text-align:left;padding-right:12px'>"
                    f"{escape(arm_title(module), quote=False)}</th>"
                    f"{cells}</tr>")
    note = _("Each cell: the module's change against the base game, and under it its 95% "
             "interval. Shaded green, the interval lies wholly above 0; shaded red, wholly "
             "below; unshaded, it holds 0, and the change is not shown to be one.")
    if games < FEW_GAMES:
        note += " " + ngettext("From {n} paired game an interval is rough and likely too narrow "
                               "(it leans on a normal approximation that needs more games).",
                               "From {n} paired games an interval is rough and likely too "
                               "narrow (it leans on a normal approximation that needs more "
                               "games).", games).format(n=games)
    note = f"<p>{escape(note)}</p>"
    table = (f"<table class='alhambra-effects' style='border-collapse:collapse;"
             f"font-size:13px;line-height:1.3'><tr><th>{escape(_('module'))}</th>{head}</tr>"
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
    figure = _Figure(figsize=(15, 3.4), layout="constrained")  # the language's fonts
    axes = figure.subplots(1, 4, width_ratios=[1, 1, 1, 1.3])
    for ax, (metric, title) in zip(axes, _SWEEP_PANELS.items()):
        plot_sweep(study.sweep, metric, ax, baseline=1 / 3 if metric == "win_rate" else None)
        ax.set_title(_(title), loc="left", fontsize=10)  # long ones side by side run together
    plot_bots(study.presets, ax=axes[3], baseline=1 / 3)
    axes[3].set_title(_("the presets' win rates"), loc="left", fontsize=10)
    figure.suptitle(ngettext("The swept bot against its wall weight, and the three presets, "
                             "with 95% intervals ({n} game each)",
                             "The swept bot against its wall weight, and the three presets, "
                             "with 95% intervals ({n} games each)", study.games).format(
        n=study.games))
    _legible(figure)
    return [wall_verdict(study), figure, f"<p>{escape(_sweep_words(study.sweep, small))}</p>"]


#: Points of the smallest text on a page's picture: 11 CSS px at the pictures' 90 dpi,
#: 10 px or more when the page shows the picture a little narrower than drawn.
SMALLEST_POINTS = 9.0


def _legible(figure: Figure) -> None:
    """Raise every text of `figure` smaller than `SMALLEST_POINTS` to that size."""
    for text in figure.findobj(Text):
        if float(text.get_fontsize()) < SMALLEST_POINTS:  # a size in points once drawn
            text.set_fontsize(SMALLEST_POINTS)


def _apart(sweep: pd.DataFrame, measure: str) -> bool:
    """Whether weight 0's interval of `measure` (``wall``, ``score``) is apart from every
    positive weight's (beyond the noise), or not (within the noise)."""
    low, high = sweep[f"{measure}_low"], sweep[f"{measure}_high"]
    others = sweep.index != 0.0
    return bool(high[0.0] < low[others].min() or low[0.0] > high[others].max())


#: What ignoring walls does to the final wall and to the score: (costs, adds) by
#: whether it is beyond the noise.
_WALL_FACT = {True: (N_("ignoring walls costs {n} segments of final wall (beyond the noise)"),
                     N_("ignoring walls adds {n} segments of final wall (beyond the noise)")),
              False: (N_("ignoring walls costs {n} segments of final wall (within the noise)"),
                      N_("ignoring walls adds {n} segments of final wall (within the noise)"))}
_SCORE_FACT = {True: (N_("costs {n} points of score (beyond the noise)"),
                      N_("adds {n} points of score (beyond the noise)")),
               False: (N_("costs {n} points of score (within the noise)"),
                       N_("adds {n} points of score (within the noise)"))}


def _fact(facts: dict, sweep: pd.DataFrame, measure: str, loss: float) -> str:
    """What ignoring walls does to `measure`, `loss` on average, with how sure it is."""
    costs, adds = facts[_apart(sweep, measure)]
    return _(costs if loss >= 0 else adds).format(n=f"{abs(loss):.1f}")


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
    facts = _("{wall} and {score}").format(wall=_fact(_WALL_FACT, sweep, "wall", cost),
                                           score=_fact(_SCORE_FACT, sweep, "score", points))
    if better:
        head = ngettext("the wall weight matters: weight {weights} wins more often than another "
                        "weight, beyond the noise; {facts}",
                        "the wall weight matters: weights {weights} win more often than another "
                        "weight, beyond the noise; {facts}", len(better)).format(
            weights=format_list(better), facts=facts)
    else:
        # Advice only where the walls are apart: a run too small separates nothing.
        lead = (_("place tiles to extend your wall, but do not pay for it")
                if cost > 0 and _apart(sweep, "wall") else _("this run is too small to say"))
        head = _("{lead}: {facts}, yet no wall weight wins more often than another beyond the "
                 "noise (win rates {low} to {high}, each ±{width})").format(
            lead=lead, facts=facts, low=f"{sweep.win_rate.min():.2f}",
            high=f"{sweep.win_rate.max():.2f}", width=f"{half_width(sweep):.2f}")
    source = ngettext("From {n} game per wall weight (seed {seed}) of bots that look one move "
                      "ahead, with 95% intervals.",
                      "From {n} games per wall weight (seed {seed}) of bots that look one move "
                      "ahead, with 95% intervals.", study.games).format(n=study.games,
                                                                        seed=study.seed)
    answer = escape(_("The answer:"))
    return f"<p><b>{answer}</b> {escape(head)}.<br>{escape(source)}</p>"


def _sweep_words(sweep: pd.DataFrame, small: pd.DataFrame | None) -> str:
    ignored, weighted = sweep.loc[0.0], sweep.drop(index=0.0)
    clearly_better = [f"{w:g}" for w, row in weighted.iterrows()
                      if row.win_low > ignored.win_high]
    text = _(
        "With walls ignored (weight 0) the swept bot ends with a wall of {wall} segments; with "
        "any positive weight {wall_low} to {wall_high}. It wins {win} of its games (95% "
        "interval {win_low} to {win_high}) against {wins_low} to {wins_high} with a positive "
        "weight, and scores {score} points against {score_low} to {score_high}.").format(
        wall=f"{ignored.mean_final_wall:.1f}", wall_low=f"{weighted.mean_final_wall.min():.1f}",
        wall_high=f"{weighted.mean_final_wall.max():.1f}", win=f"{ignored.win_rate:.3f}",
        win_low=f"{ignored.win_low:.3f}", win_high=f"{ignored.win_high:.3f}",
        wins_low=f"{weighted.win_rate.min():.3f}", wins_high=f"{weighted.win_rate.max():.3f}",
        score=f"{ignored.mean_score:.1f}", score_low=f"{weighted.mean_score.min():.1f}",
        score_high=f"{weighted.mean_score.max():.1f}")
    if clearly_better:
        text += " " + ngettext("The win-rate interval of the weight {weights} lies wholly above "
                               "that of weight 0.",
                               "The win-rate intervals of the weights {weights} lie wholly above "
                               "that of weight 0.", len(clearly_better)).format(
            weights=", ".join(clearly_better))
    else:
        text += " " + _("The win-rate intervals of weight 0 and of the others still overlap.")
    width = f"{half_width(sweep):.3f}"
    if small is None:
        return text + " " + _("The win-rate intervals are about ±{width} wide here.").format(
            width=width)
    return text + " " + _("The win-rate intervals are about ±{width} wide here, against "
                          "±{small} in the small run.").format(width=width,
                                                               small=f"{half_width(small):.3f}")
