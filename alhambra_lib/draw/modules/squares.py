"""Squares (RULES.md §M4): the huts' neighbours on a board, the huts' piles off it.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from matplotlib.collections import PolyCollection
from matplotlib.patches import Patch

from ...components import KINDS
from ...i18n import _, ngettext
from ...modules.squares import hut_neighbours
from ...narrate import term
from ...palette import KIND_COLOURS, PIECE_COLOURS, WALL_COLOUR
from ..board import _tiles_layer
from ..figure import _AXIS_TEXT, LabelCollection, _text_colour
from ..pieces import (
    _centre,
    _outlined_handle,
    _outlined_lines,
    _panel,
    _provisional,
    register_pieces,
)

__all__: list[str] = []  # reached through MODULE_PIECES


def _roof(cell):
    x, y = cell
    return ((x + 0.3, y + 0.74), (x + 0.5, y + 0.93), (x + 0.7, y + 0.74))


def _roofs_layer(ax, cells, gid):
    ax.add_collection(PolyCollection([_roof(c) for c in cells], facecolors="#ffffff",
                                     edgecolors=WALL_COLOUR, linewidths=0.8, zorder=4.5,
                                     gid=gid))


def _squares_board(ax, seen, name):
    """Each hut: a roof, and a bridge over every open side to a building of its type."""
    layout = seen.view.layouts[name]
    counted = hut_neighbours(layout)
    if not counted:
        return [], ""
    _roofs_layer(ax, counted, "hut_roofs")
    bridges = []
    for hut, neighbours in counted.items():
        for other in neighbours:
            dx, dy = other[0] - hut[0], other[1] - hut[1]
            bridges.append((_centre(hut, 0.36 * dx, 0.36 * dy),  # across the side only
                            _centre(other, -0.36 * dx, -0.36 * dy)))
    if bridges:
        _outlined_lines(ax, bridges, PIECE_COLOURS["counted"], 2.5, "hut_bridges")
    LabelCollection(ax, [(_centre(c, 0, -0.3), f"+{len(n)}", _text_colour(
        KIND_COLOURS[layout[c].marks[0]])) for c, n in counted.items()], 7, True,
        "hut_counts").set_zorder(6)
    handles = [Patch(facecolor="#ffffff", edgecolor=WALL_COLOUR,
                     label=_provisional("huts", _("hut: +1 a side open to its type"))),
               _outlined_handle(PIECE_COLOURS["counted"], _("side a hut counts"))]
    return handles, _("huts +{n}").format(n=sum(map(len, counted.values())))


def _squares_table(ax, seen):
    """The six piles: each face-up hut with its walls, and how many huts are left."""
    part = seen.part("squares")
    placed, names = [], []
    for i, kind in enumerate(KINDS):
        x = i * 1.5
        hut = part["up"][kind]
        if hut is not None:
            placed.append(((x, 0.5), hut))
        left = part["left"][kind]
        names.append(((x + 0.5, 0.2), ngettext("{kind}\n{n} left", "{kind}\n{n} left", left).format(
            kind=term(kind), n=left), _AXIS_TEXT))
    _tiles_layer(ax, placed, prefix="hut_piles_")
    _roofs_layer(ax, [xy for xy, __ in placed], "hut_pile_roofs")
    LabelCollection(ax, names, 7, False, "hut_piles").set_clip_on(False)
    _panel(ax, _provisional("huts", _("Squares (M4): the huts' piles, top hut face up")),
           6 * 1.5 - 0.4, 1.6)


register_pieces("squares", board=_squares_board, table=_squares_table)
