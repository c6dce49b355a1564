"""Explanations laid over an Alhambra: the longest-wall search and a breadth-first search
step by step.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from ..palette import (
    CORNER_COLOURS,
    EXTERNAL_WALL_COLOUR,
    GRID_COLOUR,
    LONGEST_WALL_COLOUR,
    SEARCH_COLOURS,
    SERIES_COLOURS,
    WALL_COLOUR,
)
from ..i18n import N_, _, ngettext
from .board import _TRACE_WIDTH, _Board, _kind_handles, draw_alhambra, wall_handle
from .figure import LabelCollection, _square, side_legend

if TYPE_CHECKING:
    from ..alhambra import Alhambra
    from ..grid import Cell, Corner, Segment

__all__ = ["draw_search_step", "draw_walls_explained"]


def draw_walls_explained(alhambra: Alhambra, ax: Axes | None = None, *,
                         external: Collection[Segment] = (),
                         corners: Mapping[Corner, int] | None = None,
                         chains: Sequence[Sequence[Corner]] = (), trail: Sequence[Corner] = (),
                         caption: str = "", label_corners: bool = False) -> Axes:
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
    label_corners : bool
        Write each corner's coordinates beside it (layer ``corner_labels``), for a
        text that names corners.

    Examples
    --------
    >>> from alhambra_lib.draw import artist
    >>> from alhambra_lib import Alhambra, Tile
    >>> a = Alhambra()
    >>> a.place(Tile("tower", 9, "NE"), (1, 0))
    >>> ax = draw_walls_explained(a, external=a.wall_segments(), corners={(1, 1): 1,
    ...                           (2, 1): 2, (2, 0): 1}, caption="corner graph",
    ...                           label_corners=True)
    >>> len(artist(ax, "external").get_segments()), len(artist(ax, "corners").get_offsets())
    (2, 3)
    >>> sorted(t.get_text() for t in ax.texts if t.get_gid() == "corner_labels")
    ['(1, 1)', '(2, 0)', '(2, 1)']
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
        if label_corners:
            _corner_labels(ax, corners)
    ax.set_title(caption, loc="left", fontsize=10)
    side_legend(ax, handles)
    return ax


def _corner_role(degree: int) -> str:
    return "end" if degree == 1 else "passing" if degree == 2 else "fork"


#: A corner's role in the key of `draw_walls_explained`.
_CORNER_WORDS = {"end": N_("end corner"), "passing": N_("passing corner"),
                 "fork": N_("fork corner")}


def _walls_key(external: Collection[Segment], corners: Mapping[Corner, int] | None,
               chains: Sequence[Sequence[Corner]], trail: Sequence[Corner]) -> list[Artist]:
    """The legend entries of `draw_walls_explained`."""
    handles = _kind_handles() + [wall_handle()]
    if external:
        handles.append(Line2D([], [], color=EXTERNAL_WALL_COLOUR, linewidth=3,
                              label=ngettext("external: {n} segment", "external: {n} segments",
                                             len(external)).format(n=len(external))))
    if chains:
        handles.append(Line2D([], [], color=SERIES_COLOURS[0], linewidth=3,
                              label=ngettext("{n} chain (length on it)", "{n} chains (length on it)",
                                             len(chains)).format(n=len(chains))))
    if trail:
        handles.append(Line2D([], [], color=LONGEST_WALL_COLOUR, linewidth=3, marker="o",
                              label=_("longest wall: {n}").format(n=len(trail) - 1)))
    roles = {_corner_role(degree) for degree in (corners or {}).values()}
    handles += [Line2D([], [], linestyle="none", marker="o", markerfacecolor=colour,
                       markeredgecolor=WALL_COLOUR, label=_(_CORNER_WORDS[role]))
                for role, colour in CORNER_COLOURS.items() if role in roles]
    return handles


def _chains_layer(ax: Axes, chains: Sequence[Sequence[Corner]]) -> None:
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


def _corners_layer(ax: Axes, corners: Mapping[Corner, int]) -> None:
    ax.scatter([c[0] for c in corners], [c[1] for c in corners], s=30, zorder=6, linewidths=1,
               c=[CORNER_COLOURS[_corner_role(d)] for d in corners.values()],
               edgecolors=WALL_COLOUR, gid="corners")


def _corner_labels(ax: Axes, corners: Mapping[Corner, int]) -> None:
    # Up and right of the dot, on a light box: readable over tiles and walls alike.
    for x, y in corners:
        ax.text(x + 0.07, y + 0.07, f"({x}, {y})", fontsize=8, zorder=7, gid="corner_labels",
                bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "alpha": 0.8,
                      "linewidth": 0})


_DOOR = 0.22  # a walking edge stops this far from each cell centre, clear of the price
_SEARCH_ALPHA = 0.85  # reached cells: the state shows, the walls and prices stay on top


def draw_search_step(alhambra: Alhambra, ax: Axes | None = None, *, reached: Collection[Cell] = (),
                     newest: Collection[Cell] = (), missed: Collection[Cell] = (),
                     edges: Collection[tuple[Cell, Cell]] = (), caption: str = "",
                     legend: bool = True, max_height: float | None = None) -> Axes:
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
    max_height : float, optional
        The most inches a new figure may be high (see `draw_alhambra`).

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    Layers have ids for `artist`: ``reached``, ``newest``, ``missed``, ``edges``,
    over those of `draw_alhambra` (drawn without the longest wall).

    Examples
    --------
    >>> from alhambra_lib.draw import artist
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
        ax = _Board.of(alhambra).new_axes(caption, len(handles) if legend else 0,
                                          max_height=max_height)
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


def _doors_layer(ax: Axes, edges: Collection[tuple[Cell, Cell]], reached: Collection[Cell]) -> None:
    """Each edge as a short line across the shared side of its two cells."""
    doors, colours = [], []
    for a, b in sorted(tuple(sorted(edge)) for edge in edges):
        dx, dy = b[0] - a[0], b[1] - a[1]
        doors.append(((a[0] + 0.5 + _DOOR * dx, a[1] + 0.5 + _DOOR * dy),
                      (b[0] + 0.5 - _DOOR * dx, b[1] + 0.5 - _DOOR * dy)))
        colours.append(WALL_COLOUR if a in reached and b in reached else GRID_COLOUR)
    ax.add_collection(LineCollection(doors, colors=colours, linewidths=2.5, capstyle="round",
                                     zorder=4, gid="edges"))


def _search_key(reached: Collection[Cell], newest: Collection[Cell], missed: Collection[Cell],
                edges: Collection[tuple[Cell, Cell]]) -> list[Artist]:
    """The legend entries of `draw_search_step`."""
    handles = _kind_handles() + [wall_handle()]
    if edges:
        handles.append(Line2D([], [], color=WALL_COLOUR, linewidth=2.5,
                              label=_("open side (graph edge)")))
    handles += [Patch(facecolor=SEARCH_COLOURS[key], alpha=_SEARCH_ALPHA,
                      label=label.format(n=len(cells)))
                for key, cells, label in (
                    ("reached", reached,
                     _("reached earlier: {n}") if newest else _("reached: {n}")),
                    ("newest", newest, _("reached in this step: {n}"))) if cells]
    if missed:
        handles.append(Patch(facecolor="none", edgecolor=SEARCH_COLOURS["missed"], hatch="xx",
                             label=_("never reached: {n}").format(n=len(missed))))
    return handles


