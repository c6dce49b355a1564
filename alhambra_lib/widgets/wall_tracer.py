"""WallTracer: step through how the longest wall of an Alhambra is found.

Examples
--------
>>> tracer = WallTracer()
>>> tracer.next_button.click()
>>> tracer.title.value
'<b>2. External segments</b>'
>>> tracer.step_slider.value = 4
>>> len(tracer.step.trail) - 1 == tracer.alhambra.longest_wall()
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..alhambra import Alhambra
from ..draw import draw_walls_explained
from ..teaching.demo import WALL_DEMO_SEED, wall_demo
from ..teaching.wall_steps import wall_steps
from ._common import WidgetBase, picture, picture_png, show_png

__all__ = ["WallTracer"]


class WallTracer(WidgetBase):
    """The five steps of the longest-wall search on an Alhambra, each drawn and explained.

    Parameters
    ----------
    alhambra : Alhambra, optional
        By default `alhambra_lib.teaching.demo.wall_demo`, a seeded random 20-tile
        Alhambra; `seed_input` draws others.

    Attributes
    ----------
    alhambra : Alhambra
    steps : list of WallStep
        See `alhambra_lib.teaching.wall_steps`.
    step_slider : ipywidgets.IntSlider
        The step shown, 0..4.
    back_button, next_button : ipywidgets.Button
    seed_input : ipywidgets.BoundedIntText
        Changing it replaces the Alhambra by a random one grown with that seed.
    title, explanation : ipywidgets.HTML
    image : ipywidgets.Image
        `alhambra_lib.draw.draw_walls_explained` of the step.
    root : ipywidgets.Box
    """

    def __init__(self, alhambra=None):
        if alhambra is not None and not isinstance(alhambra, Alhambra):
            raise TypeError(f"expected an Alhambra, got {type(alhambra).__name__}")
        self.step_slider = widgets.IntSlider(min=0, max=4, description="step")
        self.back_button = widgets.Button(description="◀ back")
        self.next_button = widgets.Button(description="next ▶")
        self.seed_input = widgets.BoundedIntText(value=WALL_DEMO_SEED, min=0, max=10**6,
                                                 description="sample seed")
        self.title = widgets.HTML()
        self.explanation = widgets.HTML()
        self.image = picture()
        self.back_button.on_click(lambda _: self._step_by(-1))
        self.next_button.on_click(lambda _: self._step_by(1))
        self.step_slider.observe(lambda _: self._refresh(), "value")
        self.seed_input.observe(lambda change: self._use(wall_demo(change["new"])), "value")
        self.root = widgets.VBox([
            widgets.HBox([self.back_button, self.step_slider, self.next_button, self.seed_input]),
            self.title, self.explanation, self.image])
        self._use(alhambra if alhambra is not None else wall_demo())

    @property
    def step(self):
        """The `WallStep` shown."""
        return self.steps[self.step_slider.value]

    def _use(self, alhambra):
        self.alhambra = alhambra
        self.steps = wall_steps(alhambra)
        self._pictures = {}  # step number -> PNG: going back and forth redraws nothing
        self._refresh()

    def _step_by(self, delta):
        self.step_slider.value = min(max(self.step_slider.value + delta, 0), len(self.steps) - 1)

    def _refresh(self):
        number, step = self.step_slider.value, self.step
        self.title.value = f"<b>{escape(step.title)}</b>"
        self.explanation.value = escape(step.text)
        if number not in self._pictures:
            self._pictures[number] = picture_png(draw_walls_explained(self.alhambra, **step.overlay()))
        show_png(self.image, self._pictures[number])
