"""MajorityExplorer: type in the players' counts, pick the round, read the points and ties.

Examples
--------
>>> ex = MajorityExplorer({"Ana": {"tower": 4}, "Ben": {"tower": 4}, "Cy": {"tower": 2}})
>>> ex.totals
{'Ana': 9, 'Ben': 9, 'Cy': 0}
>>> ex.round_picker.value = 3
>>> ex.totals
{'Ana': 17, 'Ben': 17, 'Cy': 6}
"""

from __future__ import annotations

from collections.abc import Mapping

from html import escape

import ipywidgets as widgets

from ..components import KINDS
from ..draw import draw_majorities
from ..i18n import _
from ..narrate import term
from ..scoring import score_majorities
from ..teaching.demo import DEMO_COUNTS
from ._common import CountsGrid, WidgetBase, css_class, picture, places_and_ties, show, table_html

__all__ = ["MajorityExplorer"]


class MajorityExplorer(WidgetBase):
    """Players x types counts and a scoring round; the points, with every tie explained.

    Parameters
    ----------
    counts : mapping, optional
        ``{player: {kind: n}}``; by default three players with ties (Ana and Ben
        tie for first in towers).
    round_no : {1, 2, 3}

    Attributes
    ----------
    count_inputs : dict
        ``(player, kind) -> ipywidgets.BoundedIntText``.
    round_picker : ipywidgets.ToggleButtons
        The scoring round, 1..3.
    points : ipywidgets.HTML
        A table of each player's points per type and in total.
    explanation : ipywidgets.HTML
        One sentence per place and type, e.g. "Ana and Ben tie for first in towers:
        (13 + 6) / 2 = 9.5, rounded down to 9 each".
    image : ipywidgets.Image
        `alhambra_lib.draw.draw_majorities` of the counts.
    totals : dict
        ``{player: points}`` for the counts and round shown.
    root : ipywidgets.Box
    """

    def __init__(self, counts: Mapping[str, Mapping[str, float]] | None = None,
                 round_no: int = 2) -> None:
        counts = DEMO_COUNTS if counts is None else counts
        score_majorities(counts, round_no)  # refuse bad counts or rounds before building
        self.players = list(counts)
        self._grid = CountsGrid(self.players, counts)
        self.count_inputs = self._grid.inputs
        self.round_picker = widgets.ToggleButtons(
            options=[(_("round {n}").format(n=r), r) for r in (1, 2, 3)], value=round_no,
            description=_("scoring"))
        self.points = widgets.HTML()
        self.explanation = widgets.HTML()
        self.image = picture()
        self.totals: dict[str, int] = {}
        self._grid.observe(lambda _: self._refresh())
        self.round_picker.observe(lambda _: self._refresh(), "value")
        # The numbers on the left, the drawing on the right: the whole explorer fits in the
        # height of a laptop's screen (the drawing goes below on a narrow one).
        numbers = widgets.VBox([self.round_picker, self._grid.box, self.points,
                                self.explanation], layout=widgets.Layout(flex="1 1 560px"))
        self.root = widgets.HBox([numbers, self.image],
                                 layout=widgets.Layout(flex_flow="row wrap"))
        # Names for browser tests and stylesheets (the widgets have no ids).
        for control, name in [(self.root, "majorities"), (self.round_picker, "round-picker"),
                              (self.points, "points"), (self.image, "drawing")]:
            control.add_class(css_class(name))
        self._refresh()

    def counts(self) -> dict[str, dict[str, int]]:
        """``{player: {kind: n}}`` as typed in."""
        return self._grid.counts()

    def _refresh(self) -> None:
        counts, round_no = self.counts(), self.round_picker.value
        self.totals = score_majorities(counts, round_no)
        self.explanation.value, won = places_and_ties(counts, round_no)
        rows = [[player, *(won.get((player, kind), 0) for kind in KINDS), self.totals[player]]
                for player in self.players]
        heading = escape(_("Points in round {n}").format(n=round_no))
        self.points.value = f"<b>{heading}</b>" + table_html(
            [_("player"), *map(term, KINDS), _("total")], rows)
        show(self.image, draw_majorities(counts, round_no))
