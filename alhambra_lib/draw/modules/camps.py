"""Camps (RULES.md §M8): each bastion's line over the buildings it scores.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from matplotlib.collections import PolyCollection

from ...grid import STEP
from ...i18n import _
from ...modules.camps import camp_lines
from ...palette import PIECE_COLOURS, WALL_COLOUR
from ..figure import LabelCollection
from ..pieces import (
    _arrowhead,
    _centre,
    _outlined_handle,
    _outlined_lines,
    _provisional,
    register_pieces,
)

__all__: list[str] = []  # reached through MODULE_PIECES


def _camps_board(ax, seen, name):
    """Each bastion's line: an arrow from the camp over the buildings it scores."""
    lines = camp_lines(seen.view.layouts[name])
    if not lines:
        return [], ""
    shafts: list = []
    heads: list = []
    scored: list = []
    points: dict = {}
    for cell, side, buildings in lines:
        dx, dy = STEP[side]
        across = (0.0, -0.3) if dy == 0 else (0.3, 0.0)  # beside the prices
        start = _centre(cell, 0.45 * dx + across[0], 0.45 * dy + across[1])
        last, ahead = (buildings[-1], 0.4) if buildings else (cell, 0.75)  # else a stub
        end = _centre(last, ahead * dx + across[0], ahead * dy + across[1])
        shafts.append((start, end))
        heads.append(_arrowhead(end, side))
        scored += [_centre(b, *across) for b in buildings]
        points[cell] = points.get(cell, 0) + len(buildings)
    _outlined_lines(ax, shafts, PIECE_COLOURS["camp_line"], 2.2, "camp_lines")
    ax.add_collection(PolyCollection(heads, facecolors=PIECE_COLOURS["camp_line"],
                                     edgecolors=WALL_COLOUR, linewidths=0.8, zorder=4.6,
                                     gid="camp_heads"))
    if scored:
        ax.scatter([x for x, _ in scored], [y for _, y in scored], s=22, zorder=4.7,
                   c=PIECE_COLOURS["camp_line"], edgecolors=WALL_COLOUR, linewidths=0.8,
                   gid="camp_scored")
    LabelCollection(ax, [(_centre(c, 0, 0.3), f"+{n}", "#ffffff") for c, n in points.items()],
                    7, True, "camp_points").set_zorder(6)
    total = sum(points.values())
    handle = _outlined_handle(PIECE_COLOURS["camp_line"],
                              _provisional("camps", _("camp line: 1 a building")), marker="o")
    return [handle], _("camps +{n}").format(n=total)


register_pieces("camps", board=_camps_board)
