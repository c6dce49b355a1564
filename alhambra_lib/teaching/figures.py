"""The figures of RULES.md as Alhambras, and the cells the text names in them.

Every figure is built with `Alhambra.from_layout`, which checks the whole layout,
from real tiles of the game.

Examples
--------
>>> figure_3().longest_wall(), figure_3(north_of_2_0_walled=True).longest_wall()
(4, 7)
>>> figure_2().longest_wall(), figure_2(open_side=True).longest_wall()
(12, 11)
"""

from __future__ import annotations

from ..alhambra import Alhambra
from ..components import Tile

__all__ = [
    "figure_1",
    "FIGURE_1_CELL",
    "figure_2",
    "figure_3",
    "pinch_layout",
    "PINCH_CORNER",
]

#: The cell `?` of figure 1, which would enclose (1, 0) and (2, 0).
FIGURE_1_CELL = (3, 0)
#: The corner of `pinch_layout` where the tiles (2, 0) and (3, 1) meet.
PINCH_CORNER = (3, 1)


def figure_1(hole_rule: str = "enclosed") -> Alhambra:
    """RULES.md figure 1 before the tile on `?`: no walls, a bay of two empty cells.

    A tile on `FIGURE_1_CELL` (3, 0) would enclose (1, 0) and (2, 0): a hole under
    the enclosed-area rule, allowed under ``hole_rule="single"``.

    Examples
    --------
    >>> a = figure_1()
    >>> a.check(Tile("garden", 11, ""), FIGURE_1_CELL).reasons
    ('hole',)
    >>> figure_1("single").check(Tile("garden", 11, ""), FIGURE_1_CELL).ok
    True
    """
    open_tiles = [Tile("pavilion", 8, ""), Tile("seraglio", 9, ""), Tile("arcades", 9, ""),
                  Tile("arcades", 10, ""), Tile("chambers", 10, ""), Tile("chambers", 11, ""),
                  Tile("garden", 10, "")]
    cells = [(0, 1), (1, 1), (2, 1), (0, -1), (1, -1), (2, -1), (3, -1)]
    return Alhambra.from_layout(dict(zip(cells, open_tiles)), hole_rule=hole_rule)


def figure_2(open_side: bool = False) -> Alhambra:
    """RULES.md figure 2: the fountain ringed by eight tiles, all 12 outer sides walled.

    With ``open_side=True`` the tile north of the fountain, (0, 1), has no wall: the
    other 11 outer sides make one run.

    Examples
    --------
    >>> a = figure_2()
    >>> len(a) - 1, len(a.wall_segments())
    (8, 12)
    """
    walls = {(-1, 1): Tile("garden", 8, "NW"), (0, 1): Tile("garden", 10, "N"),
             (1, 1): Tile("garden", 8, "NE"), (-1, 0): Tile("garden", 10, "W"),
             (1, 0): Tile("garden", 9, "E"), (-1, -1): Tile("garden", 8, "SW"),
             (0, -1): Tile("garden", 12, "S"), (1, -1): Tile("tower", 9, "ES")}
    if open_side:
        walls[(0, 1)] = Tile("garden", 11, "")
    return Alhambra.from_layout(walls)


def figure_3(north_of_2_0_walled: bool = False) -> Alhambra:
    """RULES.md figure 3: an internal double wall and two wall runs, 4 points.

    F (0, 0); (0, 1) walls N, W; (1, 0) N; (1, 1) N, E, S; (2, 0) E, S. With
    ``north_of_2_0_walled=True``, (2, 0) also has a wall N and one run of 7 turns the
    concave corner (2, 1).

    Examples
    --------
    >>> sorted(figure_3().layout)
    [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]
    """
    east = Tile("tower", 8, "NES") if north_of_2_0_walled else Tile("pavilion", 4, "ES")
    return Alhambra.from_layout({(0, 1): Tile("arcades", 5, "NW"),
                                 (1, 0): Tile("pavilion", 6, "N"),
                                 (1, 1): Tile("arcades", 4, "NES"),
                                 (2, 0): east})


def pinch_layout() -> Alhambra:
    """A pinch, legal only under ``hole_rule="single"``: four wall segments meet at a corner.

    A ring of tiles round the enclosed cells (1, 1) and (2, 1), all six sides facing
    them walled; (3, 0) stays empty, so (2, 0) and (3, 1) touch at `PINCH_CORNER`
    (3, 1) only. With the east wall of (2, 0) and the south wall of (3, 1), four
    external segments meet there: the longest wall passes that corner twice.

    Examples
    --------
    >>> a = pinch_layout()
    >>> a.hole_rule, len(a.wall_graph()[PINCH_CORNER]), a.longest_wall()
    ('single', 4, 8)
    """
    return Alhambra.from_layout({(1, 0): Tile("pavilion", 6, "N"),
                                 (2, 0): Tile("tower", 9, "NE"),
                                 (0, 1): Tile("arcades", 8, "E"),
                                 (0, 2): Tile("garden", 10, ""),
                                 (1, 2): Tile("seraglio", 8, "S"),
                                 (2, 2): Tile("garden", 12, "S"),
                                 (3, 2): Tile("garden", 11, ""),
                                 (3, 1): Tile("arcades", 6, "SW")}, hole_rule="single")
