"""Matplotlib drawings of tiles, Alhambras, the market, majorities, scores and games.

Every drawing is a pure function of the state it is given. It draws on `ax` when
one is passed, otherwise on a new figure of its own, and returns the Axes. New
figures are plain `matplotlib.figure.Figure` objects with an Agg canvas, never
pyplot figures: nothing is kept in pyplot's global state, nothing needs closing,
and a drawing behaves the same in a script, a test, a widget or a notebook.

In a notebook, make the figure the value of a cell to see it
(``draw_alhambra(a).figure``): the figures made here carry ``_repr_png_``, so they
show inline whatever the matplotlib backend. `png_of` gives the PNG bytes of a
drawing, or of a Tile, an Alhambra or a Game drawn the default way.

Drawings use one palette (`alhambra_lib.palette`), north is up, cells are one data
unit wide with their coordinates on the axes, and many similar things (squares,
walls) are one collection each, so that a redraw stays fast.

Examples
--------
>>> from alhambra_lib import Alhambra, Tile
>>> a = Alhambra()
>>> a.place(Tile("tower", 9, "NE"), (1, 0))
>>> ax = draw_alhambra(a, legal_for=Tile("garden", 10, "W"))
>>> print(ax.get_title(loc="left"))
Alhambra: 1 tile, longest wall 2
10-garden (walls W): legal on 4 of 6 frontier cells
>>> len(artist(ax, "walls").get_segments()), len(artist(ax, "legal").get_paths())
(2, 4)
>>> png_of(ax)[:4]
b'\\x89PNG'
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Patch
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D

from .actions import DIRK
from .alhambra import Alhambra
from .components import FOUNTAIN_KIND, KINDS, MODULE_KINDS, Tile, place_points, tile_set
from .engine.narration import scoring_parts
from .grid import side_segment
from .palette import (
    CORNER_COLOURS,
    CURRENCY_COLOURS,
    DIRK_COLOUR,
    EXTERNAL_WALL_COLOUR,
    FOUNTAIN_RING_COLOUR,
    GRID_COLOUR,
    ILLEGAL_COLOUR,
    KIND_COLOURS,
    LEGAL_COLOUR,
    LEGAL_TEXT_COLOUR,
    LONGEST_WALL_COLOUR,
    REASON_TEXT_COLOUR,
    SEARCH_COLOURS,
    SERIES_COLOURS,
    WALL_COLOUR,
)
from .scoring import majority_awards, score_majorities

__all__ = [
    "draw_alhambra",
    "draw_tile",
    "draw_market",
    "draw_majorities",
    "draw_score_track",
    "draw_game",
    "draw_walls_explained",
    "draw_search_step",
    "png_of",
    "png_size",
    "new_axes",
    "side_legend",
    "artist",
    "board_key",
    "draw_key",
    "LabelCollection",
    "player_colours",
    "REASON_TAGS",
    "DPI",
]

#: Resolution of new figures and of `png_of`, in dots per inch.
DPI = 90
_CELL_IN = 0.5  # inches per grid cell: room for a price and three short reason tags
_LEGEND_IN = 2.3  # inches kept right of a board for its legend
_LINE_IN = 0.2  # inches per line of title text
_TITLE_CHAR_IN = 0.075  # inches per character of title text, a little more than average
_WALL_WIDTH = 5.0  # points; a cell is 36 points wide
_TRACE_WIDTH = 2.4  # the longest wall is traced inside the dark wall line
_TILE_EDGE = "#8a8a8a"
_AXIS_TEXT = "#333333"
_RESERVE_STEP = 1.25  # reserve tiles stand apart so their walls stay readable

#: Short tags written on frontier cells for each reason code, and their key.
REASON_TAGS = {
    "walls_mismatch": ("walls", "walls = walls_mismatch"),
    "unreachable": ("reach", "reach = unreachable"),
    "hole": ("hole", "hole = hole"),
}

class _Figure(Figure):
    """A matplotlib Figure that shows itself as a PNG when it is a notebook cell's value."""

    def _repr_png_(self):
        return png_of(self)


def new_axes(plot_w, plot_h, *, left=0.6, right=0.2, bottom=0.55, top=0.3, min_w=0.0,
              min_h=0.0):
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


def artist(ax, gid):
    """The artist of `ax` drawn with id `gid` (e.g. ``"walls"``), or None.

    Every layer of a drawing has an id, so tests and notebooks can check what was drawn:
    ``tiles``, ``walls``, ``longest_wall``, ``legal``, ``illegal``, ``grid``,
    ``reserve_tiles``, ``reserve_walls``, ``market_tiles``, ``cards``, ``chain-0``...

    Examples
    --------
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
        Font size in points.
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

    def __init__(self, ax, items, size, bold, gid, shift=(0, 0), align="center"):
        if align not in _ALIGN:
            raise ValueError(f"align is one of {', '.join(_ALIGN)}, got {align!r}")
        items = list(items)
        super().__init__([_glyphs(text, size, bold, align) for _, text, _ in items],
                         offsets=[xy for xy, _, _ in items] or None,
                         offset_transform=ax.transData,
                         transform=(Affine2D().translate(*shift).scale(1 / 72)
                                    + ax.figure.dpi_scale_trans),
                         facecolors=[colour for _, _, colour in items], edgecolors="none",
                         linewidths=0, zorder=5, gid=gid)
        self.texts = tuple(text for _, text, _ in items)
        ax.add_collection(self, autolim=False)


# The share of a line's ink width to move left, per alignment.
_ALIGN = {"center": 0.5, "left": 0.0, "right": 1.0}


@lru_cache(maxsize=1024)
def _glyphs(text, size, bold, align):
    """The outline of `text` in points around (0, 0); lines stacked downwards."""
    prop = FontProperties(size=size, weight="bold" if bold else "normal")
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


def _walls_text(tile):
    return f"walls {', '.join(tile.wall_sides)}" if tile.wall_sides else "no walls"


def _text_colour(background):
    r, g, b = to_rgb(background)
    return "#222222" if 0.299 * r + 0.587 * g + 0.114 * b > 0.6 else "#ffffff"


def _square(x, y, size=1.0):
    return ((x, y), (x + size, y), (x + size, y + size), (x, y + size))


def _cells_layer(ax, cells, colour, gid, zorder=1):
    squares = [_square(x, y) for x, y in cells]
    ax.add_collection(PolyCollection(squares, facecolors=colour, edgecolors="none",
                                     zorder=zorder, gid=gid))


def _tiles_layer(ax, placed, prefix=""):
    """Draw tiles at lower-left corners: squares, walls, prices and the fountain's ring.

    `placed` is a list of ``((x, y), Tile)``. Walls are one LineCollection; a wall two
    tiles share back to back is one line. The layers get the ids ``{prefix}tiles``,
    ``{prefix}walls`` and ``{prefix}prices``.
    """
    squares, colours, segments, prices = [], [], set(), []
    for (x, y), tile in placed:
        squares.append(_square(x, y))
        colours.append(_tile_colour(tile))
        for side in tile.wall_sides:
            (ax_, ay), (bx, by) = side_segment((0, 0), side)
            segments.add(((x + ax_, y + ay), (x + bx, y + by)))
        if tile.kind == FOUNTAIN_KIND:
            ax.add_patch(Circle((x + 0.5, y + 0.5), 0.27, fill=False, linewidth=2.5,
                                edgecolor=FOUNTAIN_RING_COLOUR, zorder=3, gid="fountain"))
        else:
            prices.append(((x + 0.5, y + 0.5), str(tile.price),
                           _text_colour(_tile_colour(tile))))
    LabelCollection(ax, prices, 9, True, f"{prefix}prices")
    ax.add_collection(PolyCollection(squares, facecolors=colours, edgecolors=_TILE_EDGE,
                                     linewidths=0.6, zorder=2, gid=f"{prefix}tiles"))
    ax.add_collection(LineCollection(sorted(segments), colors=WALL_COLOUR, linewidths=_WALL_WIDTH,
                                     capstyle="round", zorder=3, gid=f"{prefix}walls"))


def _tile_colour(tile):
    """A tile's fill: its type's colour (a hut: the type of its colour bar, RULES.md §M4)."""
    return KIND_COLOURS[tile.marks[0] if tile.kind == "hut" else tile.kind]


#: The tile set each module kind comes from (`components.tile_set`).
_KIND_SETS = {"hut": "huts", "camp": "camps", "bazaar": "bazaars"}


def _kind_handles(tiles=()):
    """The tile types' legend entries; Mega Box kinds among `tiles` get one each, saying
    when their printed data is only a placeholder (provisional)."""
    handles = [Patch(facecolor=KIND_COLOURS[kind], edgecolor=_TILE_EDGE, label=kind)
               for kind in (FOUNTAIN_KIND,) + KINDS]
    present = {t.kind for t in tiles}
    for kind in MODULE_KINDS:
        if kind in present:
            note = " (provisional data)" if tile_set(_KIND_SETS[kind]).provisional else ""
            handles.append(Patch(facecolor=KIND_COLOURS[kind], edgecolor=_TILE_EDGE,
                                 label=kind + note))
    return handles


def board_key(alhambra=None, *, legal_for=None, explain_for=None, wall=True):
    """The legend entries of `draw_alhambra`: tile types, shading, reason tags, walls.

    With an `alhambra`, the entries state the counts (legal cells, longest wall);
    without one they are the bare key, e.g. for a legend drawn once beside a widget.

    Examples
    --------
    >>> [h.get_label() for h in board_key(wall=True)][-2:]
    ['wall', 'longest wall']
    """
    handles = _kind_handles(() if alhambra is None else alhambra.layout.values())
    if legal_for is not None:
        label = f"legal for {legal_for}"
        if alhambra is not None:
            label += f": {len(alhambra.legal_positions(legal_for))} cells"
        handles.append(Patch(facecolor=LEGAL_COLOUR, label=label))
    if explain_for is not None:
        label = f"not for {explain_for}"
        if alhambra is not None:
            illegal = len(alhambra.frontier()) - len(alhambra.legal_positions(explain_for))
            label += f": {illegal} cells"
        handles.append(Patch(facecolor=ILLEGAL_COLOUR, label=label))
        handles += [Line2D([], [], linestyle="none", label=key) for _, key in REASON_TAGS.values()]
    if wall:
        length = f": {alhambra.longest_wall()}" if alhambra is not None else ""
        handles += [Line2D([], [], color=WALL_COLOUR, linewidth=4, label="wall"),
                    Line2D([], [], color=LONGEST_WALL_COLOUR, linewidth=3,
                           label=f"longest wall{length}")]
    return handles


def draw_key(handles=None, ax=None):
    """Draw a legend alone, by default the full key of `draw_alhambra`.

    A widget redraws its board many times but shows the key once, beside it.

    Examples
    --------
    >>> ax = draw_key()
    >>> len(ax.get_legend().get_texts())
    14
    """
    if handles is None:
        handles = board_key(legal_for="the tile", explain_for="the tile")
    if ax is None:
        ax = new_axes(0.01, 0.19 * len(handles), left=0.0, right=2.2, bottom=0.1, top=0.1)
    ax.set_axis_off()
    side_legend(ax, handles)
    return ax


def side_legend(ax, handles, title=None):
    """Put a small frameless legend right of `ax`, its top level with the plot's top."""
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8,
              title=title, title_fontsize=8, frameon=False, borderaxespad=0.0)


def _box(layout):
    """The built cells' bounding box grown by one cell, where the frontier lies."""
    xs = [x for x, _ in layout]
    ys = [y for _, y in layout]
    return min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1


@dataclass(frozen=True)
class _Board:
    """Where a board's parts go: the frontier box, the reserve beside it, the width."""

    x0: int
    x1: int
    y0: int
    y1: int
    x_max: float
    reserve: tuple  # ((x, y), Tile) of each reserve tile
    reserve_label: tuple  # (x, "reserve") under the reserve, or ()

    @classmethod
    def of(cls, alhambra, reserve=()):
        x0, x1, y0, y1 = _box(alhambra.layout)
        reserve = list(reserve or ())
        if not reserve:
            return cls(x0, x1, y0, y1, x1 + 1, (), ())
        # A gap above the first and below the last tile of a column, as between tiles:
        # a tile flush with the frame would lose the top half of a north wall to it.
        gap = _RESERVE_STEP - 1
        rows = 1 + max(0, int((y1 - y0 - 2 * gap) // _RESERVE_STEP))
        columns = -(-len(reserve) // rows)
        start = x1 + 1.75
        top = y1 - gap
        placed = tuple(((start + (i // rows) * _RESERVE_STEP, top - (i % rows) * _RESERVE_STEP), t)
                       for i, t in enumerate(reserve))
        middle = start + (columns * _RESERVE_STEP - 0.25) / 2
        return cls(x0, x1, y0, y1, start + (columns - 1) * _RESERVE_STEP + 1.25, placed,
                   ((middle, "reserve"),))

    def new_axes(self, title, legend_entries):
        """A new figure sized to the board, its title lines and a legend of so many entries."""
        lines = title.split("\n")
        return new_axes((self.x_max - self.x0) * _CELL_IN, (self.y1 - self.y0 + 1) * _CELL_IN,
                         right=_LEGEND_IN if legend_entries else 0.2,
                         top=0.2 + _LINE_IN * len(lines),
                         min_w=0.8 + _TITLE_CHAR_IN * max(map(len, lines)),
                         min_h=0.5 + _LINE_IN * len(lines) + 0.19 * legend_entries)


def _alhambra_title(alhambra, legal_for, explain_for, wall, label):
    tiles = len(alhambra) - 1
    lines = [f"{label}: {tiles} tile{'' if tiles == 1 else 's'}"
             + (f", longest wall {alhambra.longest_wall()}" if wall else "")]
    frontier = len(alhambra.frontier())
    for tile in dict.fromkeys(t for t in (legal_for, explain_for) if t is not None):
        legal = len(alhambra.legal_positions(tile))
        lines.append(f"{tile} ({_walls_text(tile)}): legal on {legal} of {frontier} frontier cells")
    return "\n".join(lines)


def _explain_layer(ax, alhambra, tile):
    """Tag every frontier cell with why `tile` may not go there, or "ok"."""
    illegal, tags = [], []
    for cell in sorted(alhambra.frontier()):
        verdict = alhambra.check(tile, cell)
        centre = (cell[0] + 0.5, cell[1] + 0.5)
        if verdict.ok:
            tags.append((centre, "ok", LEGAL_TEXT_COLOUR))
        else:
            illegal.append(cell)
            tags.append((centre, "\n".join(REASON_TAGS[code][0] for code in verdict.reasons),
                         REASON_TEXT_COLOUR))
    _cells_layer(ax, illegal, ILLEGAL_COLOUR, "illegal")
    LabelCollection(ax, tags, 7, False, "reasons")


def _longest_wall_layer(ax, alhambra):
    path = alhambra.longest_wall_path()
    if path:
        xs, ys = zip(*path)
        ax.add_line(Line2D(xs, ys, color=LONGEST_WALL_COLOUR, linewidth=_TRACE_WIDTH,
                           solid_capstyle="round", solid_joinstyle="round", zorder=4,
                           gid="longest_wall"))


def _board_frame(ax, board):
    """Limits, equal aspect, every cell's coordinate beside the board, axis names.

    The coordinates are one `LabelCollection` rather than matplotlib ticks, which
    would cost a third of a redraw.
    """
    x0, x1, y0, y1 = board.x0, board.x1, board.y0, board.y1
    ax.set_xlim(x0, board.x_max)
    ax.set_ylim(y0, y1 + 1)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    labels = [((x + 0.5, y0), str(x), _AXIS_TEXT) for x in range(x0, x1 + 1)]
    labels += [((x, y0), text, _AXIS_TEXT) for x, text in board.reserve_label]
    LabelCollection(ax, labels, 8, False, "x_coordinates", shift=(0, -9)).set_clip_on(False)
    LabelCollection(ax, [((x0, y + 0.5), str(y), _AXIS_TEXT) for y in range(y0, y1 + 1)],
                    8, False, "y_coordinates", shift=(-11, 0)).set_clip_on(False)
    ax.set_xlabel("x (east →)", fontsize=9, labelpad=16)
    ax.set_ylabel("y (north ↑)", fontsize=9, labelpad=20)
    for spine in ax.spines.values():
        spine.set_color(GRID_COLOUR)


def draw_alhambra(alhambra, ax=None, *, legal_for=None, explain_for=None, wall=True,
                  reserve=None, legend=True, label="Alhambra"):
    """Draw an Alhambra: tiles, walls, fountain, and optionally where a tile may go.

    Parameters
    ----------
    alhambra : Alhambra
    ax : matplotlib Axes, optional
        Where to draw; by default a new figure sized to the Alhambra (see the module
        notes on showing it).
    legal_for : Tile, optional
        Shade the cells where this tile may be placed.
    explain_for : Tile, optional
        Write on every frontier cell why this tile may not go there (short tags of
        the reason codes, explained in the legend), or "ok".
    wall : bool
        Trace the longest wall in amber and state its length.
    reserve : iterable of Tile, optional
        Reserve tiles, drawn beside the Alhambra.
    legend : bool
        Draw the legend (tile types, walls, shading) right of the board.
    label : str
        Whose Alhambra: the start of the title.

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    Tiles are squares in their type's colour with the price on them; walls are thick
    dark lines on the walled sides, one line where two tiles stand back to back; the
    fountain has a blue ring. The board shows the frontier, one cell around the
    Alhambra; ticks give each cell's coordinates, x east and y north (north up).
    Layers have ids for `artist`: ``grid``, ``legal``, ``illegal``, ``tiles``,
    ``walls``, ``prices``, ``reasons``, ``longest_wall``, ``reserve_tiles``,
    ``reserve_walls``, ``reserve_prices``.

    Examples
    --------
    >>> from alhambra_lib import Alhambra, Tile
    >>> a = Alhambra()
    >>> a.place(Tile("tower", 9, "NE"), (1, 0))
    >>> ax = draw_alhambra(a, explain_for=Tile("garden", 8, "E"), reserve=[Tile("garden", 8, "")])
    >>> artist(ax, "reasons").texts
    ('walls\\nreach', 'ok', 'ok', 'ok', 'walls\\nreach', 'walls\\nreach')
    >>> artist(ax, "x_coordinates").texts
    ('-1', '0', '1', '2', 'reserve')
    """
    if not isinstance(alhambra, Alhambra):
        raise TypeError(f"expected an Alhambra, got {type(alhambra).__name__}")
    board = _Board.of(alhambra, reserve)
    title = _alhambra_title(alhambra, legal_for, explain_for, wall, label)
    handles = board_key(alhambra, legal_for=legal_for, explain_for=explain_for, wall=wall)
    if ax is None:
        ax = board.new_axes(title, len(handles) if legend else 0)
    layout = alhambra.layout
    empty = [(x, y) for x in range(board.x0, board.x1 + 1) for y in range(board.y0, board.y1 + 1)
             if (x, y) not in layout]
    ax.add_collection(PolyCollection([_square(x, y) for x, y in empty], facecolors="none",
                                     edgecolors=GRID_COLOUR, linewidths=0.6, zorder=0, gid="grid"))
    if legal_for is not None:
        _cells_layer(ax, alhambra.legal_positions(legal_for), LEGAL_COLOUR, "legal")
    if explain_for is not None:
        _explain_layer(ax, alhambra, explain_for)
    _tiles_layer(ax, list(layout.items()))
    if wall:
        _longest_wall_layer(ax, alhambra)
    if board.reserve:
        _tiles_layer(ax, board.reserve, prefix="reserve_")
        ax.axvline(board.x1 + 1.375, color=GRID_COLOUR, linewidth=1, linestyle="--")
    _board_frame(ax, board)
    ax.set_title(title, loc="left", fontsize=10)
    if legend:
        side_legend(ax, handles)
    return ax


def draw_tile(tile, ax=None):
    """Draw one tile with its walls and price, its sides named (north up).

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> ax = draw_tile(Tile("chambers", 7, "S"))
    >>> print(ax.get_title())
    7-chambers
    walls S
    >>> len(artist(ax, "walls").get_segments())
    1
    """
    if not isinstance(tile, Tile):
        raise TypeError(f"expected a Tile, got {type(tile).__name__}")
    if ax is None:
        ax = new_axes(1.0, 1.0, left=0.35, right=0.35, bottom=0.3, top=0.75)
    _tiles_layer(ax, [((0, 0), tile)])
    outside = {"N": (0.5, 1.12), "E": (1.12, 0.5), "S": (0.5, -0.12), "W": (-0.12, 0.5)}
    LabelCollection(ax, [(xy, side, _AXIS_TEXT) for side, xy in outside.items()], 8, False,
                    "sides").set_clip_on(False)
    ax.set_xlim(-0.05, 1.05)
    ax.set_ylim(-0.05, 1.05)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title(f"{tile}\n{_walls_text(tile)}", fontsize=10, pad=14)
    return ax


def player_colours(names):
    """A colour per competitor, in seat order; the neutral Dirk is grey.

    Examples
    --------
    >>> player_colours(["Ana", "Dirk"])
    {'Ana': '#0072b2', 'Dirk': '#8c8c8c'}
    """
    colours, seat = {}, 0
    for name in names:
        if name == DIRK:
            colours[name] = DIRK_COLOUR
        else:
            colours[name] = SERIES_COLOURS[seat % len(SERIES_COLOURS)]
            seat += 1
    return colours


_SQUARE_STEP = 1.5  # market squares and display cards, centre to centre


def draw_market(game, ax=None, *, legend=True):
    """Draw the building market (squares 1..4 and their currencies) and the money display.

    Examples
    --------
    >>> from alhambra_lib.game import Game
    >>> ax = draw_market(Game(["Ana", "Ben", "Cy"], seed=7))
    >>> len(artist(ax, "cards").get_paths()), artist(ax, "square_names").texts[0]
    (4, '1 denar')
    """
    if ax is None:
        ax = new_axes(6.3, 3.4, left=0.8, right=1.6 if legend else 0.2, top=0.5)
    squares, edges, placed, names, empties = [], [], [], [], []
    for i, (currency, tile) in enumerate(game.market):
        x = i * _SQUARE_STEP
        squares.append(_square(x, 1.6, 1.2))
        edges.append(CURRENCY_COLOURS[currency])
        names.append(((x + 0.6, 2.8), f"{i + 1} {currency}", _AXIS_TEXT))
        if tile is None:
            empties.append(((x + 0.6, 2.2), "empty", "#999999"))
        else:
            placed.append(((x + 0.1, 1.7), tile))
    ax.add_collection(PolyCollection(squares, facecolors="white", edgecolors=edges,
                                     linewidths=3, zorder=1, gid="market_squares"))
    _tiles_layer(ax, placed, prefix="market_")
    LabelCollection(ax, names, 9, True, "square_names", shift=(0, 8))
    LabelCollection(ax, empties, 8, False, "empty_squares")
    _cards_layer(ax, game.display, 0.0)
    ax.text(-0.25, 2.2, "market", ha="right", va="center", fontsize=9)
    ax.text(-0.25, 0.6, "display", ha="right", va="center", fontsize=9)
    ax.set_xlim(-0.1, 4 * _SQUARE_STEP - 0.2)
    ax.set_ylim(-0.1, 3.2)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title(f"Market and display · bag {game.bag_size} tiles · "
                 f"draw pile {game.deck_size} cards", loc="left", fontsize=10)
    if legend:
        side_legend(ax, _kind_handles(t for _, t in game.market if t is not None))
    return ax


_EXCHANGE_FACE = "#7a7a7a"


def _card_face(card):
    """(colour, large text, small text) of a card: money by currency, exchange cards grey."""
    if hasattr(card, "currencies"):  # an exchange card (RULES.md §M2)
        return _EXCHANGE_FACE, "\u21c4", "/".join(c[:3] for c in card.currencies)
    return CURRENCY_COLOURS[card.currency], str(card.value), card.currency


def _cards_layer(ax, cards, y, step=_SQUARE_STEP, x=0.15):
    """Cards as coloured cards in a row from (x, y), value large and currency small."""
    faces = [_card_face(c) for c in cards]
    shapes = [((x + i * step, y), (x + i * step + 0.9, y), (x + i * step + 0.9, y + 1.2),
               (x + i * step, y + 1.2)) for i in range(len(faces))]
    ax.add_collection(PolyCollection(shapes, facecolors=[face for face, _, _ in faces],
                                     edgecolors="#555555", linewidths=0.8, zorder=2, gid="cards"))
    LabelCollection(ax, [((x + i * step + 0.45, y + 0.72), big, "#ffffff")
                         for i, (_, big, _) in enumerate(faces)], 14, True, "card_values")
    LabelCollection(ax, [((x + i * step + 0.45, y + 0.22), small, "#ffffff")
                         for i, (_, _, small) in enumerate(faces)], 7, False, "card_currencies")


def _ordinal(place):
    """1st, 2nd, 3rd, 4th... (a place is at most 7: six players and Dirk)."""
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place, 'th')}"


def _majority_rows(counts, round_no):
    """Per kind: (header, [(player, count, label, points)]) for `draw_majorities`."""
    groups = []
    for kind in KINDS:
        places = range(1, round_no + 1)
        header = (f"{kind}: {' / '.join(map(_ordinal, places))} pay{'s' if round_no == 1 else ''} "
                  + " / ".join(str(place_points(kind, round_no, p)) for p in places))
        won = {}
        for award in majority_awards(counts, kind, round_no):
            tie = "tie for " if len(award.players) > 1 else ""
            for player in award.players:
                won[player] = (f"{tie}{_ordinal(award.place)}, {award.points} points",
                               award.points)
        rows = []
        for player, by_kind in counts.items():
            label, points = won.get(player, ("no place", 0))
            rows.append((player, by_kind.get(kind, 0), label, points))
        groups.append((kind, header, rows))
    return groups


def draw_majorities(counts, round_no, ax=None):
    """Draw who leads each building type in a scoring round, the ties, and the points.

    One bar per player and type (length: the player's tiles of that type), grouped
    by type under a header with what the places pay; each bar says the place taken
    and the points it brings. Bars that score nothing are pale.

    Parameters
    ----------
    counts : mapping
        ``{player: {kind: n}}`` as for `alhambra_lib.scoring.score_majorities`.
    round_no : {1, 2, 3}
    ax : matplotlib Axes, optional

    Examples
    --------
    >>> ax = draw_majorities({"Ana": {"tower": 4}, "Ben": {"tower": 4}, "Cy": {"tower": 2}}, 2)
    >>> ax.get_title(loc="left")
    'Round 2 majorities: Ana 9, Ben 9, Cy 0'
    >>> [t for t in artist(ax, "bar_labels").texts if "tie" in t]
    ['4 · tie for 1st, 9 points', '4 · tie for 1st, 9 points']
    """
    totals = score_majorities(counts, round_no)
    groups = _majority_rows(counts, round_no)
    players = len(counts)
    if ax is None:
        ax = new_axes(5.2, 0.2 * (players + 1.5) * len(KINDS), left=0.9, top=0.45)
    bars, headers, names, labels, y = [], [], [], [], 0.0
    top = max((n for _, _, rows in groups for _, n, _, _ in rows), default=0)
    for kind, header, rows in groups:
        headers.append(((0, y), header, _AXIS_TEXT))
        for player, n, label, points in rows:
            y += 1
            bars.append((y, n, KIND_COLOURS[kind], 1.0 if points else 0.3))
            names.append(((0, y), player, _AXIS_TEXT))
            labels.append(((n, y), f"{n} · {label}", _AXIS_TEXT if points else "#888888"))
        y += 1.5
    ax.barh([b[0] for b in bars], [b[1] for b in bars], height=0.75,
            color=[(*to_rgb(c), a) for _, _, c, a in bars], edgecolor=_TILE_EDGE, linewidth=0.5,
            gid="bars")
    LabelCollection(ax, headers, 8, True, "headers", shift=(3, 0), align="left")
    LabelCollection(ax, names, 8, False, "player_names", shift=(-4, 0),
                    align="right").set_clip_on(False)
    LabelCollection(ax, labels, 7, False, "bar_labels", shift=(4, 0), align="left")
    ax.set_xlim(0, max(top, 1) * 1.9 + 1)
    ax.set_ylim(y - 1, -1)  # first type at the top
    ax.set_yticks([])
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.tick_params(labelsize=8)
    ax.set_xlabel("tiles of the type", fontsize=9)
    ax.set_ylabel("type and player", fontsize=9, labelpad=50)
    ax.set_title(f"Round {round_no} majorities: "
                 + ", ".join(f"{p} {pts}" for p, pts in totals.items()), loc="left", fontsize=10)
    return ax


#: Hatches of the scoring terms after majorities (solid) and walls (``////``).
_TERM_HATCHES = ("xx", "..", "\\\\", "++", "oo", "--")


def _score_terms(rounds):
    """The terms scored in `rounds` (majorities, walls, then the modules' in order)."""
    terms = ["majorities", "walls"]
    for event in rounds:
        terms += [t for t in scoring_parts(event) if t not in terms]
    return terms


def draw_score_track(events, ax=None):
    """Draw each competitor's points after every scoring round, split by scoring term.

    Parameters
    ----------
    events : list of dict
        A game's events; only the ``{"type": "scoring", ...}`` ones are read, their
        points by term through `scoring_parts` (so old saves without ``parts`` too).
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
        Stacked bars per round and competitor: solid for the majority points so far,
        hatched ``////`` for the wall points so far, then one hatch per module term
        (gid: the term); the running total above.

    Examples
    --------
    >>> ev = [{"type": "scoring", "round": 1, "walls": {"Ana": 3, "Ben": 0},
    ...        "points": {"Ana": 8, "Ben": 6}}]
    >>> ax = draw_score_track(ev)
    >>> ax.get_title(loc="left"), artist(ax, "totals").texts
    ('Points after each scoring round: Ana 8, Ben 6', ('8', '6'))
    """
    rounds = [e for e in events if e.get("type") == "scoring"]
    names = list(dict.fromkeys(n for e in rounds for n in e["points"]))
    if ax is None:
        ax = new_axes(1.2 + 1.1 * max(len(rounds), 1) * max(len(names), 1) ** 0.5, 2.6,
                       left=0.7, right=1.5, top=0.45)
    colours = player_colours(names)
    width = 0.8 / max(len(names), 1)
    terms = _score_terms(rounds)
    so_far = {term: dict.fromkeys(names, 0) for term in terms}
    bars = {term: [] for term in terms}  # term -> [(x, height, bottom, colour)]
    totals = []
    for i, event in enumerate(rounds):
        parts = scoring_parts(event)
        for j, name in enumerate(names):
            x = i + (j - (len(names) - 1) / 2) * width
            bottom = 0
            for term in terms:
                so_far[term][name] += parts.get(term, {}).get(name, 0)
                bars[term].append((x, so_far[term][name], bottom, colours[name]))
                bottom += so_far[term][name]
            totals.append(((x, bottom), str(bottom), _AXIS_TEXT))
    total = {n: sum(so_far[t][n] for t in terms) for n in names}
    hatches = {"walls": "////", **dict(zip(terms[2:], _TERM_HATCHES * len(terms)))}
    majorities = bars["majorities"]
    ax.bar([x for x, _, _, _ in majorities], [h for _, h, _, _ in majorities],
           width=width * 0.9, color=[c for *_, c in majorities], gid="majorities")
    for term in terms[1:]:
        if term != "walls" and not any(h for _, h, _, _ in bars[term]):
            continue  # a module term that scored nothing yet
        ax.bar([x for x, _, _, _ in bars[term]], [h for _, h, _, _ in bars[term]],
               width=width * 0.9, bottom=[b for _, _, b, _ in bars[term]], color="white",
               hatch=hatches[term], edgecolor=[c for *_, c in bars[term]], linewidth=0.8,
               gid=term)
    LabelCollection(ax, totals, 7, False, "totals", shift=(0, 6)).set_clip_on(False)
    if not rounds:
        ax.text(0.5, 0.5, "no scoring round yet", transform=ax.transAxes, ha="center",
                va="center", fontsize=9, color="#888888")
    ax.set_xticks(range(len(rounds)), [f"round {e['round']}" for e in rounds])
    ax.set_xlim(-0.6, max(len(rounds), 1) - 0.4)
    ax.set_ylim(0, max(list(total.values()) + [1]) * 1.15)
    ax.set_xlabel("after scoring round", fontsize=9)
    ax.set_ylabel("points", fontsize=9)
    ax.tick_params(labelsize=8)
    ax.set_title("Points after each scoring round: "
                 + ", ".join(f"{n} {total[n]}" for n in names), loc="left", fontsize=10)
    handles = [Patch(facecolor=colours[n], label=n) for n in names]
    handles += [Patch(facecolor="#777777", label="majorities")]
    handles += [Patch(facecolor="white", edgecolor="#777777", hatch=hatches[t],
                      label=t.replace("_", " "))
                for t in terms[1:] if t == "walls" or any(h for _, h, _, _ in bars[t])]
    side_legend(ax, handles)
    return ax


def _draw_dirk(tiles, ax):
    """Dirk's tiles (two-player game), one row per type."""
    by_kind = {kind: [t for t in tiles if t.kind == kind] for kind in KINDS}
    placed, names = [], []
    for row, kind in enumerate(KINDS):
        y = -row * 1.2
        names.append(((-0.2, y + 0.5), f"{kind} {len(by_kind[kind])}", _AXIS_TEXT))
        placed += [((i * 1.1, y), tile) for i, tile in enumerate(by_kind[kind])]
    _tiles_layer(ax, placed, prefix="dirk_")
    LabelCollection(ax, names, 8, False, "dirk_kinds", align="right").set_clip_on(False)
    widest = max([len(ts) for ts in by_kind.values()] + [3])
    ax.set_xlim(-0.1, widest * 1.1)
    ax.set_ylim(-(len(KINDS) - 1) * 1.2 - 0.1, 1.1)
    ax.set_aspect("equal")
    ax.set_axis_off()


def _game_status(game):
    if game.is_over:
        return f"Game over: won by {' and '.join(game.winners)}"
    return f"Turn {game.turn}: {game.current_player} to act ({game.phase})"


def draw_game(game):
    """Draw a whole game in one figure: market and display, scores, every Alhambra.

    The top row holds the market with the money display and the score track; below,
    every player's Alhambra with its reserve (and Dirk's tiles in a two-player game),
    titled with the player's points. A figure with many Axes, so this one returns the
    `Figure` (like the Axes of the other drawings, ``.figure`` gives it).

    Examples
    --------
    >>> from alhambra_lib.game import Game
    >>> fig = draw_game(Game(["Ana", "Ben"], seed=3))
    >>> fig._suptitle.get_text()
    'Turn 1: Ben to act (action)'
    >>> [ax.get_title(loc="left").split(":")[0] for ax in fig.axes[2:]]
    ['Ana (0 points)', 'Ben (0 points, to act)', "Dirk's tiles (0 points)"]
    """
    names = list(game.players)
    panels = names + ([DIRK] if len(names) == 2 else [])
    cols = min(len(panels), 3)
    rows = -(-len(panels) // cols)
    fig = _Figure(figsize=(5.0 * cols, 3.2 + 4.0 * rows), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    grid = fig.add_gridspec(rows + 1, cols, height_ratios=[3.2] + [4.0] * rows)
    top = grid[0, :].subgridspec(1, 2, width_ratios=[1.4, 1])
    draw_market(game, fig.add_subplot(top[0]), legend=False)
    draw_score_track(game.events, fig.add_subplot(top[1]))
    scores = game.scores
    for i, name in enumerate(panels):
        ax = fig.add_subplot(grid[1 + i // cols, i % cols])
        points = f"{scores.get(name, 0)} points"
        if name == DIRK:
            _draw_dirk(game.dirk_tiles, ax)
            ax.set_title(f"Dirk's tiles ({points}): {len(game.dirk_tiles)}", loc="left",
                         fontsize=10)
        else:
            to_act = ", to act" if name == game.current_player else ""
            draw_alhambra(game.alhambra(name), ax, reserve=game.reserve(name), legend=False,
                          label=f"{name} ({points}{to_act})")
    fig.legend(handles=board_key(), loc="outside lower center", ncols=9, fontsize=8,
               frameon=False)
    fig.suptitle(_game_status(game), fontsize=12)
    return fig


def draw_walls_explained(alhambra, ax=None, *, external=(), corners=None, chains=(), trail=(),
                         caption=""):
    """Draw an Alhambra with the stages of the longest-wall search laid over it.

    Parameters
    ----------
    alhambra : Alhambra
    ax : matplotlib Axes, optional
    external : collection of (corner, corner)
        Wall segments to highlight as external (facing an empty cell).
    corners : mapping, optional
        ``{corner: degree}`` of the corner graph: ends (1), passing corners (2) and
        forks (3 or more) get their own colours.
    chains : list of list of corners
        Chains of the corner graph, each in its own colour with its length.
    trail : list of corners
        The longest trail, traced in amber from a marked start.
    caption : str
        The title.

    Examples
    --------
    >>> from alhambra_lib import Alhambra, Tile
    >>> a = Alhambra()
    >>> a.place(Tile("tower", 9, "NE"), (1, 0))
    >>> ax = draw_walls_explained(a, external=a.wall_segments(), corners={(1, 1): 1,
    ...                           (2, 1): 2, (2, 0): 1}, caption="corner graph")
    >>> len(artist(ax, "external").get_segments()), len(artist(ax, "corners").get_offsets())
    (2, 3)
    """
    handles = _walls_key(external, corners, chains, trail)
    if ax is None:
        ax = _Board.of(alhambra).new_axes(caption, len(handles))
    draw_alhambra(alhambra, ax, wall=False, legend=False)
    if external:
        ax.add_collection(LineCollection(sorted(external), colors=EXTERNAL_WALL_COLOUR,
                                         linewidths=_TRACE_WIDTH, zorder=4, gid="external"))
    if chains:
        _chains_layer(ax, chains)
    if trail:
        xs, ys = zip(*trail)
        ax.add_line(Line2D(xs, ys, color=LONGEST_WALL_COLOUR, linewidth=_TRACE_WIDTH + 1,
                           solid_capstyle="round", zorder=4, gid="longest_wall"))
        ax.add_line(Line2D(xs[:1], ys[:1], marker="o", markersize=9, color=LONGEST_WALL_COLOUR,
                           markeredgecolor=WALL_COLOUR, zorder=6, gid="trail_start"))
    if corners:
        _corners_layer(ax, corners)
    ax.set_title(caption, loc="left", fontsize=10)
    side_legend(ax, handles)
    return ax


def _corner_role(degree):
    return "end" if degree == 1 else "passing" if degree == 2 else "fork"


def _walls_key(external, corners, chains, trail):
    """The legend entries of `draw_walls_explained`."""
    handles = _kind_handles() + [Line2D([], [], color=WALL_COLOUR, linewidth=4, label="wall")]
    if external:
        handles.append(Line2D([], [], color=EXTERNAL_WALL_COLOUR, linewidth=3,
                              label=f"external: {len(external)} segments"))
    if chains:
        handles.append(Line2D([], [], color=SERIES_COLOURS[0], linewidth=3,
                              label=f"{len(chains)} chain{'s' if len(chains) > 1 else ''} "
                                    "(length on it)"))
    if trail:
        handles.append(Line2D([], [], color=LONGEST_WALL_COLOUR, linewidth=3, marker="o",
                              label=f"longest wall: {len(trail) - 1}"))
    roles = {_corner_role(degree) for degree in (corners or {}).values()}
    handles += [Line2D([], [], linestyle="none", marker="o", markerfacecolor=colour,
                       markeredgecolor=WALL_COLOUR, label=f"{role} corner")
                for role, colour in CORNER_COLOURS.items() if role in roles]
    return handles


def _chains_layer(ax, chains):
    """Each chain in its own colour, its length on a round badge mid-chain."""
    colours = [SERIES_COLOURS[i % len(SERIES_COLOURS)] for i in range(len(chains))]
    ax.add_collection(LineCollection(chains, colors=colours, linewidths=_TRACE_WIDTH, zorder=4,
                                     capstyle="round", gid="chains"))
    middles = []
    for chain in chains:
        (ax_, ay), (bx, by) = chain[(len(chain) - 2) // 2: (len(chain) - 2) // 2 + 2]
        middles.append(((ax_ + bx) / 2, (ay + by) / 2))  # the middle of the middle segment
    ax.scatter([x for x, _ in middles], [y for _, y in middles], s=150, c="white",
               edgecolors=colours, linewidths=1.5, zorder=6, gid="chain_badges")
    labels = LabelCollection(ax, [(m, str(len(chain) - 1), colour)
                                  for m, chain, colour in zip(middles, chains, colours)],
                             8, True, "chain_lengths")
    labels.set_zorder(7)


def _corners_layer(ax, corners):
    ax.scatter([c[0] for c in corners], [c[1] for c in corners], s=30, zorder=6, linewidths=1,
               c=[CORNER_COLOURS[_corner_role(d)] for d in corners.values()],
               edgecolors=WALL_COLOUR, gid="corners")


_DOOR = 0.22  # a walking edge stops this far from each cell centre, clear of the price
_SEARCH_ALPHA = 0.85  # reached cells: the state shows, the walls and prices stay on top


def draw_search_step(alhambra, ax=None, *, reached=(), newest=(), missed=(), edges=(),
                     caption="", legend=True):
    """Draw an Alhambra with one step of a breadth-first search laid over it.

    Parameters
    ----------
    alhambra : Alhambra
    ax : matplotlib Axes, optional
    reached : collection of (x, y)
        Cells reached in earlier steps, shaded teal.
    newest : collection of (x, y)
        Cells reached in this step, shaded orange.
    missed : collection of (x, y)
        Cells the search never reaches (enclosed empty cells, tiles cut off),
        cross-hatched red.
    edges : collection of ((x, y), (x, y))
        Edges of the graph searched, e.g. ``alhambra.graph.edges()`` (open shared
        sides), drawn as short doors across the shared side; dark where both cells
        are reached, grey otherwise.
    caption : str
        The title.
    legend : bool

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    Layers have ids for `artist`: ``reached``, ``newest``, ``missed``, ``edges``,
    over those of `draw_alhambra` (drawn without the longest wall).

    Examples
    --------
    >>> from alhambra_lib import Alhambra, Tile
    >>> a = Alhambra()
    >>> a.place(Tile("tower", 9, "NE"), (1, 0))
    >>> ax = draw_search_step(a, reached={(0, 0)}, newest={(1, 0)}, edges=a.graph.edges(),
    ...                       caption="step 1")
    >>> len(artist(ax, "newest").get_paths()), len(artist(ax, "edges").get_segments())
    (1, 1)
    """
    handles = _search_key(reached, newest, missed, edges)
    if ax is None:
        ax = _Board.of(alhambra).new_axes(caption, len(handles) if legend else 0)
    draw_alhambra(alhambra, ax, wall=False, legend=False)
    for gid, cells in (("reached", reached), ("newest", newest)):
        if cells:
            ax.add_collection(PolyCollection([_square(x, y) for x, y in sorted(cells)],
                                             facecolors=SEARCH_COLOURS[gid], alpha=_SEARCH_ALPHA,
                                             edgecolors="none", zorder=2.5, gid=gid))
    if missed:
        ax.add_collection(PolyCollection([_square(x, y) for x, y in sorted(missed)],
                                         facecolors="none", edgecolors=SEARCH_COLOURS["missed"],
                                         hatch="xx", linewidths=1.5, zorder=2.5, gid="missed"))
    if edges:
        _doors_layer(ax, edges, set(reached) | set(newest))
    ax.set_title(caption, loc="left", fontsize=10)
    if legend:
        side_legend(ax, handles)
    return ax


def _doors_layer(ax, edges, reached):
    """Each edge as a short line across the shared side of its two cells."""
    doors, colours = [], []
    for a, b in sorted(tuple(sorted(edge)) for edge in edges):
        dx, dy = b[0] - a[0], b[1] - a[1]
        doors.append(((a[0] + 0.5 + _DOOR * dx, a[1] + 0.5 + _DOOR * dy),
                      (b[0] + 0.5 - _DOOR * dx, b[1] + 0.5 - _DOOR * dy)))
        colours.append(WALL_COLOUR if a in reached and b in reached else GRID_COLOUR)
    ax.add_collection(LineCollection(doors, colors=colours, linewidths=2.5, capstyle="round",
                                     zorder=4, gid="edges"))


def _search_key(reached, newest, missed, edges):
    """The legend entries of `draw_search_step`."""
    handles = _kind_handles() + [Line2D([], [], color=WALL_COLOUR, linewidth=4, label="wall")]
    if edges:
        handles.append(Line2D([], [], color=WALL_COLOUR, linewidth=2.5,
                              label="open side (graph edge)"))
    handles += [Patch(facecolor=SEARCH_COLOURS[key], alpha=_SEARCH_ALPHA,
                      label=f"{label}: {len(cells)}")
                for key, cells, label in (
                    ("reached", reached, "reached earlier" if newest else "reached"),
                    ("newest", newest, "reached in this step")) if cells]
    if missed:
        handles.append(Patch(facecolor="none", edgecolor=SEARCH_COLOURS["missed"], hatch="xx",
                             label=f"never reached: {len(missed)}"))
    return handles


def png_of(obj, *, dpi=DPI, compress_level=6):
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
    return buffer.getvalue()


def png_size(png):
    """``(width, height)`` in pixels of the PNG bytes `png`, read from its header.

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


def _figure_of(obj):
    if isinstance(obj, Figure):
        return obj
    if hasattr(obj, "figure") and hasattr(obj, "get_children"):  # an Axes
        return obj.figure
    if isinstance(obj, Tile):
        return draw_tile(obj).figure
    if isinstance(obj, Alhambra):
        return draw_alhambra(obj).figure
    from .game import Game  # the engine is only needed when a game is drawn

    if isinstance(obj, Game):
        return draw_game(obj)
    raise TypeError(f"cannot draw a {type(obj).__name__}: expected a Tile, Alhambra, Game, "
                    "Axes or Figure")
