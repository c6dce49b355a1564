"""ScoreKeeper: keep the score of a game played on a real table.

Examples
--------
>>> keeper = ScoreKeeper()
>>> keeper.sheet.rounds, keeper.sheet.totals()["Ana"]
((1, 2), 38)
>>> keeper.round_picker.value = 3
>>> keeper.count_inputs["Cy", "tower"].value = 6
>>> keeper.wall_inputs["Cy"].value = 9
>>> keeper.score_button.click()
>>> keeper.sheet.rounds
(1, 2, 3)
>>> keeper.to_csv().splitlines()[0]
'round,player,pavilion,seraglio,arcades,chambers,garden,tower,wall,majority_points,wall_points,round_points,total'
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import ipywidgets as widgets

from ..draw import draw_score_track
from ..score_sheet import CSV_COLUMNS, ScoreSheet
from ..teaching.demo import demo_sheet
from ._common import CountsGrid, WidgetBase, css_class, picture, show, table_html
from .placement import PlacementExplorer

# demo_sheet lives in alhambra_lib.teaching.demo; still importable from here.
__all__ = ["ScoreKeeper", "demo_sheet"]


class ScoreKeeper(WidgetBase):
    """Players, each round's counts per type and wall lengths, running totals, CSV export.

    Counts and walls are typed in, or copied from the Alhambra built in the embedded
    `PlacementExplorer`. With two players, Dirk's counts are typed in too; he scores
    majorities only.

    Parameters
    ----------
    players : sequence of str, optional
        Start a fresh sheet for these players (2 to 6 names).
    sheet : ScoreSheet, optional
        Continue a sheet; by default `alhambra_lib.teaching.demo.demo_sheet`, three
        players after two rounds.

    Attributes
    ----------
    sheet : ScoreSheet
        The scores; `to_csv` writes it.
    players_input : ipywidgets.Text
        Names separated by commas; `players_button` starts a new sheet for them.
    round_picker : ipywidgets.ToggleButtons
        The round being typed in (its recorded values are loaded).
    count_inputs : dict
        ``(name, kind) -> ipywidgets.BoundedIntText``, Dirk included with two players.
    wall_inputs : dict
        ``player -> ipywidgets.BoundedIntText``: the longest wall.
    score_button : ipywidgets.Button
        Record the round from the boxes.
    explorer : PlacementExplorer
        Build an Alhambra to count it.
    explorer_player : ipywidgets.Dropdown
        Whose counts `copy_button` fills in from the explorer's Alhambra.
    copy_button : ipywidgets.Button
    csv_path : ipywidgets.Text
    export_button : ipywidgets.Button
        Write `to_csv` to `csv_path`.
    table : ipywidgets.HTML
        Per round and player: points for majorities and walls, running total.
    message : ipywidgets.HTML
    image : ipywidgets.Image
        `alhambra_lib.draw.draw_score_track` of the recorded rounds.
    root : ipywidgets.Box
    """

    def __init__(self, players=None, *, sheet=None):
        if players is not None and sheet is not None:
            raise ValueError("give players for a new sheet, or a sheet, not both")
        if players is not None:
            self.sheet = ScoreSheet(players)
        else:
            self.sheet = sheet if sheet is not None else demo_sheet()
        self.players_input = widgets.Text(value=", ".join(self.sheet.players),
                                          description="players")
        self.players_button = widgets.Button(description="new sheet")
        self.round_picker = widgets.ToggleButtons(options=[(f"round {r}", r) for r in (1, 2, 3)],
                                                  description="scoring")
        self.score_button = widgets.Button(description="score this round",
                                           button_style="success")
        self.explorer = PlacementExplorer()
        self.explorer_player = widgets.Dropdown(description="for")
        self.copy_button = widgets.Button(description="copy from the explorer")
        self.csv_path = widgets.Text(value="scores.csv", description="CSV file")
        self.export_button = widgets.Button(description="export CSV")
        self.table, self.message = widgets.HTML(), widgets.HTML()
        self.image = picture()
        self._inputs = widgets.Box()
        self.players_button.on_click(lambda _: self.new_sheet())
        self.round_picker.observe(lambda _: self._load_round(), "value")
        self.score_button.on_click(lambda _: self.score_round())
        self.copy_button.on_click(lambda _: self.copy_from_explorer())
        self.export_button.on_click(lambda _: self.export())
        # The score track beside the boxes of the round, not under the table: the keeper
        # fits in the height of a laptop's screen (it goes below on a narrow one).
        entry = widgets.VBox([widgets.HBox([self.players_input, self.players_button]),
                              self.round_picker, self._inputs, self.score_button],
                             layout=widgets.Layout(flex="0 1 auto"))
        self.root = widgets.VBox([
            widgets.HBox([entry, self.image], layout=widgets.Layout(flex_flow="row wrap",
                                                                    column_gap="24px")),
            widgets.Accordion([widgets.VBox([widgets.HBox([self.explorer_player,
                                                           self.copy_button]),
                                             self.explorer.root])],
                              titles=("Count an Alhambra built here",)),
            self.message, self.table,
            widgets.HBox([self.csv_path, self.export_button])])
        # Names for browser tests and stylesheets (the widgets have no ids); the
        # embedded explorer has its own.
        for control, name in [(self.root, "score-keeper"), (self.round_picker, "round-picker"),
                              (self.score_button, "score-round"), (self.table, "totals"),
                              (self.message, "message"), (self.image, "score-track")]:
            control.add_class(css_class(name))
        self._use_sheet()

    def _use_sheet(self):
        sheet = self.sheet
        self._grid = CountsGrid(sheet.competitors, wall_for=sheet.players)
        self.count_inputs, self.wall_inputs = self._grid.inputs, self._grid.wall_inputs
        self._inputs.children = [self._grid.box]
        self.explorer_player.options = sheet.competitors
        self.round_picker.value = next((r for r in (1, 2, 3) if r not in sheet.rounds), 3)
        self._load_round()
        self._show()

    def new_sheet(self):
        """Start a new sheet for the names in `players_input`."""
        names = [name.strip() for name in self.players_input.value.split(",") if name.strip()]
        try:
            self.sheet = ScoreSheet(names)
        except ValueError as refused:
            self.message.value = escape(str(refused))
            return
        self.message.value = escape(f"new sheet for {', '.join(self.sheet.competitors)}")
        self._use_sheet()

    def _load_round(self):
        round_no = self.round_picker.value
        if round_no in self.sheet.rounds:
            self._grid.fill(self.sheet.counts(round_no), self.sheet.walls(round_no))
        else:
            self._grid.fill({})

    def fill(self, counts, walls=None):
        """Type a round into the boxes: ``{name: {kind: n}}`` and ``{player: wall}``.

        What a reader does by hand, for a notebook or a test; missing names and kinds
        are 0. Nothing is recorded until `score_round` (or the score button).

        Examples
        --------
        >>> keeper = ScoreKeeper(["Ana", "Ben", "Cy"])
        >>> keeper.fill({"Ana": {"tower": 2}}, {"Ana": 3})
        >>> keeper.count_inputs["Ana", "tower"].value, keeper.wall_inputs["Ana"].value
        (2, 3)
        """
        unknown = sorted(set(counts) - set(self.sheet.competitors)
                         | set(walls or {}) - set(self.sheet.players))
        if unknown:
            raise ValueError(f"no box for {', '.join(map(repr, unknown))}: the sheet is for "
                             f"{', '.join(self.sheet.competitors)} (walls for real players only)")
        self._grid.fill(counts, walls)

    def score_round(self):
        """Record the chosen round from the boxes and update the totals."""
        round_no = self.round_picker.value
        try:
            self.sheet.record(round_no, self._grid.counts(), self._grid.walls())
        except ValueError as refused:
            self.message.value = escape(str(refused))
            return
        totals = ", ".join(f"{n} {p}" for n, p in self.sheet.totals().items())
        self.message.value = escape(f"round {round_no} scored; totals: {totals}")
        self._show()

    def copy_from_explorer(self):
        """Fill the chosen player's boxes from the explorer's Alhambra (counts and wall)."""
        name, alhambra = self.explorer_player.value, self.explorer.alhambra
        for kind, n in alhambra.counts().items():
            self.count_inputs[name, kind].value = n
        if name in self.wall_inputs:
            self.wall_inputs[name].value = alhambra.longest_wall()
        self.message.value = escape(f"copied the explorer's Alhambra for {name}")

    def to_csv(self):
        """The sheet as CSV text (see `ScoreSheet.to_csv`)."""
        return self.sheet.to_csv()

    def export(self):
        """Write the CSV to the file named in `csv_path`."""
        path = Path(self.csv_path.value)
        try:
            path.write_text(self.to_csv())
        except OSError as failed:
            self.message.value = escape(f"could not write {path}: {failed}")
            return
        self.message.value = escape(f"wrote {len(self.sheet.rows())} rows to {path}")

    def _show(self):
        # The wall length equals the wall points: one column says it.
        columns = [c for c in CSV_COLUMNS if c != "wall"]
        rows = [[row[c] for c in columns] for row in self.sheet.rows()]
        header = [c.replace("_", " ") for c in columns]
        self.table.value = table_html(header, rows) if rows else "No round scored yet."
        show(self.image, draw_score_track(self.sheet.scoring_events()))
