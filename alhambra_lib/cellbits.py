"""An Alhambra's built cells and walls as bit sets: the engine's listings in a few
whole-grid operations.

Cell ``(x, y)`` is bit ``(x + off) * stride + (y + off)`` of a Python int, so the bits
go up in the cells' sorted order (by x, then y) and the cell across each side is a
fixed shift away: north ``+1``, south ``-1``, east ``+stride``, west ``-stride``. One
int holds the built cells, one per side the built cells with a wall (sticks included)
on that side, and one the camps (Mega Box M8). A legality test that `Alhambra` makes
cell by cell on its cached side facts (`Alhambra._side_facts`) is then a handful of
shifts, ands and ors over the whole grid, and only the cells found are turned back
into ``(x, y)``.

The networkx graph (`Alhambra.graph`) stays the model the notebooks teach; these bits
are derived from the same layout, kept up to date with it, and the tests compare the
listings made from them with the graph's.

Examples
--------
>>> bits = CellBits({(0, 0): 0, (1, 0): 0b0011})
>>> bits.cells(bits.built)
[(0, 0), (1, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

__all__ = ["CellBits"]

# The eight cells around a cell in the order of `alhambra_lib.grid.ring` (clockwise
# from north), as (dx, dy): their bit offsets depend on the stride.
_RING = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


#: (off, stride) -> the cell of each bit index met so far (`CellBits.cells`).
_CELLS: dict[tuple[int, int], list[tuple[int, int]]] = {}


def _shifted(bits: int, offset: int) -> int:
    """The bit of each cell set when the cell `offset` bits higher is set in `bits`."""
    return bits >> offset if offset >= 0 else bits << -offset


class CellBits:
    """Built cells and their walls (side masks N=1, E=2, S=4, W=8) as bit sets.

    Parameters
    ----------
    masks : mapping
        ``{(x, y): wall mask}`` of the built cells.
    camps : iterable
        The built cells holding a camp (whose mask is its bastions).

    Attributes
    ----------
    built : int
        The built cells.
    walls : list of int
        Per side N, E, S, W, the built cells with a wall on that side.
    camps : int
        The built cells holding a camp.
    """

    def __init__(self, masks: Mapping[tuple[int, int], int],
                 camps: Iterable[tuple[int, int]] = ()):
        off = 8
        cells = list(masks)
        while not all(self._inside(cell, off) for cell in cells):
            off *= 2
        self.off, self.stride = off, 2 * off + 2
        self.built = self.camps = 0
        self.walls = [0, 0, 0, 0]
        camps = set(camps)
        for cell, mask in masks.items():
            self.add(cell, mask, cell in camps)

    @staticmethod
    def _inside(cell: tuple[int, int], off: int) -> bool:
        # A built cell keeps a free row on each side of its column (y) and a column to
        # its west (x): its neighbours then have bits of their own, never wrapping.
        x, y = cell
        return x + off >= 1 and 1 <= y + off <= 2 * off

    def bit(self, cell: tuple[int, int]) -> int:
        """The bit of `cell` (inside the grid)."""
        x, y = cell
        return 1 << ((x + self.off) * self.stride + y + self.off)

    def add(self, cell: tuple[int, int], mask: int, camp: bool = False) -> bool:
        """Set `cell` built with walls `mask` (a camp's bastions if `camp`); False
        (nothing changed) when it lies outside the grid, and the owner builds a larger one."""
        x, y = cell
        off = self.off
        if not (x + off >= 1 and 1 <= y + off <= 2 * off):  # `_inside`, written out
            return False
        bit = 1 << ((x + off) * self.stride + y + off)
        self.built |= bit
        if camp:
            self.camps |= bit
        walls = self.walls
        for side in range(4):
            if mask >> side & 1:
                walls[side] |= bit
        return True

    def remove(self, cell: tuple[int, int]) -> None:
        """Clear `cell` (built, inside the grid) and its walls."""
        keep = ~self.bit(cell)
        self.built &= keep
        self.camps &= keep
        self.walls = [w & keep for w in self.walls]

    def copy(self) -> CellBits:
        """An independent copy (the ints are values)."""
        new = CellBits.__new__(CellBits)
        new.off, new.stride, new.built, new.camps, new.walls = (
            self.off, self.stride, self.built, self.camps, list(self.walls))
        return new

    def cells(self, bits: int) -> list[tuple[int, int]]:
        """The cells of `bits`, in sorted order."""
        table = _CELLS.setdefault((self.off, self.stride), [])
        if len(table) < bits.bit_length():  # the cells of the indices, shared
            stride, off = self.stride, self.off
            table.extend((index // stride - off, index % stride - off)
                         for index in range(len(table), bits.bit_length()))
        found = []
        while bits:
            low = bits & -bits
            found.append(table[low.bit_length() - 1])
            bits ^= low
        return found

    def cell_set(self, cells: Iterable[tuple[int, int]]) -> int:
        """The bits of `cells` (inside the grid)."""
        bits = 0
        stride, off = self.stride, self.off
        for x, y in cells:
            bits |= 1 << ((x + off) * stride + y + off)
        return bits

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """``(open, closed, camp)``, each per side N, E, S, W: the cells whose neighbour
        across that side is built with no wall facing them (open), with one (closed), or
        is a camp (a camp's bastions are its walls here)."""
        built, camps, stride = self.built, self.camps, self.stride
        north, east, south, west = self.walls
        # The north neighbour (one bit up) faces a cell with its south wall, and so on.
        closed = (south >> 1, west >> stride, north << 1, east << stride)
        open_ = ((built & ~south) >> 1, (built & ~west) >> stride, (built & ~north) << 1,
                 (built & ~east) << stride)
        camp = (camps >> 1, camps >> stride, camps << 1, camps << stride)
        return open_, closed, camp

    def enclosing(self) -> int:
        """The cells whose building would enclose an area: their ring of eight holds
        two runs of built cells or more (`alhambra_lib.holes.closes_area`)."""
        built, stride = self.built, self.stride
        # The ring clockwise from north (`_RING`), written out: it is asked after
        # every change of a layout.
        ring = (built >> 1, built >> (stride + 1), built >> stride, built >> (stride - 1),
                built << 1, built << (stride + 1), built << stride, built << (stride - 1))
        once = twice = 0
        before = ring[7]
        for here in ring:
            start = here & ~before  # a run of built cells starts here
            twice |= once & start
            once |= start
            before = here
        return twice

    def four_sided(self) -> int:
        """The built cells whose four side-neighbours are built."""
        built, stride = self.built, self.stride
        return built & built >> 1 & built << 1 & built >> stride & built << stride

    @staticmethod
    def against(mask: int, camp: bool, sides: tuple[tuple[int, ...], ...]) -> tuple[int, int]:
        """``(refused, joined)`` for a tile with walls `mask` (a camp's bastions if
        `camp`) by the side rules, `sides` being `sides()`: the cells where some side
        of it breaks a rule, and those where it would be joined as it must be.

        A building (RULES.md §7, §M8): against a building it matches wall for wall and
        is joined where an open side meets an open side; against a camp, its wall meets
        a bastion. A camp: against a building, bastion against wall; against a camp,
        neither; it is joined wherever it touches a tile (it need not be walked to).
        """
        open_, closed, camps = sides
        if not (camp or any(camps)):  # a building among buildings, written out: per
            # side, a wall is refused by an open side across, an open side by a wall,
            # and joins an open side
            north, east, south, west = open_
            return ((north if mask & 1 else closed[0]) | (east if mask & 2 else closed[1])
                    | (south if mask & 4 else closed[2]) | (west if mask & 8 else closed[3]),
                    (0 if mask & 1 else north) | (0 if mask & 2 else east)
                    | (0 if mask & 4 else south) | (0 if mask & 8 else west))
        refused = joined = 0
        for side in range(4):
            if camp:
                joined |= open_[side] | closed[side]
                if mask >> side & 1:  # a bastion: against a wall of a building only
                    refused |= open_[side] | camps[side]
                else:  # no bastion: against a camp without one only
                    refused |= open_[side] & ~camps[side] | closed[side]
            elif mask >> side & 1:  # a wall: against a wall or a camp's bastion
                refused |= open_[side]
            else:  # no wall: against an open side of a building
                refused |= closed[side] | camps[side]
                joined |= open_[side] & ~camps[side]
        return refused, joined
