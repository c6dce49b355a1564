"""What the widgets share: showing through a root box, PNG pictures, a grid of counts.

A picture is drawn with `PIXEL_DENSITY` image pixels per CSS pixel, so that it is sharp on
high-density screens, and shown at its design size (`alhambra_lib.draw.DPI`) or smaller:
never stretched to the width of the page, nor in height by the box it sits in.

Examples
--------
>>> from alhambra_lib import Tile
>>> image = picture()
>>> show(image, Tile("garden", 8, "NE"))
>>> width, height = png_size(image.value)
>>> image.width == str(width // PIXEL_DENSITY)
True
>>> grid = CountsGrid(["Ana", "Ben"], wall_for=["Ana"])
>>> grid.inputs["Ana", "tower"].value = 3
>>> grid.wall_inputs["Ana"].value = 5
>>> grid.counts()["Ana"]["tower"], grid.walls()
(3, {'Ana': 5})
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ..components import KIND_TOTALS, KINDS, MAX_WALL
from ..draw import DPI, png_of, png_size
from ..i18n import _
from ..narrate import term
from ..palette import KIND_COLOURS
from ..scoring import majority_awards
from ..teaching.text import table_html

__all__ = ["WidgetBase", "picture", "show", "CountsGrid", "NumberBox", "MAX_OF_KIND", "MAX_WALL",
           "table_html", "css_class", "PIXEL_DENSITY", "picture_png", "show_png",
           "places_and_ties"]

#: The number of real tiles of each kind: nobody can hold more.
MAX_OF_KIND = KIND_TOTALS
#: CSS: lines break between words in Korean too ("아케이드" not split "아케 / 이드", as
#: browsers split Hangul anywhere), and a word longer than its line still breaks.
KEEP_WORDS = "word-break:keep-all;overflow-wrap:break-word"


class WidgetBase:
    """A component made of ipywidgets, shown in a notebook through its `root` box."""

    root: widgets.Box

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.root._repr_mimebundle_(**kwargs)


def css_class(*parts: object) -> str:
    """A CSS class naming a control, so that a browser test (or a stylesheet) finds it.

    >>> css_class("cell", -1, 0), css_class("count", "Ana María", "tower")
    ('alhambra-cell--1-0', 'alhambra-count-Ana-María-tower')
    """
    # A class is one token: whatever is not a word character becomes "-".
    return "-".join(["alhambra", *(re.sub(r"[^\w-]+", "-", str(part)) for part in parts)])


#: Image pixels per CSS pixel of a widget picture: 2 is sharp on high-density screens.
PIXEL_DENSITY = 2
#: The most CSS pixels a widget picture is shown high (smaller in proportion above it):
#: with its controls, a widget keeps within a laptop's screen (1366x768).
MAX_PICTURE_HEIGHT = 540
#: `MAX_PICTURE_HEIGHT` in a drawing's inches (`DPI` CSS pixels an inch): a board drawn
#: at most this high (``max_height``) is shown at its own size, its labels at 10 px.
MAX_PICTURE_INCHES = MAX_PICTURE_HEIGHT / DPI


def picture() -> widgets.Image:
    """An empty PNG image widget for drawings, shown at its natural size or smaller.

    ``align-self: flex-start`` keeps the box around it from stretching it across (in a
    column) or down (in a row); the width `show_png` sets and ``max-width: 100%`` scale
    it down only, and ``height: auto`` keeps its proportions. It stays hidden until
    `show_png` gives it a picture: an image without one is a broken-image icon in a
    browser, seen while the first drawing renders.
    """
    image = widgets.Image(format="png", layout=widgets.Layout(
        max_width="100%", height="auto", align_self="flex-start", object_fit="contain",
        visibility="hidden"))
    image.add_class("alhambra-picture")
    return image


def picture_png(drawing: Any) -> bytes:
    """PNG bytes of `drawing` (what `png_of` draws) with `PIXEL_DENSITY` pixels per CSS pixel.

    Fast PNG compression: a widget redraws on every change, and the bytes only travel
    to the browser next door.
    """
    return png_of(drawing, dpi=DPI * PIXEL_DENSITY, compress_level=1)


def show_png(image: widgets.Image, png: bytes,
             max_height: int | None = MAX_PICTURE_HEIGHT) -> None:
    """Show the PNG bytes `png` (from `picture_png`) in `image` at its design size, or
    smaller in proportion so that it is at most `max_height` CSS pixels high (None: at
    its design size, however high)."""
    width, height = png_size(png)
    # Half a CSS pixel more rather than less for an odd width: at a hair under its size a
    # picture would show its 10 px labels at 9.97 px.
    shown = -(-width // PIXEL_DENSITY)
    if max_height is not None and height > max_height * PIXEL_DENSITY:
        shown = int(width * max_height / height)
    image.width = str(shown)  # the height follows the proportions
    image.value = png
    image.layout.visibility = "visible"


def show(image: widgets.Image, drawing: Any,
         max_height: int | None = MAX_PICTURE_HEIGHT) -> None:
    """Put `drawing` (an Axes or Figure, or a Tile, Alhambra or Game) into `image`
    (at most `max_height` CSS pixels high, in proportion; None: at its design size)."""
    show_png(image, picture_png(drawing), max_height)


def places_and_ties(counts: Mapping[str, Mapping[str, float]],
                    round_no: int) -> tuple[str, dict[tuple[str, str], int]]:
    """Each type's places in words, ties in bold, and the points they win.

    Parameters
    ----------
    counts : mapping
        ``{player: {kind: n}}`` (a half with the Wise Man).
    round_no : {1, 2, 3}

    Returns
    -------
    (str, dict)
        The HTML list of `Award.explain` sentences, type by type (or a sentence saying
        that nobody has a tile), and ``{(player, kind): points}``.

    Examples
    --------
    >>> text, won = places_and_ties({"Ana": {"tower": 2}, "Ben": {"tower": 2}}, 1)
    >>> "<b>Ana and Ben tie for first in towers" in text, won["Ben", "tower"]
    (True, 3)
    """
    won: dict[tuple[str, str], int] = {}
    sentences = []
    for kind in KINDS:
        for award in majority_awards(counts, kind, round_no):
            sentence = escape(award.explain())
            sentences.append(f"<li><b>{sentence}</b></li>" if len(award.players) > 1
                             else f"<li>{sentence}</li>")
            for player in award.players:
                won[player, kind] = award.points
    heading = escape(_("Places and ties"))
    text = (f"<b>{heading}</b><ul style='margin:2px 0;line-height:1.45'>"
            + "".join(sentences) + "</ul>" if sentences
            else escape(_("Nobody has a tile yet: no points.")))
    return text, won


class NumberBox(widgets.FloatText):
    """A number box that keeps what was typed, for a checker to refuse in words: never
    cut to a bound (15 towers stay 15, not 11), 2.5 stays 2.5 (an integer box would read
    2, or 25 with the point swallowed), a whole number is an int.

    Examples
    --------
    >>> box = NumberBox(value=3)
    >>> box.value, type(box.value).__name__
    (3, 'int')
    >>> box.value = 2.5; box.value
    2.5
    """

    # The browser sends a whole number as 2 (JSON has one kind of number): it stays an int.
    value = traitlets.Union([traitlets.Int(), traitlets.Float()],
                            default_value=0).tag(sync=True)


def _number(value: float, maximum: int, bounded: bool = True) -> widgets.DOMWidget:
    # Unbounded boxes keep what was typed, so that a checker can refuse it in words
    # rather than the box cutting 15 down to 11 unseen.
    layout = widgets.Layout(width="64px")
    if not bounded:
        return NumberBox(value=value, layout=layout)
    return widgets.BoundedIntText(value=value, min=0, max=maximum, layout=layout)


def kind_heading(kind: str) -> str:
    """The heading of a column of building type `kind`: its word over its colour, and a
    space after it (a long word widens its column, `growing`, and would touch the next).

    Examples
    --------
    >>> kind_heading("tower")  # doctest: +ELLIPSIS
    "<span style='border-bottom:4px solid #...;margin-right:6px'>tower</span>"
    """
    return (f"<span style='border-bottom:4px solid {KIND_COLOURS[kind]};margin-right:6px'>"
            f"{escape(term(kind))}</span>")


def growing(width: str) -> str:
    """A grid column `width` wide, or as wide as its widest cell when that is wider: a
    heading is never cut, nor run into the next one (the French "appartements" beside
    "jardin"), and a long name of a player keeps to its column.

    Examples
    --------
    >>> growing("72px")
    'minmax(72px, max-content)'
    """
    return f"minmax({width}, max-content)"


class CountsGrid:
    """Number boxes for players x building types, and optionally a wall length per player.

    Parameters
    ----------
    names : list of str
        One row each, in order.
    counts : mapping, optional
        ``{name: {kind: n}}`` to start from (missing: 0).
    wall_for : iterable of str
        The names that get a wall-length box (not the neutral Dirk).
    bounded : bool
        True: each box keeps its number from 0 to the most the game allows; False: a
        box keeps any number typed (`NumberBox`), for a checker to refuse (the score
        keeper).

    Attributes
    ----------
    inputs : dict
        ``(name, kind) -> BoundedIntText`` (`NumberBox` unbounded).
    wall_inputs : dict
        ``name -> BoundedIntText`` (`NumberBox` unbounded).
    box : ipywidgets.GridBox
    """

    def __init__(self, names: Sequence[str],
                 counts: Mapping[str, Mapping[str, float]] | None = None, *,
                 wall_for: Iterable[str] = (), bounded: bool = True) -> None:
        counts = counts or {}
        self.names = list(names)
        self.inputs = {(name, kind): _number(counts.get(name, {}).get(kind, 0), MAX_OF_KIND[kind],
                                             bounded)
                       for name in self.names for kind in KINDS}
        self.wall_inputs = {name: _number(0, MAX_WALL, bounded) for name in wall_for}
        for (name, kind), box in self.inputs.items():
            box.add_class(css_class("count", name, kind))
        for name, box in self.wall_inputs.items():
            box.add_class(css_class("wall", name))
        header = [widgets.HTML("")] + [widgets.HTML(kind_heading(k)) for k in KINDS] + (
            [widgets.HTML(escape(_("wall")))] if self.wall_inputs else [])
        cells = list(header)
        for name in self.names:
            cells.append(widgets.HTML(f"<b>{escape(name)}</b>"))
            cells += [self.inputs[name, kind] for kind in KINDS]
            if self.wall_inputs:
                cells.append(self.wall_inputs.get(name, widgets.HTML("–")))
        columns = len(header)
        self.box = widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns=f"{growing('90px')} repeat({columns - 1}, {growing('72px')})"))

    def counts(self) -> dict[str, dict[str, int]]:
        """``{name: {kind: n}}`` as typed in."""
        return {name: {kind: self.inputs[name, kind].value for kind in KINDS}
                for name in self.names}

    def walls(self) -> dict[str, int]:
        """``{name: wall length}`` for the names with a wall box."""
        return {name: box.value for name, box in self.wall_inputs.items()}

    def fill(self, counts: Mapping[str, Mapping[str, float]],
             walls: Mapping[str, int] | None = None) -> None:
        """Set the boxes from ``{name: {kind: n}}`` and ``{name: n}`` (missing: 0)."""
        for (name, kind), box in self.inputs.items():
            box.value = counts.get(name, {}).get(kind, 0)
        for name, box in self.wall_inputs.items():
            box.value = (walls or {}).get(name, 0)

    def observe(self, handler: Callable[[Any], object]) -> None:
        """Call `handler(change)` whenever any box changes."""
        for box in [*self.inputs.values(), *self.wall_inputs.values()]:
            box.observe(handler, "value")
