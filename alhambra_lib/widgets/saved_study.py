"""SavedStudyView: a saved study shown from its file, and a button that plays a new one.

A page shows a study of hundreds of games at once by reading its saved run
(`alhambra_lib.analysis.saved.STUDIES`); the reader who wants another sets the games and
the seed and presses **run a new study**: the bar moves as the games finish, and the
same pictures and sentences then show the new run (which is not saved: the command line
does that). Nothing is played before the button is pressed.

What a study looks like is the page's choice: `describe` turns a result into a list of
parts, each a sentence or table as HTML text, or a matplotlib Figure or Axes. One call
adds a saved study to a page::

    SavedStudyView("wall_study", describe_wall_study)

Examples
--------
>>> view = SavedStudyView("module_effects", lambda table: [f"<p>{len(table)} rows</p>"])
>>> view.parts[1].children[0].value  # a text, in a box as wide as the page
'<p>85 rows</p>'
>>> view.run_button.description, view.study.file
('run a new study', 'module_effects.csv')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..analysis.saved import STUDIES, SavedStudy
from ..i18n import N_, _, gettext, ngettext
from ._common import WidgetBase, css_class, picture, show

__all__ = ["SavedStudyView", "MAX_NEW_GAMES"]

#: The most games per tournament a study played from the page may have.
MAX_NEW_GAMES = 400
#: CSS pixels: the pictures' height at most, so that a picture and the controls keep
#: within a laptop's screen (1366x768).
PICTURE_HEIGHT = 400

Part = Any  # HTML text, or a matplotlib Figure or Axes
Describe = Callable[[Any], Sequence[Part]]


def _widget(part: Part, picture_height: int) -> widgets.Widget:
    """One part of a study's description as a widget: HTML text, or a picture."""
    if isinstance(part, str):
        text = widgets.HTML(part)
        # Read with the page, never in a little box of its own; a wide table scrolls across.
        return widgets.Box([text], layout=widgets.Layout(overflow_x="auto", flex="0 0 auto"))
    image = picture()
    show(image, part, max_height=picture_height)
    return image


#: The saved studies' units, marked for the catalogs (the games box is named by them).
_UNITS = (N_("games per tournament"), N_("games"), N_("games per player count"),
          N_("games per arm"))
#: A number of games in each unit, the count in bold, in the current language.
_COUNTED: dict[str, Callable[[int], str]] = {
    "games per tournament": lambda n: ngettext(
        "<b>{n} game</b> per tournament", "<b>{n} games</b> per tournament", n).format(n=n),
    "games": lambda n: ngettext("<b>{n} game</b>", "<b>{n} games</b>", n).format(n=n),
    "games per player count": lambda n: ngettext(
        "<b>{n} game</b> per player count", "<b>{n} games</b> per player count", n).format(n=n),
}


class SavedStudyView(WidgetBase):
    """A saved study, shown from its CSV file, with a button that plays a new one.

    Parameters
    ----------
    name : str
        The study's name in `alhambra_lib.analysis.saved.STUDIES`.
    describe : callable
        ``describe(result)`` returns the parts that show a result, in order: HTML text
        or matplotlib Figures and Axes.
    picture_height : int
        CSS pixels a picture is shown high at most (smaller in proportion): the pictures
        stand side by side where the page is wide enough.

    Attributes
    ----------
    study : SavedStudy
    result : object
        The result shown: the saved run's, or the last new run's.
    caption : ipywidgets.HTML
        Which run is shown.
    parts : list of ipywidgets.Widget
        The caption, then the parts of ``describe(result)``: a text in a box as wide as
        the page, a picture as an image.
    games_input, seed_input : ipywidgets.BoundedIntText
        The games per tournament and the seed of a new run.
    run_button : ipywidgets.Button
    progress : ipywidgets.IntProgress
        Games played of a new run.
    message : ipywidgets.HTML
        What the button will do, or is doing.
    """

    def __init__(self, name: str, describe: Describe,
                 picture_height: int = PICTURE_HEIGHT) -> None:
        self.study: SavedStudy = STUDIES[name]
        self.describe = describe
        self.picture_height = picture_height
        self.result = self.study.load()
        style = {"description_width": "initial"}
        self.games_input = widgets.BoundedIntText(
            value=min(self.study.games, 20), min=2, max=MAX_NEW_GAMES, style=style,
            description=gettext(self.study.unit))
        self.seed_input = widgets.BoundedIntText(value=self.study.seed + 1, min=0, max=10**9,
                                                 style=style, description=_("seed"))
        self.run_button = widgets.Button(description=_("run a new study"),
                                         button_style="primary")
        self.run_button.add_class(css_class("run-saved-study", name))
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description=_("games played"),
                                            style=style)
        self.progress.add_class(css_class("saved-study-progress", name))
        self.message = widgets.HTML(escape(_(
            "Shown from the saved run. To play another, choose the games and the seed and "
            "press {button}: the bar shows the games played.")).format(button=self._button()))
        self.caption = widgets.HTML()
        self.caption.add_class(css_class("saved-study-caption", name))
        self.results = widgets.Box(layout=widgets.Layout(flex_flow="row wrap",
                                                         align_items="flex-start"))
        self.run_button.on_click(lambda _: self.run())
        controls = widgets.VBox([self.message, widgets.HBox(
            [self.games_input, self.seed_input, self.run_button, self.progress],
            layout=widgets.Layout(flex_flow="row wrap"))])
        self.root = widgets.VBox([self.results, controls])
        self.root.add_class(css_class("saved-study", name))
        # No file name nor command line on the page: the notebook's code cells name them.
        self._show(escape(_("The saved run: {games}, seed {seed} (played once and saved with "
                            "the library).")).format(
            games=self._games(self.study.games_in(self.result)), seed=self.study.seed))

    def _games(self, games: int) -> str:
        """``<b>3 games</b> per tournament``: the count in bold, then the rest of its unit."""
        counted = _COUNTED.get(self.study.unit)
        if counted is None:  # a unit of a study added later: said as it is
            first, __, rest = self.study.unit.partition(" ")
            return f"<b>{games} {escape(first)}</b>{' ' + escape(rest) if rest else ''}"
        return counted(games)

    @staticmethod
    def _button() -> str:
        return f"<b>{escape(_('run a new study'))}</b>"

    @property
    def parts(self) -> list[widgets.Widget]:
        return list(self.results.children)

    def _show(self, caption: str) -> None:
        self.caption.value = caption
        # The caption and each text take a line of their own; pictures stand side by side.
        self.caption.layout.width = "100%"
        self.results.children = [self.caption, *(_widget(part, self.picture_height)
                                                 for part in self.describe(self.result))]
        for part in self.results.children[1:]:
            if not isinstance(part, widgets.Image):
                part.layout.width = "100%"

    def run(self) -> None:
        """Play a new run with the games and seed set, moving the bar; then show it."""
        games, seed = self.games_input.value, self.seed_input.value
        self.progress.value = 0
        self.message.value = escape(_("Playing a new study: {games}, seed {seed}…")).format(
            games=self._games(games), seed=seed)
        self.run_button.disabled = True
        try:
            self.result = self.study.run(games, seed, self._count)
        except Exception as failed:  # a widget callback's traceback never reaches the app
            self.message.value = escape(_("The study stopped: {why}").format(why=failed))
            return
        finally:
            self.run_button.disabled = False
        self.message.value = escape(_("Done. To play another, choose the games and the seed "
                                      "and press {button}.")).format(button=self._button())
        self._show(escape(_("A new run, played on this page: {games}, seed {seed} (not "
                            "saved).")).format(games=self._games(games), seed=seed))

    def _count(self, done: int, total: int) -> None:
        self.progress.max, self.progress.value = total, done
