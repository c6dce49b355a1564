"""Widgets (ipywidgets 8) to play with the rules: placement, searches, majorities, walls, a
game, scores, replays, quizzes, the results of a weight sweep and two Mega Box modules
(an invasion, the street merchant's sets).

Every widget builds with no arguments into a seeded demo state, and arguments
override the demo. A widget shows itself when it is the value of a notebook cell
(it hands its root box to Jupyter), and its controls are public attributes, so a
test can set values, ``.click()`` buttons and read the resulting state and text
without a browser. Drawings are PNG images (`ipywidgets.Image`), which work offline
and in Voila alike; the GameTable's board, market and money are buttons drawn as the
tiles and cards, so that a click on the drawing is a move.

The package holds only the widgets. What they show lives with the rest of the
library: `ScoreSheet` in `alhambra_lib.score_sheet` and the search and wall steps in
`alhambra_lib.teaching` (both re-exported here), the demo states the widgets start
from in `alhambra_lib.teaching.demo`.

Examples
--------
>>> from alhambra_lib.widgets import MajorityExplorer
>>> explorer = MajorityExplorer()
>>> explorer.count_inputs["Cy", "tower"].value = 4
>>> "Ana, Ben and Cy tie for first in towers" in explorer.explanation.value
True
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

from ..score_sheet import ScoreSheet
from ..teaching.search_steps import SearchStep, search_steps
from ..teaching.wall_steps import WallStep, wall_steps
from .exercise import ExerciseBox, Exercises
from .game_table import GameTable
from .majorities import MajorityExplorer
from .mega_box import AttackExplorer, CitizenGrouper
from .placement import PlacementExplorer
from .quiz import Question, Quiz
from .replay import ReplayViewer
from .score_keeper import ScoreKeeper
from .search_stepper import SearchStepper
from .wall_tracer import WallTracer

# Imported on first use: the sweep's results are pandas tables (about 0.25 s to import).
_LAZY = {"WallWeightExplorer": ".wall_weight", "StudyRunner": ".study_runner",
         "SavedStudyView": ".saved_study"}

__all__ = [
    "PlacementExplorer",
    "MajorityExplorer",
    "WallTracer",
    "SearchStepper",
    "GameTable",
    "ScoreKeeper",
    "ScoreSheet",
    "Question",
    "Quiz",
    "Exercises",
    "ExerciseBox",
    "ReplayViewer",
    "WallStep",
    "wall_steps",
    "SearchStep",
    "search_steps",
    "WallWeightExplorer",
    "StudyRunner",
    "SavedStudyView",
    "AttackExplorer",
    "CitizenGrouper",
]


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_LAZY[name], __name__), name)
    globals()[name] = value  # the next look-up finds it without coming here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
