"""The square grid an Alhambra is built on: faces, edges and corners.

Following Red Blob Games' names, a *cell* (x, y) is a face of the grid covering
[x, x+1] x [y, y+1]; its four *sides* N, E, S, W are edges, and the integer points
where sides meet are *corners* (vertices). x grows east and y grows north, so the
fountain sits at (0, 0) and its N side is the segment (0, 1)-(1, 1).

This module only names things and moves between them; it holds no state.

Examples
--------
>>> side_neighbour((0, 0), "N")
(0, 1)
>>> side_segment((0, 0), "E")
((1, 0), (1, 1))
>>> OPPOSITE["W"]
'E'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeAlias, TypeVar

from .errors import InvalidInput, brief

__all__ = [
    "Cell",
    "Corner",
    "Segment",
    "SIDES",
    "STEP",
    "OPPOSITE",
    "BIT",
    "side_neighbour",
    "side_neighbours",
    "ring",
    "side_segment",
    "check_cell",
    "walls_mask",
    "mask_sides",
]

#: A cell (x, y) of the grid: the fountain is (0, 0).
Cell: TypeAlias = tuple[int, int]
#: An integer point where sides meet.
Corner: TypeAlias = tuple[int, int]
#: A side as the two corners it joins.
Segment: TypeAlias = tuple[Corner, Corner]
# Cells are int pairs; a drawing places reserve tiles at float positions too.
_N = TypeVar("_N", int, float)

#: The four sides in the order used everywhere (and in saved games).
SIDES = ("N", "E", "S", "W")

#: The step (dx, dy) from a cell to the cell across each side.
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}

#: The side of the neighbour that touches a given side.
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}

#: One bit per side: tiles keep their walls as a 4-bit mask for fast tests.
BIT = {"N": 1, "E": 2, "S": 4, "W": 8}

# The eight cells around a cell, walking clockwise from north: consecutive cells
# of this ring share a side, which is what the local hole test relies on.
_RING_STEPS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def side_neighbour(cell: Cell, side: str) -> Cell:
    """Return the cell across `side` of `cell`."""
    dx, dy = STEP[side]
    return (cell[0] + dx, cell[1] + dy)


def side_neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """Return the four cells sharing a side with `cell`, in N, E, S, W order."""
    x, y = cell
    return ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y))


def ring(cell: Cell) -> tuple[Cell, ...]:
    """Return the eight cells around `cell`, clockwise from north (N, NE, E, ... NW).

    Examples
    --------
    >>> ring((0, 0))[:3]
    ((0, 1), (1, 1), (1, 0))
    """
    x, y = cell
    return tuple((x + dx, y + dy) for dx, dy in _RING_STEPS)


def side_segment(cell: tuple[_N, _N], side: str) -> tuple[tuple[_N, _N], tuple[_N, _N]]:
    """Return the two corners bounding `side` of `cell`, lower-left corner first."""
    x, y = cell
    if side == "N":
        return ((x, y + 1), (x + 1, y + 1))
    if side == "E":
        return ((x + 1, y), (x + 1, y + 1))
    if side == "S":
        return ((x, y), (x + 1, y))
    if side == "W":
        return ((x, y), (x, y + 1))
    raise ValueError(f"unknown side {side!r}: expected one of N, E, S, W")


def check_cell(cell: Any) -> Cell:
    """Return `cell` as an (x, y) tuple of ints, or raise `InvalidInput` naming the problem.

    A cell is a tuple or a list (as saved) of two ints; anything else is refused, bytes
    and strings too, though they unpack to two items (``b"\\x01\\x00"`` to 1 and 0).

    Examples
    --------
    >>> check_cell([1, -2])
    (1, -2)
    >>> check_cell((1.5, 0))
    Traceback (most recent call last):
    ...
    alhambra_lib.errors.InvalidInput: a cell is a pair of integers (x, y), got (1.5, 0)
    >>> check_cell(b"\\x01\\x00")
    Traceback (most recent call last):
    ...
    alhambra_lib.errors.InvalidInput: a cell is a pair of integers (x, y), got b'\\x01\\x00'
    """
    # The common case first: engine-made cells are already (int, int) tuples.
    if type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int and type(cell[1]) is int:
        return cell
    if not (isinstance(cell, (tuple, list)) and len(cell) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
        raise InvalidInput(f"a cell is a pair of integers (x, y), got {brief(cell)}")
    return (cell[0], cell[1])


def walls_mask(sides: Iterable[str]) -> int:
    """Return the 4-bit mask of an iterable of side letters.

    Examples
    --------
    >>> walls_mask("NE")
    3
    """
    return sum(BIT[s] for s in set(sides))


def mask_sides(mask: int) -> str:
    """Return the side letters of a mask, in N, E, S, W order, as a string.

    Examples
    --------
    >>> mask_sides(10)
    'EW'
    """
    return _MASK_SIDES[mask & 15]  # a tile's walls: every event and save writes them


#: The side letters of each of the 16 masks of four sides (`mask_sides`).
_MASK_SIDES = tuple("".join(s for s in SIDES if mask & BIT[s]) for mask in range(16))
