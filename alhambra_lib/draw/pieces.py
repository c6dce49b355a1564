"""The Mega Box's pieces: one drawing per module, registered by the module's name.

Each module in `MODULE_PIECES` has up to two small drawers (`ModulePieces`):

``board(ax, seen, name) -> (legend handles, summary)``
    Its pieces on `name`'s Alhambra, drawn over `draw_alhambra`'s layers: the lines a
    camp scores (RULES.md §M8), the neighbours a hut (§M4) or a bazaar (§M16) counts,
    chests on buildings (§M13), resident citizens and the merchant's disc (§M12), the
    sides an attack gets through (§M15). It returns legend entries without counts and a
    short summary with them (``"camps +3"``), which titles the board.
``table(ax, seen)``
    Its pieces off the boards, on an Axes of its own: the vizier tokens (§M1), the bonus
    cards shown and hidden (§M3), the huts' piles (§M4), the citizens' supply and the
    discs (§M12), the treasure rooms (§M13), scouts and attack cards (§M15), the
    bazaars beside the market (§M16).

Everything is read from a player's `GameView` (``view.modules[module]``), wrapped in a
`Seen` that says whether that player's own secrets may be shown. The attack drawn on
the boards is the one the viewer peeked at (the next, when secrets are shown), else the
last one revealed, with the points it costs the board now; `draw_attack` draws any
direction in any round, for teaching. A module adds its pieces with one
`register_pieces` call, and its cards with `alhambra_lib.draw.cards.register_card_face`;
a board drawer returns nothing for a module not in play (its part of the view is None).
The card modules' pieces (City Walls' sticks and wall cards, gates, characters, thieves,
coins) are drawn in `alhambra_lib.draw.card_pieces`. Exchange cards (§M2), diamonds
(§M6) and master builders (§M14) have no pieces of their own: they are cards, drawn on
the display and in hands.

Examples
--------
>>> import warnings
>>> from alhambra_lib import Game
>>> from alhambra_lib.draw import artist
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore")  # the huts' data is provisional
...     g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("vizier", "squares"))
>>> ax = draw_module(g.view("Ana"), "vizier")
>>> artist(ax, "vizier_names").texts
('Ana\\nawake', 'Ben\\nawake', 'Cy\\nawake')
>>> sorted(MODULE_PIECES)[:3]
['bazaars', 'bonus_cards', 'camps']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Patch
from matplotlib.patheffects import Normal as NormalPath
from matplotlib.patheffects import Stroke

from ..alhambra import Alhambra
from ..components import KINDS, tile_set
from ..grid import OPPOSITE, STEP, side_segment
from ..modules.bazaars import bazaar_neighbours, bazaar_points
from ..modules.bonus_cards import BonusCard
from ..modules.camps import camp_lines
from ..modules.invaders import flanks, invasion_penalty, unprotected_sides
from ..modules.squares import hut_neighbours
from ..modules.street_merchant import COLOUR_NAMES
from ..modules.treasure import COLOURS as CHEST_TYPES
from ..palette import CURRENCY_COLOURS, KIND_COLOURS, PIECE_COLOURS, WALL_COLOUR
from .board import _Board, _tiles_layer, board_key, draw_alhambra
from .cards import CARD_BACK, CardFace, place_cards, register_card_face
from .figure import (
    _AXIS_TEXT,
    _TILE_EDGE,
    LabelCollection,
    _square,
    _text_colour,
    new_axes,
    side_legend,
)
from .scores import player_colours

__all__ = [
    "MODULE_PIECES",
    "ModulePieces",
    "Seen",
    "draw_attack",
    "draw_module",
    "draw_player",
    "register_pieces",
    "side_marks",
]

_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_OUTLINE = [Stroke(linewidth=4.5, foreground=WALL_COLOUR), NormalPath()]
_PROVISIONAL = " (provisional data)"
_LEGEND_IN = 3.6  # inches kept right of a board for the legend with the pieces' entries


@dataclass(frozen=True)
class Seen:
    """What a drawing of pieces may show: `view`, a player's `GameView`, and whether that
    player's own secrets (bonus cards, the citizens on the disc, a peeked attack card)
    are shown too."""

    view: Any  # a GameView
    secrets: bool = True

    def part(self, module):
        """The module's section of the view (``view.modules[module]``), None when the
        module is not in play."""
        return self.view.modules.get(module)


@dataclass(frozen=True)
class ModulePieces:
    """A module's drawers: `board` (its pieces on an Alhambra) and `table` (off the
    boards), either None; see the module docstring for their signatures."""

    board: Callable | None = None
    table: Callable | None = None


#: module name -> `ModulePieces`, for the modules that have pieces to draw.
MODULE_PIECES: dict = {}


def register_pieces(module, *, board=None, table=None):
    """Register the drawers of `module`'s pieces (see the module docstring).

    Examples
    --------
    >>> register_pieces("sketch", board=lambda ax, seen, name: ([], ""))
    >>> MODULE_PIECES["sketch"].table is None
    True
    >>> del MODULE_PIECES["sketch"]
    """
    MODULE_PIECES[module] = ModulePieces(board, table)


def _provisional(tile_set_name):
    return _PROVISIONAL if tile_set(tile_set_name).provisional else ""


def _centre(cell, dx=0.0, dy=0.0):
    return cell[0] + 0.5 + dx, cell[1] + 0.5 + dy


def _outlined_lines(ax, segments, colour, width, gid, zorder=4.5):
    lines = LineCollection(segments, colors=colour, linewidths=width, capstyle="round",
                           zorder=zorder, gid=gid)
    lines.set_path_effects([Stroke(linewidth=width + 2, foreground=WALL_COLOUR), NormalPath()])
    ax.add_collection(lines)
    return lines


def _outlined_handle(colour, label, marker=None):
    return Line2D([], [], color=colour, linewidth=3, marker=marker, markersize=6,
                  markeredgecolor=WALL_COLOUR, path_effects=_OUTLINE, label=label)


def _dot_handle(colour, label, marker="o", edge=WALL_COLOUR, size=7):
    return Line2D([], [], linestyle="none", marker=marker, markersize=size,
                  markerfacecolor=colour, markeredgecolor=edge, label=label)


def _panel(ax, title, width, height):
    """Frame a table panel: equal data units from (0, 0) to (width, height), no axes."""
    ax.set_xlim(-0.1, width)
    ax.set_ylim(-0.1, height)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title(title, loc="left", fontsize=9)


# -- camps (M8) ------------------------------------------------------------------------------

_HEAD = 0.16  # half the width of an arrowhead, in cells


def _arrowhead(tip, side):
    """A triangle pointing to `side` with its tip at `tip`."""
    dx, dy = STEP[side]
    x, y = tip
    back = (x - 2 * _HEAD * dx, y - 2 * _HEAD * dy)
    return (tip, (back[0] + _HEAD * dy, back[1] + _HEAD * dx),
            (back[0] - _HEAD * dy, back[1] - _HEAD * dx))


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
                              f"camp line: 1 a building{_provisional('camps')}", marker="o")
    return [handle], f"camps +{total}"


# -- squares: the huts (M4) --------------------------------------------------------------------

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
                     label=f"hut: +1 a side open to its type{_provisional('huts')}"),
               _outlined_handle(PIECE_COLOURS["counted"], "side a hut counts")]
    return handles, f"huts +{sum(map(len, counted.values()))}"


def _squares_table(ax, seen):
    """The six piles: each face-up hut with its walls, and how many huts are left."""
    part = seen.part("squares")
    placed, names = [], []
    for i, kind in enumerate(KINDS):
        x = i * 1.5
        hut = part["up"][kind]
        if hut is not None:
            placed.append(((x, 0.5), hut))
        names.append(((x + 0.5, 0.2), f"{kind}\n{part['left'][kind]} left", _AXIS_TEXT))
    _tiles_layer(ax, placed, prefix="hut_piles_")
    _roofs_layer(ax, [xy for xy, _ in placed], "hut_pile_roofs")
    LabelCollection(ax, names, 7, False, "hut_piles").set_clip_on(False)
    _panel(ax, f"Squares (M4): the huts' piles, top hut face up{_provisional('huts')}",
           6 * 1.5 - 0.4, 1.6)


# -- bazaars (M16) -----------------------------------------------------------------------------

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
                     linewidth=2, label="bazaar: ring currency, squares types"
                     + _provisional("bazaars")),
               _dot_handle(CURRENCY_COLOURS["ducat"], "neighbour a bazaar counts (n×k)",
                           marker="D")]
    return handles, f"bazaars {total} at the end"


def _bazaars_table(ax, seen):
    """The bazaars beside the market, each with the price it would cost now."""
    beside = seen.part("bazaars")["beside"]
    placed = [((i * 1.5, 0.5), b["bazaar"]) for i, b in enumerate(beside)]
    _tiles_layer(ax, placed, prefix="beside_")
    _bazaar_faces(ax, placed, "beside_")
    labels = [((x + 0.5, 0.2), f"{b['currency']}\n"
               + ("no price" if b["price"] is None else f"{b['price']} now"), _AXIS_TEXT)
              for ((x, _), _), b in zip(placed, beside)]
    LabelCollection(ax, labels, 7, False, "beside_costs").set_clip_on(False)
    if not beside:
        ax.text(0.0, 0.9, "none beside the market", fontsize=8, color="#888888")
    _panel(ax, f"Bazaars (M16) beside the market{_provisional('bazaars')}",
           max(len(beside), 3) * 1.5 - 0.4, 1.6)


# -- treasure (M13) ----------------------------------------------------------------------------

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
    cells = list(part["chests"][name]) + [xy for xy, tile in reserve if tile in carrying]
    ax.add_collection(PolyCollection([_chest(x + 0.08, y + 0.68) for x, y in cells],
                                     facecolors=PIECE_COLOURS["chest"], edgecolors=WALL_COLOUR,
                                     linewidths=0.9, zorder=4.8, gid="chests"))
    on_reserve = f" (+{len(carrying)} on the reserve)" if carrying else ""
    return ([Patch(facecolor=PIECE_COLOURS["chest"], edgecolor=WALL_COLOUR,
                   label="chest on a building")],
            f"chests {len(part['chests'][name])}{on_reserve}")


def _treasure_table(ax, seen):
    """The three rooms with their chests (coloured as their types), and the bag."""
    part = seen.part("treasure")
    rooms, colours, labels = [], [], []
    for i, room in enumerate(part["rooms"]):
        x = i * 2.2
        rooms.append(_square(x, 0.45, 1.9))
        labels.append(((x + 0.95, 0.2), f"room {i + 1}", _AXIS_TEXT))
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
    refill = "" if part["refill"] else "; rooms are no longer refilled"
    _panel(ax, f"Treasure (M13): 4 chests a room, {part['bag']} in the bag{refill}",
           3 * 2.2 - 0.2, 2.5)


# -- street merchant (M12) ---------------------------------------------------------------------

def _citizens(ax, placed, gid, size=38):
    """Citizens as dots in their type's colour, ringed white: ``[((x, y), kind)]``."""
    if placed:
        ax.scatter([x for (x, _), _ in placed], [y for (_, y), _ in placed], s=size,
                   c=[KIND_COLOURS[k] for _, k in placed], edgecolors=PIECE_COLOURS[
                       "citizen_edge"], linewidths=1.4, zorder=4.9, gid=gid)


def _street_merchant_board(ax, seen, name):
    """Residents on their buildings, and the merchant's disc (with its citizens when the
    owner looks)."""
    part = seen.part("street_merchant")
    if part is None:
        return [], ""
    layout = seen.view.layouts[name]
    residents = part["residents"][name]
    _citizens(ax, [(_centre(c, 0, 0.33), layout[c].kind) for c in residents], "residents")
    many = [(_centre(c, 0.2, 0.33), f"×{n}", _text_colour(KIND_COLOURS[layout[c].kind]))
            for c, n in residents.items() if n > 1]
    LabelCollection(ax, many, 6, True, "resident_counts").set_zorder(6)
    disc = part["discs"][name]
    handles = [_dot_handle(KIND_COLOURS["garden"], "resident citizen",
                           edge=PIECE_COLOURS["citizen_edge"])]
    if disc["pos"] is not None:
        owner = player_colours(seen.view.players)[name]
        ax.add_patch(Circle(_centre(disc["pos"]), 0.38, facecolor=PIECE_COLOURS["merchant"],
                            edgecolor=owner, linewidth=2.5, zorder=4.5, gid="merchant_disc"))
        citizens = disc["citizens"] if seen.secrets else None
        if citizens is None:
            LabelCollection(ax, [(_centre(disc["pos"]), str(disc["size"]), owner)], 9, True,
                            "disc_citizens").set_zorder(6)
        else:
            spots = ((-0.17, 0.1), (0.17, 0.1), (0.0, -0.17))
            _citizens(ax, [(_centre(disc["pos"], *spots[i]), kind)
                           for i, kind in enumerate(citizens)], "disc_citizens", size=30)
        handles.append(Line2D([], [], linestyle="none", marker="o", markersize=10,
                              markerfacecolor=PIECE_COLOURS["merchant"], markeredgecolor=owner,
                              markeredgewidth=2, label="merchant's disc (its citizens)"))
    if not residents and disc["pos"] is None:
        return [], ""
    return handles, f"residents {part['points'][name]}"


def _street_merchant_table(ax, seen):
    """The supply of citizens by colour, and each disc with what is known of it."""
    part = seen.part("street_merchant")
    placed = [((i * 1.1 + 0.4, 1.3), kind) for i, kind in enumerate(KINDS)]
    _citizens(ax, placed, "supply", size=90)
    LabelCollection(ax, [((x, 0.95), f"{COLOUR_NAMES[k]}\n{part['supply'][k]}", _AXIS_TEXT)
                         for (x, _), k in placed], 7, False, "supply_counts")
    lines = []
    for player, disc in part["discs"].items():
        where = "lifted" if disc["pos"] is None else f"at {disc['pos']}"
        known = disc["citizens"] if seen.secrets else None
        what = (", ".join(COLOUR_NAMES[c] for c in known) if known
                else f"{disc['size']} citizens")
        lines.append(f"{player}: disc {where} ({what}), residents {part['points'][player]}")
    per_line = 1 if len(lines) <= 3 else 2  # more players: two to a line
    text = "\n".join("   ".join(lines[i:i + per_line]) for i in range(0, len(lines), per_line))
    ax.text(0.0, 0.45, text, fontsize=7, va="top", color=_AXIS_TEXT, gid="discs")
    _panel(ax, "Street Merchant (M12): citizens in the supply", 6 * 1.1, 1.7)


# -- invaders (M15) ----------------------------------------------------------------------------

def side_marks(ax, sides, colour, gid, *, style="-", width=3.2, inset=0.07):
    """Mark tile sides, ``[(cell, side)]``, with a line just inside each (layer `gid`).

    The one drawing of things that sit on a side: the sides an attack gets through
    (§M15). `inset` moves the line into the cell, off a printed wall; returns the
    LineCollection.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> side_marks(ax, [((0, 0), "N")], "#d62728", "attacked_sides").get_segments()
    [array([[0.  , 0.93],
           [1.  , 0.93]])]
    """
    segments = []
    for cell, side in sides:
        (ax_, ay), (bx, by) = side_segment(cell, side)
        dx, dy = STEP[side]
        segments.append(((ax_ - inset * dx, ay - inset * dy), (bx - inset * dx, by - inset * dy)))
    lines = LineCollection(segments, colors=colour, linewidths=width, linestyles=style,
                           zorder=4.4, gid=gid)
    ax.add_collection(lines)
    return lines


def attack_layer(ax, layout, direction, round_no):
    """Mark each side an attack from `direction` gets through in round `round_no`.

    The sides facing the attack are red lines inside the side, with an arrowhead in the
    empty cell outside pointing at them (layers ``attacked_sides``, ``attack_arrows``); in
    round 3 the flanks' sides are dashed (``flank_sides``, ``flank_arrows``). Returns the
    points lost (`invasion_penalty`).
    """
    colour = PIECE_COLOURS["attack"]
    flank_sides = [s for d in (flanks(direction) if round_no == 3 else ())
                   for s in unprotected_sides(layout, d)]
    for gid, arrows, sides, style in (
            ("attacked_sides", "attack_arrows", unprotected_sides(layout, direction), "-"),
            ("flank_sides", "flank_arrows", flank_sides, "--")):
        if not sides:
            continue
        side_marks(ax, sides, colour, gid, style=style)
        heads = [_arrowhead(_centre(cell, 0.62 * STEP[side][0], 0.62 * STEP[side][1]),
                            OPPOSITE[side]) for cell, side in sides]
        ax.add_collection(PolyCollection(heads, facecolors=colour if style == "-" else "none",
                                         edgecolors=colour, linewidths=1.2, zorder=4.4,
                                         gid=arrows))
    return invasion_penalty(layout, direction, round_no)


def _attack_handles(direction, round_no, what):
    handles = [Line2D([], [], color=PIECE_COLOURS["attack"], linewidth=3,
                      label=f"{what} from the {_WORDS[direction]}: "
                            f"{round_no} a side")]
    if round_no == 3:
        handles.append(Line2D([], [], color=PIECE_COLOURS["attack"], linewidth=3, linestyle="--",
                              label="flank: 1 a side"))
    return handles


def _attack_of(seen):
    """(direction, round, what) of the attack to show: the viewer's peek at the next one,
    else the last one revealed; None when there is none."""
    part = seen.part("invaders")
    if part is None:
        return None
    if seen.secrets and part["peeked"] is not None:
        return part["peeked"], min(len(seen.view.rounds_scored) + 1, 3), "next attack (peeked)"
    if part["attacks"]:
        round_no, direction = part["attacks"][-1]
        return direction, round_no, f"round {round_no} attack"
    return None


def _invaders_board(ax, seen, name):
    attack = _attack_of(seen)
    if attack is None:
        return [], ""
    direction, round_no, what = attack
    lost = attack_layer(ax, seen.view.layouts[name], direction, round_no)
    return _attack_handles(direction, round_no, what), f"attack −{lost}"


_ARROWS = {"N": "↓", "E": "←", "S": "↑", "W": "→"}  # the way an attack from there moves


def _invaders_table(ax, seen):
    """Face-up scouts, the attack cards left and those revealed, the viewer's peek."""
    part = seen.part("invaders")
    placed = [((i * 1.0 + 0.45, 1.5), kind) for i, kind in enumerate(part["scouts"])]
    ax.scatter([x for (x, _), _ in placed], [y for (_, y), _ in placed], s=160, marker="^",
               c=[KIND_COLOURS[k] for _, k in placed], edgecolors=WALL_COLOUR, linewidths=0.8,
               zorder=3, gid="scouts")
    LabelCollection(ax, [((x, 1.05), k, _AXIS_TEXT) for (x, _), k in placed], 7, False,
                    "scout_names")
    cards = [CARD_BACK] * part["attack_cards_left"]
    cards += [CardFace(PIECE_COLOURS["attack"], _ARROWS[d], f"from {d}")
              for _, d in part["attacks"]]
    place_cards(ax, [((3.0 + i * 1.1, 0.4), c) for i, c in enumerate(cards)], "attack_")
    notes = [f"{len(part['scouts'])} scouts up, {part['scouts_face_down']} face down",
             f"{part['attack_cards_left']} attack cards face down"]
    notes += [f"round {r}: attack from the {_WORDS[d]}" for r, d in part["attacks"]]
    if part["peeked_by"]:
        notes.append("peeked: " + ", ".join(part["peeked_by"]))
    if seen.secrets and part["peeked"] is not None:
        notes.append(f"{seen.view.player} knows: next from the {_WORDS[part['peeked']]}")
    ax.text(0.0, 0.75, "\n".join(notes), fontsize=7, va="top", color=_AXIS_TEXT,
            gid="invaders_notes")
    _panel(ax, "Invaders (M15): scouts and attack cards", max(3.0 + 1.1 * len(cards), 6.0),
           2.0)


# -- vizier (M1) and bonus cards (M3) ----------------------------------------------------------

def _vizier_table(ax, seen):
    """One token per player: gold while awake, grey asleep."""
    awake = seen.part("vizier")["awake"]
    xs = [i * 1.3 + 0.5 for i in range(len(awake))]
    ax.scatter(xs, [1.0] * len(xs), s=700,
               c=[PIECE_COLOURS["awake" if a else "asleep"] for a in awake.values()],
               edgecolors=WALL_COLOUR, linewidths=1, zorder=2, gid="vizier_tokens")
    LabelCollection(ax, [((x, 1.0), "V" if a else "z", WALL_COLOUR)
                         for x, a in zip(xs, awake.values())], 12, True, "vizier_marks")
    LabelCollection(ax, [((x, 0.3), f"{p}\n{'awake' if a else 'asleep'}", _AXIS_TEXT)
                         for x, (p, a) in zip(xs, awake.items())], 7, False, "vizier_names")
    _panel(ax, "Vizier's Favour (M1): tokens", max(len(xs) * 1.3, 3.0), 1.6)


def _bonus_face(card):
    colour = KIND_COLOURS[card.tile.kind]
    return CardFace(colour, str(card.tile.price), card.tile.kind, _text_colour(colour))


register_card_face(BonusCard, _bonus_face)


def _bonus_cards_table(ax, seen):
    """Per player: the bonus cards shown at a scoring face up, the others face down (the
    viewer's own all face up)."""
    part = seen.part("bonus_cards")
    placed, names = [], []
    players = list(part["hand_sizes"])
    rows = min(len(players), 3)  # more players: side by side, three to a column
    block = 1.6 + max(part["hand_sizes"].values(), default=1) * 1.1 + 0.3
    for i, player in enumerate(players):
        x, y = (i // rows) * block, (rows - 1 - i % rows) * 1.45
        shown = list(part["shown"][player])
        if seen.secrets and player == seen.view.player:
            shown = list(part["hand"])
        faces = shown + [CARD_BACK] * (part["hand_sizes"][player] - len(shown))
        placed += [((x + 1.6 + j * 1.1, y), f) for j, f in enumerate(faces)]
        names.append(((x + 1.4, y + 0.6), player, _AXIS_TEXT))
    place_cards(ax, placed, "bonus_")
    LabelCollection(ax, names, 8, False, "bonus_players", align="right")
    _panel(ax, "Bonus Cards (M3): shown / face down",
           max(-(-len(players) // rows) * block - 0.3, 1.6 + 3 * 1.1), rows * 1.45 - 0.15)


register_pieces("vizier", table=_vizier_table)
register_pieces("bonus_cards", table=_bonus_cards_table)
register_pieces("squares", board=_squares_board, table=_squares_table)
register_pieces("camps", board=_camps_board)
register_pieces("street_merchant", board=_street_merchant_board, table=_street_merchant_table)
register_pieces("treasure", board=_treasure_board, table=_treasure_table)
register_pieces("invaders", board=_invaders_board, table=_invaders_table)
register_pieces("bazaars", board=_bazaars_board, table=_bazaars_table)


# -- the public drawings -----------------------------------------------------------------------

def _check_module(view, module):
    if module not in view.modules:
        raise ValueError(f"{module!r} is not in play: the game's modules are "
                         f"{', '.join(view.modules) or 'none'}")


def draw_module(view, module, ax=None, *, secrets=True):
    """Draw `module`'s pieces off the boards, as `view`'s player sees them.

    Parameters
    ----------
    view : GameView
        ``game.view(player)``.
    module : str
        A module in play with table pieces (``MODULE_PIECES[module].table``).
    ax : matplotlib Axes, optional
    secrets : bool
        Show the viewer's own secrets (their bonus cards, their disc's citizens, a
        peeked attack card).

    Returns
    -------
    matplotlib.axes.Axes
    """
    _check_module(view, module)
    pieces = MODULE_PIECES.get(module)
    if pieces is None or pieces.table is None:
        raise ValueError(f"{module!r} has no pieces off the boards: see draw_player")
    if ax is None:
        ax = new_axes(1.0, 1.0)
        pieces.table(ax, Seen(view, secrets))
        _fit_figure(ax)
        return ax
    pieces.table(ax, Seen(view, secrets))
    return ax


_PANEL_UNIT_IN = 0.55  # inches per data unit of a module's panel drawn alone


def _fit_figure(ax, margin=0.15, top=0.4):
    """Size the figure of `ax` to the panel drawn on it (its data limits, equal aspect)."""
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    w, h = (x1 - x0) * _PANEL_UNIT_IN, (y1 - y0) * _PANEL_UNIT_IN
    title_w = 0.2 + 0.07 * len(ax.get_title(loc="left"))
    width, height = max(w + 2 * margin, title_w), h + margin + top
    ax.figure.set_size_inches(width, height)
    ax.set_position((margin / width, margin / height, w / width, h / height))


def board_pieces(ax, seen, name, modules):
    """Draw the board pieces of `modules` on `name`'s Alhambra drawn on `ax`; return the
    legend entries and the summaries (``["camps +3", ...]``). A module not in play draws
    nothing: its tiles are not on the board, its part of the view is missing."""
    handles, summaries = [], []
    for module in modules:
        pieces = MODULE_PIECES.get(module)
        if pieces is not None and pieces.board is not None:
            more, summary = pieces.board(ax, seen, name)
            handles += more
            summaries += [summary] if summary else []
    return handles, summaries


def summary_lines(summaries, per_line=3):
    """The modules' summaries of a board, `per_line` to a line: ``"camps +3 · huts +2"``."""
    return "\n".join(" · ".join(summaries[i:i + per_line])
                     for i in range(0, len(summaries), per_line))


def draw_player(view, name, ax=None, *, secrets=True, legend=True):
    """Draw `name`'s Alhambra and reserve with the pieces of every module in play on it.

    The title gives each module's part (``camps +3 · huts +2 · attack −4``); the legend
    adds the pieces' entries to the board's key.

    Examples
    --------
    >>> import warnings
    >>> from alhambra_lib import Game
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("street_merchant",))
    >>> from alhambra_lib.draw import artist
    >>> ax = draw_player(g.view("Ana"), "Ana")
    >>> artist(ax, "merchant_disc") is None  # the disc is set at setup, not yet
    True
    """
    alhambra = view.alhambra(name)
    seen = Seen(view, secrets)
    reserve = view.reserves[name]
    new = ax is None
    if new:
        ax = _Board.of(alhambra, reserve).new_axes("\n\n", 1 if legend else 0, _LEGEND_IN)
    draw_alhambra(alhambra, ax, reserve=reserve, legend=False, label=name)
    handles, summaries = board_pieces(ax, seen, name, MODULE_PIECES)
    if summaries:
        ax.set_title(ax.get_title(loc="left") + "\n" + summary_lines(summaries), loc="left",
                     fontsize=10)
    if legend:
        handles = board_key(alhambra) + handles
        side_legend(ax, handles)
        if new:  # the legend's length is known only now
            _grow_for_legend(ax, len(handles))
    return ax


def _grow_for_legend(ax, entries, top_in=0.8):
    """Make the figure of `ax` tall enough for a side legend of `entries` lines, the Axes
    keeping its size and its place under the title."""
    figure = ax.figure
    width, height = figure.get_size_inches()
    box = ax.get_position()
    needed = top_in + 0.19 * entries + 0.2
    if needed <= height:
        return
    above = height * (1 - box.y1)
    figure.set_size_inches(width, needed)
    ax.set_position((box.x0, (needed - above - box.height * height) / needed, box.width,
                     box.height * height / needed))


def draw_attack(alhambra, direction, round_no=1, ax=None, *, legend=True):
    """Draw an Alhambra under an attack from `direction` in round `round_no` (RULES.md
    §M15): each unprotected side marked, the points lost in the title.

    Examples
    --------
    >>> from alhambra_lib import Alhambra, Tile
    >>> from alhambra_lib.draw import artist
    >>> a = Alhambra()
    >>> a.place(Tile("pavilion", 8, ""), (1, 0))
    >>> ax = draw_attack(a, "E", 3)
    >>> ax.get_title(loc="left").splitlines()[-1]
    'attack from the east in round 3: 5 points lost'
    >>> len(artist(ax, "attacked_sides").get_segments()), len(artist(ax, "flank_sides")
    ...                                                        .get_segments())
    (1, 2)
    """
    if not isinstance(alhambra, Alhambra):
        raise TypeError(f"expected an Alhambra, got {type(alhambra).__name__}")
    flanks(direction)  # a clear error for a bad direction
    if round_no not in (1, 2, 3):
        raise ValueError(f"a scoring round is 1, 2 or 3, got {round_no!r}")
    lost = invasion_penalty(alhambra.layout, direction, round_no)
    handles = board_key(alhambra, wall=False) + _attack_handles(direction, round_no, "attack")
    if ax is None:
        ax = _Board.of(alhambra).new_axes("\n", len(handles) if legend else 0)
    draw_alhambra(alhambra, ax, wall=False, legend=False)
    attack_layer(ax, alhambra.layout, direction, round_no)
    ax.set_title(ax.get_title(loc="left") + f"\nattack from the {_WORDS[direction]} in round "
                 f"{round_no}: {lost} point{'s' if lost != 1 else ''} lost", loc="left",
                 fontsize=10)
    if legend:
        side_legend(ax, handles)
    return ax

