"""Reachability: which tiles a person can walk to from the fountain.

Walking goes from a tile to a side-neighbouring tile through a shared side on which
neither has a wall (RULES.md §6). `Alhambra.graph` has exactly those sides as edges,
so reachability is breadth-first search in that graph. Camps (Mega Box M8, RULES.md
§M8) are not walked to nor through: they are nodes without edges of that graph.

Examples
--------
>>> from alhambra_lib import Alhambra, Tile
>>> a = Alhambra()
>>> a.place(Tile("tower", 9, "N"), (1, 0))
>>> a.place(Tile("garden", 8, ""), (0, 1))
>>> walk_layers(a.graph)
[[(0, 0)], [(0, 1), (1, 0)]]

A legal Alhambra never has an unreachable tile; a hand-made graph can:

>>> import networkx as nx

>>> sorted(unreachable_cells(nx.Graph([((0, 0), (1, 0)), ((2, 2), (2, 3))])))
[(2, 2), (2, 3)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import networkx as nx

from .grid import Cell

__all__ = ["walk_layers", "unreachable_cells", "cut_cells", "cut_cells_reached"]

_FOUNTAIN = (0, 0)


def walk_layers(graph: nx.Graph, start: Cell = _FOUNTAIN) -> list[list[Cell]]:
    """Return the cells reachable from `start`, layer by layer of breadth-first search.

    Layer k holds the cells k steps from the fountain; each layer is sorted so the
    output does not depend on insertion order.

    Notes
    -----
    Breadth-first search, O(tiles + open sides); `networkx.bfs_layers` does the walk.
    """
    return [sorted(layer) for layer in nx.bfs_layers(graph, [start])]


def unreachable_cells(graph: nx.Graph, start: Cell = _FOUNTAIN) -> set[Cell]:
    """Return the set of built cells that cannot be walked to from `start`.

    Notes
    -----
    One connected-component search, O(tiles + open sides).
    """
    return set(graph) - nx.node_connected_component(graph, start)


def cut_cells(adjacency: Mapping[Cell, Iterable[Cell]], root: Cell = _FOUNTAIN) -> set[Cell]:
    """Return the cells other than `root` whose removal cuts the graph (its cut vertices).

    Parameters
    ----------
    adjacency : mapping
        ``{cell: iterable of neighbours}``, e.g. ``Alhambra.graph.adj``; connected.

    Notes
    -----
    Tarjan's depth-first search with low points, iterative: a cell is a cut vertex
    when some child's subtree reaches nothing discovered before the cell. O(tiles +
    open sides); on an Alhambra's small graph about three times as fast as
    `networkx.articulation_points`, which the tests compare it with.

    Examples
    --------
    >>> sorted(cut_cells({(0, 0): [(1, 0)], (1, 0): [(0, 0), (2, 0)], (2, 0): [(1, 0)]}))
    [(1, 0)]
    """
    return cut_cells_reached(adjacency, root)[0]


def cut_cells_reached(adjacency: Mapping[Cell, Iterable[Cell]],
                      root: Cell = _FOUNTAIN) -> tuple[set[Cell], int]:
    """`cut_cells` of the part of the graph joined to `root`, and the number of its cells.

    The count tells whether the graph is connected (it then equals the number of
    nodes), which is what lets `Alhambra` keep the cut cells across some changes.

    Examples
    --------
    >>> cut, reached = cut_cells_reached({(0, 0): [(1, 0)], (1, 0): [(0, 0)], (5, 5): []})
    >>> sorted(cut), reached
    ([], 2)
    """
    discovered = {root: 0}
    cut: set[Cell] = set()
    # Each frame: its node, its parent, its children left, its depth and its low point
    # so far (the lowest depth its subtree reaches by one back edge), kept in the frame
    # rather than in dicts: the engine asks this after most removals.
    stack: list[list[Any]] = [[root, None, iter(adjacency[root]), 0, 0]]
    while stack:
        frame = stack[-1]
        node, parent, children, depth, low = frame
        for child in children:
            seen = discovered.get(child)
            if seen is None:
                seen = discovered[child] = len(discovered)
                stack.append([child, node, iter(adjacency[child]), seen, seen])
                break
            if seen < low and child != parent:
                low = frame[4] = seen
        else:
            stack.pop()
            if stack:
                above = stack[-1]
                if low < above[4]:
                    above[4] = low
                # nothing below `node` climbs above `parent`: removing `parent` cuts it off
                if low >= above[3] and parent != root:
                    cut.add(parent)
    return cut, len(discovered)
