"""The game table apart from its widget: what clicks mean, and the session at the table.

`clicks` names every legal move by the pieces a player clicks for it (`Selection`,
`click_path`); `session` holds a game you play against bots (`TableSession`: the seats, the
selection, undo, the hint, saving and loading). Neither imports ipywidgets:
`~alhambra_lib.widgets.GameTable` is the view over a `TableSession`.

Examples
--------
>>> table = TableSession()
>>> table.game.current_player, table.can_undo
('You', False)
"""

from .clicks import MAX_CLICKS, MAX_OFFERED, Selection, Shape, click_path, decision_title
from .session import PACES, Click, TableSession

__all__ = ["TableSession", "Click", "PACES", "Selection", "Shape", "click_path",
           "decision_title", "MAX_CLICKS", "MAX_OFFERED"]
