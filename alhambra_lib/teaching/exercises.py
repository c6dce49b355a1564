"""The notebooks' exercises and the rules quiz, as data whose answers the library computes.

An `Exercise` holds its question and the answer the library finds; the notebooks
show them as widgets (`alhambra_lib.widgets.Exercises`) where the reader types an
answer and gets hints, so no answer key is ever printed under a question.
`RULES_QUIZ` holds the multiple-choice questions of notebook 01 with the answers as
the rules give them; the tests check that the library agrees with each.

Examples
--------
>>> [exercise.kind for exercise in placement_exercises()]
['cells', 'cells', 'number']
>>> wall_exercises()[0].expected
10
>>> RULES_QUIZ[3][2]
'no'
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..components import Tile
from ..i18n import N_, _
from ..reach import walk_layers
from ..walls import corner_graph, longest_simple_path_length
from .answers import ANSWER_KINDS
from .demo import search_demo
from .figures import figure_1, figure_2, figure_3

__all__ = ["Exercise", "placement_exercises", "wall_exercises", "RULES_QUIZ"]


class Exercise(NamedTuple):
    """One question whose answer is typed: a set of cells or a whole number.

    Attributes
    ----------
    prompt : str
        The question, plain text.
    kind : str
        ``"cells"`` or ``"number"`` (`alhambra_lib.teaching.answers.ANSWER_KINDS`).
    expected : set of tuple or int
        The answer, as the library computes it.
    hint : str
        A nudge shown after a wrong try, before the answer is offered.
    """

    prompt: str
    kind: str
    expected: object
    hint: str

    @classmethod
    def of(cls, prompt: str, kind: str, expected: Any, hint: str) -> Exercise:
        """An exercise, checked: `kind` is known and `expected` is of that kind."""
        if kind not in ANSWER_KINDS:
            raise ValueError(f"unknown answer kind {kind!r}; expected one of {ANSWER_KINDS}")
        expected = set(expected) if kind == "cells" else int(expected)
        return cls(prompt, kind, expected, hint)


def placement_exercises() -> list[Exercise]:
    """Notebook 02's exercises: legal cells, cells that close an area, search depth (in
    the current language)."""
    garden = Tile("garden", 10, "W")
    fig1 = figure_1()
    bare = Tile("garden", 11, "")
    return [
        Exercise.of(
            _("On figure 3 of the rules, on which cells may a garden with a wall on its west "
              "side go?"), "cells", figure_3().legal_positions(garden),
            _("Go round the frontier: which cells give a wall mismatch, and which cannot be "
              "walked to?")),
        Exercise.of(
            _("On figure 1 (before the tile on ?), on which frontier cells would a tile "
              "without walls close an area?"), "cells",
            [cell for cell in fig1.frontier() if "hole" in fig1.check(bare, cell).reasons],
            _("There is one more than ? itself.")),
        Exercise.of(
            _("In the Alhambra of the step-by-step search above, how many steps from the "
              "fountain is the farthest tile?"), "number",
            len(walk_layers(search_demo().graph)) - 1,
            _("Step through the walk and count its layers: layer 0 is the fountain.")),
    ]


def wall_exercises() -> list[Exercise]:
    """Notebook 03's exercises: wall points, wall ends, and the two readings of a loop (in
    the current language)."""
    corner_open = figure_2()
    corner_open.exchange(Tile("garden", 11, ""), (1, 1))
    two_open = figure_2(open_side=True)
    two_open.exchange(Tile("garden", 10, ""), (0, -1))
    return [
        Exercise.of(
            _("Figure 2's ring, but the north-east tile (1, 1) has no walls at all. How many "
              "wall points does it score?"), "number", corner_open.longest_wall(),
            _("Which segments disappear with the tile's walls, and is the rest one run?")),
        Exercise.of(
            _("Which corners of figure 3 end a wall (degree 1 in the corner graph)? They are "
              "labelled on the drawing of section 2."), "cells",
            [c for c, degree in figure_3().wall_graph().degree() if degree == 1],
            _("A wall ends where only one external segment touches the corner.")),
        Exercise.of(
            _("Figure 2's ring with two opposite outer sides open, north of (0, 1) and south "
              "of (0, -1): how many wall points under the rule (a trail)?"), "number",
            two_open.longest_wall(),
            _("With two gaps there is no loop left to close: the wall falls into two runs.")),
        Exercise.of(
            _("And under the simple-path reading (no corner twice)?"), "number",
            longest_simple_path_length(corner_graph(two_open.wall_segments())),
            _("Is there a loop the trail could close, where the simple path would lose a "
              "segment?")),
    ]


#: Notebook 01's questions: (prompt, options, answer, explanation), as `Question` takes them;
#: marked for the catalogs, a `Question` shows them in the current language.
RULES_QUIZ = (
    (N_("A tile has walls on its north, east and south sides. May it go east of a bare "
        "fountain, on (1, 0)?"), (N_("yes"), N_("no")), "yes",
     N_("Its west side is open and meets the fountain's open east side: the sides match and "
        "you can walk in. Its walls face empty cells, which is allowed.")),
    (N_("And west of the fountain, on (-1, 0)?"), ("yes", "no"), "no",
     N_("Its east wall would touch the fountain's open west side, and no open side would "
        "lead in: the walls do not match and the tile cannot be walked to.")),
    (N_("Round 2: Ana and Ben have 4 towers each, Cy has 2. How many points does Ana get for "
        "towers?"), ("13", "9", "6", "0"), "9",
     N_("Ana and Ben share first and second place: (13 + 6) / 2 = 9.5, rounded down to 9 "
        "each. Cy is third, which pays nothing in round 2.")),
    (N_("May you take a 3 and a 3 from the display in one action?"), ("yes", "no"), "no",
     N_("Several cards may be taken together only if they total at most 5. One card alone "
        "may have any value, even 9.")),
    (N_("You pay for an 8-garden on the ducat square with a 5 and a 3 ducat. What then?"),
     (N_("your turn ends"), N_("you may do another action"), N_("you get 0 change")),
     "you may do another action",
     N_("5 + 3 is exactly 8: an exact payment grants another action.")),
    (N_("Two players: in round 2, Ana and Dirk have 3 gardens each, Ben has 2. What does Ana "
        "score for gardens?"), ("12", "8", "5", "6"), "8",
     N_("Dirk, the neutral third party of the two-player game, competes for majorities like "
        "a player: Ana and Dirk share first and second, (12 + 5) / 2 = 8.5, rounded down to "
        "8.")),
)
