"""Holes: empty areas enclosed by an Alhambra.

Two ways to find them, which agree on every legal Alhambra:

* `enclosed_cells`, the definition (RULES.md §6): flood-fill the empty cells from
  outside the bounding box; whatever empty cell the flood does not reach is enclosed
  (`flood_layers` gives the flood layer by layer, to show it).
* `closes_area`, the local test used on every placement: on a legal Alhambra,
  building cell c encloses an area exactly when the built cells among the eight
  around c form more than one run (clockwise, N, NE, E, ... NW).

Why the local test is exact. Consecutive cells of the ring share a side, so when
the built cells form one run, the empty ring cells form one run too: they stay
linked to each other and to the outside after c is built, and nothing is enclosed.
With two or more runs, each run is either a lone diagonal cell, which with c makes
a *pinch* (two built cells meeting at a corner only), or holds a side-neighbour of
c. Two runs touching c's sides are joined by a chain of side-neighbouring tiles
(every tile reaches the fountain), and chain plus c is a closed curve with empty
ring cells on both sides of it: one side is enclosed. A pinch is enclosed the same
way (RULES.md §8.4). Either way a hole appears. Camps (RULES.md §M8) are built cells
here like any tile; every camp hangs on the walked-to tiles through side-touching camps,
so a legal Alhambra with camps is still one side-connected piece and the test stays
exact.

The literal "single cell" reading (``hole_rule="single"``) only forbids an empty
cell with four built side-neighbours; `makes_single_hole` tests that.

Examples
--------
Figure 1 of RULES.md: a tile at (3, 0) would enclose (1, 0) and (2, 0).

>>> built = {(0, 0), (0, 1), (1, 1), (2, 1), (0, -1), (1, -1), (2, -1), (3, -1)}
>>> sorted(enclosed_cells(built | {(3, 0)}))
[(1, 0), (2, 0)]
>>> closes_area((3, 0), built), makes_single_hole((3, 0), built)
(True, False)
"""

from __future__ import annotations

from collections.abc import Collection

from .grid import Cell, side_neighbours

__all__ = [
    "enclosed_cells",
    "flood_layers",
    "flood_from_outside",
    "closes_area",
    "makes_single_hole",
    "ring_mask",
    "RING_RUNS",
]


def _box(built: Collection[Cell]) -> tuple[int, int, int, int]:
    xs = [x for x, _ in built]
    ys = [y for _, y in built]
    return min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1


def flood_layers(built: Collection[Cell]) -> list[list[Cell]]:
    """Return the empty cells of the grown bounding box, layer by layer of the flood.

    Layer 0 is the border of the bounding box grown by one: empty, hence outside.
    Layer k holds the empty cells k steps (N/E/S/W, through empty cells) from that
    border. Each layer is sorted, so the output does not depend on set order; the
    empty cells of the box in no layer are the enclosed ones.

    Notes
    -----
    Breadth-first search from many sources at once, one layer at a time so that a
    drawing can show the flood step by step. O(w * h) for a w x h box.

    Examples
    --------
    Figure 1 of RULES.md closed at (3, 0): the flood reaches the corner cell (3, 1)
    in one step and never (1, 0) or (2, 0).

    >>> built = {(0, 0), (0, 1), (1, 1), (2, 1), (0, -1), (1, -1), (2, -1), (3, -1), (3, 0)}
    >>> layers = flood_layers(built)
    >>> len(layers), layers[1]
    (2, [(3, 1)])
    """
    built = set(built)
    x0, x1, y0, y1 = _box(built)
    box = {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}
    layer = sorted(c for c in box if c[0] in (x0, x1) or c[1] in (y0, y1))
    reached = set(layer)
    layers = []
    while layer:
        layers.append(layer)
        ahead = {n for cell in layer for n in side_neighbours(cell)
                 if n in box and n not in built and n not in reached}
        reached |= ahead
        layer = sorted(ahead)
    return layers


def flood_from_outside(built: Collection[Cell]) -> list[Cell]:
    """Return the empty cells of the grown bounding box in the order a flood reaches them.

    The flood starts from every cell on the border of the bounding box grown by one
    (all empty, all outside) and steps N/E/S/W through empty cells, breadth first:
    the layers of `flood_layers`, one after the other.

    Examples
    --------
    >>> order = flood_from_outside({(0, 0)})
    >>> len(order), (0, 0) in order
    (8, False)
    """
    return [cell for layer in flood_layers(built) for cell in layer]


def enclosed_cells(built: Collection[Cell]) -> set[Cell]:
    """Return the set of empty cells that cannot reach the outside through empty cells.

    Parameters
    ----------
    built : collection of (x, y)
        The built cells.

    Notes
    -----
    Breadth-first flood fill over the empty cells of the bounding box grown by one,
    starting from its border, stepping N/E/S/W (`flood_from_outside`); what the flood
    misses is enclosed. Cost O(w * h) for a w x h box.
    """
    built = set(built)
    if not built:
        return set()
    x0, x1, y0, y1 = _box(built)
    empty = {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)} - built
    return empty - set(flood_from_outside(built))


def _circular_runs(mask: int) -> int:
    if mask == 0xFF:
        return 1
    bits = [(mask >> i) & 1 for i in range(8)]
    return sum(1 for i in range(8) if bits[i] and not bits[i - 1])


#: RING_RUNS[m] = number of circular runs of set bits in the 8-bit ring mask m.
RING_RUNS = tuple(_circular_runs(m) for m in range(256))


def ring_mask(cell: Cell, built: Collection[Cell]) -> int:
    """The 8-bit mask of built cells around `cell`, bit i for the i-th cell of `ring`."""
    # Written out (the order of `ring`): the hole test runs for every frontier cell
    # near each change, and a loop over a built tuple costs several times more.
    x, y = cell
    return ((((x, y + 1) in built) | ((x + 1, y + 1) in built) << 1
             | ((x + 1, y) in built) << 2 | ((x + 1, y - 1) in built) << 3
             | ((x, y - 1) in built) << 4 | ((x - 1, y - 1) in built) << 5
             | ((x - 1, y) in built) << 6 | ((x - 1, y + 1) in built) << 7))


def closes_area(cell: Cell, built: Collection[Cell]) -> bool:
    """Return whether building the empty `cell` encloses an area (local test, legal layouts).

    Exact when `built` is a legal Alhambra (connected by sides, no enclosed area) and
    `cell` touches it by a side; see the module notes. Cost O(1).
    """
    return RING_RUNS[ring_mask(cell, built)] > 1


def makes_single_hole(cell: Cell, built: Collection[Cell]) -> bool:
    """Return whether building `cell` leaves an empty cell with four built side-neighbours.

    Only the side-neighbours of `cell` can become such cells. Cost O(1).
    """
    for n in side_neighbours(cell):
        if n not in built and all(m == cell or m in built for m in side_neighbours(n)):
            return True
    return False
