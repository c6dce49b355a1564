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
direction in any round, for teaching. Each module's drawing code is a module of its
own, ``alhambra_lib/draw/modules/<name>.py``, named by the module's ``drawer`` attribute
and imported the first time `MODULE_PIECES` is read: it adds its pieces with one
`register_pieces` call, and its cards with `alhambra_lib.draw.cards.register_card_face`;
a board drawer returns nothing for a module not in play (its part of the view is None).
The card modules' shared row of cards is `alhambra_lib.draw.card_pieces`. Exchange
cards (§M2), diamonds
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

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.lines import Line2D
from matplotlib.patheffects import Normal as NormalPath
from matplotlib.patheffects import Stroke

from ..alhambra import Alhambra
from ..components import tile_set
from ..grid import OPPOSITE, STEP, side_segment
from ..i18n import _
from ..modules.invaders import flanks, invasion_penalty, unprotected_sides
from ..narrate import player_text, points_text
from ..palette import PIECE_COLOURS, WALL_COLOUR
from ..sheet_inputs import SIDE_NAMES
from .board import _Board, board_key, draw_alhambra
from .figure import new_axes, side_legend, text_columns

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

_OUTLINE = [Stroke(linewidth=4.5, foreground=WALL_COLOUR), NormalPath()]
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


class _Drawers(dict):
    """module name -> `ModulePieces`: a dict that imports the drawers of the registered
    modules (`Module.drawer`, a module under `alhambra_lib.draw.modules`) the first time
    it is read, and those of a module registered later when it is read again."""

    def __init__(self):
        super().__init__()
        self._imported = set()

    def load(self):
        from ..modules import MODULES

        for name, module in MODULES.items():
            if module.drawer and name not in self._imported:
                self._imported.add(name)
                importlib.import_module(module.drawer)


def _loading(read):
    """`read`, a dict method, after importing the drawers not imported yet."""
    def method(self, *args):
        self.load()
        return read(self, *args)
    method.__name__ = read.__name__
    return method


for _read in ("__getitem__", "get", "__contains__", "__iter__", "__len__", "keys", "items",
              "values"):
    setattr(_Drawers, _read, _loading(getattr(dict, _read)))


#: module name -> `ModulePieces`, for the modules that have pieces to draw; each module's
#: drawers are imported when first read (`Module.drawer`).
MODULE_PIECES: _Drawers = _Drawers()


def register_pieces(module, *, board=None, table=None):
    """Register the drawers of `module`'s pieces (see the module docstring).

    Examples
    --------
    >>> register_pieces("sketch", board=lambda ax, seen, name: ([], ""))
    >>> MODULE_PIECES["sketch"].table is None
    True
    >>> del MODULE_PIECES["sketch"]
    """
    dict.__setitem__(MODULE_PIECES, module, ModulePieces(board, table))


def _direction(side):
    """An attack's direction in words of the current language ("north")."""
    return _(SIDE_NAMES[side])


def _provisional(tile_set_name, label=""):
    """`label`, saying "(provisional data)" when the tile set's printed data is a
    placeholder."""
    if not tile_set(tile_set_name).provisional:
        return label
    return _("{label} (provisional data)").format(label=label)


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
                      label=_("{what} from the {direction}: {n} a side").format(
                          what=what, direction=_direction(direction), n=round_no))]
    if round_no == 3:
        handles.append(Line2D([], [], color=PIECE_COLOURS["attack"], linewidth=3, linestyle="--",
                              label=_("flank: 1 a side")))
    return handles


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
    title_w = 0.2 + 0.07 * text_columns(ax.get_title(loc="left"))
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
    draw_alhambra(alhambra, ax, reserve=reserve, legend=False, label=player_text(name))
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
    handles = board_key(alhambra, wall=False) + _attack_handles(direction, round_no, _("attack"))
    if ax is None:
        ax = _Board.of(alhambra).new_axes("\n", len(handles) if legend else 0)
    draw_alhambra(alhambra, ax, wall=False, legend=False)
    attack_layer(ax, alhambra.layout, direction, round_no)
    said = _("attack from the {direction} in round {n}: {points} lost").format(
        direction=_direction(direction), n=round_no, points=points_text(lost))
    ax.set_title(ax.get_title(loc="left") + "\n" + said, loc="left", fontsize=10)
    if legend:
        side_legend(ax, handles)
    return ax

