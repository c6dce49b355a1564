"""WallWeightExplorer: slide over the values of a weight sweep and read its results.

The sweep is played once, before the widget is built (`weight_sweep`); moving the
slider only looks up what was computed, so it never plays a game.

Examples
--------
>>> explorer = WallWeightExplorer()
>>> explorer.weights
(0.0, 1.0, 4.0)
>>> explorer.weight_slider.value = 4.0
>>> "wall weight 4" in explorer.table.value
True
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..analysis.plots import bot_name, plot_sweep, plot_wall_by_turn
from ..analysis.stats import summary
from ..analysis.sweep import SWEPT, sweep_summary, weight_column
from ..i18n import _, gettext
from ..teaching.demo import demo_sweep
from ._common import WidgetBase, css_class, picture, picture_png, show_png, table_html

# demo_sweep lives in alhambra_lib.teaching.demo; still importable from here.
__all__ = ["WallWeightExplorer", "demo_sweep"]


def _interval(value: float, low: float, high: float, digits: int) -> str:
    return f"{value:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"


class WallWeightExplorer(WidgetBase):
    """A weight sweep's results, one value of the weight at a time, next to the whole curve.

    Parameters
    ----------
    sweep : pandas.DataFrame, optional
        A `weight_sweep` result; by default the small
        `alhambra_lib.teaching.demo.demo_sweep`.
    weight : str
        The weight that was swept.
    bot : str
        The label of the swept bot.

    Attributes
    ----------
    weights : tuple of float
        The values of the weight in the sweep, increasing.
    weight_slider : ipywidgets.SelectionSlider
        The value shown.
    results : pandas.DataFrame
        `summary` of every bot in the games played at that value.
    table : ipywidgets.HTML
        `results` as a table: win rate, mean score and mean final wall, with intervals.
    win_image, score_image : ipywidgets.Image
        The swept bot's win rate and mean score against the weight (`plot_sweep`), the
        value shown marked.
    walls_image : ipywidgets.Image
        Each bot's mean wall after each turn at that value (`plot_wall_by_turn`).
    root : ipywidgets.Box
    """

    def __init__(self, sweep: Any = None, *, weight: str = "wall", bot: str = SWEPT) -> None:
        sweep = demo_sweep() if sweep is None else sweep
        self._column = weight_column(weight)
        self._weight, self._bot = weight, bot
        self._curve = sweep_summary(sweep, weight, bot)  # refuses a sweep without the bot
        self.weights = tuple(float(v) for v in self._curve.index)
        # Computed once: the games and the summary of each value.
        self._games = {value: games for value, games in sweep.groupby(self._column)}
        self._results = {value: summary(games) for value, games in self._games.items()}
        players = sweep["players"].unique()
        self._baseline = 1 / players[0] if len(players) == 1 else None
        self._pictures: dict[float, list[bytes]] = {}
        self.weight_slider = widgets.SelectionSlider(
            options=[(f"{v:g}", v) for v in self.weights], value=self.weights[0],
            description=_("{weight} weight").format(weight=gettext(weight)),
            continuous_update=False,
            style={"description_width": "initial"})
        self.table = widgets.HTML()
        self.win_image, self.score_image, self.walls_image = picture(), picture(), picture()
        self.weight_slider.observe(lambda _: self._refresh(), "value")
        # Two rows at 1366 px (the table beside the walls, the two curves under them):
        # each picture at its own size, its labels at 10 CSS px, the widget within a
        # laptop's screen (three in a row were shown at 70 %, their labels at 7 px).
        self.root = widgets.VBox([self.weight_slider, widgets.Box(
            [self.table, self.walls_image, self.win_image, self.score_image],
            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))])
        self.table.layout.margin = "0 24px 0 0"
        for control, name in [(self.root, "wall-weight"), (self.weight_slider, "weight-slider"),
                              (self.table, "results")]:
            control.add_class(css_class(name))
        self._refresh()

    @property
    def results(self) -> Any:
        """`summary` of every bot in the games played at the value shown."""
        return self._results[self.weight_slider.value]

    def _refresh(self) -> None:
        value = self.weight_slider.value
        rows = [[bot_name(bot), int(row.games),
                 _interval(row.win_rate, row.win_low, row.win_high, 2),
                 _interval(row.mean_score, row.score_low, row.score_high, 1),
                 f"{row.mean_final_wall:.1f}"]
                for bot, row in self.results.iterrows()]
        said = {"weight": gettext(self._weight), "value": f"{value:g}", "bot": bot_name(self._bot)}
        heading = escape(_("{weight} weight {value}").format(**said))
        self.table.value = (
            f"<b>{heading}</b>: "
            + escape(_("the {bot} bot and its opponents, 95% intervals").format(**said))
            + table_html([_("bot"), _("games"), _("win rate"), _("mean score"),
                          _("mean final wall")], rows))
        for image, drawing in zip((self.win_image, self.score_image, self.walls_image),
                                  self._drawings(value)):
            show_png(image, drawing)

    def _drawings(self, value: float) -> list[bytes]:
        """PNGs of the three plots at `value`, drawn on its first showing and kept."""
        if value not in self._pictures:
            curve: dict[str, Any] = {"weight": self._weight, "bot": self._bot, "marked": value}
            drawings = [plot_sweep(self._curve, "win_rate", baseline=self._baseline, **curve),
                        plot_sweep(self._curve, "mean_score", **curve),
                        plot_wall_by_turn(self._games[value])]
            self._pictures[value] = [picture_png(d) for d in drawings]
        return self._pictures[value]
