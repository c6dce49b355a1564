"""City Gates (RULES.md §M5): the gates on the boards, the gate cards off them.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from matplotlib.collections import PolyCollection
from matplotlib.patches import Patch

from ...components import GateCard
from ...grid import side_segment
from ...i18n import _, ngettext
from ..card_pieces import _GATE_EDGE, _rows
from ..pieces import register_pieces

__all__: list[str] = []  # reached through MODULE_PIECES


def _gate_shape(pair):
    """A small frame across the middle of the double wall between the two cells."""
    (_, y0), (_, y1) = pair
    side = "E" if y0 == y1 else "N"  # `gates()` gives the lower cell first
    (ax_, ay), (bx, by) = side_segment(pair[0], side)
    mx, my = (ax_ + bx) / 2, (ay + by) / 2
    half_along, half_across = 0.22, 0.11
    dx, dy = (half_across, half_along) if side == "E" else (half_along, half_across)
    return ((mx - dx, my - dy), (mx + dx, my - dy), (mx + dx, my + dy), (mx - dx, my + dy))


def _gates_board(ax, seen, name):
    part = seen.part("gates")
    gates = () if part is None else part["gates"][name]
    if not gates:
        return [], ""
    ax.add_collection(PolyCollection([_gate_shape(p) for p in gates], facecolors="#ffffff",
                                     edgecolors=_GATE_EDGE, linewidths=2.0, zorder=4.3,
                                     gid="gates"))
    handle = Patch(facecolor="#ffffff", edgecolor=_GATE_EDGE, linewidth=2.0,
                   label=_("gate: a double wall walked through"))
    return [handle], _("gates {n}").format(n=len(gates))


def _gates_table(ax, seen):
    """The gate card beside the display (or none), and each player's gate cards."""
    part = seen.part("gates")
    gates = part["gates"]
    rows = [(_("beside"), [GateCard()] if part["beside"] else [],
             "" if part["beside"] else _("no gate card beside the display"))]
    rows += [(p, [GateCard()] * n, ngettext("{n} gate built", "{n} gates built",
                                            len(gates[p])).format(n=len(gates[p])))
             for p, n in part["held"].items()]
    _rows(ax, rows, "gate_", _("City Gates (M5): gate cards beside the display and held"))


register_pieces("gates", board=_gates_board, table=_gates_table)
