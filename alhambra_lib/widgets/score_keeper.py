"""ScoreKeeper: keep the score of a game played on a real table, Mega Box modules too.

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

With modules, each module in play gets a tab of its own boxes:

>>> keeper = ScoreKeeper(["Ana", "Ben", "Cy"], modules=("camps", "invaders"))
>>> keeper.module_inputs["camp_lines", "Ana"].value = 3
>>> keeper.module_inputs["attack"].value = "N"
>>> keeper.module_inputs["unprotected", "Ana", "N"].value = 2
>>> keeper.count_inputs["Ana", "tower"].value = 1
>>> keeper.score_button.click()
>>> dict(keeper.sheet.round_points(1)["Ana"].parts)
{'majorities': 6, 'walls': 0, 'camps': 3, 'invaders': -2}
"""

from __future__ import annotations

import base64
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..actions import DIRK
from ..components import KINDS
from ..draw import draw_score_track
from ..errors import InvalidScore, brief
from ..grid import SIDES
from ..modules import MODULES
from ..modules.invaders import flanks
from ..i18n import N_, _, format_list, format_number, language, ngettext
from ..narrate import points_text, term
from ..score_sheet import ScoreSheet, csv_column_text
from ..sheet_inputs import SHEET_MODULES, SIDE_NAMES, SheetInput
from ..teaching.demo import demo_sheet
from ._common import (
    KEEP_WORDS,
    CountsGrid,
    NumberBox,
    WidgetBase,
    css_class,
    growing,
    kind_heading,
    picture,
    places_and_ties,
    show,
    table_html,
)
from .placement import PlacementExplorer

# demo_sheet lives in alhambra_lib.teaching.demo; still importable from here.
__all__ = ["ScoreKeeper", "demo_sheet", "sheet_summary", "REFUSED"]

#: The tab of the buildings and walls, before the modules' tabs.
BASE_TAB = N_("Tiles & walls")
#: The class of a box whose entry the sheet refused (`InvalidScore.entries`): ringed red.
REFUSED, REFUSED_COLOUR = "alhambra-refused", "#c62828"
_NUMBER = widgets.Layout(width="56px")
#: A dropdown's "not chosen" (ipywidgets shows a value of None as an empty box).
_NONE = ""
#: Grid column widths of the inputs that are not one number.
_WIDTHS = {"pairs": "160px", "kind": "104px"}
#: Tabs as wide as their titles (not a fixed width that cuts "Tiles & walls" short), on
#: two lines when they do not fit on one (nine French titles are wider than the keeper),
#: and the table's rows one text line high (an HTML widget's lines are a control's height).
_STYLE = ("<style>.alhambra-inputs .lm-TabBar-tab{flex:0 0 auto!important;min-width:0}"
          ".alhambra-inputs .lm-TabBar-content{flex-wrap:wrap}"
          ".alhambra-totals table{line-height:1.35;font-size:12px}"
          f".alhambra-score-keeper .widget-html-content{{{KEEP_WORDS}}}"
          ".alhambra-totals th,.alhambra-totals td{padding:1px 4px!important}"
          # !important: the widgets' own input rules are more specific (and an outline is
          # turned off there): a red ring drawn as a shadow, on a pink field.
          f".{REFUSED} input,.{REFUSED} select{{box-shadow:0 0 0 2px {REFUSED_COLOUR}!important;"
          "background:#fdecea!important}</style>")


def _title(module: str) -> str:
    return _(MODULES[module].title) if module in MODULES else module.replace("_", " ").title()


def _number(name: Sequence[object]) -> NumberBox:
    # Unbounded: 50 chests reach the sheet, which refuses them in words (the box holds 42).
    box = NumberBox(value=0, layout=_NUMBER)
    box.add_class(css_class(*name))
    return box


def _blank(spec: SheetInput, value: Any) -> bool:
    """Whether a box's value, as typed, is `spec`'s empty value (blank text for pairs)."""
    return value == spec.empty() or spec.shape == "pairs" and not str(value).strip()


def sheet_summary(sheet: ScoreSheet, demo: bool = False) -> str:
    """What the sheet holds, in a sentence or two: the example it opens with (`demo`), the
    players and the rounds scored, the leader, and the winner after the third scoring.

    Examples
    --------
    >>> sheet = ScoreSheet(["Zed", "Yan"])
    >>> sheet_summary(sheet)
    'A sheet for Zed and Yan (and Dirk, the neutral player): no round scored yet.'
    >>> sheet.record(1, {"Zed": {"tower": 1}}, {})
    >>> print(sheet_summary(sheet))  # doctest: +NORMALIZE_WHITESPACE
    A sheet for Zed and Yan (and Dirk, the neutral player): round 1 scored. In the lead:
    Zed with 6 points.
    >>> for r in (1, 2, 3):
    ...     sheet.record(r, {"Yan": {"tower": 1}}, {"Yan": 2})
    >>> sheet_summary(sheet)
    'Game over: Yan wins with 46 points.'
    """
    players = _listed(sheet.players)
    if demo:
        return ngettext("An example to try the keeper on: {players} after round {rounds}, "
                        "with made-up counts. Type your players' names and press new sheet to "
                        "keep the score of your own game.",
                        "An example to try the keeper on: {players} after rounds {rounds}, "
                        "with made-up counts. Type your players' names and press new sheet to "
                        "keep the score of your own game.",
                        len(sheet.rounds)).format(players=players, rounds=_listed(sheet.rounds))
    winners = sheet.winners()
    if winners:
        best = points_text(sheet.totals()[winners[0]])
        if len(winners) == 1:
            return _("Game over: {winner} wins with {points}.").format(winner=winners[0],
                                                                        points=best)
        return _("Game over: {winners} share the victory with {points}.").format(
            winners=_listed(winners), points=best)
    with_dirk = DIRK in sheet.competitors
    if not sheet.rounds:
        return (_("A sheet for {players} (and {dirk}, the neutral player): no round scored yet.")
                if with_dirk else _("A sheet for {players}: no round scored yet.")).format(
                    players=players, dirk=DIRK)
    totals = sheet.totals()
    best = max(totals[name] for name in sheet.players)
    leaders = _listed([name for name in sheet.players if totals[name] == best])
    fields = {"players": players, "dirk": DIRK, "rounds": _listed(sheet.rounds),
              "leaders": leaders, "points": points_text(best)}
    if with_dirk:
        return ngettext("A sheet for {players} (and {dirk}, the neutral player): round {rounds} "
                        "scored. In the lead: {leaders} with {points}.",
                        "A sheet for {players} (and {dirk}, the neutral player): rounds {rounds} "
                        "scored. In the lead: {leaders} with {points}.",
                        len(sheet.rounds)).format(**fields)
    return ngettext("A sheet for {players}: round {rounds} scored. In the lead: {leaders} with "
                    "{points}.",
                    "A sheet for {players}: rounds {rounds} scored. In the lead: {leaders} with "
                    "{points}.", len(sheet.rounds)).format(**fields)


def _listed(names: Sequence[object]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cy" (Babel's list of the language)."""
    words = [str(name) for name in names]
    if language() == "en":  # English keeps its list without a serial comma
        return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)
    return format_list(words)


class _ModuleBoxes:
    """The boxes of one module's inputs: a grid with a row per real player.

    `boxes` maps ``input name`` (a table input), ``(input name, player)`` or
    ``(input name, player, type or direction)`` to its control.
    """

    def __init__(self, module: str, players: Sequence[str]) -> None:
        self.inputs = SHEET_MODULES[module].inputs
        self.players = players
        self.boxes = {}
        table_controls, header, columns = [], [widgets.HTML("")], []
        for spec in self.inputs:
            if not spec.per_player:  # one choice for the table: the attack direction
                choice = widgets.Dropdown(
                    options=[(_("choose…"), _NONE)] + [(_(SIDE_NAMES[s]), s) for s in SIDES],
                    description=_(spec.label), layout=widgets.Layout(width="220px"))
                choice.add_class(css_class("input", spec.name))
                self.boxes[spec.name] = choice
                table_controls.append(choice)
                continue
            for part, label in self._columns(spec):
                header.append(widgets.HTML(label))
                columns.append((spec, part))
        cells = list(header)
        for name in players:
            cells.append(widgets.HTML(f"<b>{escape(name)}</b>"))
            for spec, part in columns:
                key = (spec.name, name) if part is None else (spec.name, name, part)
                self.boxes[key] = self._control(spec, part, key)
                cells.append(self.boxes[key])
        widths = " ".join(growing(_WIDTHS.get(spec.shape, "60px")) for spec, _ in columns)
        grid = widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns=f"{growing('90px')} {widths}", grid_gap="2px 4px"))
        helps = "".join(f"<li><b>{escape(_(spec.label))}</b>: {escape(_(spec.help))}</li>"
                        for spec in self.inputs)
        self.help = widgets.HTML(f"<ul style='margin:0 0 4px 0;padding-left:18px;"
                                 f"line-height:1.3'>{helps}</ul>")
        self.box = widgets.VBox([self.help, *table_controls, grid])

    @staticmethod
    def _columns(spec: SheetInput) -> list[tuple[str | None, str]]:
        """``(part, heading)`` per column: a type, a direction, or one column (None)."""
        if spec.shape == "by_type":
            return [(k, kind_heading(k)) for k in KINDS]
        if spec.shape == "by_side":
            return [(s, _(SIDE_NAMES[s])) for s in SIDES]
        return [(None, escape(_(spec.label)))]

    @staticmethod
    def _control(spec: SheetInput, part: str | None, key: tuple) -> widgets.Widget:
        if spec.shape in ("by_type", "by_side", "number"):
            return _number(("input", *key))
        if spec.shape == "pairs":
            control = widgets.Text(placeholder=_("e.g. 4x3, 2x1"),
                                   layout=widgets.Layout(width="156px"))
        elif spec.shape == "flag":
            control = widgets.Checkbox(indent=False, layout=widgets.Layout(width="56px"))
        else:  # a building type, or none
            control = widgets.Dropdown(options=[("–", _NONE)] + [(term(k), k) for k in KINDS],
                                       layout=widgets.Layout(width="100px"))
        control.add_class(css_class("input", *key))
        return control

    def values(self) -> dict[str, Any]:
        """``{input name: {player: value}}`` (a table input: its value) as typed in."""
        values = {}
        for spec in self.inputs:
            if not spec.per_player:
                values[spec.name] = self.boxes[spec.name].value or None
            elif spec.shape in ("by_type", "by_side"):
                parts = KINDS if spec.shape == "by_type" else SIDES
                values[spec.name] = {name: {p: self.boxes[spec.name, name, p].value
                                            for p in parts} for name in self.players}
            else:
                values[spec.name] = {name: self.boxes[spec.name, name].value
                                     if spec.shape != "kind" else
                                     self.boxes[spec.name, name].value or None
                                     for name in self.players}
        return values

    def fill(self, values: Mapping[str, Any]) -> None:
        """Set the boxes from checked values (`ScoreSheet.module_inputs`); missing: empty."""
        for spec in self.inputs:
            given = values.get(spec.name)
            if not spec.per_player:
                self.boxes[spec.name].value = given or _NONE
                continue
            for name in self.players:
                value = spec.empty() if given is None else given.get(name, spec.empty())
                if spec.shape in ("by_type", "by_side"):
                    for part, n in value.items():
                        self.boxes[spec.name, name, part].value = n
                elif spec.shape == "pairs":
                    self.boxes[spec.name, name].value = ", ".join(f"{n}x{k}" for n, k in value)
                else:
                    self.boxes[spec.name, name].value = _NONE if value is None else value

    def is_empty(self) -> bool:
        """Whether every box is left empty, read as typed: a value the sheet would refuse
        (2.5 chests, -3) is not empty, and is refused in words when scored."""
        return all(_blank(spec, v) if not spec.per_player else
                   all(_blank(spec, x) for x in v.values())
                   for spec, v in zip(self.inputs, self.values().values()))

    def show_round(self, round_no: int) -> None:
        """Grey out what this round does not ask: bazaars before the last scoring, and the
        unprotected sides no attack from the chosen direction reaches."""
        attack = self.boxes.get("attack")
        counted = set(SIDES)
        if attack is not None and attack.value:
            counted = {attack.value, *(flanks(attack.value) if round_no == 3 else ())}
        for key, control in self.boxes.items():
            spec = next(s for s in self.inputs if s.name == (key if isinstance(key, str)
                                                             else key[0]))
            control.disabled = round_no not in spec.rounds or (
                spec.shape == "by_side" and key[2] not in counted)


class ScoreKeeper(WidgetBase):
    """Players, modules, each round's counts, walls and module inputs, totals, CSV export.

    Counts and walls are typed in, or copied from the Alhambra built in the embedded
    `PlacementExplorer`. With two players, Dirk's counts are typed in too; he scores
    majorities only and takes no part in the modules (RULES.md §M0.18). Each module in
    play has a tab asking what it needs (`alhambra_lib.sheet_inputs.SHEET_MODULES`).

    Parameters
    ----------
    players : sequence of str, optional
        Start a fresh sheet for these players (2 to 6 names).
    modules : sequence of str, optional
        With `players`: the Mega Box modules in play.
    sheet : ScoreSheet, optional
        Continue a sheet; by default `alhambra_lib.teaching.demo.demo_sheet`, three
        players after two rounds.

    Attributes
    ----------
    sheet : ScoreSheet
        The scores; `to_csv` writes it.
    players_input : ipywidgets.Text
        Names separated by commas; `players_button` starts a new sheet for them and the
        modules chosen with `module_toggles` (pressed twice when rounds are scored).
    module_toggles : dict
        ``module name -> ipywidgets.ToggleButton``.
    round_picker : ipywidgets.ToggleButtons
        The round being typed in (its recorded values are loaded); it moves on to the
        next round when one is scored.
    tabs : ipywidgets.Tab
        `BASE_TAB` (the counts and walls), then one tab per module with inputs.
    count_inputs : dict
        ``(name, kind) -> ipywidgets.BoundedIntText``, Dirk included with two players.
    wall_inputs : dict
        ``player -> ipywidgets.BoundedIntText``: the longest wall.
    module_inputs : dict
        The modules' boxes: ``input name`` for a table input (the attack direction),
        ``(input name, player)``, or ``(input name, player, type or direction)``.
    score_button : ipywidgets.Button
        Record the round from the boxes. A round with every box at 0 is recorded only
        when pressed a second time.
    explorer : PlacementExplorer
        Build an Alhambra to count it.
    explorer_player : ipywidgets.Dropdown
        Whose counts `copy_button` fills in from the explorer's Alhambra.
    copy_button : ipywidgets.Button
    csv_path : ipywidgets.Text
    export_button : ipywidgets.Button
        Write `to_csv` to `csv_path`; `download` then offers the same file.
    download : ipywidgets.HTML
        A link that downloads the sheet as a CSV file through the browser.
    table : ipywidgets.HTML
        Per round and player: the points of every term and the running total.
    places : ipywidgets.HTML
        The places and ties of each type in the round last scored (or picked, when it
        is recorded), in words: `places_and_ties`, as the MajorityExplorer says them.
    message : ipywidgets.HTML
        What the last press did; a refusal names the entry, whose boxes wear the class
        `REFUSED` (ringed red) until the next press.
    summary : ipywidgets.HTML
        What the sheet holds (`sheet_summary`): the example it opens with, or the players,
        the rounds scored and the leader; the winner after the third scoring.
    image : ipywidgets.Image
        `alhambra_lib.draw.draw_score_track` of the recorded rounds.
    root : ipywidgets.Box
    """

    def __init__(self, players: Iterable[str] | None = None, *, modules: Iterable[str] = (),
                 sheet: ScoreSheet | None = None) -> None:
        if players is not None and sheet is not None:
            raise ValueError("give players for a new sheet, or a sheet, not both")
        if modules and players is None:
            raise ValueError("modules are chosen with the players of a new sheet")
        if players is not None:
            self.sheet = ScoreSheet(players, modules)
        else:
            self.sheet = sheet if sheet is not None else demo_sheet()
        self._demo = players is None and sheet is None
        self._refused: list[widgets.Widget] = []
        self._build()
        self._use_sheet()

    def _build(self) -> None:
        self.players_input = widgets.Text(value=", ".join(self.sheet.players),
                                          description=_("players"),
                                          placeholder=_("names, separated by commas"))
        self.module_toggles = {
            name: widgets.ToggleButton(value=name in self.sheet.modules, description=_title(name),
                                       tooltip=_("play with {module}").format(
                                           module=_title(name)),
                                       layout=widgets.Layout(width="auto"))
            for name in SHEET_MODULES}
        self.players_button = widgets.Button(description=_("new sheet"),
                                             tooltip=_("start an empty sheet for these players "
                                                       "and modules"))
        self.round_picker = widgets.ToggleButtons(
            options=[(_("round {n}").format(n=r), r) for r in (1, 2, 3)],
            description=_("scoring"))
        self.tabs = widgets.Tab()
        # Never squeezed by a long message beside it ("score this r…").
        self.score_button = widgets.Button(description=_("score this round"),
                                           button_style="success",
                                           layout=widgets.Layout(flex="0 0 auto"))
        self.explorer = PlacementExplorer()
        self.explorer_player = widgets.Dropdown(description=_("for"))
        self.copy_button = widgets.Button(description=_("copy from the explorer"))
        self.csv_path = widgets.Text(value="scores.csv", description=_("CSV file"))
        self.export_button = widgets.Button(description=_("export CSV"))
        self.table, self.message, self.download = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self.places, self.summary = widgets.HTML(), widgets.HTML()
        self.image = picture()
        self.players_button.on_click(lambda _: self.new_sheet())
        self.round_picker.observe(lambda _: self._load_round(), "value")
        self.score_button.on_click(lambda _: self.score_round())
        self.copy_button.on_click(lambda _: self.copy_from_explorer())
        self.export_button.on_click(lambda _: self.export())
        explorer = widgets.Accordion(
            [widgets.VBox([widgets.HBox([self.explorer_player, self.copy_button]),
                           self.explorer.root])],
            titles=(_("Count an Alhambra built here"),))
        explorer.selected_index = None
        table_box = widgets.Box([self.table], layout=widgets.Layout(
            max_height="320px", max_width="100%", overflow="auto"))
        entry = widgets.VBox([self.round_picker, self.tabs,
                              widgets.HBox([self.score_button, self.message]), explorer],
                             layout=widgets.Layout(width="664px"))
        results = widgets.VBox([self.summary, table_box, self.places, self.image,
                                widgets.HBox([self.csv_path, self.export_button]),
                                self.download],
                               layout=widgets.Layout(flex="1 1 0", min_width="360px"))
        self.root = widgets.VBox([
            widgets.HTML(_STYLE, layout=widgets.Layout(height="0px")),
            widgets.HBox([self.players_input, self.players_button]),
            widgets.HBox([widgets.HTML(_("modules:")), *self.module_toggles.values()],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([entry, results], layout=widgets.Layout(grid_gap="12px"))])
        # Names for browser tests and stylesheets (the widgets have no ids); the
        # embedded explorer has its own.
        for control, name in [(self.root, "score-keeper"), (self.round_picker, "round-picker"),
                              (self.score_button, "score-round"), (self.table, "totals"),
                              (self.message, "message"), (self.image, "score-track"),
                              (self.tabs, "inputs"), (self.download, "download"),
                              (self.places, "places"), (self.summary, "summary")]:
            control.add_class(css_class(name))
        for name, toggle in self.module_toggles.items():
            toggle.add_class(css_class("module", name))

    def _use_sheet(self) -> None:
        sheet = self.sheet
        self._pending_zeros, self._pending_new = None, False
        # Unbounded boxes: 15 towers reach the sheet, which refuses them in words.
        self._grid = CountsGrid(sheet.competitors, wall_for=sheet.players, bounded=False)
        self.count_inputs, self.wall_inputs = self._grid.inputs, self._grid.wall_inputs
        self._modules = {m: _ModuleBoxes(m, sheet.players) for m in sheet.modules
                         if SHEET_MODULES[m].inputs}
        self.module_inputs = {key: box for boxes in self._modules.values()
                              for key, box in boxes.boxes.items()}
        self.tabs.children = [self._grid.box] + [b.box for b in self._modules.values()]
        self.tabs.titles = [_(BASE_TAB)] + [_(SHEET_MODULES[m].title) for m in self._modules]
        self.tabs.selected_index = 0
        if "attack" in self.module_inputs:
            self.module_inputs["attack"].observe(lambda _: self._grey_out(), "value")
        for name, toggle in self.module_toggles.items():
            toggle.value = name in sheet.modules
        self.explorer_player.options = sheet.competitors
        self.explorer_player.value = sheet.competitors[0]
        self.round_picker.value = next((r for r in (1, 2, 3) if r not in sheet.rounds), 3)
        self._load_round()
        self._explain(sheet.rounds[-1] if sheet.rounds else None)
        self._show()

    def new_sheet(self) -> None:
        """Start a new sheet for the names in `players_input` and the modules toggled on.

        When the sheet holds scored rounds, the first call only says so; a second one
        starts over.
        """
        names = [name.strip() for name in self.players_input.value.split(",") if name.strip()]
        modules = [name for name, toggle in self.module_toggles.items() if toggle.value]
        try:
            sheet = ScoreSheet(names, modules)
        except InvalidScore as refused:
            self.message.value = escape(str(refused))
            return
        if self.sheet.rounds and not self._pending_new:
            self._pending_new = True  # an evening's scores are not lost to one stray click
            self.message.value = ngettext(
                "<b>The sheet holds {n} scored round.</b> Export the CSV to keep it, then press "
                "<i>new sheet</i> again to start over.",
                "<b>The sheet holds {n} scored rounds.</b> Export the CSV to keep them, then "
                "press <i>new sheet</i> again to start over.",
                len(self.sheet.rounds)).format(n=len(self.sheet.rounds))
            return
        self.sheet, self._demo = sheet, False
        self._use_sheet()
        joined = ", ".join(self.sheet.competitors)
        self.message.value = escape(
            _("new sheet for {players}, with {modules}").format(
                players=joined, modules=", ".join(map(_title, self.sheet.modules)))
            if self.sheet.modules else _("new sheet for {players}").format(players=joined))

    def _load_round(self) -> None:
        round_no = self.round_picker.value
        self._pending_zeros = None
        self._mark_refused(())
        recorded = round_no in self.sheet.rounds
        if recorded:
            self._grid.fill(self.sheet.counts(round_no), self.sheet.walls(round_no))
        else:
            self._grid.fill({})
        values = self.sheet.module_inputs(round_no) if recorded else {}
        for boxes in self._modules.values():
            boxes.fill(values)
        self._grey_out()
        if recorded:
            self._explain(round_no)

    def _explain(self, round_no: int | None) -> None:
        """Say each type's places and ties in `round_no` (bonuses counted), or nothing yet."""
        if round_no is None:
            self.places.value = ""
            return
        text = places_and_ties(self.sheet.breakdown(round_no).counts, round_no)[0]
        heading = escape(_("Round {n}.").format(n=round_no))
        self.places.value = f"<div><b>{heading}</b> {text}</div>"

    def _grey_out(self) -> None:
        for boxes in self._modules.values():
            boxes.show_round(self.round_picker.value)

    def fill(self, counts: Mapping[str, Mapping[str, float]],
             walls: Mapping[str, int] | None = None,
             inputs: Mapping[str, Any] | None = None) -> None:
        """Type a round into the boxes: counts, walls and the modules' inputs.

        What a reader does by hand, for a notebook or a test: ``{name: {kind: n}}``,
        ``{player: wall}`` and ``inputs`` as for `ScoreSheet.record`; missing names,
        kinds and inputs are 0 or empty. Nothing is recorded until `score_round` (or the
        score button). Refused entries raise `InvalidScore` and leave every box as it was.

        Examples
        --------
        >>> keeper = ScoreKeeper(["Ana", "Ben", "Cy"])
        >>> keeper.fill({"Ana": {"tower": 2}}, {"Ana": 3})
        >>> keeper.count_inputs["Ana", "tower"].value, keeper.wall_inputs["Ana"].value
        (2, 3)
        >>> keeper.fill({"Ana": None})
        Traceback (most recent call last):
        ...
        alhambra_lib.errors.InvalidScore: the counts of 'Ana' map types to numbers of tiles, \
got NoneType None
        """
        round_no = self.round_picker.value
        walls = {} if walls is None else walls
        if isinstance(counts, dict) and isinstance(walls, dict):
            unknown = sorted(set(counts) - set(self.sheet.competitors)
                             | set(walls) - set(self.sheet.players))
            if unknown:
                raise InvalidScore(f"no box for {', '.join(map(repr, unknown))}: the sheet is "
                                   f"for {', '.join(self.sheet.competitors)} (walls for real "
                                   "players only)")
        full, lengths, values = self.sheet.check(round_no, counts, walls, inputs,
                                                 complete=False)
        self._grid.fill(full, lengths)
        for module_boxes in self._modules.values():
            module_boxes.fill(values)
        self._grey_out()

    def _module_values(self) -> dict[str, Any]:
        return {name: value for boxes in self._modules.values()
                for name, value in boxes.values().items()}

    def _all_zeros(self) -> bool:
        return (not any(self._grid.walls().values())
                and not any(n for by_kind in self._grid.counts().values() for n in by_kind.values())
                and all(boxes.is_empty() for boxes in self._modules.values()))

    def score_round(self) -> None:
        """Record the chosen round from the boxes and update the totals.

        A round with every box at 0 is not recorded at once: the message asks to press
        the button again if the round really scored nothing.
        """
        round_no = self.round_picker.value
        self._mark_refused(())
        try:  # the all-zeros check reads the boxes too: an unreadable one is said here
            if self._all_zeros() and self._pending_zeros != round_no:
                self._pending_zeros = round_no
                self.message.value = _(
                    "<b>Every box of round {n} is 0.</b> Nothing typed in yet? Type the counts "
                    "first; if the round really scored nothing, press <i>score this round</i> "
                    "again.").format(n=round_no)
                return
            self._pending_zeros = None
            self.sheet.record(round_no, self._grid.counts(), self._grid.walls(),
                              self._module_values())
        except InvalidScore as refused:
            marked = self._mark_refused(refused.entries)
            self.message.value = escape(_("Not scored: {reason}").format(reason=refused)) + (
                " <b>" + escape(ngettext("The box at fault is ringed in red.",
                                         "The boxes at fault are ringed in red.", marked))
                + "</b>" if marked else "")
            return
        self._demo = False
        totals = ", ".join(f"{n} {format_number(p)}" for n, p in self.sheet.totals().items())
        if round_no < 3:  # on to the next scoring, its boxes ready to type in
            self.round_picker.value = round_no + 1
        self._explain(round_no)
        self.message.value = escape(_("round {n} scored; totals: {totals}").format(
            n=round_no, totals=totals))
        self._show()

    def _boxes_of(self, entry: tuple) -> list[widgets.Widget]:
        """The boxes an `InvalidScore` entry names: ``("count", name, type)``, ``("wall",
        name)``, or ``("input", input name, player[, part])`` (without a part: every box of
        that input and player)."""
        kind, key = entry[0], entry[1:]
        if kind == "count":
            return [self.count_inputs[key]] if key in self.count_inputs else []
        if kind == "wall":
            return [self.wall_inputs[key[0]]] if key[0] in self.wall_inputs else []
        return [box for name, box in self.module_inputs.items()
                if (name,) == key or isinstance(name, tuple) and name[:len(key)] == key]

    def _tab_of(self, box: widgets.Widget) -> int:
        """The tab holding `box`: a module's, or the tiles and walls."""
        for i, boxes in enumerate(self._modules.values(), 1):
            if any(box is control for control in boxes.boxes.values()):
                return i
        return 0

    def _mark_refused(self, entries: Iterable[tuple]) -> int:
        """Ring the boxes of `entries` red (`REFUSED`), and no other; show the tab of the
        first. Returns how many are ringed."""
        for box in self._refused:
            box.remove_class(REFUSED)
        self._refused = [box for entry in entries for box in self._boxes_of(entry)]
        for box in self._refused:
            box.add_class(REFUSED)
        if self._refused:
            self.tabs.selected_index = self._tab_of(self._refused[0])
        return len(self._refused)

    def copy_from_explorer(self) -> None:
        """Fill the chosen player's boxes from the explorer's Alhambra (counts and wall)."""
        name, alhambra = self.explorer_player.value, self.explorer.alhambra
        if name not in self.sheet.competitors:
            self.message.value = _("Choose whose Alhambra it is in <i>for</i> first.")
            return
        for kind, n in alhambra.counts().items():
            self.count_inputs[name, kind].value = n
        if name in self.wall_inputs:
            self.wall_inputs[name].value = alhambra.longest_wall()
        self.tabs.selected_index = 0
        self.message.value = escape(_("copied the explorer's Alhambra for {player}").format(
            player=name))

    def to_csv(self) -> str:
        """The sheet as CSV text (see `ScoreSheet.to_csv`)."""
        return self.sheet.to_csv()

    def export(self) -> None:
        """Write the CSV to the file named in `csv_path` and offer it as a download.

        A relative name is taken from the folder the notebook runs in; the message says
        where the file went, or in words why it could not be written.
        """
        path = Path(self.csv_path.value.strip() or "scores.csv").expanduser()
        text = self.to_csv()
        self._offer(text, path.name if path.suffix else "scores.csv")
        shown = brief(str(path), quote=False)
        try:
            if path.is_dir():
                self.message.value = escape(_("{path} is a folder: give a file name such as "
                                              "{example}").format(
                    path=shown, example=brief(str(path / "scores.csv"), quote=False)))
                return
            path.write_text(text)
        except (OSError, ValueError) as failed:  # a NUL in the name is a ValueError
            why = getattr(failed, "strerror", None) or str(failed) or type(failed).__name__
            self.message.value = escape(_("could not write {path}: {why}; the download link "
                                          "below still has the sheet").format(path=shown, why=why))
            return
        rows = len(self.sheet.rows())
        self.message.value = escape(ngettext("wrote {n} row to {path}", "wrote {n} rows to {path}",
                                             rows).format(n=rows, path=path))

    def _offer(self, text: str, filename: str) -> None:
        data = base64.b64encode(text.encode()).decode()
        link = _("download {file}").format(file=filename)
        self.download.value = (f"<a download='{escape(filename)}' "
                               f"href='data:text/csv;base64,{data}'>⬇ "
                               f"{escape(link)}</a>")

    def _show(self) -> None:
        # The points only: the wall length equals the wall points, and the counts and
        # the module inputs are in the boxes and the CSV.
        # The points of each term and the running total; the round's sum is in the chart.
        columns = [c for c in self.sheet.csv_columns if c in ("round", "player", "total")
                   or c.endswith("_points") and c != "round_points"]
        rows = [[row[c] for c in columns] for row in self.sheet.rows()]
        # A module's term under its short title (camps, citizens, chests...).
        titles = {f"{name}_points": _(SHEET_MODULES[m].title).lower() for m in self.sheet.modules
                  for name, __ in SHEET_MODULES[m].terms}
        header = [titles.get(c) or csv_column_text(c) for c in columns]
        self.table.value = table_html(header, rows) if rows else _("No round scored yet.")
        self.summary.value = f"<b>{escape(sheet_summary(self.sheet, self._demo))}</b>"
        # At its own size, its labels at 10 CSS px (scaled to 260 px high they read 8 px).
        show(self.image, draw_score_track(self.sheet.scoring_events()))
