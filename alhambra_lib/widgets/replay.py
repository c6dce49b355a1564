"""ReplayViewer: step through a recorded game turn by turn, told in words and drawn.

Examples
--------
>>> viewer = ReplayViewer()
>>> viewer.turn_slider.value
1
>>> viewer.next_button.click()
>>> viewer.turn_slider.value, viewer.game.turn
(2, 3)
>>> viewer.narration.value.count("-- turn 2:")
1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..i18n import _

from ..draw import draw_game
from ..replay import event_turns, narrate, replay
from ..teaching.demo import demo_game
from ._common import WidgetBase, picture, picture_png, show_png

if TYPE_CHECKING:
    from ..engine.game import Game

# demo_game lives in alhambra_lib.teaching.demo; still importable from here.
__all__ = ["ReplayViewer", "demo_game"]


class ReplayViewer(WidgetBase):
    """A recorded game, one turn at a time: that turn's events in words, the table after it.

    Parameters
    ----------
    start : Game or str, optional
        The game as it began (or its `Game.to_json`); copied, never changed. By
        default three GreedyBots' game of `alhambra_lib.teaching.demo.demo_game`.
    events : list of dict, optional
        The record of the game played from `start` (`Game.events`), needed with
        `start`.

    Attributes
    ----------
    events : list of dict
        The record.
    turn_slider : ipywidgets.IntSlider
        The turn shown, 1 to the last.
    back_button, next_button : ipywidgets.Button
    narration : ipywidgets.HTML
        The turn's events, one line each (`alhambra_lib.replay.narrate`).
    game : Game
        The game replayed to the end of the shown turn (`alhambra_lib.replay.replay`).
    image : ipywidgets.Image
        `alhambra_lib.draw.draw_game` of `game`.
    root : ipywidgets.Box
    """

    def __init__(self, start: Game | str | None = None,
                 events: Iterable[Mapping[str, Any]] | None = None) -> None:
        if (start is None) != (events is None):
            raise TypeError("give both the start of a game and its events, or neither")
        if start is None or events is None:
            start, events = demo_game()
        self._start = start if isinstance(start, str) else start.to_json()
        self.events = list(events)
        replay(self._start, self.events)  # refuse a record that does not fit its start
        last = max(event_turns(self.events))
        self.turn_slider = widgets.IntSlider(value=1, min=1, max=last, description=_("turn"),
                                             continuous_update=False)
        self.back_button = widgets.Button(description=_("◀ back"))
        self.next_button = widgets.Button(description=_("next ▶"))
        self.narration = widgets.HTML()
        self.image = picture()
        self.turn_slider.observe(lambda _: self._refresh(), "value")
        self.back_button.on_click(lambda _: self._step(-1))
        self.next_button.on_click(lambda _: self._step(+1))
        self.root = widgets.VBox([
            widgets.HBox([self.back_button, self.turn_slider, self.next_button]),
            self.narration, self.image])
        self._refresh()

    def _step(self, by: int) -> None:
        slider = self.turn_slider
        slider.value = min(max(slider.value + by, slider.min), slider.max)

    def _refresh(self) -> None:
        turn = self.turn_slider.value
        last = turn == self.turn_slider.max
        self.game = replay(self._start, self.events, turn=None if last else turn + 1)
        lines = narrate(self.events, turns=[turn])
        # Drawn first, then the words and the picture replaced one right after the other:
        # the text never tells a turn that the picture does not show yet.
        png = picture_png(draw_game(self.game))
        with self.narration.hold_sync(), self.image.hold_sync():
            self.narration.value = "<br>".join(escape(line) for line in lines)
            show_png(self.image, png)
