"""Figures, layers and labels shared by every drawing; PNG output.

New figures are plain `matplotlib.figure.Figure` objects with an Agg canvas (never
pyplot's); every layer carries an id (`artist`); short labels are one
`LabelCollection` of cached glyph outlines, so that a redraw stays fast.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any
from unicodedata import east_asian_width

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PathCollection, PolyCollection
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path
from matplotlib.text import Text
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D

from .fonts import language_fonts, use_language_fonts

__all__ = ["DPI", "LabelCollection", "NO_TEXT", "SMALLEST_TEXT_KEY", "artist", "new_axes", "png_of",
           "text_columns",
           "png_size", "side_legend", "smallest_text_points"]


#: Resolution of new figures and of `png_of`, in dots per inch.
DPI = 90


_TILE_EDGE = "#8a8a8a"
_AXIS_TEXT = "#333333"


class _Figure(Figure):
    """A matplotlib Figure that shows itself as a PNG when it is a notebook cell's value,
    its text in the fonts of the current language (a Hangul fallback for Korean)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        use_language_fonts()  # before any text is made: a Text takes the family then
        super().__init__(*args, **kwargs)

    def _repr_png_(self) -> bytes:
        return png_of(self)

    def _ipython_display_(self) -> None:
        # IPython's inline backend prints every Figure itself, ahead of `_repr_png_`:
        # cropped to the ink and without the text size `png_of` writes. Show it as drawn.
        from IPython.display import display

        display({"image/png": self._repr_png_(), "text/plain": repr(self)}, raw=True)


def text_columns(line: str) -> int:
    """How many Latin characters `line` is about as wide as: a wide character (Hangul, CJK)
    counts two, so that a figure sized by its title's length fits a Korean title too.

    >>> text_columns("Alhambra"), text_columns("궁전: 타일 3개")
    (8, 14)
    """
    return sum(2 if east_asian_width(c) in "WF" else 1 for c in line)


def new_axes(plot_w: float, plot_h: float, *, left: float = 0.6, right: float = 0.2,
             bottom: float = 0.55, top: float = 0.3, min_w: float = 0.0,
             min_h: float = 0.0) -> Axes:
    """A new figure with one Axes of exactly `plot_w` x `plot_h` inches, and that Axes.

    Sizing the figure around the plot (instead of a layout engine) keeps cells square
    and the drawing fast. The figure grows to `min_w` x `min_h` for a long title or a
    tall legend; the Axes stays at the top left, where the title and legend hang from.
    """
    width = max(left + plot_w + right, min_w)
    height = max(bottom + plot_h + top, min_h)
    fig = _Figure(figsize=(width, height), dpi=DPI)
    FigureCanvasAgg(fig)
    bottom = height - top - plot_h
    return fig.add_axes((left / width, bottom / height, plot_w / width, plot_h / height))


def artist(ax: Axes, gid: str) -> Artist | None:
    """The artist of `ax` drawn with id `gid` (e.g. ``"walls"``), or None.

    Every layer of a drawing has an id, so tests and notebooks can check what was drawn:
    ``tiles``, ``walls``, ``longest_wall``, ``legal``, ``illegal``, ``grid``,
    ``reserve_tiles``, ``reserve_walls``, ``market_tiles``, ``cards``, ``chain-0``...

    Examples
    --------
    >>> from alhambra_lib.draw import artist, draw_alhambra
    >>> from alhambra_lib import Alhambra
    >>> artist(draw_alhambra(Alhambra()), "tiles").get_facecolors().shape
    (1, 4)
    """
    for child in ax.get_children():
        if child.get_gid() == gid:
            return child
    return None


class LabelCollection(PathCollection):
    """Short labels drawn as one collection of glyph outlines.

    A board carries dozens of prices and reason tags; as separate Text artists they
    dominate the rendering time, as one collection of cached outlines they cost about
    as much as one. `texts` keeps the strings, in drawing order, for tests and readers.

    Parameters
    ----------
    ax : matplotlib Axes
    items : list of ((x, y), str, colour)
        Label centres in data coordinates; ``"\\n"`` starts a new line.
    size : float
        Font size in points, at least `SMALLEST_LABEL` (smaller is raised to it).
    bold : bool
    gid : str
        The layer's id, for `artist`.
    shift : (float, float)
        A shift in points applied to every label (to write beside a point).
    align : {"center", "left", "right"}
        Which part of each line sits at its point.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> LabelCollection(ax, [((0, 0), "12", "black"), ((1, 0), "ok", "green")], 9, True,
    ...                 "prices").texts
    ('12', 'ok')
    """

    def __init__(self, ax: Axes, items: Iterable[tuple[tuple[float, float], str, str]], size: float,
                 bold: bool, gid: str, shift: tuple[float, float] = (0, 0),
                 align: str = "center") -> None:
        if align not in _ALIGN:
            raise ValueError(f"align is one of {', '.join(_ALIGN)}, got {align!r}")
        items = list(items)
        size = max(size, SMALLEST_LABEL)
        super().__init__([_glyphs(text, size, bold, align) for _, text, _ in items],
                         offsets=[xy for xy, _, _ in items] or None,
                         offset_transform=ax.transData,
                         transform=(Affine2D().translate(*shift).scale(1 / 72)
                                    + ax.figure.dpi_scale_trans),
                         facecolors=[colour for _, _, colour in items], edgecolors="none",
                         linewidths=0, zorder=5, gid=gid)
        self.texts = tuple(text for _, text, _ in items)
        self.size = float(size)
        ax.add_collection(self, autolim=False)


#: Points of the smallest label: 10 CSS px at `DPI` (8 points), the least a page shows.
SMALLEST_LABEL = 10 * 72 / DPI

# The share of a line's ink width to move left, per alignment.
_ALIGN = {"center": 0.5, "left": 0.0, "right": 1.0}


# Text in Hangul is only met in Korean, where its font is in the families.
@lru_cache(maxsize=1024)
def _glyphs(text: str, size: float, bold: bool, align: str) -> Path:
    """The outline of `text` in points around (0, 0); lines stacked downwards."""
    prop = FontProperties(family=language_fonts(), size=size,
                          weight="bold" if bold else "normal")
    lines = text.split("\n")
    step = size * 1.1
    parts = []
    for i, line in enumerate(lines):
        path = TextPath((0, 0), line, size=size, prop=prop)
        extents = path.get_extents()
        # Align each line on its ink horizontally; centre the block on the cap height.
        dx = -(extents.x0 + _ALIGN[align] * (extents.x1 - extents.x0))
        dy = ((len(lines) - 1) / 2 - i) * step - 0.36 * size
        parts.append(path.transformed(Affine2D().translate(dx, dy)))
    return Path.make_compound_path(*parts)


def _text_colour(background: str) -> str:
    r, g, b = to_rgb(background)
    return "#222222" if 0.299 * r + 0.587 * g + 0.114 * b > 0.6 else "#ffffff"


def _square(x: float, y: float, size: float = 1.0) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + size, y), (x + size, y + size), (x, y + size))


def _cells_layer(ax: Axes, cells: Iterable[tuple[int, int]], colour: str, gid: str,
                 zorder: float = 1) -> None:
    squares = [_square(x, y) for x, y in cells]
    ax.add_collection(PolyCollection(squares, facecolors=colour, edgecolors="none",
                                     zorder=zorder, gid=gid))


def side_legend(ax: Axes, handles: Sequence[Artist], title: str | None = None) -> None:
    """Put a small frameless legend right of `ax`, its top level with the plot's top."""
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8,
              title=title, title_fontsize=8, frameon=False, borderaxespad=0.0)


def png_of(obj: Any, *, dpi: float = DPI, compress_level: int = 6) -> bytes:
    """PNG bytes of a drawing: an Axes or Figure, or a Tile, Alhambra or Game drawn by default.

    Rendering goes through the Agg canvas of the figure, never through pyplot, so no
    global state is touched; a figure made here for a Tile, Alhambra or Game is only
    referenced by this call and is freed with it (there is nothing to close).

    Parameters
    ----------
    obj : Axes, Figure, Tile, Alhambra or Game
    dpi : float
    compress_level : int
        zlib level 0..9: widgets redrawing on every click use 1, which encodes about
        twice as fast for a slightly larger image.

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> png_of(Tile("garden", 8, "NE"))[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    >>> png_of(42)
    Traceback (most recent call last):
    ...
    TypeError: cannot draw a int: expected a Tile, Alhambra, Game, Axes or Figure
    """
    figure = _figure_of(obj)
    buffer = io.BytesIO()  # savefig renders PNG with Agg whatever the figure's canvas
    figure.savefig(buffer, format="png", dpi=dpi, pil_kwargs={"compress_level": compress_level})
    # Measured after drawing: only then do the tick labels have their texts.
    points = smallest_text_points(figure)
    size = NO_TEXT if points is None else f"{points * dpi / 72:.2f}"
    return _with_text_chunk(buffer.getvalue(), SMALLEST_TEXT_KEY, size)


#: The PNG text chunk of `png_of` holding the font size, in the image's own pixels, of the
#: smallest text of the picture (or `NO_TEXT`): a page showing the image `shown` CSS
#: pixels wide out of `natural` pixels shows that text at ``size * shown / natural`` CSS
#: pixels.
SMALLEST_TEXT_KEY = "Smallest text px"
NO_TEXT = "no text"


def smallest_text_points(figure: Figure) -> float | None:
    """The font size in points of the smallest text drawn on `figure`, None without text.

    Counts every visible, non-blank `Text` (titles, ticks, legends, notes) and every
    `LabelCollection`; the tick labels of an Axes drawn without its axes are not drawn,
    and the tick labels are only known once the figure has been drawn.

    Examples
    --------
    >>> ax = new_axes(2, 1)
    >>> _ = ax.set_title("a title", fontsize=11), ax.axis("off")
    >>> _ = LabelCollection(ax, [((0, 0), "12", "black")], 9, True, "prices")
    >>> smallest_text_points(ax.figure)
    9.0
    >>> print(smallest_text_points(Figure()))
    None
    """
    unseen = {id(text) for ax in figure.axes if not ax.axison
              for axis in (ax.xaxis, ax.yaxis) for text in axis.findobj(Text)}
    labels = [found.size for found in figure.findobj(LabelCollection) if found.get_visible()]
    texts = [float(text.get_fontsize()) for text in figure.findobj(Text)
             if text.get_visible() and id(text) not in unseen and text.get_text().strip()]
    return min(labels + texts, default=None)


def _with_text_chunk(png: bytes, key: str, value: str) -> bytes:
    """`png` with a text chunk ``key: value`` before its end (IEND, the last 12 bytes)."""
    body = b"tEXt" + key.encode("latin-1") + b"\0" + value.encode("latin-1")
    chunk = (len(body) - 4).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")
    return png[:-12] + chunk + png[-12:]


def png_size(png: bytes) -> tuple[int, int]:
    """``(width, height)`` in pixels of the PNG bytes `png`, read from its header.

    >>> from alhambra_lib import Tile
    >>> png_size(png_of(Tile("garden", 8, "NE"))), png_size(png_of(Tile("garden", 8, "NE"),
    ...                                                               dpi=2 * DPI))
    ((153, 184), (306, 369))
    >>> png_size(b"GIF89a")
    Traceback (most recent call last):
    ...
    ValueError: not PNG bytes
    """
    png = bytes(png)
    if not png.startswith(b"\x89PNG\r\n\x1a\n") or png[12:16] != b"IHDR":
        raise ValueError("not PNG bytes")
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def _figure_of(obj: Any) -> Any:
    if isinstance(obj, Figure):
        return obj
    if hasattr(obj, "figure") and hasattr(obj, "get_children"):  # an Axes
        return obj.figure
    # The drawings build on this module, so they are looked up when a value is drawn.
    from ..alhambra import Alhambra
    from ..components import Tile
    from .board import draw_alhambra, draw_tile

    if isinstance(obj, Tile):
        return draw_tile(obj).figure
    if isinstance(obj, Alhambra):
        return draw_alhambra(obj).figure
    from ..game import Game  # the engine is only needed when a game is drawn
    from .table import draw_game

    if isinstance(obj, Game):
        return draw_game(obj)
    raise TypeError(f"cannot draw a {type(obj).__name__}: expected a Tile, Alhambra, Game, "
                    "Axes or Figure")
