"""Plain SVG pictures of tiles and Alhambras, for notebooks without matplotlib.

The rules core falls back on these when matplotlib is not installed
(`alhambra_lib.display`): they need only the standard library, so even a bare
install draws an Alhambra when it is the value of a notebook cell. North is up; walls are thick dark lines, the longest wall is traced
in amber, the fountain is a ring.

Examples
--------
>>> from alhambra_lib import Alhambra, Tile
>>> a = Alhambra()
>>> a.place(Tile("tower", 9, "NE"), (1, 0))
>>> svg = alhambra_svg(a)
>>> svg.startswith("<svg") and svg.count("<rect") == 2
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING

from .grid import SIDES, Cell, Corner, side_segment
from .i18n import _, language
from .narrate import tile_count, tile_text
from .palette import KIND_COLOURS, LONGEST_WALL_COLOUR, WALL_COLOUR

if TYPE_CHECKING:
    from .alhambra import Alhambra
    from .components import Tile

__all__ = ["alhambra_svg", "tile_svg"]

_CELL = 44  # pixels per cell
_MARGIN = 14


def _cell_shapes(cell: Cell, tile: Tile,
                 to_px: Callable[[Corner], tuple[float, float]]) -> list[str]:
    x0, y1 = to_px((cell[0], cell[1] + 1))
    # English keeps the tile's repr, as always; another language says the tile in words.
    shown = repr(tile) if language() == "en" else tile_text(tile.to_list())
    title = escape(_("{tile} at {cell}").format(tile=shown, cell=cell))
    shapes = [f'<rect x="{x0}" y="{y1}" width="{_CELL}" height="{_CELL}" '
              f'fill="{KIND_COLOURS[tile.kind]}" stroke="#999" stroke-width="1">'
              f"<title>{title}</title></rect>"]
    cx, cy = x0 + _CELL / 2, y1 + _CELL / 2
    if tile.kind == "fountain":
        shapes.append(f'<circle cx="{cx}" cy="{cy}" r="{_CELL / 4}" fill="none" '
                      f'stroke="#3a78b5" stroke-width="3"/>')
    else:
        text_colour = "#222" if tile.kind == "chambers" else "#fff"
        shapes.append(f'<text x="{cx}" y="{cy + 5}" font-size="14" font-family="sans-serif" '
                      f'text-anchor="middle" fill="{text_colour}">{tile.price}</text>')
    for side in SIDES:
        if tile.has_wall(side):
            (ax, ay), (bx, by) = (to_px(p) for p in side_segment(cell, side))
            shapes.append(f'<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" '
                          f'stroke="{WALL_COLOUR}" stroke-width="5" stroke-linecap="round"/>')
    return shapes


def _svg(layout: Mapping[Cell, Tile], path: Sequence[Corner] = (), caption: str = "") -> str:
    xs = [x for x, _ in layout]
    ys = [y for _, y in layout]
    x_min, y_max = min(xs), max(ys) + 1
    width = (max(xs) + 1 - x_min) * _CELL + 2 * _MARGIN
    height = (y_max - min(ys)) * _CELL + 2 * _MARGIN + (18 if caption else 0)

    def to_px(corner: Corner) -> tuple[float, float]:
        return (_MARGIN + (corner[0] - x_min) * _CELL, _MARGIN + (y_max - corner[1]) * _CELL)

    shapes = [s for cell, tile in sorted(layout.items()) for s in _cell_shapes(cell, tile, to_px)]
    if len(path) > 1:
        points = " ".join(f"{px},{py}" for px, py in map(to_px, path))
        shapes.append(f'<polyline points="{points}" fill="none" stroke="{LONGEST_WALL_COLOUR}" '
                      f'stroke-width="3" stroke-linejoin="round"/>')
    if caption:
        shapes.append(f'<text x="{_MARGIN}" y="{height - 6}" font-size="13" '
                      f'font-family="sans-serif" fill="#333">{escape(caption)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">' + "".join(shapes) + "</svg>")


def alhambra_svg(alhambra: Alhambra, *, caption: bool | str = True) -> str:
    """An SVG picture of `alhambra` with its longest wall traced, as a string.

    With `caption`, the number of tiles and the longest wall are written under it.
    """
    wall = alhambra.longest_wall()
    text = _("{tiles}, longest wall {wall}").format(tiles=tile_count(len(alhambra) - 1),
                                                    wall=wall) if caption else ""
    return _svg(alhambra.layout, alhambra.longest_wall_path(), text)


def tile_svg(tile: Tile) -> str:
    """An SVG picture of one tile, as a string."""
    return _svg({(0, 0): tile})
