"""Widgets (ipywidgets 8) to play with the rules: placement, searches, majorities, walls, a
game, scores, replays, quizzes and the results of a weight sweep.

Every widget builds with no arguments into a seeded demo state, and arguments
override the demo. A widget shows itself when it is the value of a notebook cell
(it hands its root box to Jupyter), and its controls are public attributes, so a
test can set values, ``.click()`` buttons and read the resulting state and text
without a browser. Drawings are PNG images (`ipywidgets.Image`), which work offline
and in Voila alike.

Examples
--------
>>> from alhambra_lib.widgets import MajorityExplorer
>>> explorer = MajorityExplorer()
>>> explorer.count_inputs["Cy", "tower"].value = 4
>>> "Ana, Ben and Cy tie for first in towers" in explorer.explanation.value
True
"""

from .game_table import GameTable
from .majorities import MajorityExplorer
from .placement import PlacementExplorer
from .quiz import Question, Quiz
from .replay import ReplayViewer
from .score_keeper import ScoreKeeper
from .score_sheet import ScoreSheet
from .search_stepper import SearchStepper
from .search_steps import SearchStep, search_steps
from .wall_steps import WallStep, wall_steps
from .wall_tracer import WallTracer
from .wall_weight import WallWeightExplorer

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
    "ReplayViewer",
    "WallStep",
    "wall_steps",
    "SearchStep",
    "search_steps",
    "WallWeightExplorer",
]
