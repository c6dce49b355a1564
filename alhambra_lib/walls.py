"""External walls and the longest continuous wall (RULES.md §8.4).

A *wall segment* is a wall on one side of one tile: an edge of the grid between two
corners. It is *external* when the cell across is empty. The external segments form
a graph whose vertices are corners; the wall points of an Alhambra are the number of
segments in its longest *trail* (a walk that may pass a corner twice but uses each
segment once), so a fully walled ring scores every one of its segments.

`WallGraph` keeps that corner graph up to date as tiles come and go; `longest_trail`
answers the query on it. `longest_wall` and `longest_wall_path` do the same for any
layout, legal or not, from scratch.

Camps (Mega Box M8, RULES.md §M8): a camp cell counts as empty for wall points, and
its bastions (its walls) never score. So a wall that a bastion leans against is still
external, and a camp placed or removed changes no segment at all.

Two functions are for teaching: `boundary_segments`, the sides between built and
empty cells (one loop on a legal Alhambra), and `longest_simple_path_length`,
BoardGameArena's reading of the rule, which counts a fully walled ring one short.

Examples
--------
Figure 2 of RULES.md: the fountain ringed by eight tiles whose 12 outer sides are
walled.

>>> from alhambra_lib.components import FOUNTAIN, Tile
>>> ring = {(0, 0): FOUNTAIN}
>>> for (x, y) in [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)]:
...     walls = ("N" if y == 1 else "") + ("E" if x == 1 else "") + \\
...             ("S" if y == -1 else "") + ("W" if x == -1 else "")
...     ring[(x, y)] = Tile("garden", 8, walls)
>>> longest_wall(ring)
12
>>> path = longest_wall_path(ring)
>>> len(path), path[0] == path[-1]
(13, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .components import Tile
from .errors import InvalidInput, brief
from .grid import (
    BIT,
    OPPOSITE,
    SIDES,
    STEP,
    Cell,
    Corner,
    Segment,
    side_neighbour,
    side_neighbours,
    side_segment,
)

__all__ = [
    "external_segments",
    "boundary_segments",
    "corner_graph",
    "chains",
    "longest_trail",
    "longest_wall",
    "longest_wall_path",
    "longest_simple_path_length",
    "WallGraph",
]


_CAMP = "camp"


def external_segments(layout: Mapping[Cell, Tile]) -> set[Segment]:
    """Return the set of external wall segments of a layout ``{(x, y): Tile}``.

    Each segment is a pair of corners, lower-left corner first. A camp's cell counts
    as empty and its bastions are no wall segments (RULES.md §M8).

    Examples
    --------
    >>> from alhambra_lib.components import FOUNTAIN, Tile
    >>> sorted(external_segments({(0, 0): FOUNTAIN, (1, 0): Tile("tower", 13, "E")}))
    [((2, 0), (2, 1))]
    >>> sorted(external_segments({(0, 0): FOUNTAIN, (1, 0): Tile("tower", 13, "E"),
    ...                           (2, 0): Tile("camp", 7, "W")}))
    [((2, 0), (2, 1))]
    """
    _check_layout(layout)
    if any(tile.kind == _CAMP for tile in layout.values()):
        layout = {cell: tile for cell, tile in layout.items() if tile.kind != _CAMP}
    return {side_segment(cell, side)
            for cell, tile in layout.items()
            for side in SIDES
            if tile.has_wall(side) and side_neighbour(cell, side) not in layout}


def boundary_segments(cells: Iterable[Cell]) -> set[Segment]:
    """Return the boundary of the built `cells`: every side between a built and an empty cell.

    Each side is a pair of corners, lower-left corner first. External walls lie on
    the boundary; on a legal Alhambra it is one closed loop (RULES.md §8.4), so its
    corner graph is a single cycle.

    Examples
    --------
    >>> sorted(boundary_segments({(0, 0)}))
    [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))]
    >>> len(boundary_segments({(0, 0), (1, 0)}))
    6
    """
    _check_given(cells, Iterable, "cells are an iterable of (x, y) cells")
    cells = set(cells)
    return {side_segment(cell, side)
            for cell in cells
            for side, neighbour in zip(SIDES, side_neighbours(cell))
            if neighbour not in cells}


def corner_graph(segments: Iterable[Segment]) -> dict[Corner, set[Corner]]:
    """The corner graph of wall segments: ``{corner: set of corners one segment away}``.

    Examples
    --------
    >>> corner_graph([((0, 0), (1, 0))])
    {(0, 0): {(1, 0)}, (1, 0): {(0, 0)}}
    """
    _check_given(segments, Iterable, "segments are an iterable of corner pairs")
    adj: dict[Corner, set[Corner]] = {}
    for a, b in segments:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    return adj


def chains(adj: Mapping[Corner, set[Corner]]) -> tuple[list[list[Corner]], list[list[Corner]]]:
    """Split the corner graph into chains between corners of degree other than 2.

    Returns the chains (lists of corners, end to end) and the pure cycles (closed
    lists, first corner repeated at the end) of corners that all have degree 2.
    """
    _check_given(adj, Mapping, "a corner graph is a mapping {corner: set of corners}")
    walked = set()
    chains = []
    for start, nbrs in adj.items():
        if len(nbrs) == 2:
            continue
        for first in nbrs:
            if (start, first) in walked:
                continue
            corners = [start, first]
            walked.add((start, first))
            walked.add((first, start))
            prev: Corner | None = start
            cur = first
            while len(adj[cur]) == 2 and cur != start:
                a, b = adj[cur]
                nxt = b if a == prev else a
                walked.add((cur, nxt))
                walked.add((nxt, cur))
                corners.append(nxt)
                prev, cur = cur, nxt
            chains.append(corners)
    cycles = []
    for start, nbrs in adj.items():
        first = next(iter(nbrs))
        if len(nbrs) != 2 or (start, first) in walked:
            continue
        corners = [start]
        prev, cur = None, start
        while True:
            a, b = adj[cur]
            nxt = a if b == prev or (prev is None and a == first) else b
            walked.add((cur, nxt))
            walked.add((nxt, cur))
            corners.append(nxt)
            prev, cur = cur, nxt
            if cur == start:
                break
        cycles.append(corners)
    return chains, cycles


def _longest_chain_trail(chains: Sequence[Sequence[Corner]]) -> list[Corner]:
    """Longest trail through chains joined at their end corners (depth-first search)."""
    incident: dict[Corner, list[int]] = {}
    for i, chain in enumerate(chains):
        incident.setdefault(chain[0], []).append(i)
        if chain[-1] != chain[0]:
            incident.setdefault(chain[-1], []).append(i)
    best: list[Corner] = []
    used = [False] * len(chains)

    def extend(corner: Corner, path: list[Corner]) -> None:
        nonlocal best
        if len(path) > len(best):
            best = list(path)
        for i in incident[corner]:
            if used[i]:
                continue
            chain = chains[i]
            step = chain if chain[0] == corner else chain[::-1]
            used[i] = True
            path.extend(step[1:])
            extend(step[-1], path)
            del path[len(path) - len(step) + 1:]
            used[i] = False

    for corner in incident:
        extend(corner, [corner])
    return best


def longest_trail(adj: Mapping[Corner, set[Corner]]) -> list[Corner]:
    """Return the corners of a longest trail in the corner graph `adj` ({corner: set}).

    Returns a list of corners, one more than the number of segments; a closed trail
    starts and ends at the same corner; ``[]`` when there is no segment.

    Notes
    -----
    Corners of degree 2 only pass the trail on, so the graph is first cut into
    *chains* between corners of other degrees, and closed *cycles* of degree-2
    corners. A longest trail starts at a chain end (a trail ending inside a chain
    could be extended), so a depth-first search over unused chains from every chain
    end finds it. On a legal Alhambra every corner has degree 1 or 2, the chains are
    the separate wall runs and the search is linear: O(segments). Under the
    ``"single"`` hole rule, pinches give corners of degree 4 and the search is
    exponential in their number, which stays tiny on real layouts.

    Examples
    --------
    >>> adj = {(0, 0): {(1, 0)}, (1, 0): {(0, 0), (2, 0)}, (2, 0): {(1, 0)}}
    >>> longest_trail(adj)
    [(0, 0), (1, 0), (2, 0)]
    """
    _check_given(adj, Mapping, "a corner graph is a mapping {corner: set of corners}")
    open_runs, cycles = chains(adj)
    best = _longest_chain_trail(open_runs) if open_runs else []
    for cycle in cycles:
        if len(cycle) > len(best):
            best = cycle
    return best if len(best) > 1 else []


def _check_layout(layout: object) -> None:
    """Raise `InvalidInput` unless `layout` is a mapping of cells to tiles."""
    if not isinstance(layout, Mapping) or not all(isinstance(t, Tile) for t in layout.values()):
        raise InvalidInput(f"a layout is a mapping {{(x, y): Tile}}, got {brief(layout, 60)}")


def _check_given(value: object, kind: type, what: str) -> None:
    """Raise `InvalidInput` unless `value` is a `kind` (not a string for an iterable)."""
    if not isinstance(value, kind) or isinstance(value, str):
        raise InvalidInput(f"{what}, got {brief(value, 60)}")


def longest_wall_path(layout: Mapping[Cell, Tile]) -> list[Corner]:
    """Return the corners along a longest continuous external wall of `layout`."""
    return longest_trail(corner_graph(external_segments(layout)))


def longest_wall(layout: Mapping[Cell, Tile]) -> int:
    """Return the wall points of `layout`: segments in its longest external wall.

    Examples
    --------
    >>> from alhambra_lib.components import FOUNTAIN, Tile
    >>> longest_wall({(0, 0): FOUNTAIN, (1, 0): Tile("tower", 9, "NE")})
    2
    """
    return max(len(longest_wall_path(layout)) - 1, 0)


def longest_simple_path_length(adj: Mapping[Corner, set[Corner]]) -> int:
    """Return the segments of a longest path in `adj` that never revisits a corner.

    A teaching function for a wrong reading of the wall rule: BoardGameArena counts
    the longest *simple path* of the corner graph (RULES.md §8.4, *Other readings*).
    A path that may not come back to a corner cannot close a loop, so a fully walled
    ring of n segments gives n - 1, where the rule's `longest_trail` (corners may
    repeat, segments may not) gives n. Not used for scoring.

    Parameters
    ----------
    adj : mapping
        The corner graph ``{corner: set of corners}``, as from `corner_graph`.

    Notes
    -----
    Depth-first search over the simple paths from every corner: exponential in
    general, O(corners^2) when every corner has at most two segments (a legal
    Alhambra).

    Examples
    --------
    A square of four wall segments: the trail closes the loop, the simple path not.

    >>> square = corner_graph([((0, 0), (1, 0)), ((1, 0), (1, 1)),
    ...                        ((0, 1), (1, 1)), ((0, 0), (0, 1))])
    >>> longest_simple_path_length(square), len(longest_trail(square)) - 1
    (3, 4)
    """
    _check_given(adj, Mapping, "a corner graph is a mapping {corner: set of corners}")
    best = 0
    visited = set()

    def extend(corner: Corner, length: int) -> None:
        nonlocal best
        best = max(best, length)
        visited.add(corner)
        for nxt in adj[corner]:
            if nxt not in visited:
                extend(nxt, length + 1)
        visited.discard(corner)

    for corner in adj:
        extend(corner, 0)
    return best


def _longest_run_length(adj: Mapping[Corner, set[Corner]], segments: int) -> int:
    """Longest wall in a corner graph whose corners all have degree 1 or 2.

    Each run is walked once from one of its ends; the segments not on any run form
    closed rings, which are only walked when there are some.
    """
    best = on_runs = 0
    ends_seen = set()
    for start, nbrs in adj.items():
        if len(nbrs) != 1 or start in ends_seen:
            continue
        prev, (cur,) = start, nbrs
        length = 1
        while len(adj[cur]) == 2:
            a, b = adj[cur]
            prev, cur = cur, (b if a == prev else a)
            length += 1
        ends_seen.add(cur)
        on_runs += length
        best = max(best, length)
    if on_runs < segments:
        best = max([best] + [len(ring) - 1 for ring in chains(adj)[1]])
    return best


# Per side, N, E, S, W: the step to the neighbour, the side's bit, the bit of the
# neighbour's facing side, and the side's corners as offsets from the cell (lower-left
# first, as `side_segment`): a tile coming or going reads them with no function call.
_SIDE_TABLE = tuple((*STEP[side], BIT[side], BIT[OPPOSITE[side]],
                     (*side_segment((0, 0), side)[0], *side_segment((0, 0), side)[1]))
                    for side in SIDES)


class WallGraph:
    """The external wall segments of a growing Alhambra, as a graph of corners.

    The Alhambra tells it about every tile that comes or goes; only the up to four
    sides of that tile can change, so an update costs O(1). The longest trail is
    computed on the first query after a change and kept until the next change.

    `camps` is True while the layout holds a camp (the Alhambra sets it before a camp
    comes and clears it when the last one has gone): updates then treat camp cells as
    empty (RULES.md §M8), and a camp coming or going changes nothing.

    Examples
    --------
    >>> from alhambra_lib.components import FOUNTAIN, Tile
    >>> layout = {(0, 0): FOUNTAIN}
    >>> walls = WallGraph()
    >>> layout[(1, 0)] = Tile("tower", 9, "NE")
    >>> walls.tile_added((1, 0), layout)
    >>> walls.length()
    2
    """

    #: Changes told (`tile_added`, `tile_removed`) since the walls were last asked
    #: (`length`, `path`, `segments`): an Alhambra changed often unasked gathers them.
    unasked = 0

    def __init__(self) -> None:
        self.adj: dict[Corner, set[Corner]] = {}
        self._segments = 0
        self._forks = 0  # corners where more than two external segments meet
        self._path: list[Corner] | None = None
        self._length: int | None = None
        self.camps = False

    def _add(self, a: Corner, b: Corner) -> None:
        self._segments += 1
        for u, v in ((a, b), (b, a)):
            nbrs = self.adj.setdefault(u, set())
            nbrs.add(v)
            if len(nbrs) == 3:
                self._forks += 1

    def _discard(self, a: Corner, b: Corner) -> None:
        self._segments -= 1
        for u, v in ((a, b), (b, a)):
            nbrs = self.adj[u]
            if len(nbrs) == 3:
                self._forks -= 1
            nbrs.discard(v)
            if not nbrs:
                del self.adj[u]

    def tile_added(self, cell: Cell, layout: Mapping[Cell, Tile]) -> None:
        """Update after the tile at `cell` was added to `layout`."""
        self._sides_changed(cell, layout, layout[cell], added=True)

    def tile_removed(self, cell: Cell, tile: Tile, layout: Mapping[Cell, Tile]) -> None:
        """Update after `tile` was removed from `cell` of `layout`."""
        self._sides_changed(cell, layout, tile, added=False)

    def _sides_changed(self, cell: Cell, layout: Mapping[Cell, Tile], tile: Tile,
                       added: bool) -> None:
        self.unasked += 1
        if self.camps:
            self._sides_changed_among_camps(cell, layout, tile, added)
            return
        self._path = self._length = None
        x, y = cell
        mask = tile.mask
        for step_x, step_y, bit, facing_bit, (ax, ay, bx, by) in _SIDE_TABLE:
            neighbour = layout.get((x + step_x, y + step_y))
            if neighbour is not None:
                # The neighbour's wall on this side faced an empty cell before a tile
                # came (or faces one now that it left).
                if neighbour.mask & facing_bit:
                    (self._discard if added else self._add)((x + ax, y + ay), (x + bx, y + by))
            elif mask & bit:
                (self._add if added else self._discard)((x + ax, y + ay), (x + bx, y + by))

    def _sides_changed_among_camps(self, cell: Cell, layout: Mapping[Cell, Tile], tile: Tile,
                                   added: bool) -> None:
        # The same, with camp cells empty: a camp changes nothing, and a wall facing a
        # camp stays external.
        if tile.kind == _CAMP:
            return
        self._path = self._length = None
        for side in SIDES:
            neighbour = layout.get(side_neighbour(cell, side))
            segment = side_segment(cell, side)
            if neighbour is not None and neighbour.kind != _CAMP:
                if neighbour.has_wall(OPPOSITE[side]):
                    (self._discard if added else self._add)(*segment)
            elif tile.has_wall(side):
                (self._add if added else self._discard)(*segment)

    def cells_changed(self, cells: Iterable[Cell], layout: Mapping[Cell, Tile]) -> None:
        """Update after tiles came to, left or were swapped on `cells`, in any number
        and order: each side of those cells is an external segment or not by `layout`
        as it is now (a camp's cell counting as empty while `camps` is set), so an
        Alhambra may gather its changes and tell them when its walls are asked.

        One change told at once is cheaper by `tile_added` or `tile_removed`, which
        know which way it went; this one reads what is there.

        Examples
        --------
        >>> from alhambra_lib.components import FOUNTAIN, Tile
        >>> layout = {(0, 0): FOUNTAIN, (1, 0): Tile("tower", 9, "NE")}
        >>> walls = WallGraph()
        >>> walls.cells_changed([(0, 0), (1, 0)], layout)
        >>> walls.length()
        2
        >>> del layout[(1, 0)]
        >>> walls.cells_changed([(1, 0)], layout)
        >>> walls.length()
        0
        """
        self._path = self._length = None
        if self.camps:  # camp cells count as empty
            layout = {cell: tile for cell, tile in layout.items() if tile.kind != _CAMP}
        adj, get = self.adj, layout.get
        for x, y in cells:
            tile = get((x, y))
            for step_x, step_y, bit, facing_bit, (ax, ay, bx, by) in _SIDE_TABLE:
                other = get((x + step_x, y + step_y))
                # external: a wall of a tile facing an empty cell (either way round)
                if tile is None:
                    external = other is not None and other.mask & facing_bit
                else:
                    external = other is None and tile.mask & bit
                a = (x + ax, y + ay)
                ends = adj.get(a)
                if external:
                    b = (x + bx, y + by)
                    if ends is None or b not in ends:
                        self._add(a, b)
                elif ends is not None:
                    b = (x + bx, y + by)
                    if b in ends:
                        self._discard(a, b)

    def path(self) -> list[Corner]:
        """The corners of a longest external wall (cached until the next change)."""
        self.unasked = 0
        if self._path is None:
            self._path = longest_trail(self.adj)
        return self._path

    def length(self) -> int:
        """The wall points: number of segments in the longest external wall.

        Without forks (always so on a legal Alhambra) the walls are separate runs and
        cycles, and the longest is found by walking each run once from one end,
        without building the path: this is the query a game makes after every
        placement.
        """
        self.unasked = 0
        if self._length is None:
            if self._path is not None or self._forks:
                self._length = max(len(self.path()) - 1, 0)
            else:
                self._length = _longest_run_length(self.adj, self._segments)
        return self._length

    def segments(self) -> set[Segment]:
        """The set of external segments, each as (corner, corner), lower-left first."""
        self.unasked = 0
        return {(a, b) for a, nbrs in self.adj.items() for b in nbrs if a < b}

    def copy(self) -> WallGraph:
        """An independent copy."""
        other = WallGraph()
        other.adj = {corner: set(nbrs) for corner, nbrs in self.adj.items()}
        other._segments, other._forks = self._segments, self._forks
        other._path = None if self._path is None else list(self._path)
        other._length = self._length
        other.camps, other.unasked = self.camps, self.unasked
        return other
