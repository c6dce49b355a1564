"""WallTracer: step through how the longest wall of an Alhambra is found.

Examples
--------
>>> tracer = WallTracer()
>>> tracer.next_button.click()
>>> tracer.title.value
'<b>2. External segments</b>'
>>> tracer.step_slider.value = 5
>>> len(tracer.step.trail) - 1 == tracer.alhambra.longest_wall()
True
>>> tracer.seed_input.value = 8
>>> tracer.source.value, tracer.shown.value
('sample', 'Shown: a random 20-tile Alhambra grown with seed 8.')
>>> tracer.source.value = "given"
>>> tracer.alhambra == wall_demo()
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..i18n import _

from ..alhambra import Alhambra
from ..draw import draw_walls_explained
from ..teaching.demo import WALL_DEMO_SEED, wall_demo
from ..teaching.wall_steps import WallStep, wall_steps
from ._common import WidgetBase, picture, picture_png, show_png

__all__ = ["WallTracer"]


class WallTracer(WidgetBase):
    """The five steps of the longest-wall search on an Alhambra, each drawn and explained.

    Parameters
    ----------
    alhambra : Alhambra, optional
        The Alhambra taught; by default `alhambra_lib.teaching.demo.wall_demo`, a
        seeded random 20-tile Alhambra. `source` switches between it and random
        samples drawn with `seed_input`, and back.
    name : str, optional
        What to call `alhambra` on the switch ("figure 3"); by default "the Alhambra
        given" (or "the demo Alhambra").

    Attributes
    ----------
    alhambra : Alhambra
    steps : list of WallStep
        See `alhambra_lib.teaching.wall_steps`.
    step_slider : ipywidgets.IntSlider
        The step shown, numbered 1..5 as the titles are.
    back_button, next_button : ipywidgets.Button
    source : ipywidgets.ToggleButtons
        ``"given"`` (the Alhambra passed in) or ``"sample"`` (a random one).
    seed_input : ipywidgets.BoundedIntText
        The seed of the random sample; changing it shows that sample.
    shown, title, explanation : ipywidgets.HTML
        `shown` says which Alhambra is on the picture.
    image : ipywidgets.Image
        `alhambra_lib.draw.draw_walls_explained` of the step.
    root : ipywidgets.Box
    """

    def __init__(self, alhambra: Alhambra | None = None, name: str | None = None) -> None:
        if alhambra is not None and not isinstance(alhambra, Alhambra):
            raise TypeError(f"expected an Alhambra, got {type(alhambra).__name__}")
        self.given = alhambra if alhambra is not None else wall_demo()
        self._given_name = name or (_("the demo Alhambra") if alhambra is None
                                    else _("the Alhambra given"))
        self.step_slider = widgets.IntSlider(min=1, max=5, description=_("step"))
        self.back_button = widgets.Button(description=_("◀ back"))
        self.next_button = widgets.Button(description=_("next ▶"))
        self.source = widgets.ToggleButtons(
            options=[(self._given_name, "given"), (_("a random sample"), "sample")],
            value="given", style={"button_width": "auto"})
        self.seed_input = widgets.BoundedIntText(value=WALL_DEMO_SEED, min=0, max=10**6,
                                                 description=_("seed"),
                                                 layout=widgets.Layout(width="150px"))
        self.shown = widgets.HTML()
        self.title = widgets.HTML()
        self.explanation = widgets.HTML()
        self.image = picture()
        self.back_button.on_click(lambda _: self._step_by(-1))
        self.next_button.on_click(lambda _: self._step_by(1))
        self.step_slider.observe(lambda _: self._refresh(), "value")
        self.source.observe(lambda _: self._show_source(), "value")
        self.seed_input.observe(lambda _: self._sample(), "value")
        self.root = widgets.VBox([
            widgets.HBox([self.back_button, self.step_slider, self.next_button]),
            widgets.HBox([self.source, self.seed_input]), self.shown,
            self.title, self.explanation, self.image])
        self._show_source()

    @property
    def step(self) -> WallStep:
        """The `WallStep` shown."""
        return self.steps[self.step_slider.value - 1]

    def _sample(self) -> None:
        """A new seed shows its sample (switching to samples if the given one was shown)."""
        if self.source.value == "sample":
            self._show_source()
        else:
            self.source.value = "sample"

    def _show_source(self) -> None:
        if self.source.value == "given":
            self.shown.value = escape(_("Shown: {alhambra}.").format(alhambra=self._given_name))
            self._use(self.given)
        else:
            seed = self.seed_input.value
            self.shown.value = escape(_("Shown: a random 20-tile Alhambra grown with seed "
                                        "{seed}.").format(seed=seed))
            self._use(wall_demo(seed))

    def _use(self, alhambra: Alhambra) -> None:
        self.alhambra = alhambra
        self.steps = wall_steps(alhambra)
        # step number -> PNG: going back and forth redraws nothing
        self._pictures: dict[int, bytes] = {}
        self._refresh()

    def _step_by(self, delta: int) -> None:
        self.step_slider.value = min(max(self.step_slider.value + delta, 1), len(self.steps))

    def _refresh(self) -> None:
        number, step = self.step_slider.value, self.step
        self.title.value = f"<b>{escape(step.title)}</b>"
        self.explanation.value = escape(step.text)
        if number not in self._pictures:
            drawing = draw_walls_explained(self.alhambra, **step.overlay())
            self._pictures[number] = picture_png(drawing)
        show_png(self.image, self._pictures[number])
