"""The reference legal-cell search for the notebooks: the definition, checked the slow way.

Examples
--------
>>> from alhambra_lib import Tile
>>> from alhambra_lib.teaching.figures import FIGURE_1_CELL, figure_1
>>> cells = legal_positions_by_definition(figure_1(), Tile("garden", 11, ""))
>>> len(cells), FIGURE_1_CELL in cells
(13, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..alhambra import Alhambra, IllegalPlacement

if TYPE_CHECKING:
    from ..components import Tile
    from ..grid import Cell

__all__ = ["legal_positions_by_definition"]


def legal_positions_by_definition(alhambra: Alhambra, tile: Tile) -> set[Cell]:
    """The cells where `tile` may go, found the slow way: by checking whole layouts.

    For every frontier cell, the layout with `tile` added is checked from scratch
    with the plain graph algorithms of `Alhambra.from_layout`: every shared side
    compared, breadth-first search from the fountain, flood fill from outside.
    Cells off the frontier share no side with the Alhambra and are never legal.
    A reference for `Alhambra.legal_positions`, which answers the same from facts
    cached per frontier cell; O(frontier x (tiles + box area)) against O(frontier).

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> from alhambra_lib.teaching.figures import figure_3
    >>> a = figure_3()
    >>> legal_positions_by_definition(a, Tile("garden", 10, "W")) == a.legal_positions(
    ...     Tile("garden", 10, "W"))
    True
    """
    legal = set()
    for cell in alhambra.frontier():
        try:
            Alhambra.from_layout({**alhambra.layout, cell: tile}, hole_rule=alhambra.hole_rule)
        except IllegalPlacement:
            continue
        legal.add(cell)
    return legal
