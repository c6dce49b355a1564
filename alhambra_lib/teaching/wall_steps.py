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
from .text import plural

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
    """The five steps of finding `alhambra`'s longest wall, as `WallStep` values."""
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
        WallStep("1. The walls",
                 f"The {plural(len(layout) - 1, 'tile')} carry {plural(wall_sides, 'wall side')}"
                 " (thick dark lines). Wall points count the segments of the longest continuous"
                 " external wall."),
        WallStep("2. External segments",
                 f"A wall is external when the cell across it is empty: "
                 f"{plural(len(external), 'external segment')}. The other "
                 f"{wall_sides - len(external)} wall sides stand back to back with a neighbour's"
                 " wall and never score.", external=external),
        WallStep("3. The corner graph",
                 f"Each external segment joins two corners (grid points): "
                 f"{plural(len(degrees), 'corner')}, of which {roles[0]} end a wall (one "
                 f"segment), {roles[1]} pass it on (two) and {roles[2]} are forks (three or four,"
                 " only possible under the single-cell hole rule).",
                 external=external, corners=degrees),
        WallStep("4. Chains",
                 "A corner with two segments only passes the wall on, so the graph is cut into "
                 f"chains between the other corners: {plural(len(open_runs), 'chain')}"
                 f" and {plural(len(cycles), 'closed ring')}, of lengths "
                 f"{', '.join(str(len(r) - 1) for r in runs) or 'none'}.",
                 corners=degrees, chains=runs),
        WallStep("5. The longest trail",
                 "A depth-first search joins chains at shared end corners, using each segment at"
                 f" most once. The longest trail has {plural(length, 'segment')}: "
                 f"{alhambra.longest_wall()} wall points.", corners=degrees, trail=trail),
    ]
