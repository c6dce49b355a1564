"""Bazaars (RULES.md §M16): the neighbours a bazaar counts, the bazaars beside the market.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from matplotlib.collections import PolyCollection
from matplotlib.patches import Patch

from ...i18n import _
from ...modules.bazaars import bazaar_neighbours, bazaar_points
from ...narrate import term
from ...palette import CURRENCY_COLOURS, KIND_COLOURS, WALL_COLOUR
from ..board import _tiles_layer
from ..figure import _AXIS_TEXT, LabelCollection, _square
from ..pieces import _centre, _dot_handle, _panel, _provisional, register_pieces

__all__: list[str] = []  # reached through MODULE_PIECES


def _bazaar_faces(ax, placed, prefix):
    """A bazaar's currency (a ring) and its three types (swatches along the top)."""
    rings, swatches, colours, edges = [], [], [], []
    for (x, y), tile in placed:
        rings.append(_square(x + 0.07, y + 0.07, 0.86))
        edges.append(CURRENCY_COLOURS[tile.marks[0]])
        for j, kind in enumerate(tile.marks[1:]):
            swatches.append(_square(x + 0.16 + j * 0.24, y + 0.7, 0.2))
            colours.append(KIND_COLOURS[kind])
    ax.add_collection(PolyCollection(rings, facecolors="none", edgecolors=edges, linewidths=3,
                                     zorder=2.5, gid=f"{prefix}bazaar_rings"))
    ax.add_collection(PolyCollection(swatches, facecolors=colours, edgecolors=WALL_COLOUR,
                                     linewidths=0.6, zorder=2.6, gid=f"{prefix}bazaar_types"))


def _bazaars_board(ax, seen, name):
    """Each bazaar: currency and types, a dot on every neighbour it counts, n x k."""
    layout = seen.view.layouts[name]
    cells = sorted(c for c, t in layout.items() if t.kind == "bazaar")
    if not cells:
        return [], ""
    _bazaar_faces(ax, [(c, layout[c]) for c in cells], "")
    dots, colours, labels, total = [], [], [], 0
    for cell in cells:
        for other in bazaar_neighbours(layout, cell):
            dx, dy = cell[0] - other[0], cell[1] - other[1]
            dots.append(_centre(other, 0.33 * dx, 0.33 * dy))  # toward the bazaar
            colours.append(CURRENCY_COLOURS[layout[cell].marks[0]])
        n, k, points = bazaar_points(layout, cell)
        labels.append((_centre(cell, 0, -0.3), f"{n}×{k}={points}", "#222222"))
        total += points
    if dots:
        ax.scatter([x for x, _ in dots], [y for _, y in dots], s=26, c=colours, marker="D",
                   edgecolors=WALL_COLOUR, linewidths=0.8, zorder=4.7, gid="bazaar_counted")
    LabelCollection(ax, labels, 6.5, True, "bazaar_points").set_zorder(6)
    handles = [Patch(facecolor=KIND_COLOURS["bazaar"], edgecolor=CURRENCY_COLOURS["ducat"],
                     linewidth=2, label=_provisional(
                         "bazaars", _("bazaar: ring currency, squares types"))),
               _dot_handle(CURRENCY_COLOURS["ducat"], _("neighbour a bazaar counts (n×k)"),
                           marker="D")]
    return handles, _("bazaars {n} at the end").format(n=total)


def _bazaars_table(ax, seen):
    """The bazaars beside the market, each with the price it would cost now."""
    beside = seen.part("bazaars")["beside"]
    placed = [((i * 1.5, 0.5), b["bazaar"]) for i, b in enumerate(beside)]
    _tiles_layer(ax, placed, prefix="beside_")
    _bazaar_faces(ax, placed, "beside_")
    labels = [((x + 0.5, 0.2), (_("{currency}\nno price") if b["price"] is None else
                                _("{currency}\n{price} now")).format(
        currency=term(b["currency"]), price=b["price"]), _AXIS_TEXT)
              for ((x, __), ___), b in zip(placed, beside)]
    LabelCollection(ax, labels, 7, False, "beside_costs").set_clip_on(False)
    if not beside:
        ax.text(0.0, 0.9, _("none beside the market"), fontsize=8, color="#888888")
    _panel(ax, _provisional("bazaars", _("Bazaars (M16) beside the market")),
           max(len(beside), 3) * 1.5 - 0.4, 1.6)


register_pieces("bazaars", board=_bazaars_board, table=_bazaars_table)
