"""A player's Alhambra: tiles on a networkx grid graph, and the building rules.

The tiles sit on cells (x, y) of the grid (x east, y north), the fountain at (0, 0).
`Alhambra.graph` is a networkx graph whose nodes are the built cells and whose edges
are the *open* shared sides, the ones a person can walk through; reachability from
the fountain is connectivity in that graph.

Placing a tile (RULES.md §6) is legal iff none of these reason codes applies:

============== ==============================================================
occupied       the cell is built (reported alone)
not_adjacent   no side-neighbour is built (reported alone)
walls_mismatch a built side-neighbour's facing side disagrees (wall vs open)
unreachable    no built side-neighbour shares an open side with the tile
hole           building the cell would enclose an empty area
============== ==============================================================

Removing a tile (§7) reports ``empty``, ``fountain``, ``hole`` or ``disconnects``;
exchanging reports ``empty``, ``fountain`` or ``walls_mismatch``.

Camps (Mega Box M8, RULES.md §M8) have their own placement rule, here in one place:

=============== =============================================================
camp_contact    a camp touches a non-camp tile other than with a bastion (the
                camp's wall) against a wall of that tile, or touches another
                camp with a bastion on either side
camp_unanchored (removal) some camp would no longer touch a non-camp tile,
                directly or through a chain of camps
=============== =============================================================

A camp is not walked to nor through: the walking rule (``unreachable``) does not
apply to it, and it is a node without edges of the walking graph, so a tile is
reachable when it is joined to the fountain through open sides of non-camp tiles. A
legal camp never shares an open side with a non-camp tile anyway, so "camps do not
connect others" costs no extra rule. The hole rule applies to camps as to any tile.
For wall points a camp cell counts as empty and its bastions never score
(`alhambra_lib.walls`). All of it sits behind one test, "does the Alhambra hold a
camp, or is a camp being placed?", so the base game runs the code it always ran.

City Walls (M9, RULES.md §M9) and City Gates (M5, RULES.md §M5) plug into the same rules:

================== ==========================================================
overbuilt          (sticks) a side already has a wall, printed or a stick
stick_against_tile (sticks) a side faces a built cell: only sides facing an empty
                   cell keep the layout legal
no_sticks          (sticks) the fountain and camps take no sticks
gate_needless      (a gate) the tile already joins the Alhambra through an open
                   side, or is a camp (camps ignore walking)
gate_side          (a gate) the gate's side is no double wall with a built tile
gated              (removal, exchange) a gate joins this tile to another
================== ==========================================================

A stick is part of its tile (`Tile.sticks`, counted in `Tile.mask`), so every rule
reads it as a printed wall with no extra work. A gate is a pair of side-touching
cells (`Alhambra.gates`): the walking graph has an edge there (attribute
``gate=True``) though both sides are walls; it is placed only with a new tile
(``place(tile, cell, gate=side)``) that touches the Alhambra only through double
walls, every other rule still applying. The gated double wall is internal, so wall
points do not change. The base game pays one emptiness test of the gates per change.

Examples
--------
>>> from alhambra_lib import Alhambra, Tile
>>> a = Alhambra()
>>> a.place(Tile("tower", 9, "NE"), (1, 0))
>>> a.check(Tile("garden", 8, ""), (2, 0)).reasons
('walls_mismatch', 'unreachable')
>>> sorted(a.legal_positions(Tile("garden", 10, "W")))
[(-1, 0), (0, -1), (0, 1), (1, -1)]
>>> a.longest_wall()
2

Notes
-----
Speed without losing the graph: besides the networkx graph, the Alhambra keeps the
*frontier* (empty cells with a built side-neighbour) and, per frontier cell, three
small facts that decide every placement there: which sides have a built neighbour,
which of those neighbours have a wall facing the cell, and whether building the
cell would make a hole. A change only touches the facts of cells near it, so they
are dropped there and recomputed on the next query; a legal-cell query is then one
bit test per frontier cell. The hole fact uses the local test of
`alhambra_lib.holes.closes_area`, exact on legal Alhambras; the tests compare it
with the flood fill of `alhambra_lib.holes.enclosed_cells`. (With camps a legal
Alhambra is still one side-connected piece, every camp being anchored to a walked-to
tile, which is all the local test needs.) With camps, the sides facing a camp are not
cached: a query gathers them from the camps (a game has 8 at most), O(camps + frontier).

The walking graph itself is kept as a plain adjacency dict (``{cell: {neighbour:
gated}}``), which the rules read; `Alhambra.graph`, the networkx graph the notebooks
teach, is built from it when first read and kept in step from then on. So `copy`
copies plain dicts and sets only (a search copies a game thousands of times), and a
copy builds its graph only if someone looks; the tests compare the derived graph with
one built from the layout by the definition.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import networkx as nx

from .cellbits import CellBits
from .components import FOUNTAIN, FOUNTAIN_KIND, KINDS, Tile
from .errors import IllegalPlacement, InvalidInput, brief
from .i18n import N_
from .grid import (
    BIT,
    OPPOSITE,
    SIDES,
    Cell,
    Corner,
    Segment,
    check_cell,
    side_neighbour,
    side_neighbours,
)
from .holes import RING_RUNS, enclosed_cells, makes_single_hole, ring_mask
from .reach import cut_cells_reached, unreachable_cells
from .walls import WallGraph

__all__ = ["Alhambra", "IllegalPlacement", "Verdict", "REASONS", "HOLE_RULES", "stick_reasons",
           "gate_pair"]

#: The hole rules: the official enclosed-area rule and the literal single-cell reading.
HOLE_RULES = ("enclosed", "single")

#: Every reason code, in words, for explanations.
REASONS = {
    "occupied": N_("the cell already holds a tile"),
    "not_adjacent": N_("the cell shares no whole side with the Alhambra (a corner is not "
                       "enough)"),
    "walls_mismatch": N_("a side of the tile would touch a neighbour's side that disagrees "
                         "(a wall against an open side)"),
    "unreachable": N_("no open side joins it to a neighbour, so it cannot be walked to "
                      "from the fountain"),
    "hole": N_("it would leave an empty area enclosed by the Alhambra"),
    "empty": N_("there is no tile on that cell"),
    "fountain": N_("the fountain never moves"),
    "disconnects": N_("some tile could no longer be walked to from the fountain"),
    "camp_contact": N_("a camp may touch a non-camp tile only with a bastion against a wall "
                       "of that tile, and another camp only by sides without a bastion"),
    "camp_unanchored": N_("some camp would no longer touch a non-camp tile with a bastion "
                          "against a wall, directly or through a chain of camps"),
    "overbuilt": N_("a stick never goes on a side that already has a wall (printed or a stick)"),
    "stick_against_tile": N_("a stick only goes on a side facing an empty cell (against a "
                             "tile it would break the walls rule)"),
    "no_sticks": N_("the fountain and camps take no sticks"),
    "gate_needless": N_("a gate only joins a tile that touches the Alhambra through double "
                        "walls alone (this one joins it through an open side, or is a camp)"),
    "gate_side": N_("a gate goes on a double wall: that side of the tile and of a built "
                    "neighbour (not a camp) must both be walls"),
    "gated": N_("a gate joins this tile to another: they can no longer be moved"),
}

#: The kind of the Camps module's tiles (RULES.md §M8); their walls are their bastions.
CAMP = "camp"
# Whether a tile fits by the camp rule, per (walls, built sides, facing walls, camp
# sides, is a camp) packed in 17 bits: 0 not worked out yet, 1 no, 2 yes.
_CAMP_FITS = bytearray(1 << 17)

_ORIGIN = (0, 0)
_BITS = tuple(BIT[side] for side in SIDES)
_FACING_BITS = tuple(BIT[OPPOSITE[side]] for side in SIDES)
# The cells whose cached placement facts a change at a cell can alter: the eight
# around it for the ring-based hole test, everything within two steps for the
# single-cell test (it looks at the neighbours of the neighbours).
_NEAR = {
    "enclosed": tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)),
    "single": tuple((dx, dy) for dx in range(-2, 3) for dy in range(-2, 3)
                    if abs(dx) + abs(dy) <= 2),
}


@dataclass(frozen=True)
class Verdict:
    """The answer to "may this be done here?": ``ok`` and the ``reasons`` against it."""

    ok: bool
    reasons: tuple = ()

    def __bool__(self) -> bool:
        return self.ok

    def explain(self) -> str:
        """The reasons in words, one sentence, or ``"legal"``."""
        if self.ok:
            return "legal"
        return "; ".join(REASONS[r] for r in self.reasons)


_LEGAL = Verdict(True, ())


def _copy_attribute(value: Any) -> Any:
    """An attribute's value for a copy (`Alhambra.copy`): containers of values copied one
    level deep, objects with a ``copy`` method (the walls) by it, the rest (numbers,
    strings, tuples and frozen sets, the cached facts) shared."""
    if isinstance(value, (dict, set, list)) or (
            callable(getattr(value, "copy", None)) and not isinstance(value, frozenset)):
        return value.copy()
    return value


#: The attributes an Alhambra's copy does not take by `_copy_attribute`.
_ATTRIBUTE_COPIES = {
    "_adj": lambda adj: {cell: dict(others) for cell, others in adj.items()},
    "_view": lambda view: None,  # a view of the copy's own layout, made afterwards
    "_graph": lambda graph: None,  # built from `_adj` when the copy's is first read
}


def gate_pair(cell: Cell, side: str) -> tuple[Cell, Cell]:
    """The gate on `side` of `cell` as the pair of cells it joins, lower cell first.

    Examples
    --------
    >>> gate_pair((1, 0), "W"), gate_pair((0, 0), "E")
    (((0, 0), (1, 0)), ((0, 0), (1, 0)))
    """
    low, high = sorted(((cell[0], cell[1]), side_neighbour(cell, side)))
    return low, high


def stick_reasons(tile: Tile, sides: Iterable[str]) -> list[str]:
    """The reasons against laying sticks on `sides` of `tile`, wherever it lies
    (``overbuilt``, ``no_sticks``); an Alhambra adds the facing cells' (§M9)."""
    reasons = []
    if tile.kind in (FOUNTAIN_KIND, CAMP):
        reasons.append("no_sticks")
    if any(tile.has_wall(side) for side in sides):
        reasons.append("overbuilt")
    return reasons


def _check_sides(sides: Iterable[str]) -> None:
    """Raise `InvalidInput` unless `sides` names sides of a tile (N, E, S, W)."""
    if not (isinstance(sides, (str, tuple, list, frozenset, set)) and sides
            and all(isinstance(s, str) and s in SIDES for s in sides)):
        raise InvalidInput(f"sticks go on sides N, E, S or W, got {brief(sides)}")


def _check_tile(tile: object) -> Tile:
    if not isinstance(tile, Tile):
        raise InvalidInput(f"expected a Tile, got {type(tile).__name__}: {brief(tile)}")
    if tile.kind == FOUNTAIN_KIND:
        raise ValueError("the fountain is the start tile at (0, 0); it is never placed")
    return tile


class Alhambra:
    """One player's Alhambra: the fountain at (0, 0) and every tile built onto it.

    Parameters
    ----------
    hole_rule : {"enclosed", "single"}
        ``"enclosed"`` (the rule, default) forbids any enclosed empty area;
        ``"single"`` only an empty cell with four built side-neighbours.

    Attributes
    ----------
    graph : networkx.Graph
        Built cells as nodes (attribute ``tile``), open shared sides as edges (a gate's
        with ``gate=True``); kept up to date, treat it as read-only. The rules read a
        plain adjacency dict with the same edges; the graph is built from it when first
        read (a copy builds its own only then) and kept in step afterwards. The engine's
        listings (`placement_cells`, `exchange_cells`, `removable_cells`) are made from
        bit sets of the layout (`alhambra_lib.cellbits.CellBits`), kept in step too once
        first asked; the tests compare them with the graph's answers.
    """

    def __init__(self, hole_rule: str = "enclosed") -> None:
        if hole_rule not in HOLE_RULES:
            raise ValueError(f"unknown hole_rule {hole_rule!r}: expected 'enclosed' or 'single'")
        self.hole_rule = hole_rule
        self._layout: dict[Cell, Tile] = {}
        self._view = MappingProxyType(self._layout)
        # the walking graph: cell -> {neighbour: whether through a gate}
        self._adj: dict[Cell, dict[Cell, bool]] = {}
        self._graph: nx.Graph | None = None  # the networkx graph, built from _adj when first read
        self._frontier: dict[Cell, int] = {}  # empty cell -> number of built side-neighbours
        # frontier cell -> (built sides, facing walls, makes a hole)
        self._facts: dict[Cell, tuple[int, int, bool]] = {}
        self._walls = WallGraph()
        # cells changed since the walls were last told (`_wall_graph`): the engine
        # changes a layout many times between scorings
        self._wall_dirty: set[Cell] = set()
        self._counts = dict.fromkeys(KINDS, 0)
        self._camps: set[Cell] = set()  # cells holding a camp: empty in the base game
        self._gates: set[tuple[Cell, Cell]] = set()  # gate pairs (§M5): empty in the base game
        # (cells that may be emptied, facts per built cell), per layout
        self._redesign: tuple | None = None
        # the walking graph's cut cells, kept while known; None: unknown
        self._cut: frozenset[Cell] | None = None
        # (cut cells, grid offset, their bits): `removable_bits` of the kept cut cells
        self._cut_bits: tuple[frozenset[Cell], int, int] | None = None
        # the engine's sorted listings, per layout (`placement_cells`)
        self._listing: dict[Hashable, Any] = {}
        # built cell -> (`_side_facts`, camp sides), dropped near changes
        self._built_facts: dict[Cell, tuple] = {}
        # the layout as `CellBits`, kept up to date once the listings ask
        self._bits: CellBits | None = None
        self.version = 0  # grows with every change: lets callers cache per layout
        self._add(_ORIGIN, FOUNTAIN)
        self._cut = frozenset()  # the fountain alone

    # -- reading -----------------------------------------------------------------

    @property
    def graph(self) -> nx.Graph:
        """The walking graph as networkx: built cells (attribute ``tile``) and the open
        shared sides, a gate's edge with ``gate=True`` (see the class docstring).

        Examples
        --------
        >>> a = Alhambra()
        >>> a.place(Tile("tower", 9, "NE"), (1, 0))
        >>> sorted(a.graph.edges()), a.graph.nodes[(1, 0)]["tile"]
        ([((0, 0), (1, 0))], Tile('tower', 9, 'NE'))
        """
        if self._graph is None:
            graph = nx.Graph()
            graph.add_nodes_from((cell, {"tile": tile}) for cell, tile in self._layout.items())
            graph.add_edges_from((cell, other, {"gate": True} if gated else {})
                                 for cell, others in self._adj.items()
                                 for other, gated in others.items())
            self._graph = graph
        return self._graph

    @property
    def layout(self) -> Mapping[Cell, Tile]:
        """Read-only mapping ``(x, y) -> Tile`` of every built tile, the fountain included."""
        return self._view

    def counts(self) -> dict[str, int]:
        """Number of tiles of each of the six kinds (the fountain is not counted)."""
        return dict(self._counts)

    def frontier(self) -> frozenset[Cell]:
        """The empty cells that share a side with a built cell: where tiles can go."""
        return frozenset(self._frontier)

    def longest_wall(self) -> int:
        """Wall points: the number of segments in the longest external wall."""
        return (self._wall_graph() if self._wall_dirty else self._walls).length()

    def longest_wall_path(self) -> list[Corner]:
        """Corner points (x, y) along a longest external wall; ``[]`` when there is none."""
        return list(self._wall_graph().path())

    def wall_segments(self) -> set[Segment]:
        """The external wall segments, each a pair of corners, lower-left first."""
        return self._wall_graph().segments()

    def wall_graph(self) -> nx.Graph:
        """The external walls as a networkx graph of corners (a fresh copy, for teaching)."""
        return nx.Graph((a, b) for a, b in self._wall_graph().segments())

    def _wall_graph(self) -> WallGraph:
        """The `WallGraph`, told first of the cells changed since it was last asked.

        A change is told at once while the walls are asked after every change or two
        (`WallGraph.unasked`: a player placing and looking), else gathered here until
        they are asked (the engine's redesigns between scorings).
        """
        if self._wall_dirty:
            self._walls.cells_changed(self._wall_dirty, self._layout)
            self._wall_dirty.clear()
        return self._walls

    def __len__(self) -> int:
        return len(self._layout)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Alhambra):
            return NotImplemented
        return (self.hole_rule == other.hole_rule and self._layout == other._layout
                and self._gates == other._gates)

    # Mutable, so unhashable (equal layouts compare equal); typeshed spells it the same way.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Alhambra: {len(self._layout) - 1} tiles, wall {self.longest_wall()}"
                f"{', hole_rule=single' if self.hole_rule == 'single' else ''}>")

    def _repr_mimebundle_(self, include: object = None,
                          exclude: object = None) -> dict[str, str | bytes]:
        from .display import mimebundle
        from .svg import alhambra_svg

        return mimebundle(self, alhambra_svg)

    # -- placement -----------------------------------------------------------------

    def _side_facts(self, cell: Cell) -> tuple[int, int]:
        """Bit masks: sides of `cell` with a built neighbour, and those facing its wall."""
        # Written out, N, E, S, W (bits 1, 2, 4, 8; the facing side's bit 4, 8, 1, 2):
        # every placement and redesign listing asks this of the cells near a change.
        get = self._layout.get
        x, y = cell
        built = facing = 0
        tile = get((x, y + 1))
        if tile is not None:
            built, facing = 1, tile.mask >> 2 & 1
        tile = get((x + 1, y))
        if tile is not None:
            built |= 2
            facing |= tile.mask >> 2 & 2
        tile = get((x, y - 1))
        if tile is not None:
            built |= 4
            facing |= tile.mask << 2 & 4
        tile = get((x - 1, y))
        if tile is not None:
            built |= 8
            facing |= tile.mask << 2 & 8
        return built, facing

    def _placement_facts(self, cell: Cell) -> tuple[int, int, bool]:
        """(sides with a built neighbour, those whose neighbour has a facing wall, hole)."""
        built, facing = self._side_facts(cell)
        if self.hole_rule == "enclosed":
            hole = RING_RUNS[ring_mask(cell, self._layout)] > 1
        else:
            hole = makes_single_hole(cell, self._layout)
        return built, facing, hole

    def _facts_of(self, cell: Cell) -> tuple[int, int, bool]:
        facts = self._facts.get(cell)
        if facts is None:
            facts = self._facts[cell] = self._placement_facts(cell)
        return facts

    def check(self, tile: Tile, cell: Cell, gate: str | None = None) -> Verdict:
        """May `tile` be placed on `cell`? Returns a `Verdict` with every reason against.

        `gate` (City Gates, §M5): place it with a gate on that side of the tile.

        Examples
        --------
        >>> a = Alhambra()
        >>> a.check(Tile("garden", 8, "E"), (-1, 0))
        Verdict(ok=False, reasons=('walls_mismatch', 'unreachable'))
        >>> a.check(Tile("garden", 8, "W"), (-1, 0))
        Verdict(ok=True, reasons=())
        >>> a.check(Tile("garden", 8, "E"), (5, 5)).reasons
        ('not_adjacent',)
        >>> a.place(Tile("tower", 9, "S"), (0, -1))
        >>> a.check(Tile("garden", 8, "N"), (0, -2)).reasons
        ('unreachable',)
        >>> a.check(Tile("garden", 8, "N"), (0, -2), gate="N")
        Verdict(ok=True, reasons=())
        """
        tile, cell = _check_tile(tile), check_cell(cell)
        if cell in self._layout:
            return Verdict(False, ("occupied",))
        if cell not in self._frontier:
            return Verdict(False, ("not_adjacent",))
        built, facing, hole = self._facts_of(cell)
        if self._camps or tile.kind == CAMP:
            reasons = self._camp_reasons(tile, built, facing, self._camp_sides(cell))
        else:
            mask = tile.mask
            reasons = []
            if (mask ^ facing) & built:
                reasons.append("walls_mismatch")
            if not built & ~mask & ~facing:
                reasons.append("unreachable")
        if gate is not None:
            self._gate_reasons(tile, cell, gate, reasons)
        if hole:
            reasons.append("hole")
        return Verdict(False, tuple(reasons)) if reasons else _LEGAL

    # -- city gates (RULES.md §M5) -----------------------------------------------------

    def _gate_reasons(self, tile: Tile, cell: Cell, gate: str, reasons: list[str]) -> None:
        """Turn the side reasons of placing `tile` on `cell` into those with a gate on
        its side `gate`: the gate stands for ``unreachable``, never for another reason."""
        if gate not in BIT:
            raise ValueError(f"a gate is on a side N, E, S or W, got {gate!r}")
        if "unreachable" not in reasons:  # a camp never is: camps ignore walking
            reasons.append("gate_needless")
            return
        reasons.remove("unreachable")
        other = self._layout.get(side_neighbour(cell, gate))
        if (other is None or other.kind == CAMP or not tile.has_wall(gate)
                or not other.has_wall(OPPOSITE[gate])):
            reasons.append("gate_side")

    def gates(self) -> frozenset[tuple[Cell, Cell]]:
        """The gates (§M5), each the pair of cells it joins, lower cell first."""
        return frozenset(self._gates)

    def _gated_cells(self) -> set[Cell]:
        return {cell for pair in self._gates for cell in pair}

    def gate_positions(self, tile: Tile) -> set[tuple[Cell, str]]:
        """The ``(cell, side)`` where `tile` may be placed with a gate on that side (§M5).

        A tile needs a gate where its only reason against is ``unreachable``: it then
        matches every neighbour wall for wall, so each side facing a built non-camp
        tile is a double wall. O(frontier), asked only by a player holding a gate card.

        Examples
        --------
        >>> a = Alhambra()
        >>> a.place(Tile("tower", 9, "S"), (0, -1))
        >>> sorted(a.gate_positions(Tile("garden", 8, "N")))
        [((0, -2), 'N')]
        """
        _check_tile(tile)
        layout = self._layout
        found = set()
        for cell in self._frontier:
            if self.check(tile, cell).reasons == ("unreachable",):
                for side, neighbour in zip(SIDES, side_neighbours(cell)):
                    other = layout.get(neighbour)
                    if other is not None and other.kind != CAMP:
                        found.add((cell, side))
        return found

    # -- city walls (RULES.md §M9) -----------------------------------------------------

    def check_sticks(self, cell: Cell, sides: Iterable[str]) -> Verdict:
        """May sticks go on `sides` of the tile on `cell`? Returns a `Verdict` (§M9).

        Examples
        --------
        >>> a = Alhambra()
        >>> a.place(Tile("tower", 9, "N"), (1, 0))
        >>> a.check_sticks((1, 0), "E"), a.check_sticks((1, 0), "NW").reasons
        (Verdict(ok=True, reasons=()), ('overbuilt', 'stick_against_tile'))
        """
        cell = check_cell(cell)
        _check_sides(sides)
        tile = self._layout.get(cell)
        if tile is None:
            return Verdict(False, ("empty",))
        reasons = self._stick_reasons_at(cell, tile, sides)
        return Verdict(False, tuple(reasons)) if reasons else _LEGAL

    def _stick_reasons_at(self, cell: Cell, tile: Tile, sides: Iterable[str]) -> list[str]:
        """`stick_reasons` of `tile` on `cell` and the facing cells' (no input checks)."""
        reasons = stick_reasons(tile, sides)
        if any(side_neighbour(cell, side) in self._layout for side in sides):
            reasons.append("stick_against_tile")
        return reasons

    def add_sticks(self, cell: Cell, sides: Iterable[str]) -> None:
        """Lay sticks on `sides` of the tile on `cell` (they face empty cells, so every
        rule still holds); raises `IllegalPlacement` and changes nothing if refused."""
        verdict = self.check_sticks(cell, sides)
        if not verdict.ok:
            raise IllegalPlacement(f"cannot lay sticks on {''.join(sides)} at {tuple(cell)}: "
                                   f"{verdict.explain()}", verdict.reasons)
        cell = check_cell(cell)
        self._replace(cell, self._layout[cell].with_sticks(sides))

    def legal_positions(self, tile: Tile) -> set[Cell]:
        """The set of cells where `tile` may be placed.

        Notes
        -----
        One bit test per frontier cell on facts cached since the last change near it:
        O(frontier) per query, O(1) work per change.
        """
        mask = _check_tile(tile).mask
        facts_of = self._facts_of
        if self._camps or tile.kind == CAMP:
            return self._legal_among_camps(tile)
        legal = set()
        for cell in self._frontier:
            built, facing, hole = facts_of(cell)
            if not hole and not (mask ^ facing) & built and built & ~mask & ~facing:
                legal.add(cell)
        return legal

    def _open_cells(self) -> tuple[tuple[Cell, int, int, int], ...]:
        """``(cell, built sides, facing walls, camp sides)`` of the frontier cells where
        building makes no hole, in cell order, kept until the layout changes."""
        rows = self._listing.get("open")
        if rows is None:
            camp_sides = self._empty_camp_sides() if self._camps else {}
            facts, facts_of = self._facts, self._facts_of
            rows = []
            for cell in self._frontier:
                # most facts are kept (only those near the change were dropped)
                built, facing, hole = facts.get(cell) or facts_of(cell)
                if not hole:
                    rows.append((cell, built, facing, camp_sides.get(cell, 0)))
            rows.sort()  # by cell (each cell once): the listings come out sorted
            rows = self._listing["open"] = tuple(rows)
        return rows

    # -- camps (RULES.md §M8) ---------------------------------------------------------

    def camps(self) -> frozenset[Cell]:
        """The cells holding a camp (Mega Box M8)."""
        return frozenset(self._camps)

    def _camp_sides(self, cell: Cell) -> int:
        """Bit mask of the sides of `cell` whose neighbour is a camp."""
        layout = self._layout
        sides = 0
        for bit, neighbour in zip(_BITS, side_neighbours(cell)):
            other = layout.get(neighbour)
            if other is not None and other.kind == CAMP:
                sides |= bit
        return sides

    @staticmethod
    def _camp_reasons(tile: Tile, built: int, facing: int, camp_sides: int) -> list[str]:
        """The side reasons against `tile` on a cell whose built, facing-wall and camp
        sides are these masks (camps anywhere near): every side but the hole.

        A camp: each non-camp side needs its bastion against the neighbour's wall, each
        camp side no bastion on either side (``camp_contact``); it need not be walked to.
        Any other tile: the base rules on its non-camp sides (``walls_mismatch``,
        ``unreachable``, where only those sides can join it to the fountain), and its wall
        against a bastion on every camp side (``camp_contact``).
        """
        mask = tile.mask
        solid = built & ~camp_sides
        reasons = []
        if tile.kind == CAMP:
            if solid & ~(mask & facing) or camp_sides & (mask | facing):
                reasons.append("camp_contact")
            return reasons
        if (mask ^ facing) & solid:
            reasons.append("walls_mismatch")
        if not solid & ~mask & ~facing:
            reasons.append("unreachable")
        if camp_sides & ~(mask & facing):
            reasons.append("camp_contact")
        return reasons

    @staticmethod
    def _camp_fits(tile: Tile, built: int, facing: int, camp_sides: int) -> bool:
        """``not _camp_reasons(...)``, looked up: the answer depends on five small masks
        only, so each combination is worked out once per process (`_CAMP_FITS`)."""
        is_camp = tile.kind == CAMP
        index = (((tile.mask << 4 | built) << 4 | facing) << 4 | camp_sides) << 1 | is_camp
        known = _CAMP_FITS[index]
        if not known:
            known = _CAMP_FITS[index] = 1 if Alhambra._camp_reasons(
                tile, built, facing, camp_sides) else 2
        return known == 2

    def _anchored(self, gone: Cell | None = None) -> bool:
        """Whether every camp (but one on `gone`) touches a non-camp tile other than
        `gone`, directly or through a chain of side-touching camps.

        On a legal Alhambra a camp touches a non-camp tile only bastion against wall,
        so touching is enough. A search over the camps, O(camps).
        """
        layout = self._layout
        camps = self._camps - {gone}
        reached = [c for c in camps if any(
            n != gone and n in layout and layout[n].kind != CAMP for n in side_neighbours(c))]
        seen = set(reached)
        while reached:
            for n in side_neighbours(reached.pop()):
                if n in camps and n not in seen:
                    seen.add(n)
                    reached.append(n)
        return len(seen) == len(camps)

    def _unanchoring(self) -> frozenset[Cell]:
        """The cells whose removal would leave some camp unanchored (camps and their
        non-camp neighbours are the only candidates).

        A non-camp tile unanchors a chain of side-touching camps when it is the only
        tile the chain touches: one pass over the chains answers for all of them, and
        only the camps themselves take the search of `_anchored`.
        """
        layout, camps = self._layout, self._camps
        unanchoring, seen = set(), set()
        for start in camps:
            if start in seen:
                continue
            seen.add(start)
            anchors, todo = set(), [start]
            while todo:
                for n in side_neighbours(todo.pop()):
                    if n in camps:
                        if n not in seen:
                            seen.add(n)
                            todo.append(n)
                    elif n in layout:
                        anchors.add(n)
            if not anchors:  # not a legal Alhambra: every candidate, the plain way
                near = set(camps)
                near.update(n for c in camps for n in side_neighbours(c) if n in layout)
                return frozenset(c for c in near if c != _ORIGIN and not self._anchored(c))
            if len(anchors) == 1:
                unanchoring |= anchors
        unanchoring.discard(_ORIGIN)
        unanchoring.update(self._unanchoring_camps())
        return frozenset(unanchoring)

    def _unanchoring_kept(self) -> frozenset[Cell]:
        """`_unanchoring`, kept until the layout changes: a removal is listed, checked
        and made on the same layout."""
        cells = self._listing.get("unanchoring")
        if cells is None:
            cells = self._listing["unanchoring"] = self._unanchoring()
        return cells

    def _unanchoring_camps(self) -> list[Cell]:
        """The camps whose removal would leave another camp unanchored: `_anchored` for
        each camp, with every camp's neighbours looked up once (a legal Alhambra)."""
        layout, camps = self._layout, self._camps
        anchored, joined = set(), {}
        for camp in camps:
            near = side_neighbours(camp)
            if any(n in layout and n not in camps for n in near):
                anchored.add(camp)
            joined[camp] = [n for n in near if n in camps]
        found = []
        for gone in camps:
            reached = [c for c in anchored if c != gone]
            seen = set(reached)
            while reached:
                for n in joined[reached.pop()]:
                    if n != gone and n not in seen:
                        seen.add(n)
                        reached.append(n)
            if len(seen) < len(camps) - 1:
                found.append(gone)
        return found

    def _empty_camp_sides(self) -> dict[Cell, int]:
        """``{empty cell: bit mask of its sides facing a camp}``, gathered from the camps
        (8 at most) rather than cell by cell."""
        layout = self._layout
        camp_sides: dict[Cell, int] = {}
        for cell in self._camps:
            for bit, neighbour in zip(_FACING_BITS, side_neighbours(cell)):
                if neighbour not in layout:
                    camp_sides[neighbour] = camp_sides.get(neighbour, 0) | bit
        return camp_sides

    def _legal_among_camps(self, tile: Tile) -> set[Cell]:
        # `legal_positions` when camps are concerned: the camp sides of the empty cells
        # are gathered from the camps (8 at most), then a cell touching no camp takes
        # the base test (for a building) and the others the camp rule.
        camp_sides = self._empty_camp_sides()
        mask = tile.mask
        is_camp = tile.kind == CAMP
        fits = self._camp_fits
        facts_of = self._facts_of
        legal = set()
        for cell in self._frontier:
            built, facing, hole = facts_of(cell)
            if hole:
                continue
            sides = camp_sides.get(cell, 0)
            if sides or is_camp:
                if fits(tile, built, facing, sides):
                    legal.add(cell)
            elif not (mask ^ facing) & built and built & ~mask & ~facing:
                legal.add(cell)
        return legal

    def place(self, tile: Tile, cell: Cell, gate: str | None = None) -> None:
        """Build `tile` on `cell` (with a gate on its side `gate`, §M5); raises
        `IllegalPlacement` and changes nothing if illegal."""
        verdict = self.check(tile, cell, gate)
        if not verdict.ok:
            raise IllegalPlacement(f"cannot place {tile} at {tuple(cell)}: {verdict.explain()}",
                                   verdict.reasons)
        self._build(check_cell(cell), tile, gate)

    def _build(self, cell, tile, gate=None):
        """`place` without its check: the engine has checked the action already."""
        if gate is not None:
            self._gates.add(gate_pair(cell, gate))
        self._add(cell, tile)

    # -- redesign ------------------------------------------------------------------

    def check_removal(self, cell: Cell) -> Verdict:
        """May the tile on `cell` be moved to the reserve? Returns a `Verdict`.

        Notes
        -----
        ``hole``: the vacated cell would have four built side-neighbours (on a legal
        Alhambra an empty neighbour already reaches the outside). ``disconnects``: the
        cell is an articulation point of the walking graph, found once per layout by
        networkx's depth-first search in O(tiles).
        """
        cell = check_cell(cell)
        if cell not in self._layout:
            return Verdict(False, ("empty",))
        if cell == _ORIGIN:
            return Verdict(False, ("fountain",))
        reasons = []
        if all(n in self._layout for n in side_neighbours(cell)):
            reasons.append("hole")
        if cell in self._cut_cells():
            reasons.append("disconnects")
        if self._camps and cell in self._unanchoring_kept():
            reasons.append("camp_unanchored")
        if self._gates and cell in self._gated_cells():
            reasons.append("gated")
        return Verdict(False, tuple(reasons)) if reasons else _LEGAL

    def _redesign_facts(self, keep: bool = False) -> tuple:
        """(cut cells, removable cells, exchange groups, cells whose removal would unanchor
        a camp, rows, removable cells sorted); the groups map ``(built sides, facing
        walls, camp sides)`` of a movable building tile to the cells that share them, the
        rows are ``(cell, built sides, facing walls, camp sides)`` of those cells, sorted.

        Computed in one pass over the built cells once per layout, so that a game
        listing every redesign pays O(tiles) once rather than per cell and per tile, and
        an exchange test is one bit test per group (a handful) rather than per cell. The
        pass goes in cell order, so the engine's listings come out sorted.
        """
        if self._redesign is None:
            cut = self._cut_cells()
            gated = self._gated_cells() if self._gates else ()  # never move (§M5)
            unanchoring = self._unanchoring_kept() if self._camps else frozenset()
            removable: list = []
            groups: dict = {}
            rows: list = []
            # The engine's listings (`keep`) keep each built cell's facts across changes
            # (dropped near each change); a lone check does not pay for keeping them.
            known = self._built_facts if keep or self._built_facts else {}
            for cell in sorted(self._layout):
                if cell == _ORIGIN or cell in gated:
                    continue
                key = known.get(cell)  # (built sides, facing walls, camp sides)
                if key is None:
                    key = known[cell] = (*self._side_facts(cell),
                                         self._camp_sides(cell) if self._camps else 0)
                # 15: four built neighbours, a hole
                if key[0] != 15 and cell not in cut and cell not in unanchoring:
                    removable.append(cell)
                groups.setdefault(key, []).append(cell)
                rows.append((cell, *key))
            # Values only (the groups as pairs of tuples): a copy may share the cache.
            self._redesign = (cut, frozenset(removable),
                              tuple((key, tuple(cells)) for key, cells in groups.items()),
                              unanchoring, tuple(rows), tuple(removable))
        return self._redesign

    def _cut_cells(self) -> frozenset[Cell]:
        """The walking graph's cut cells (articulation points), kept across changes
        while known (`_cut_after_add`)."""
        cut = self._cut
        if cut is None:  # the plain adjacency: no graph built on the hot path
            cut_set, reached = cut_cells_reached(self._adj)
            cut = frozenset(cut_set)
            # kept for the next changes only when every walked tile is reached: the
            # updates of `_cut_after_add` hold for a connected graph
            self._cut = cut if reached == len(self._adj) - len(self._camps) else None
        return cut

    def removable_positions(self) -> set[Cell]:
        """The set of cells whose tile may be moved to the reserve (cached per layout)."""
        return set(self._redesign_facts()[1])

    def remove(self, cell: Cell) -> Tile:
        """Move the tile on `cell` out (to the reserve) and return it."""
        verdict = self.check_removal(cell)
        if not verdict.ok:
            raise IllegalPlacement(f"cannot remove the tile at {tuple(cell)}: "
                                   f"{verdict.explain()}", verdict.reasons)
        return self._take(check_cell(cell))

    def check_exchange(self, tile: Tile, cell: Cell) -> Verdict:
        """May reserve `tile` take the exact cell of the tile on `cell`? Returns a `Verdict`.

        Notes
        -----
        Only the walls matter: the built cells stay the same, so no hole can appear,
        and as both tiles match every neighbour the open sides stay open (RULES.md §7).

        With camps (RULES.md §M8) the incoming tile meets the camp rule on every side as
        if placed there, and a non-camp tile must be reachable through its non-camp
        sides. A camp can then only replace a camp (a tile it replaced would have had no
        open side, so could not have been walked to), with bastions exactly on the same
        built sides, and a non-camp tile only a non-camp tile: which cells are camps and
        which touch stays the same, so every camp stays anchored.
        """
        tile, cell = _check_tile(tile), check_cell(cell)
        if cell not in self._layout:
            return Verdict(False, ("empty",))
        if cell == _ORIGIN:
            return Verdict(False, ("fountain",))
        built, facing = self._side_facts(cell)
        if self._camps or tile.kind == CAMP:
            reasons = self._camp_reasons(tile, built, facing, self._camp_sides(cell))
        else:
            reasons = ["walls_mismatch"] if (tile.mask ^ facing) & built else []
        if self._gates and cell in self._gated_cells():
            reasons.append("gated")
        return Verdict(False, tuple(reasons)) if reasons else _LEGAL

    def exchange_positions(self, tile: Tile) -> set[Cell]:
        """The set of cells where reserve `tile` may be exchanged in."""
        mask = _check_tile(tile).mask
        groups = self._redesign_facts(keep=True)[2]
        if self._camps or tile.kind == CAMP:
            fits = self._camp_fits
            return {cell for (built, facing, sides), cells in groups
                    if fits(tile, built, facing, sides) for cell in cells}
        return {cell for (built, facing, _), cells in groups
                if not (mask ^ facing) & built for cell in cells}

    def exchange(self, tile: Tile, cell: Cell) -> Tile:
        """Put reserve `tile` on `cell` in place of the tile there, and return that tile."""
        verdict = self.check_exchange(tile, cell)
        if not verdict.ok:
            raise IllegalPlacement(f"cannot exchange {tile} in at {tuple(cell)}: "
                                   f"{verdict.explain()}", verdict.reasons)
        cell = check_cell(cell)
        return self._replace(cell, tile)

    def _replace(self, cell: Cell, tile: Tile) -> Tile:
        """Put `tile` on `cell` in place of the tile there (checked: it matches every
        neighbour, so the walking graph keeps its edges and its cut cells) and return
        the tile taken."""
        layout = self._layout
        old = layout[cell]
        if CAMP in (old.kind, tile.kind):  # the camps' own bookkeeping: out, then in
            cut = self._cut
            self._take(cell)
            self._add(cell, tile)
            self._cut = cut
            return old
        # Two buildings with the same walls on every built side: the walking graph, the
        # frontier and the cut cells stay; the walls, the counts and the facts near the
        # cell change.
        layout[cell] = tile
        if self._bits is not None:
            self._bits.remove(cell)
            self._bits.add(cell, tile.mask)
        if self._graph is not None:
            self._graph.nodes[cell]["tile"] = tile
        counts = self._counts
        if old.kind in counts:
            counts[old.kind] -= 1
        if tile.kind in counts:
            counts[tile.kind] += 1
        self._wall_dirty.add(cell)  # told when the walls are asked (`_wall_graph`)
        self._changed_near(cell)
        return old

    # -- the engine's listings (sorted, cached per layout) ------------------------------

    def _listed(self, key: Hashable, positions: Callable[[], Iterable[Cell]],
                ordered: bool = False) -> tuple[Cell, ...]:
        """`positions()` as a sorted tuple, kept under `key` until the layout changes
        (`ordered`: they come sorted already)."""
        cells = self._listing.get(key)
        if cells is None:
            cells = positions()
            cells = self._listing[key] = tuple(cells if ordered else sorted(cells))
        return cells

    def placement_cells(self, tile: Tile) -> tuple[Cell, ...]:
        """`legal_positions` of `tile` as a sorted tuple, kept until the layout changes.

        Legality depends on the tile only through its walls and whether it is a camp,
        so tiles alike share one listing: the engine lists the placements of every
        reserve tile after every action, and pays once per layout and kind of tile.

        Examples
        --------
        >>> a = Alhambra()
        >>> a.placement_cells(Tile("garden", 10, "W"))
        ((-1, 0), (0, -1), (0, 1))
        """
        is_camp = tile.kind == CAMP
        key = ("place", tile.mask, is_camp)
        cells = self._listing.get(key)
        if cells is None:
            if self.hole_rule != "enclosed":
                cells = self._placements(tile)
            else:
                place = self.fit_bits(tile)[0]
                cells = self.cell_bits().cells(place)
            cells = self._listing[key] = tuple(cells)
        return cells

    def cell_bits(self) -> CellBits:
        """The layout as `CellBits`, kept up to date with it (read only: the bits of
        `fit_bits` and `removable_bits` are cells of its grid).

        Examples
        --------
        >>> a = Alhambra()
        >>> a.place(Tile("garden", 10, "W"), (-1, 0))
        >>> a.cell_bits().cells(a.cell_bits().built)
        [(-1, 0), (0, 0)]
        """
        return self._bit_facts()[0]

    def fit_bits(self, tile: Tile) -> tuple[int, int]:
        """``(place, exchange)``: the cells of `cell_bits` where `tile` may be placed
        (`placement_cells`; with the hole rule ``"enclosed"`` only, else 0) and those
        where it may be exchanged in (`exchange_cells`), kept until the layout changes.

        Examples
        --------
        >>> a = Alhambra()
        >>> place, exchange = a.fit_bits(Tile("garden", 10, "W"))
        >>> a.cell_bits().cells(place), exchange
        ([(-1, 0), (0, -1), (0, 1)], 0)
        """
        is_camp = tile.kind == CAMP
        key = ("fit", tile.mask, is_camp)
        fit = self._listing.get(key)
        if fit is None:
            # placed: the empty cells where it keeps the side rules, is joined, and
            # encloses no area; exchanged in: the built cells where it keeps the side
            # rules (and, among camps, a building is joined: `check_exchange`)
            bits, sides, free, fixed = self._bit_facts()
            refused, joined = bits.against(tile.mask, is_camp, sides)
            exchange = bits.built & ~refused & ~fixed
            if self._camps and not is_camp:
                exchange &= joined
            place = joined & free & ~refused if self.hole_rule == "enclosed" else 0
            fit = self._listing[key] = (place, exchange)
        return fit

    def _bit_facts(self) -> tuple[CellBits, tuple[tuple[int, ...], ...], int, int]:
        """``(bits, sides, free, fixed)``: the layout as `CellBits` (kept up to date once
        built), its `CellBits.sides`, the empty cells where building encloses no area,
        and the built cells whose tile never moves (the fountain, the gated, §M5);
        kept until the layout changes."""
        bits = self._bits
        if bits is None:
            bits = self._bits = CellBits(
                {cell: tile.mask for cell, tile in self._layout.items()}, self._camps)
        known = self._listing.get("bits")  # values only: a copy may share the listings
        if known is None:
            fixed = bits.bit(_ORIGIN)
            if self._gates:
                fixed |= bits.cell_set(self._gated_cells())
            known = self._listing["bits"] = (bits.sides(), ~bits.built & ~bits.enclosing(),
                                             fixed)
        return (bits, *known)

    def _placements(self, tile: Tile) -> list[Cell]:
        """`legal_positions` from `_open_cells`, in cell order: the facts gathered once
        per layout make the queries for a layout's other kinds of tiles one tight loop."""
        mask, is_camp, fits = tile.mask, tile.kind == CAMP, self._camp_fits
        if not (self._camps or is_camp):
            return [cell for cell, built, facing, _ in self._open_cells()
                    if not (mask ^ facing) & built and built & ~mask & ~facing]
        return [cell for cell, built, facing, sides in self._open_cells()
                if (fits(tile, built, facing, sides) if sides or is_camp
                    else not (mask ^ facing) & built and built & ~mask & ~facing)]

    def exchange_cells(self, tile: Tile) -> tuple[Cell, ...]:
        """`exchange_positions` of `tile` as a sorted tuple, kept until the layout changes."""
        key = ("exchange", tile.mask, tile.kind == CAMP)
        cells = self._listing.get(key)
        if cells is None:
            exchange = self.fit_bits(tile)[1]
            cells = self._listing[key] = tuple(self.cell_bits().cells(exchange))
        return cells

    def stick_cells(self, sides: Iterable[str]) -> tuple[Cell, ...]:
        """The cells, sorted, where sticks may go on `sides` (`check_sticks` passes), kept
        until the layout changes: a wall card beside the market is offered every turn."""
        _check_sides(sides)
        # checked once here, not per cell (the listing is redone after every change)
        return self._listed(("sticks", frozenset(sides)), lambda: [
            cell for cell, tile in self._layout.items()
            if not self._stick_reasons_at(cell, tile, sides)])

    def removable_cells(self) -> tuple[Cell, ...]:
        """`removable_positions` as a sorted tuple, kept until the layout changes."""
        cells = self._listing.get("remove")
        if cells is None:
            found = self.removable_bits()
            cells = self._listing["remove"] = tuple(self.cell_bits().cells(found))
        return cells

    def removable_bits(self) -> int:
        """`removable_cells` as cells of `cell_bits`, kept until the layout changes.

        Examples
        --------
        >>> a = Alhambra()
        >>> a.place(Tile("garden", 10, "W"), (-1, 0))
        >>> a.cell_bits().cells(a.removable_bits())
        [(-1, 0)]
        """
        found = self._listing.get("removable")
        if found is None:  # neither a cut cell nor one whose emptying leaves a hole
            # (nor, among camps, one that leaves a camp unanchored)
            bits, _, _, fixed = self._bit_facts()
            cut = self._cut_cells()
            known = self._cut_bits  # the cut cells are kept across most changes
            if known is None or known[0] is not cut or known[1] != bits.off:
                known = self._cut_bits = (cut, bits.off, bits.cell_set(cut))
            stuck = fixed | known[2]
            if self._camps:
                stuck |= bits.cell_set(self._unanchoring_kept())
            found = self._listing["removable"] = bits.built & ~bits.four_sided() & ~stuck
        return found

    # -- state changes (no checks: callers have checked) ---------------------------

    def _changed_near(self, cell: Cell) -> None:
        self.version += 1
        self._redesign = None
        if self._listing:
            self._listing = {}
        facts = self._facts
        x, y = cell
        if facts:  # (the engine's listings read bits: few facts are kept)
            for dx, dy in _NEAR[self.hole_rule]:
                facts.pop((x + dx, y + dy), None)
        if self._built_facts:  # the cell and its side-neighbours
            pop = self._built_facts.pop
            pop(cell, None)
            pop((x + 1, y), None)
            pop((x - 1, y), None)
            pop((x, y + 1), None)
            pop((x, y - 1), None)

    def _add(self, cell: Cell, tile: Tile) -> None:
        layout = self._layout
        layout[cell] = tile
        bits = self._bits
        if bits is not None and not bits.add(cell, tile.mask, tile.kind == CAMP):
            self._bits = None  # outside its grid: a larger one is built when next asked
        adj = self._adj
        joined = adj[cell] = {}
        frontier = self._frontier
        frontier.pop(cell, None)
        kind = tile.kind
        walked = kind != CAMP  # a camp is no part of the walking graph (§M8)
        gates = self._gates
        for side, neighbour in zip(SIDES, side_neighbours(cell)):
            other = layout.get(neighbour)
            if other is None:
                frontier[neighbour] = frontier.get(neighbour, 0) + 1
            elif (walked and not tile.mask & BIT[side] and not other.mask & BIT[OPPOSITE[side]]
                  and other.kind != CAMP):
                joined[neighbour] = adj[neighbour][cell] = False
            elif gates and gate_pair(cell, side) in gates:  # a gated double wall (§M5)
                joined[neighbour] = adj[neighbour][cell] = True
        self._cut_after_add(joined, walked)
        if self._graph is not None:
            self._graph.add_node(cell, tile=tile)
            self._graph.add_edges_from((cell, other, {"gate": True} if gated else {})
                                       for other, gated in joined.items())
        if kind in self._counts:
            self._counts[kind] += 1
        elif not walked:
            self._camps.add(cell)
            self._walls.camps = True
        if self._wall_dirty or self._walls.unasked > 1:  # told when asked (`_wall_graph`)
            self._wall_dirty.add(cell)
        else:
            self._walls.tile_added(cell, layout)
        self._changed_near(cell)

    def _cut_after_add(self, joined: Collection[Cell], walked: bool) -> None:
        """Keep the cut cells known across the addition of a node joined to `joined`
        (they are only kept while the walking graph is connected).

        A camp (no edges, not `walked`) or a leaf changes no other cell's status, and the
        leaf's one neighbour becomes a cut cell (unless it is the fountain, never listed).
        A node joined to two cells or more cuts nothing new (it stays joined without any
        one of them), so no cut cells stay none; otherwise they are recomputed when asked.
        """
        cut = self._cut
        if cut is None or not walked or (len(joined) > 1 and not cut):
            return
        if not joined:  # a walked tile cut off: the graph is no longer connected
            self._cut = None
            return
        if len(joined) == 1:
            (other,) = joined
            self._cut = cut if other == _ORIGIN or other in cut else cut | {other}
        else:
            self._cut = None

    def _cut_after_take(self, joined: Collection[Cell]) -> frozenset[Cell] | None:
        """The cut cells after a walked tile joined to `joined` has gone, if known.

        A leaf's going (the usual removal: a tile at the end of a path) changes no other
        cell's status but its one neighbour's, which stays a cut cell only while its
        other neighbours are apart without it; after other removals they are recomputed
        when asked.
        """
        cut = self._cut
        if cut is None or len(joined) > 1:
            return None
        (other,) = joined
        if other == _ORIGIN:  # never listed
            return cut
        if len(self._adj[other]) > 1 and not self._joined_without(other):
            return cut
        return cut - {other}

    def _joined_without(self, cell: Cell) -> bool:
        """Whether the walking neighbours of `cell` reach each other without it: a walk
        from one of them that stops once it has met the others."""
        adj = self._adj
        first, *others = adj[cell]
        wanted = set(others)
        seen = {cell, first}
        todo = [first]
        while todo:
            for neighbour in adj[todo.pop()]:
                if neighbour not in seen:
                    seen.add(neighbour)
                    wanted.discard(neighbour)
                    if not wanted:
                        return True
                    todo.append(neighbour)
        return not wanted

    def _take(self, cell: Cell) -> Tile:
        layout = self._layout
        tile = layout.pop(cell)
        if self._bits is not None:
            self._bits.remove(cell)
        adj = self._adj
        joined = adj.pop(cell)
        for other in joined:
            del adj[other][cell]
        if joined:  # a lone node (a camp) cuts nothing
            self._cut = self._cut_after_take(joined)
        if self._graph is not None:
            self._graph.remove_node(cell)
        frontier = self._frontier
        touching = 0
        for neighbour in side_neighbours(cell):
            if neighbour in layout:
                touching += 1
            else:
                frontier[neighbour] -= 1
                if not frontier[neighbour]:
                    del frontier[neighbour]
        if touching:
            frontier[cell] = touching
        if tile.kind in self._counts:
            self._counts[tile.kind] -= 1
        if self._wall_dirty or self._walls.unasked > 1:  # told when asked (`_wall_graph`)
            self._wall_dirty.add(cell)
        else:
            self._walls.tile_removed(cell, tile, layout)
        if tile.kind == CAMP:
            self._camps.discard(cell)
            self._walls.camps = bool(self._camps)
        self._changed_near(cell)
        return tile

    # -- whole layouts ---------------------------------------------------------------

    def copy(self) -> Alhambra:
        """An independent copy with the same tiles, gates and hole rule.

        Structural: the plain data (layout, walking adjacency, frontier, walls...) is
        copied and the facts cached since the last change are kept; the networkx
        `graph` is built only if the copy's is read.

        Examples
        --------
        >>> a = Alhambra()
        >>> a.place(Tile("tower", 9, "NE"), (1, 0))
        >>> b = a.copy()
        >>> b.place(Tile("garden", 8, "W"), (-1, 0))
        >>> len(a), len(b), b.graph.number_of_edges()
        (2, 3, 2)
        """
        new = Alhambra.__new__(Alhambra)
        new.__dict__.update({name: _ATTRIBUTE_COPIES.get(name, _copy_attribute)(value)
                             for name, value in vars(self).items()})
        new._view = MappingProxyType(new._layout)
        return new

    def __getstate__(self) -> dict[str, Any]:
        # A read-only view does not pickle, and the graph is derived: both are rebuilt;
        # the per-layout listings and facts are caches, computed again when asked.
        state = dict(vars(self))
        del state["_view"]
        state.update(_graph=None, _cut=None, _redesign=None, _listing={}, _built_facts={},
                     _bits=None, _cut_bits=None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.__dict__.setdefault("_bits", None)  # pickled before the bit sets
        self.__dict__.setdefault("_wall_dirty", set())  # pickled before the walls waited
        self.__dict__.setdefault("_cut_bits", None)
        self._view = MappingProxyType(self._layout)

    @classmethod
    def from_layout(cls, layout: Mapping[Cell, Tile], hole_rule: str = "enclosed", *,
                    check: bool = True, gates: Iterable[tuple[Cell, Cell]] = ()) -> Alhambra:
        """Build an Alhambra from a mapping ``(x, y) -> Tile``, checking the whole layout.

        The mapping must hold the fountain at (0, 0) (it may be left out) and building
        tiles elsewhere; `gates` are pairs of cells (§M5). Raises `IllegalPlacement`
        naming the first broken rule (``walls_mismatch``, ``camp_contact``,
        ``gate_side``, ``unreachable``, ``camp_unanchored``, ``hole``) with the cells
        concerned.

        Notes
        -----
        The plain graph algorithms: every shared side is compared, reachability is a
        breadth-first search of the walking graph from the fountain, holes a flood
        fill from outside (`alhambra_lib.holes.enclosed_cells`). O(tiles + box area).

        Examples
        --------
        >>> Alhambra.from_layout({(1, 0): Tile("tower", 9, "NE"),
        ...                       (2, 0): Tile("garden", 8, "")})
        Traceback (most recent call last):
        ...
        alhambra_lib.errors.IllegalPlacement: layout breaks walls_mismatch at (1, 0)-(2, 0)
        """
        cells = {}
        for cell, tile in dict(layout).items():
            cell = check_cell(cell)
            if not isinstance(tile, Tile):
                raise TypeError(f"expected a Tile at {cell}, got {type(tile).__name__}")
            if (tile.kind == FOUNTAIN_KIND) != (cell == _ORIGIN):
                raise ValueError(f"the fountain stands at (0, 0) and only there; got {tile!r} "
                                 f"at {cell}")
            cells[cell] = tile
        cells.setdefault(_ORIGIN, FOUNTAIN)
        alhambra = cls(hole_rule)
        for pair in gates:
            a, b = (check_cell(c) for c in pair)
            alhambra._gates.add((a, b) if a <= b else (b, a))
        for cell, tile in cells.items():
            if cell != _ORIGIN:
                alhambra._add(cell, tile)
        alhambra._cut = None  # a whole layout: its cut cells are computed when asked
        if check:
            alhambra._check_whole()
        return alhambra

    def _check_whole(self) -> None:
        layout = self._layout
        for cell, tile in layout.items():
            for side in ("E", "N"):
                neighbour = side_neighbour(cell, side)
                other = layout.get(neighbour)
                if other is None:
                    continue
                if CAMP in (tile.kind, other.kind):
                    # §M8: camp against non-camp, bastion against wall; camp against
                    # camp, no bastion on either side.
                    walls = tile.has_wall(side), other.has_wall(OPPOSITE[side])
                    if walls != ((True, True) if tile.kind != other.kind else (False, False)):
                        raise IllegalPlacement(f"layout breaks camp_contact at {cell}-{neighbour}",
                                               ("camp_contact",))
                elif tile.has_wall(side) != other.has_wall(OPPOSITE[side]):
                    raise IllegalPlacement(f"layout breaks walls_mismatch at {cell}-{neighbour}",
                                           ("walls_mismatch",))
        for a, b in sorted(self._gates):
            # §M5: a gate joins two side-touching non-camp tiles through a double wall.
            gate_side = next((s for s in SIDES if side_neighbour(a, s) == b), None)
            if (gate_side is None or a not in layout or b not in layout or CAMP in (
                    layout[a].kind, layout[b].kind) or not layout[a].has_wall(gate_side)
                    or not layout[b].has_wall(OPPOSITE[gate_side])):
                raise IllegalPlacement(f"layout breaks gate_side at {a}-{b}", ("gate_side",))
        cut_off = unreachable_cells(self.graph) - self._camps
        if cut_off:
            raise IllegalPlacement(f"layout breaks unreachable: {sorted(cut_off)} cannot be "
                                   "walked to from the fountain", ("unreachable",))
        if self._camps and not self._anchored():
            raise IllegalPlacement(f"layout breaks camp_unanchored: some of the camps "
                                   f"{sorted(self._camps)} touch no other tile",
                                   ("camp_unanchored",))
        if self.hole_rule == "enclosed":
            holes = enclosed_cells(layout)
        else:
            holes = {n for n in self._frontier
                     if all(m in layout for m in side_neighbours(n))}
        if holes:
            raise IllegalPlacement(f"layout breaks hole: {sorted(holes)} enclosed", ("hole",))
