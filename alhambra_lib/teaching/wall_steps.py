"""How the longest wall is found, step by step, as data a drawing can show.

The steps follow `alhambra_lib.walls.longest_trail` (RULES.md §8.4): the walls, the
external segments (facing an empty cell), the graph of corners they join, the
chains between corners where the wall does not simply pass on, and the longest
trail through the chains. Each `WallStep` carries what `draw_walls_explained`
draws and a paragraph saying what happens.

Examples
--------
>>> from alhambra_lib import Alhambra, Tile
>>> a = Alhambra()
>>> a.place(Tile("tower", 9, "NE"), (1, 0))
>>> [step.title for step in wall_steps(a)]
['1. The walls', '2. External segments', '3. The corner graph', '4. Chains', '5. The longest trail']
>>> wall_steps(a)[-1].trail
((1, 1), (2, 1), (2, 0))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

# chains is the chain-cutting step of longest_trail; reusing it keeps the tracer
# showing exactly what the scoring code does.
from ..walls import chains, corner_graph, external_segments, longest_trail
from ..i18n import _, ngettext
from ..narrate import tile_count
from .text import counted

if TYPE_CHECKING:
    from ..alhambra import Alhambra

__all__ = ["WallStep", "wall_steps"]


@dataclass(frozen=True)
class WallStep:
    """One step of the search: a title, an explanation, and what to draw."""

    title: str
    text: str
    external: frozenset = frozenset()
    corners: dict = field(default_factory=dict)
    chains: tuple = ()
    trail: tuple = ()

    def overlay(self) -> dict[str, Any]:
        """Keyword arguments for `alhambra_lib.draw.draw_walls_explained`."""
        return {"external": self.external, "corners": self.corners, "chains": self.chains,
                "trail": self.trail, "caption": self.title}


def wall_steps(alhambra: Alhambra) -> list[WallStep]:
    """The five steps of finding `alhambra`'s longest wall, as `WallStep` values, told in
    the current language."""
    layout = alhambra.layout
    wall_sides = sum(len(tile.walls) for tile in layout.values())
    external = frozenset(external_segments(layout))
    adj = corner_graph(external)
    degrees = {corner: len(nbrs) for corner, nbrs in adj.items()}
    roles = [sum(1 for d in degrees.values() if test(d))
             for test in (lambda d: d == 1, lambda d: d == 2, lambda d: d > 2)]
    open_runs, cycles = chains(adj)
    runs = tuple(tuple(c) for c in open_runs + cycles)
    trail = tuple(longest_trail(adj))
    length = max(len(trail) - 1, 0)
    return [
        WallStep(_("1. The walls"),
                 _("The {tiles} carry {sides} (thick dark lines). Wall points count the "
                   "segments of the longest continuous external wall.").format(
                     tiles=tile_count(len(layout) - 1),
                     sides=counted("{n} wall side", "{n} wall sides", wall_sides))),
        WallStep(_("2. External segments"),
                 ngettext("A wall is external when the cell across it is empty: {external}. "
                          "The other {n} wall side stands back to back with a neighbour's "
                          "wall and never scores.",
                          "A wall is external when the cell across it is empty: {external}. "
                          "The other {n} wall sides stand back to back with a neighbour's "
                          "wall and never score.", wall_sides - len(external)).format(
                     external=counted("{n} external segment", "{n} external segments",
                                     len(external)), n=wall_sides - len(external)),
                 external=external),
        WallStep(_("3. The corner graph"),
                 _("Each external segment joins two corners (grid points): {corners}, of "
                   "which {ends} end a wall (one segment), {passes} pass it on (two) and "
                   "{forks} are forks (three or four, only possible under the single-cell hole "
                   "rule).").format(corners=counted("{n} corner", "{n} corners", len(degrees)),
                                    ends=roles[0], passes=roles[1], forks=roles[2]),
                 external=external, corners=degrees),
        WallStep(_("4. Chains"),
                 _("A corner with two segments only passes the wall on, so the graph is cut "
                   "into chains between the other corners: {chains} and {rings}, of lengths "
                   "{lengths}.").format(
                     chains=counted("{n} chain", "{n} chains", len(open_runs)),
                     rings=counted("{n} closed ring", "{n} closed rings", len(cycles)),
                     lengths=", ".join(str(len(r) - 1) for r in runs) or _("none")),
                 corners=degrees, chains=runs),
        WallStep(_("5. The longest trail"),
                 ngettext("A depth-first search joins chains at shared end corners, using each "
                          "segment at most once. The longest trail has {n} segment: {points}.",
                          "A depth-first search joins chains at shared end corners, using each "
                          "segment at most once. The longest trail has {n} segments: {points}.",
                          length).format(n=length, points=counted(
                              "{n} wall point", "{n} wall points", alhambra.longest_wall())),
                 corners=degrees, trail=trail),
    ]
