"""An Alhambra and a tile on a grid: tiles, walls, the fountain, where a tile may go, why
not, the reserve, and the key of the tile types.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Patch
from matplotlib.patheffects import Normal as NormalPath
from matplotlib.patheffects import Stroke

from ..alhambra import Alhambra
from ..components import FOUNTAIN_KIND, KINDS, MODULE_KINDS, Tile, tile_set
from ..grid import Cell, side_segment
from ..i18n import N_, NP_, _, gettext, ngettext, pgettext
from ..narrate import sides_text, term, tile_count, tile_name, walls_text
from ..palette import (
    FOUNTAIN_RING_COLOUR,
    GRID_COLOUR,
    ILLEGAL_COLOUR,
    KIND_COLOURS,
    LEGAL_COLOUR,
    LEGAL_TEXT_COLOUR,
    LONGEST_WALL_COLOUR,
    REASON_TEXT_COLOUR,
    STICK_COLOUR,
    WALL_COLOUR,
)
from .figure import (
    _AXIS_TEXT,
    _TILE_EDGE,
    LabelCollection,
    _cells_layer,
    _square,
    _text_colour,
    new_axes,
    side_legend,
    text_columns,
)

__all__ = ["REASON_TAGS", "board_key", "draw_alhambra", "draw_key", "draw_tile"]


_CELL_IN = 0.5  # inches per grid cell: room for a price and three short reason tags
_MIN_CELL_IN = 0.4  # the least a cell shrinks to fit a height: three reason tags still fit
_BOTTOM_IN = 0.55  # under a board: its x coordinates and the axis name
_LEGEND_IN = 2.3  # inches kept right of a board for its legend
_LINE_IN = 0.2  # inches per line of title text
_TITLE_CHAR_IN = 0.075  # inches per character of title text, a little more than average
_WALL_WIDTH = 5.0  # points; a cell is 36 points wide
_TRACE_WIDTH = 2.4  # the longest wall is traced inside the dark wall line
_RESERVE_STEP = 1.25  # reserve tiles stand apart so their walls stay readable


#: Short tags written on frontier cells for each reason code, and their key (in English;
#: a drawing says them in the current language, `_reason_tag`).
REASON_TAGS = {
    "walls_mismatch": ("walls", N_("walls = walls_mismatch")),
    "unreachable": ("reach", N_("reach = unreachable")),
    "hole": ("hole", N_("hole = hole")),
}
#: The tags marked for the catalogs with their context: a word short enough for a cell,
#: which may differ from the same English word elsewhere ("walls" is "remparts" as a
#: score, "murs" in a cell); `_reason_tag` says them.
_TAG_WORDS = (NP_("reason tag", "walls"), NP_("reason tag", "reach"), NP_("reason tag", "hole"))


def _reason_tag(code: str) -> str:
    """The tag of reason `code` written on a cell, in the current language."""
    return pgettext("reason tag", REASON_TAGS[code][0])


def _tile_words(tile: Tile | str) -> str:
    """A tile as a title or a key names it: a `Tile` by its name, words as given."""
    return tile_name(tile) if isinstance(tile, Tile) else gettext(tile)


def _tiles_layer(ax: Axes, placed: Iterable[tuple[tuple[float, float], Tile]],
                 prefix: str = "") -> None:
    """Draw tiles at lower-left corners: squares, walls, prices and the fountain's ring.

    `placed` is a list of ``((x, y), Tile)``. Printed walls are one LineCollection; a
    wall two tiles share back to back is one line. City Walls sticks (RULES.md §M9) are
    walls too but drawn apart, as wooden bars just inside their tile (`sticks_layer`).
    The layers get the ids ``{prefix}tiles``, ``{prefix}walls``, ``{prefix}prices`` and,
    when a tile carries sticks, ``{prefix}sticks``.
    """
    squares, colours, segments, prices, sticks = [], [], set(), [], []
    for (x, y), tile in placed:
        squares.append(_square(x, y))
        colours.append(_tile_colour(tile))
        for side in tile.printed.wall_sides:
            (ax_, ay), (bx, by) = side_segment((0, 0), side)
            segments.add(((x + ax_, y + ay), (x + bx, y + by)))
        sticks += [((x, y), side) for side in tile.stick_sides]
        if tile.kind == FOUNTAIN_KIND:
            ax.add_patch(Circle((x + 0.5, y + 0.5), 0.27, fill=False, linewidth=2.5,
                                edgecolor=FOUNTAIN_RING_COLOUR, zorder=3, gid="fountain"))
        elif tile.price:  # huts and bazaars print no price (their price is 0)
            prices.append(((x + 0.5, y + 0.5), str(tile.price),
                           _text_colour(_tile_colour(tile))))
    LabelCollection(ax, prices, 9, True, f"{prefix}prices")
    ax.add_collection(PolyCollection(squares, facecolors=colours, edgecolors=_TILE_EDGE,
                                     linewidths=0.6, zorder=2, gid=f"{prefix}tiles"))
    ax.add_collection(LineCollection(sorted(segments), colors=WALL_COLOUR, linewidths=_WALL_WIDTH,
                                     capstyle="round", zorder=3, gid=f"{prefix}walls"))
    if sticks:
        sticks_layer(ax, sticks, f"{prefix}sticks")


_STICK_WIDTH = 5.0  # as wide as a printed wall, on the side like one


def sticks_layer(ax: Axes, sides: Iterable[tuple[tuple[float, float], str]],
                 gid: str) -> LineCollection:
    """Draw City Walls sticks, ``[(cell, side)]``, as light wooden bars outlined in dark
    on their sides (RULES.md §M9), unlike a printed wall's solid dark line; over a printed
    wall of the tile back to back, since both are one wall."""
    segments = [side_segment(cell, side) for cell, side in sides]
    lines = LineCollection(segments, colors=STICK_COLOUR, linewidths=_STICK_WIDTH,
                           capstyle="round", zorder=3.2, gid=gid)
    lines.set_path_effects(STICK_OUTLINE)
    ax.add_collection(lines)
    return lines


#: A stick's look, for legends too.
STICK_OUTLINE = [Stroke(linewidth=_STICK_WIDTH + 1.6, foreground=WALL_COLOUR), NormalPath()]


def stick_handle(label: str = N_("stick (City Walls): a wall")) -> Line2D:
    """The legend entry of a stick (`label` said in the current language)."""
    return Line2D([], [], color=STICK_COLOUR, linewidth=_STICK_WIDTH, path_effects=STICK_OUTLINE,
                  solid_capstyle="round", label=gettext(label))


def _tile_colour(tile: Tile) -> str:
    """A tile's fill: its type's colour (a hut: the type of its colour bar, RULES.md §M4)."""
    return KIND_COLOURS[tile.marks[0] if tile.kind == "hut" else tile.kind]


#: The tile set each module kind comes from (`components.tile_set`).
_KIND_SETS = {"hut": "huts", "camp": "camps", "bazaar": "bazaars"}
#: The module kinds' names, as a key says them.
_MODULE_KIND_NAMES = {"hut": N_("hut"), "camp": N_("camp"), "bazaar": N_("bazaar")}


def _kind_handles(tiles: Iterable[Tile] = ()) -> list[Artist]:
    """The tile types' legend entries; Mega Box kinds among `tiles` get one each, saying
    when their printed data is only a placeholder (provisional)."""
    handles: list[Artist] = [Patch(facecolor=KIND_COLOURS[kind], edgecolor=_TILE_EDGE,
                                   label=term(kind)) for kind in (FOUNTAIN_KIND,) + KINDS]
    present = {t.kind for t in tiles}
    for kind in MODULE_KINDS:
        if kind in present:
            label = _(_MODULE_KIND_NAMES[kind])
            if tile_set(_KIND_SETS[kind]).provisional:
                label = _("{label} (provisional data)").format(label=label)
            handles.append(Patch(facecolor=KIND_COLOURS[kind], edgecolor=_TILE_EDGE,
                                 label=label))
    return handles


def board_key(alhambra: Alhambra | None = None, *, legal_for: Tile | str | None = None,
              explain_for: Tile | str | None = None, wall: bool = True) -> list[Artist]:
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
        label = _("legal for {tile}").format(tile=_tile_words(legal_for))
        if alhambra is not None and isinstance(legal_for, Tile):
            n = len(alhambra.legal_positions(legal_for))
            label = ngettext("legal for {tile}: {n} cell", "legal for {tile}: {n} cells",
                             n).format(tile=_tile_words(legal_for), n=n)
        handles.append(Patch(facecolor=LEGAL_COLOUR, label=label))
    if explain_for is not None:
        label = _("not for {tile}").format(tile=_tile_words(explain_for))
        if alhambra is not None and isinstance(explain_for, Tile):
            n = len(alhambra.frontier()) - len(alhambra.legal_positions(explain_for))
            label = ngettext("not for {tile}: {n} cell", "not for {tile}: {n} cells", n).format(
                tile=_tile_words(explain_for), n=n)
        handles.append(Patch(facecolor=ILLEGAL_COLOUR, label=label))
        handles += [Line2D([], [], linestyle="none", label=gettext(key))
                    for __, key in REASON_TAGS.values()]
    if wall:
        longest = (_("longest wall: {n}").format(n=alhambra.longest_wall())
                   if alhambra is not None else _("longest wall"))
        handles += [wall_handle(),
                    Line2D([], [], color=LONGEST_WALL_COLOUR, linewidth=3, label=longest)]
    return handles


def wall_handle() -> Line2D:
    """The legend entry of a printed wall."""
    return Line2D([], [], color=WALL_COLOUR, linewidth=4, label=_("wall"))


def draw_key(handles: Sequence[Artist] | None = None, ax: Axes | None = None) -> Axes:
    """Draw a legend alone, by default the full key of `draw_alhambra`.

    A widget redraws its board many times but shows the key once, beside it.

    Examples
    --------
    >>> ax = draw_key()
    >>> len(ax.get_legend().get_texts())
    14
    """
    if handles is None:
        handles = board_key(legal_for=N_("the tile"), explain_for=N_("the tile"))
    if ax is None:
        ax = new_axes(0.01, 0.19 * len(handles), left=0.0, right=2.2, bottom=0.1, top=0.1)
    ax.set_axis_off()
    side_legend(ax, handles)
    return ax


def _box(layout: Iterable[Cell]) -> tuple[int, int, int, int]:
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
    def of(cls, alhambra: Alhambra, reserve: Iterable[Tile] | None = ()) -> _Board:
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
                   ((middle, _("reserve")),))

    def new_axes(self, title: str, legend_entries: int, legend_in: float = _LEGEND_IN,
                 max_height: float | None = None) -> Axes:
        """A new figure sized to the board, its title lines and a legend of so many entries
        (`legend_in` inches wide); at most `max_height` inches high when given, its cells
        drawn smaller for that (down to `_MIN_CELL_IN`), their labels keeping their size."""
        lines = title.split("\n")
        top = 0.2 + _LINE_IN * len(lines)
        rows = self.y1 - self.y0 + 1
        cell = _CELL_IN
        if max_height is not None:
            cell = max(min(cell, (max_height - top - _BOTTOM_IN) / rows), _MIN_CELL_IN)
        return new_axes((self.x_max - self.x0) * cell, rows * cell, bottom=_BOTTOM_IN,
                        right=legend_in if legend_entries else 0.2, top=top,
                        min_w=0.8 + _TITLE_CHAR_IN * max(map(text_columns, lines)),
                        min_h=0.5 + _LINE_IN * len(lines) + 0.19 * legend_entries)


def _alhambra_title(alhambra: Alhambra, legal_for: Tile | None, explain_for: Tile | None,
                    wall: bool, label: str) -> str:
    said = {"label": label, "tiles": tile_count(len(alhambra) - 1),
            "wall": alhambra.longest_wall()}
    lines = [(_("{label}: {tiles}, longest wall {wall}") if wall else _("{label}: {tiles}"))
             .format(**said)]
    frontier = len(alhambra.frontier())
    for tile in dict.fromkeys(t for t in (legal_for, explain_for) if t is not None):
        lines.append(ngettext("{tile} ({walls}): legal on {legal} of {n} frontier cell",
                              "{tile} ({walls}): legal on {legal} of {n} frontier cells",
                              frontier).format(tile=tile_name(tile), walls=walls_text(tile),
                                               legal=len(alhambra.legal_positions(tile)),
                                               n=frontier))
    return "\n".join(lines)


def _explain_layer(ax: Axes, alhambra: Alhambra, tile: Tile) -> None:
    """Tag every frontier cell with why `tile` may not go there, or "ok"."""
    illegal, tags = [], []
    for cell in sorted(alhambra.frontier()):
        verdict = alhambra.check(tile, cell)
        centre = (cell[0] + 0.5, cell[1] + 0.5)
        if verdict.ok:
            tags.append((centre, _("ok"), LEGAL_TEXT_COLOUR))
        else:
            illegal.append(cell)
            tags.append((centre, "\n".join(map(_reason_tag, verdict.reasons)),
                         REASON_TEXT_COLOUR))
    _cells_layer(ax, illegal, ILLEGAL_COLOUR, "illegal")
    LabelCollection(ax, tags, 7, False, "reasons")


def _longest_wall_layer(ax: Axes, alhambra: Alhambra) -> None:
    path = alhambra.longest_wall_path()
    if path:
        xs, ys = zip(*path)
        ax.add_line(Line2D(xs, ys, color=LONGEST_WALL_COLOUR, linewidth=_TRACE_WIDTH,
                           solid_capstyle="round", solid_joinstyle="round", zorder=4,
                           gid="longest_wall"))


def _board_frame(ax: Axes, board: _Board) -> None:
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
    ax.set_xlabel(_("x (east →)"), fontsize=9, labelpad=16)
    ax.set_ylabel(_("y (north ↑)"), fontsize=9, labelpad=20)
    for spine in ax.spines.values():
        spine.set_color(GRID_COLOUR)


def draw_alhambra(alhambra: Alhambra, ax: Axes | None = None, *, legal_for: Tile | None = None,
                  explain_for: Tile | None = None, wall: bool = True,
                  reserve: Iterable[Tile] | None = None, legend: bool = True,
                  label: str | None = None, max_height: float | None = None) -> Axes:
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
    label : str, optional
        Whose Alhambra: the start of the title; by default "Alhambra" in the current
        language.
    max_height : float, optional
        The most inches a new figure may be high: a taller board is drawn with smaller
        cells (down to 0.4 inch), its labels at their size, so that a page showing the
        picture at most that high shows them whole (a widget's picture, say).

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
    >>> from alhambra_lib.draw import artist
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
    title = _alhambra_title(alhambra, legal_for, explain_for, wall,
                            _("Alhambra") if label is None else label)
    handles = board_key(alhambra, legal_for=legal_for, explain_for=explain_for, wall=wall)
    if ax is None:
        ax = board.new_axes(title, len(handles) if legend else 0, max_height=max_height)
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


def draw_tile(tile: Tile, ax: Axes | None = None) -> Axes:
    """Draw one tile with its walls and price, its sides named (north up).

    Examples
    --------
    >>> from alhambra_lib.draw import artist
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
    LabelCollection(ax, [(xy, sides_text(side), _AXIS_TEXT) for side, xy in outside.items()], 8, False,
                    "sides").set_clip_on(False)
    ax.set_xlim(-0.05, 1.05)
    ax.set_ylim(-0.05, 1.05)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title(f"{tile_name(tile)}\n{walls_text(tile)}", fontsize=10, pad=14)
    return ax


