"""StudyRunner: play a small wall-weight study from the page, with a progress bar.

The analyst picks the games per weight, the players per game, the seed and the wall
weights, and presses the button: the swept BalancedBot plays one `weight_sweep`
tournament per weight against a MajorityHunter and a plain BalancedBot, the bar moves
as the games finish, and the table and the plot show the swept bot's results with their
95% intervals. Nothing is played before the button is pressed.

Examples
--------
>>> runner = StudyRunner()
>>> runner.games_input.value, runner.weights_input.value = 2, "0, 2"
>>> runner.run_button.click()
>>> runner.progress.value == runner.progress.max == 4
True
>>> list(runner.curve.index), "wall weight" in runner.table.value
([0.0, 2.0], True)
>>> runner.weights_input.value = "a lot"
>>> runner.run_button.click()
>>> print(runner.message.value)
Write the wall weights as numbers with commas between them, such as 0, 1, 4.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from html import escape

import ipywidgets as widgets

from ..analysis.plots import plot_sweep
from ..analysis.study import SEED
from ..analysis.sweep import sweep_summary, weight_sweep
from ..i18n import N_, _, ngettext
from ._common import WidgetBase, css_class, picture, show, table_html

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["StudyRunner", "parse_weights"]

#: Games per weight the runner allows: a few minutes at most on a laptop.
MAX_GAMES = 200
#: Wall weights the runner allows in one study.
MAX_WEIGHTS = 8
_WEIGHTS_HELP = N_("Write the wall weights as numbers with commas between them, such as 0, 1, 4.")


def parse_weights(text: str) -> list[float]:
    """The wall weights written in `text`, ``"0, 1, 4"`` -> ``[0.0, 1.0, 4.0]``; a refusal
    says what is wrong in the current language (the widget shows it).

    Raises
    ------
    ValueError
        For text that is not 1 to `MAX_WEIGHTS` distinct numbers from 0 to 100.

    Examples
    --------
    >>> parse_weights("0, 0.5,1 ; 4")
    [0.0, 0.5, 1.0, 4.0]
    >>> parse_weights("1, 1")
    Traceback (most recent call last):
    ...
    ValueError: Each wall weight once, please: 1 is there twice.
    """
    parts = [p for p in text.replace(";", ",").split(",") if p.strip()]
    try:
        weights = [float(p) for p in parts]
    except ValueError:
        raise ValueError(_(_WEIGHTS_HELP)) from None
    if not 1 <= len(weights) <= MAX_WEIGHTS:
        raise ValueError(_("Give 1 to {most} wall weights. {help}").format(
            most=MAX_WEIGHTS, help=_(_WEIGHTS_HELP)))
    if not all(0 <= w <= 100 for w in weights):
        raise ValueError(_("A wall weight goes from 0 (walls ignored) to 100."))
    for weight in weights:
        if weights.count(weight) > 1:
            raise ValueError(_("Each wall weight once, please: {weight} is there twice.").format(
                weight=f"{weight:g}"))
    return sorted(weights)


def _interval(value: float, low: float, high: float, digits: int) -> str:
    return _("{value} ({low} to {high})").format(
        value=f"{value:.{digits}f}", low=f"{low:.{digits}f}", high=f"{high:.{digits}f}")


class StudyRunner(WidgetBase):
    """A small wall-weight study, set up and played from the page.

    Attributes
    ----------
    games_input, players_input, seed_input : ipywidgets.BoundedIntText
        Games per weight, players per game, the seed every weight plays.
    weights_input : ipywidgets.Text
        The wall weights, numbers with commas between them.
    run_button : ipywidgets.Button
    progress : ipywidgets.IntProgress
        Games played of the study's games.
    message : ipywidgets.HTML
        What is happening, or what is wrong with the settings.
    curve : pandas.DataFrame or None
        `sweep_summary` of the last study played.
    table : ipywidgets.HTML
        `curve` as a table.
    image : ipywidgets.Image
        The swept bot's win rate against the wall weight.
    """

    def __init__(self) -> None:
        style = {"description_width": "150px"}
        self.games_input = widgets.BoundedIntText(value=20, min=2, max=MAX_GAMES, style=style,
                                                  description=_("games per weight"))
        self.players_input = widgets.BoundedIntText(value=3, min=2, max=6, style=style,
                                                    description=_("players per game"))
        self.seed_input = widgets.BoundedIntText(value=SEED, min=0, max=10**9, style=style,
                                                 description=_("seed"))
        self.weights_input = widgets.Text(value="0, 1, 4", style=style,
                                          description=_("wall weights"))
        self.run_button = widgets.Button(description=_("play the study"), button_style="primary")
        self.run_button.add_class(css_class("run-study"))
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description=_("games played"),
                                            style=style)
        self.progress.add_class(css_class("study-progress"))
        self.message = widgets.HTML(escape(_("Choose the settings and press {button}.")).format(
            button=f"<b>{escape(_('play the study'))}</b>"))
        self.message.add_class(css_class("study-message"))
        self.table = widgets.HTML()
        self.table.add_class(css_class("study-table"))
        self.image = picture()
        self.curve: pd.DataFrame | None = None  # the last run's `sweep_summary`
        self.run_button.on_click(lambda _: self.run())
        settings = widgets.VBox([self.games_input, self.players_input, self.seed_input,
                                 self.weights_input, self.run_button, self.progress,
                                 self.message, self.table],
                                layout=widgets.Layout(flex="1 1 420px"))
        self.root = widgets.HBox([settings, self.image],
                                 layout=widgets.Layout(flex_flow="row wrap"))
        self.root.add_class(css_class("study-runner"))

    def run(self) -> None:
        """Play the study set in the inputs, moving the progress bar; then show its results."""
        try:
            weights = parse_weights(self.weights_input.value)
        except ValueError as error:
            self.message.value = escape(str(error))
            return
        games, players = self.games_input.value, self.players_input.value
        self.progress.max, self.progress.value = games * len(weights), 0
        self.message.value = escape(ngettext(
            "Playing {n} games, {games} for each of {weights} wall weight…",
            "Playing {n} games, {games} for each of {weights} wall weights…", len(weights)).format(
                n=games * len(weights), games=games, weights=len(weights)))
        self.run_button.disabled = True
        try:
            sweep = weight_sweep(weights, games=games, seed=self.seed_input.value,
                                 players=players, progress=self._count)
        finally:
            self.run_button.disabled = False
        self.curve = sweep_summary(sweep)
        self.message.value = escape(_(
            "Done: {games} games per weight, {players} players per game, seed {seed}. The "
            "swept BalancedBot's results, with 95% intervals:").format(
                games=games, players=players, seed=self.seed_input.value))
        rows = [[f"{w:g}", int(r.games), _interval(r.win_rate, r.win_low, r.win_high, 2),
                 _interval(r.mean_score, r.score_low, r.score_high, 1),
                 f"{r.mean_final_wall:.1f}"] for w, r in self.curve.iterrows()]
        self.table.value = table_html([_("wall weight"), _("seats played"), _("win rate"),
                                       _("mean score"), _("mean final wall")], rows)
        show(self.image, plot_sweep(self.curve, baseline=1 / players))

    def _count(self, games: int) -> None:
        self.progress.value += games
