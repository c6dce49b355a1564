"""SearchStepper: step through breadth-first reachability or the flood fill for holes.

Examples
--------
>>> stepper = SearchStepper()
>>> stepper.caption.value.startswith("<b>Step 0: the fountain</b>")
True
>>> stepper.next_button.click()
>>> stepper.step.title
'Step 1: 3 tiles'
>>> stepper.search_picker.value = "flood"
>>> stepper.step_slider.value, stepper.step.title
(0, 'Step 0: the border')
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..i18n import _

from ..alhambra import Alhambra
from ..draw import draw_search_step
from ..teaching.demo import search_demo
from ..teaching.search_steps import SEARCHES, SearchStep, search_steps
from ._common import MAX_PICTURE_INCHES, WidgetBase, picture, picture_png, show_png

# search_demo lives in alhambra_lib.teaching.demo; still importable from here.
__all__ = ["SearchStepper", "search_demo"]


class SearchStepper(WidgetBase):
    """The layers of a breadth-first search on an Alhambra, one step at a time, drawn.

    Parameters
    ----------
    alhambra : Alhambra, optional
        By default `alhambra_lib.teaching.demo.search_demo`, grown under
        ``hole_rule="single"`` with an enclosed area.
    search : {"walk", "flood"}
        Reachability from the fountain, or the flood fill from outside that finds
        holes (see `alhambra_lib.teaching.search_steps`).

    Attributes
    ----------
    alhambra : Alhambra
    steps : list of SearchStep
        The steps of the chosen search, the last one "Done".
    search_picker : ipywidgets.ToggleButtons
        ``"walk"`` or ``"flood"``; changing it starts the other search at step 0.
    step_slider : ipywidgets.IntSlider
        The step shown.
    back_button, next_button : ipywidgets.Button
    caption : ipywidgets.HTML
        The step's title in bold, then what happens in it.
    image : ipywidgets.Image
        `alhambra_lib.draw.draw_search_step` of the step.
    root : ipywidgets.Box
    """

    def __init__(self, alhambra: Alhambra | None = None, search: str = "walk") -> None:
        if alhambra is not None and not isinstance(alhambra, Alhambra):
            raise TypeError(f"expected an Alhambra, got {type(alhambra).__name__}")
        if search not in SEARCHES:
            raise ValueError(f"unknown search {search!r}: expected one of {', '.join(SEARCHES)}")
        self.alhambra = alhambra if alhambra is not None else search_demo()
        self.search_picker = widgets.ToggleButtons(
            options=[(_("walk from the fountain"), "walk"), (_("flood from outside"), "flood")],
            value=search, description=_("search"))
        self.step_slider = widgets.IntSlider(min=0, description=_("step"))
        self.back_button = widgets.Button(description=_("◀ back"))
        self.next_button = widgets.Button(description=_("next ▶"))
        self.caption = widgets.HTML()
        self.image = picture()
        self.back_button.on_click(lambda _: self._step_by(-1))
        self.next_button.on_click(lambda _: self._step_by(1))
        self.step_slider.observe(lambda _: self._refresh(), "value")
        self.search_picker.observe(lambda _: self._use_search(), "value")
        # The controls and the text beside the drawing, not above it: the whole widget
        # fits in the height of a laptop screen (below each other on a narrow one).
        controls = widgets.VBox([
            self.search_picker,
            widgets.HBox([self.back_button, self.step_slider, self.next_button]),
            self.caption], layout=widgets.Layout(flex="1 1 360px"))
        self.root = widgets.HBox([self.image, controls],
                                 layout=widgets.Layout(flex_flow="row wrap"))
        self._use_search()

    @property
    def step(self) -> SearchStep:
        """The `SearchStep` shown."""
        return self.steps[self.step_slider.value]

    def _use_search(self) -> None:
        self.steps = search_steps(self.alhambra, self.search_picker.value)
        # step number -> PNG: going back and forth redraws nothing
        self._pictures: dict[int, bytes] = {}
        self.step_slider.value = 0  # before max: the old value may lie beyond the new max
        self.step_slider.max = len(self.steps) - 1
        self._refresh()  # the slider only calls it when its value moved

    def _step_by(self, delta: int) -> None:
        self.step_slider.value = min(max(self.step_slider.value + delta, 0), len(self.steps) - 1)

    def _refresh(self) -> None:
        number, step = self.step_slider.value, self.step
        self.caption.value = f"<b>{escape(step.title)}</b><br>{escape(step.text)}"
        if number not in self._pictures:
            self._pictures[number] = picture_png(draw_search_step(
                self.alhambra, **step.overlay(), max_height=MAX_PICTURE_INCHES))
        show_png(self.image, self._pictures[number])
