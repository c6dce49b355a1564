"""Material for the notebooks: the rules' figures, step-by-step searches, exercises, demos.

Plain data and text, no widgets and no drawing (neither ipywidgets nor matplotlib is
imported), so that the widgets, the drawings and the tests share it:

* `figures`: RULES.md's figures as Alhambras, and the cells the text names;
* `reference`: legal cells found by the definition, the slow way;
* `answers`: the answer checker of the exercises;
* `search_steps`, `wall_steps`: breadth-first searches and the longest-wall search,
  step by step, as data a drawing shows and captions that tell it;
* `text`: wording shared by the captions;
* `module_tour`: moments of seeded games where a Mega Box module acts (`first_moment`,
  with `EagerBot` players for a module's own actions);
* `demo`: the seeded states the widgets start from (imported on its own:
  ``from alhambra_lib.teaching.demo import random_alhambra``);
* `master_search`: the master bot's search taken apart for notebook 09, its sampled
  deals and its halving rounds (imported on its own, as it needs the bots).

Examples
--------
>>> figure_3().longest_wall(), figure_3(north_of_2_0_walled=True).longest_wall()
(4, 7)
>>> figure_2().longest_wall(), figure_2(open_side=True).longest_wall()
(12, 11)
>>> check_answer([(0, 1), (1, 0)], {(1, 0), (0, 1)})
'right'
>>> [step.title for step in search_steps(figure_3(), "walk")][-1]
'Done'
"""

from .answers import check_answer
from .figures import FIGURE_1_CELL, PINCH_CORNER, figure_1, figure_2, figure_3, pinch_layout
from .module_tour import EagerBot, Moment, eager, first_moment
from .reference import legal_positions_by_definition
from .search_steps import SEARCHES, SearchStep, search_steps
from .wall_steps import WallStep, wall_steps

__all__ = [
    "figure_1",
    "FIGURE_1_CELL",
    "figure_2",
    "figure_3",
    "pinch_layout",
    "PINCH_CORNER",
    "legal_positions_by_definition",
    "check_answer",
    "SearchStep",
    "search_steps",
    "SEARCHES",
    "WallStep",
    "wall_steps",
    "Moment",
    "first_moment",
    "EagerBot",
    "eager",
]
