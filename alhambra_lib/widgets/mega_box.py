"""Widgets for two Mega Box modules: an invasion (§M15) and the street merchant's sets (§M12).

`AttackExplorer` lets you choose where the invaders come from and in which round, and
shows the sides they get through and the points each costs. `CitizenGrouper` lets you
move residents between colours and shows the best grouping into sets of different
colours with its points.

Examples
--------
>>> explorer = AttackExplorer()
>>> explorer.direction_buttons.value, explorer.round_buttons.value = "E", 3
>>> explorer.penalty == invasion_penalty(explorer.alhambra.layout, "E", 3)
True
>>> grouper = CitizenGrouper()
>>> grouper.count_inputs["pavilion"].value = 3
>>> grouper.points == best_grouping(grouper.counts())[0]
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..alhambra import Alhambra
from ..draw import draw_attack
from ..grid import SIDES, Cell
from ..modules.invaders import flanks, invasion_penalty, unprotected_sides
from ..modules.street_merchant import (
    CITIZENS_PER_COLOUR,
    COLOUR_NAMES,
    COLOURS,
    best_grouping,
    set_points,
)
from ..palette import KIND_COLOURS
from ..sheet_inputs import SIDE_NAMES
from ..teaching.demo import random_alhambra
from ..i18n import N_, _, format_list, ngettext
from ..narrate import points_text, term
from ..teaching.text import counted
from ._common import WidgetBase, css_class, picture, show, table_html

if TYPE_CHECKING:
    from ..components import Tile

__all__ = ["AttackExplorer", "CitizenGrouper", "attack_sentences", "grouping_sentences",
           "ATTACK_DEMO_SEED", "DEMO_RESIDENTS"]

#: An attack's direction as a button and a table say it.
_FROM = {"N": N_("from the north"), "E": N_("from the east"), "S": N_("from the south"),
         "W": N_("from the west")}
#: The seed of the AttackExplorer's random 14-tile Alhambra by default.
ATTACK_DEMO_SEED = 3
_DEMO_TILES = 14
#: The CitizenGrouper's residents by default: the example of RULES.md §M12.4.
DEMO_RESIDENTS = {"pavilion": 3, "seraglio": 1, "arcades": 1}


def attack_sentences(layout: Mapping[Cell, Tile], direction: str, round_no: int) -> str:
    """What an attack from `direction` in round `round_no` costs `layout`, in sentences.

    >>> from alhambra_lib.components import FOUNTAIN, Tile
    >>> layout = {(0, 0): FOUNTAIN, (1, 0): Tile("pavilion", 8, "")}
    >>> print(attack_sentences(layout, "E", 2))
    1 side facing east is unprotected: 2 points each in round 2, 2 points lost.
    >>> print(attack_sentences(layout, "E", 3))
    1 side facing east is unprotected: 3 points each in round 3, 3 points. The attack also \
comes round the flanks: 1 unprotected side facing north and 1 facing south, 1 point each, \
2 points. In all 5 points lost.
    >>> print(attack_sentences(layout, "W", 1))
    No side facing west is unprotected: no points lost.
    """
    front = len(unprotected_sides(layout, direction))
    said = {"n": front, "direction": _(SIDE_NAMES[direction]), "round": round_no,
            "per_side": points_text(round_no), "points": points_text(front * round_no)}
    if round_no < 3:
        if not front:
            return _("No side facing {direction} is unprotected: no points lost.").format(**said)
        return ngettext("{n} side facing {direction} is unprotected: {per_side} each in round "
                        "{round}, {points} lost.",
                        "{n} sides facing {direction} are unprotected: {per_side} each in round "
                        "{round}, {points} lost.", front).format(**said)
    left, right = flanks(direction)
    n_left, n_right = (len(unprotected_sides(layout, s)) for s in (left, right))
    head = ngettext("{n} side facing {direction} is unprotected: {per_side} each in round "
                    "{round}, {points}.",
                    "{n} sides facing {direction} are unprotected: {per_side} each in round "
                    "{round}, {points}.", front) if front else _(
        "No side facing {direction} is unprotected.")
    flank = ngettext("The attack also comes round the flanks: {n} unprotected side facing "
                     "{left} and {m} facing {right}, 1 point each, {points}. In all {lost} lost.",
                     "The attack also comes round the flanks: {n} unprotected sides facing "
                     "{left} and {m} facing {right}, 1 point each, {points}. In all {lost} lost.",
                     n_left).format(n=n_left, m=n_right, left=_(SIDE_NAMES[left]),
                                    right=_(SIDE_NAMES[right]),
                                    points=points_text(n_left + n_right),
                                    lost=points_text(invasion_penalty(layout, direction,
                                                                      round_no)))
    return f"{head.format(**said)} {flank}"


class AttackExplorer(WidgetBase):
    """Choose the invaders' direction and the round; see the sides they get through.

    An attack (RULES.md §M15.4) costs the round's number of points per unprotected side
    facing its direction, and in round 3 one more point per unprotected side facing
    either flank. The picture marks each unprotected side; a table gives the points of
    every direction and round.

    Parameters
    ----------
    alhambra : Alhambra, optional
        The Alhambra attacked; by default a seeded random 14-tile Alhambra
        (`ATTACK_DEMO_SEED`), and `seed_input` draws others.

    Attributes
    ----------
    alhambra : Alhambra
    direction_buttons : ipywidgets.ToggleButtons
        Where the attack comes from: ``"N"``, ``"E"``, ``"S"`` or ``"W"``.
    round_buttons : ipywidgets.ToggleButtons
        The scoring round, 1, 2 or 3.
    seed_input : ipywidgets.BoundedIntText
        A random Alhambra with this seed (changing it replaces the Alhambra).
    explanation, table : ipywidgets.HTML
    image : ipywidgets.Image
        `alhambra_lib.draw.draw_attack` of the choice.
    root : ipywidgets.Box
    """

    def __init__(self, alhambra: Alhambra | None = None) -> None:
        if alhambra is not None and not isinstance(alhambra, Alhambra):
            raise TypeError(f"expected an Alhambra, got {type(alhambra).__name__}")
        self.alhambra = alhambra if alhambra is not None else self._sample(ATTACK_DEMO_SEED)
        self.direction_buttons = widgets.ToggleButtons(
            options=[(_(_FROM[s]), s) for s in SIDES], value="N",
            description=_("attack"), style={"button_width": "auto"})
        self.round_buttons = widgets.ToggleButtons(
            options=[(_("round {n}").format(n=r), r) for r in (1, 2, 3)], value=1,
            description=_("in"),
            style={"button_width": "auto"})
        self.seed_input = widgets.BoundedIntText(value=ATTACK_DEMO_SEED, min=0, max=10**6,
                                                 description=_("Alhambra"),
                                                 layout=widgets.Layout(width="170px"))
        self.direction_buttons.add_class(css_class("attack-direction"))
        self.round_buttons.add_class(css_class("attack-round"))
        self.explanation = widgets.HTML()
        self.explanation.add_class(css_class("attack-explanation"))
        self.table = widgets.HTML()
        self.image = picture()
        self.direction_buttons.observe(lambda _: self._refresh(), "value")
        self.round_buttons.observe(lambda _: self._refresh(), "value")
        self.seed_input.observe(lambda change: self._use_seed(change["new"]), "value")
        self.image.add_class(css_class("attack-picture"))
        # The table beside the drawing: the explorer keeps within a laptop's screen.
        self.root = widgets.VBox([self.direction_buttons, self.round_buttons, self.seed_input,
                                  self.explanation,
                                  widgets.HBox([self.image, self.table],
                                               layout=widgets.Layout(flex_flow="row wrap",
                                                                     grid_gap="16px"))])
        self.root.add_class(css_class("attack-explorer"))
        self._refresh()

    @staticmethod
    def _sample(seed: int) -> Alhambra:
        return random_alhambra(seed=seed, tiles=_DEMO_TILES)

    @property
    def penalty(self) -> int:
        """The points the chosen attack costs."""
        return invasion_penalty(self.alhambra.layout, self.direction_buttons.value,
                                self.round_buttons.value)

    def _use_seed(self, seed: int) -> None:
        self.alhambra = self._sample(seed)
        self._refresh()

    def _refresh(self) -> None:
        direction, round_no = self.direction_buttons.value, self.round_buttons.value
        layout = self.alhambra.layout
        self.explanation.value = escape(attack_sentences(layout, direction, round_no))
        rows = [[_(_FROM[s]), len(unprotected_sides(layout, s)),
                 *(invasion_penalty(layout, s, r) for r in (1, 2, 3))] for s in SIDES]
        header = [_("attack"), _("unprotected sides"),
                  *(_("round {n}").format(n=r) for r in (1, 2, 3))]
        self.table.value = escape(_("Points lost to each attack:")) + table_html(header, rows)
        show(self.image, draw_attack(self.alhambra, direction, round_no))


def _colour(kind: str) -> str:
    """A citizen's colour (the colour of building type `kind`) in the current language."""
    return term(COLOUR_NAMES[kind])


def _dots(colours: Iterable[str]) -> str:
    return "".join(f"<span title='{_colour(c)}' style='display:inline-block;width:14px;"
                   f"height:14px;border-radius:7px;margin:0 2px;border:1px solid #444;"
                   f"background:{KIND_COLOURS[c]}'></span>" for c in colours)


def grouping_sentences(counts: Mapping[str, int]) -> str:
    """The best grouping of `counts` (colour -> residents) and its points, in sentences.

    >>> print(grouping_sentences({"pavilion": 3, "seraglio": 1, "arcades": 1}))
    Set 1: blue, red, brown: 3 colours, 6 points. Set 2: blue: 1 colour, 1 point. \
Set 3: blue: 1 colour, 1 point. In all 8 points.
    >>> grouping_sentences({})
    'No residents yet: no points.'
    """
    points, sets = best_grouping(counts)
    if not sets:
        return _("No residents yet: no points.")
    parts = [ngettext("Set {j}: {colours}: {n} colour, {points}.",
                      "Set {j}: {colours}: {n} colours, {points}.", len(s)).format(
        j=j, colours=", ".join(map(_colour, s)), n=len(s), points=points_text(set_points(len(s))))
        for j, s in enumerate(sets, 1)]
    return " ".join([*parts, _("In all {points}.").format(points=points_text(points))])


class CitizenGrouper(WidgetBase):
    """Move residents between colours; see the best grouping into sets and its points.

    The street merchant's residents score at every scoring in sets of different colours,
    k(k+1)/2 for a set of k colours (RULES.md §M12.4); the best grouping is the layering
    (`best_grouping`). Beside the grouping, the widget says what one more resident of
    each colour would add.

    Parameters
    ----------
    counts : mapping, optional
        Residents per colour (a building type, `COLOURS`); by default `DEMO_RESIDENTS`.

    Attributes
    ----------
    count_inputs : dict
        colour -> ``ipywidgets.BoundedIntText`` (0 to 7 residents).
    from_colour, to_colour : ipywidgets.Dropdown
        The colours of a move.
    move_button : ipywidgets.Button
        Moves one resident from `from_colour` to `to_colour` (none if there is none).
    grouping, explanation, gains, message : ipywidgets.HTML
    root : ipywidgets.Box
    """

    def __init__(self, counts: Mapping[str, int] | None = None) -> None:
        counts = dict(DEMO_RESIDENTS if counts is None else counts)
        best_grouping(counts)  # checks the colours and numbers
        too_many = [c for c, n in counts.items() if n > CITIZENS_PER_COLOUR]
        if too_many:
            raise ValueError(f"at most {CITIZENS_PER_COLOUR} citizens of a colour, got "
                             f"{counts[too_many[0]]} {COLOUR_NAMES[too_many[0]]}")
        self.count_inputs = {c: widgets.BoundedIntText(
            value=counts.get(c, 0), min=0, max=CITIZENS_PER_COLOUR, description=_colour(c),
            layout=widgets.Layout(width="150px")) for c in COLOURS}
        names = [(_colour(c), c) for c in COLOURS]
        self.from_colour = widgets.Dropdown(options=names, value=COLOURS[0],
                                            description=_("move"),
                                            layout=widgets.Layout(width="170px"))
        self.to_colour = widgets.Dropdown(options=names, value=COLOURS[1], description=_("to"),
                                          layout=widgets.Layout(width="150px"))
        self.move_button = widgets.Button(description=_("move one resident"))
        self.move_button.add_class(css_class("move-resident"))
        self.grouping, self.explanation = widgets.HTML(), widgets.HTML()
        self.explanation.add_class(css_class("grouping-explanation"))
        self.gains, self.message = widgets.HTML(), widgets.HTML()
        for box in self.count_inputs.values():
            box.observe(lambda _: self._refresh(), "value")
        self.move_button.on_click(lambda _: self.move(self.from_colour.value,
                                                      self.to_colour.value))
        self.root = widgets.VBox([
            widgets.HBox(list(self.count_inputs.values())[:3]),
            widgets.HBox(list(self.count_inputs.values())[3:]),
            widgets.HBox([self.from_colour, self.to_colour, self.move_button]), self.message,
            self.grouping, self.explanation, self.gains])
        self.root.add_class(css_class("citizen-grouper"))
        self._refresh()

    def counts(self) -> dict:
        """Residents per colour, as the inputs hold them (colours with none left out)."""
        return {c: box.value for c, box in self.count_inputs.items() if box.value}

    @property
    def points(self) -> int:
        """The points of the best grouping."""
        return best_grouping(self.counts())[0]

    def move(self, source: str, target: str) -> None:
        """Move one resident from colour `source` to colour `target`, if it can be done."""
        come, go = self.count_inputs[source], self.count_inputs[target]
        if source == target:
            said = _("Choose two different colours to move a resident.")
        elif come.value == 0:
            said = _("There is no {colour} resident to move.").format(colour=_colour(source))
        elif go.value == CITIZENS_PER_COLOUR:
            said = _("All {n} {colour} citizens are already residents.").format(
                n=CITIZENS_PER_COLOUR, colour=_colour(target))
        else:
            before = self.points
            come.value -= 1
            go.value += 1
            said = _("One resident moved from {source} to {target}: {before} → {points}.").format(
                source=_colour(source), target=_colour(target), before=before,
                points=points_text(self.points))
        self.message.value = escape(said)

    @staticmethod
    def _gain(counts: Mapping[str, int], colour: str, points: int) -> int:
        """What one more resident of `colour` adds to the `points` of `counts`."""
        return best_grouping({**counts, colour: counts.get(colour, 0) + 1})[0] - points

    def _refresh(self) -> None:
        counts = self.counts()
        points, sets = best_grouping(counts)
        self.grouping.value = "<br>".join(
            f"{_dots(s)} {escape(points_text(set_points(len(s))))}" for s in sets)
        self.explanation.value = escape(grouping_sentences(counts))
        gains = [f"{_colour(c)} +{self._gain(counts, c, points)}"
                 for c in COLOURS if counts.get(c, 0) < CITIZENS_PER_COLOUR]
        self.gains.value = escape(_("One more resident would add (in points): {gains}.").format(
            gains=", ".join(gains)))
