"""Breadth-first searches on an Alhambra, step by step, as data a drawing can show.

Two searches of the rules (RULES.md §6), one layer of breadth-first search per step:

* ``"walk"``: reachability, from the fountain through open shared sides, the
  layers of `alhambra_lib.reach.walk_layers` on `Alhambra.graph`;
* ``"flood"``: holes, from the border of the bounding box grown by one through the
  sides of empty cells, the layers of `alhambra_lib.holes.flood_layers`.

A last step, "Done", shows what the search never reached: tiles that cannot be
walked to, or enclosed empty cells. Each `SearchStep` carries what
`alhambra_lib.draw.draw_search_step` draws and a caption saying what happens.

Examples
--------
>>> from alhambra_lib.teaching import figure_3
>>> [step.title for step in search_steps(figure_3(), "walk")]
['Step 0: the fountain', 'Step 1: 2 tiles', 'Step 2: 2 tiles', 'Done']
>>> sorted(search_steps(figure_3(), "walk")[2].newest)
[(1, 1), (2, 0)]
>>> search_steps(figure_3(), "flood")[-1].text[:60]
'The flood stops after 1 step: it reached all 15 empty cells '
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..holes import enclosed_cells, flood_layers
from ..reach import unreachable_cells, walk_layers
from ..i18n import _, ngettext
from ..narrate import tile_count
from .text import cell_list, counted

if TYPE_CHECKING:
    from ..alhambra import Alhambra
    from ..grid import Cell

__all__ = ["SearchStep", "search_steps", "SEARCHES"]

#: The searches `search_steps` knows, by name.
SEARCHES = ("walk", "flood")
_LISTED = 6  # cells named in a caption; more are counted


@dataclass(frozen=True)
class SearchStep:
    """One step of a search: a title, a caption, and what to draw."""

    title: str
    text: str
    reached: frozenset = frozenset()
    newest: frozenset = frozenset()
    missed: frozenset = frozenset()
    edges: tuple = ()

    def overlay(self) -> dict[str, Any]:
        """Keyword arguments for `alhambra_lib.draw.draw_search_step`."""
        return {"reached": self.reached, "newest": self.newest, "missed": self.missed,
                "edges": self.edges, "caption": self.title}


def _cells(cells: Collection[Cell]) -> str:
    return cell_list(cells, most=_LISTED)


def search_steps(alhambra: Alhambra, search: str = "walk") -> list[SearchStep]:
    """The steps of breadth-first search `search` ("walk" or "flood") on `alhambra`.

    Returns
    -------
    list of SearchStep
        One per layer of the search, then "Done" with the cells never reached.
    """
    if search == "walk":
        return _walk_steps(alhambra)
    if search == "flood":
        return _flood_steps(alhambra)
    raise ValueError(f"unknown search {search!r}: expected one of {', '.join(SEARCHES)}")


def _layer_steps(layers: Sequence[Sequence[Cell]],
                 words: Callable[[int, Sequence[Cell], int], tuple[str, str]],
                 edges: tuple[tuple[Cell, Cell], ...] = ()) -> tuple[list[SearchStep], frozenset]:
    """One step per BFS layer, `words(k, layer, total reached)` giving its title and text.

    Returns the steps and every cell reached.
    """
    steps: list[SearchStep] = []
    reached: frozenset = frozenset()
    for k, layer in enumerate(layers):
        title, text = words(k, layer, len(reached) + len(layer))
        steps.append(SearchStep(title, text, reached, frozenset(layer), edges=edges))
        reached |= frozenset(layer)
    return steps, reached


def _walk_words(tiles: int) -> Callable[[int, Sequence[Cell], int], tuple[str, str]]:
    def words(k: int, layer: Sequence[Cell], total: int) -> tuple[str, str]:
        if k == 0:
            text = _("Breadth-first search starts at the fountain (0, 0): 1 of {tiles} tiles "
                     "reached (the fountain counted). The short lines across open shared sides "
                     "are the edges of the walking graph, the only ways from tile to tile; they "
                     "turn dark once both their tiles are reached.").format(tiles=tiles)
            return _("Step 0: the fountain"), text
        text = _("Through open sides of the tiles reached in step {previous}, {new}, {steps} "
                 "from the fountain: {cells}. {total} of {tiles} reached.").format(
            previous=k - 1, new=counted("{n} new tile", "{n} new tiles", len(layer)),
            steps=counted("{n} step", "{n} steps", k), cells=_cells(layer), total=total,
            tiles=tiles)
        return _("Step {k}: {tiles}").format(k=k, tiles=tile_count(len(layer))), text
    return words


def _walk_steps(alhambra: Alhambra) -> list[SearchStep]:
    tiles = len(alhambra)
    edges = tuple(sorted(tuple(sorted(edge)) for edge in alhambra.graph.edges()))
    layers = walk_layers(alhambra.graph)
    steps, reached = _layer_steps(layers, _walk_words(tiles), edges)
    missed = frozenset(unreachable_cells(alhambra.graph))
    if missed:
        done = ngettext(
            "No open side leads further: {n} tile never reached, {cells}. It cannot be walked "
            "to from the fountain, which a legal Alhambra never allows.",
            "No open side leads further: {n} tiles never reached, {cells}. They cannot be "
            "walked to from the fountain, which a legal Alhambra never allows.",
            len(missed)).format(n=len(missed), cells=_cells(missed))
    else:
        done = ngettext(
            "No open side leads to a new tile: the search stops after {n} step with all "
            "{tiles} tiles reached. Every tile can be walked to from the fountain, as on every "
            "legal Alhambra.",
            "No open side leads to a new tile: the search stops after {n} steps with all "
            "{tiles} tiles reached. Every tile can be walked to from the fountain, as on every "
            "legal Alhambra.", len(layers) - 1).format(n=len(layers) - 1, tiles=tiles)
    return steps + [SearchStep(_("Done"), done, reached, missed=missed, edges=edges)]


def _flood_words(k: int, layer: Sequence[Cell], total: int) -> tuple[str, str]:
    n = len(layer)
    if k == 0:
        text = ngettext("The flood starts on the border of the bounding box grown by one cell: "
                        "{n} empty cell, outside the Alhambra.",
                        "The flood starts on the border of the bounding box grown by one cell: "
                        "{n} empty cells, all outside the Alhambra.", n).format(n=n)
        return _("Step 0: the border"), text
    text = ngettext("Through their sides (never through a corner), the cells of step {previous} "
                    "flood {n} more empty cell: {cells}. {total} reached.",
                    "Through their sides (never through a corner), the cells of step {previous} "
                    "flood {n} more empty cells: {cells}. {total} reached.", n).format(
        previous=k - 1, n=n, cells=_cells(layer), total=total)
    return _("Step {k}: {cells}").format(
        k=k, cells=counted("{n} empty cell", "{n} empty cells", n)), text


def _flood_steps(alhambra: Alhambra) -> list[SearchStep]:
    layers = flood_layers(alhambra.layout)
    steps, reached = _layer_steps(layers, _flood_words)
    missed = frozenset(enclosed_cells(alhambra.layout))
    ran = counted("{n} step", "{n} steps", len(layers) - 1)
    if missed:
        done = ngettext("The flood stops after {steps}; {n} empty cell never reached: {cells}. "
                        "The Alhambra encloses it: a hole under the enclosed-area rule.",
                        "The flood stops after {steps}; {n} empty cells never reached: {cells}. "
                        "The Alhambra encloses them: a hole under the enclosed-area rule.",
                        len(missed)).format(steps=ran, n=len(missed), cells=_cells(missed))
        if alhambra.hole_rule == "single":
            done += " " + _("This Alhambra follows the single-cell reading "
                            "(hole_rule=\"single\"), which allows it while no empty cell has "
                            "four built side-neighbours.")
    else:
        done = ngettext("The flood stops after {steps}: it reached the {n} empty cell of the "
                        "box. Nothing is enclosed: no hole.",
                        "The flood stops after {steps}: it reached all {n} empty cells of the "
                        "box. Nothing is enclosed: no hole.", len(reached)).format(
            steps=ran, n=len(reached))
    return steps + [SearchStep(_("Done"), done, reached, missed=missed)]
