"""Treasure Chamber (RULES.md §M13): chests on buildings, the treasure rooms.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from matplotlib.collections import PolyCollection
from matplotlib.patches import Patch

from ...i18n import _
from ...modules.treasure import COLOURS as CHEST_TYPES
from ...palette import KIND_COLOURS, PIECE_COLOURS, WALL_COLOUR
from ..board import _Board
from ..figure import _AXIS_TEXT, _TILE_EDGE, LabelCollection, _square
from ..pieces import _panel, register_pieces

__all__: list[str] = []  # reached through MODULE_PIECES


def _chest(x, y, w=0.3, h=0.22):
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def _treasure_board(ax, seen, name):
    """Chests on the buildings of the Alhambra, and on reserve tiles (a chest stays on its
    building, RULES.md §M13)."""
    part = seen.part("treasure")
    if part is None or not (part["chests"][name] or part["reserve_chests"][name]):
        return [], ""
    carrying = set(part["reserve_chests"][name])
    reserve = _Board.of(seen.view.alhambra(name), seen.view.reserves[name]).reserve
    # A chest in its colour, the type of building it goes on (RULES.md §M13), ringed in gold.
    placed = [(cell, KIND_COLOURS[CHEST_TYPES[colour]])
              for cell, colour in part["chests"][name].items()]
    placed += [(xy, KIND_COLOURS[tile.kind]) for xy, tile in reserve if tile in carrying]
    ax.add_collection(PolyCollection([_chest(x + 0.08, y + 0.68) for (x, y), _ in placed],
                                     facecolors=[c for _, c in placed],
                                     edgecolors=PIECE_COLOURS["chest"], linewidths=1.6,
                                     zorder=4.8, gid="chests"))
    said = (_("chests {n} (+{reserve} on the reserve)") if carrying else _("chests {n}")).format(
        n=len(part["chests"][name]), reserve=len(carrying))
    return ([Patch(facecolor=KIND_COLOURS["garden"], edgecolor=PIECE_COLOURS["chest"],
                   linewidth=1.6, label=_("chest on a building"))], said)


def _treasure_table(ax, seen):
    """The three rooms with their chests (coloured as their types), and the bag."""
    part = seen.part("treasure")
    rooms, colours, labels = [], [], []
    for i, room in enumerate(part["rooms"]):
        x = i * 2.2
        rooms.append(_square(x, 0.45, 1.9))
        labels.append(((x + 0.95, 0.2), _("room {n}").format(n=i + 1), _AXIS_TEXT))
        for j, colour in enumerate(room):
            colours.append((_chest(x + 0.2 + (j % 2) * 0.85, 1.35 - (j // 2) * 0.7, 0.65, 0.45),
                            KIND_COLOURS[CHEST_TYPES[colour]]))
    ax.add_collection(PolyCollection(rooms, facecolors="#faf6ea",
                                     edgecolors=_TILE_EDGE, linewidths=0.8, zorder=1,
                                     gid="treasure_rooms"))
    ax.add_collection(PolyCollection([c for c, _ in colours], facecolors=[k for _, k in colours],
                                     edgecolors=PIECE_COLOURS["chest"], linewidths=2, zorder=2,
                                     gid="room_chests"))
    LabelCollection(ax, labels, 7, False, "room_names")
    title = (_("Treasure (M13): 4 chests a room, {n} in the bag") if part["refill"] else
             _("Treasure (M13): 4 chests a room, {n} in the bag; rooms are no longer refilled"))
    _panel(ax, title.format(n=part["bag"]),
           3 * 2.2 - 0.2, 2.5)


register_pieces("treasure", board=_treasure_board, table=_treasure_table)
