"""The best possible wall: the longest wall any arrangement of a set of tiles can have.

Given the tiles of an Alhambra and its reserve, `best_wall` builds, with legal
placements only, an Alhambra from a subset of them (the rest stays on the reserve)
whose longest wall (RULES.md §8.4) is as long as possible. `wall_gap` says how far an
Alhambra's wall is from that best.

Examples
--------
Figure 2 of RULES.md: eight tiles that can ring the fountain with 12 wall segments.

>>> from alhambra_lib import Tile
>>> ring = [Tile("garden", 8, w) for w in ("N", "E", "S", "W")] + \\
...        [Tile("tower", 9, w) for w in ("NE", "ES", "SW", "NW")]
>>> result = best_wall_search(ring)
>>> result.wall, result.exact
(12, True)
>>> best_wall(ring).longest_wall()
12

A lone south wall and a lone north wall can never join: nothing turns the wall round.

>>> best_wall_search([Tile("garden", 8, "N"), Tile("garden", 9, "S")]).wall
1
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..alhambra import HOLE_RULES, Alhambra
from ..components import FOUNTAIN_KIND, Tile
from ..grid import BIT, OPPOSITE, SIDES, Cell, side_neighbours

__all__ = ["BestWall", "best_wall", "best_wall_search", "tiles_of", "wall_gap"]

# Sides as indices 0..3 in N, E, S, W order (that of `side_neighbours`), so that the
# wall masks of `Tile.mask` have bit i for side i and turning is a table look-up.
_OPPOSITE = tuple(SIDES.index(OPPOSITE[side]) for side in SIDES)
_CLOCKWISE = (1, 2, 3, 0)
_ANTICLOCKWISE = (3, 0, 1, 2)
_WALLS = tuple(mask.bit_count() for mask in range(16))  # walls of each mask
assert all(BIT[side] == 1 << i for i, side in enumerate(SIDES))


# -- results and input ---------------------------------------------------------------


@dataclass(frozen=True)
class BestWall:
    """The outcome of `best_wall_search`.

    Attributes
    ----------
    alhambra : Alhambra
        The arrangement found, built by legal placements.
    wall : int
        Its longest wall.
    upper_bound : int
        No arrangement of the tiles has a longer wall than this.
    nodes : int
        The search's work: layouts scored by the beam, run steps traced, layouts tried
        by completions and by the branch and bound.
    unused : tuple of Tile
        The tiles left on the reserve, in input order.
    """

    alhambra: Alhambra
    wall: int
    upper_bound: int
    nodes: int
    unused: tuple

    @property
    def exact(self) -> bool:
        """Whether `wall` is proven to be the best possible (it meets `upper_bound`)."""
        return self.wall == self.upper_bound


def _checked_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    tiles = tuple(tiles)
    for tile in tiles:
        if not isinstance(tile, Tile):
            raise TypeError(f"expected Tiles, got {type(tile).__name__}: {tile!r}")
        if tile.kind == FOUNTAIN_KIND:
            raise ValueError("the fountain is not a building tile: it is always at (0, 0), "
                             "leave it out of the tiles")
    return tiles


def tiles_of(alhambra: Alhambra, reserve: Iterable[Tile] = ()) -> tuple[Tile, ...]:
    """The building tiles of `alhambra` (fountain left out) followed by those of `reserve`.

    Examples
    --------
    >>> from alhambra_lib import Alhambra, Tile
    >>> a = Alhambra()
    >>> a.place(Tile("tower", 9, "NE"), (1, 0))
    >>> tiles_of(a, [Tile("garden", 8, "")])
    (Tile('tower', 9, 'NE'), Tile('garden', 8, ''))
    """
    if not isinstance(alhambra, Alhambra):
        raise TypeError(f"expected an Alhambra, got {type(alhambra).__name__}")
    built = [tile for cell, tile in sorted(alhambra.layout.items()) if tile.kind != FOUNTAIN_KIND]
    return _checked_tiles(built) + _checked_tiles(reserve)


# -- the public search -----------------------------------------------------------------


def best_wall_search(tiles: Iterable[Tile], *, hole_rule: str = "enclosed", exact_limit: int = 12,
                     beam_width: int = 128, time_limit: float | None = None) -> BestWall:
    """Search for an arrangement of some of `tiles` with the longest possible wall.

    Parameters
    ----------
    tiles : iterable of Tile
        The building tiles available (an Alhambra's and its reserve's: see `tiles_of`);
        the fountain is not one of them. Any subset may be used.
    hole_rule : {"enclosed", "single"}
        The building rule for holes (RULES.md §6, §11).
    exact_limit : int
        Prove the best wall exactly for up to this many tiles; beyond, only the beam
        search runs (best-effort).
    beam_width : int
        Layouts kept after each placement by the beam search.
    time_limit : float or None
        Seconds after which the search stops and returns the best found so far
        (``exact`` then tells whether it was proven); ``None`` for no limit.

    Returns
    -------
    BestWall
        The Alhambra found, its wall, the proven upper bound and the work done.

    Raises
    ------
    TypeError
        If a tile is not a `Tile`.
    ValueError
        If the fountain is among the tiles, or an option is out of range.

    Notes
    -----
    The arrangements considered are those a player can build: legal placements one
    after the other from the fountain (RULES.md §6). Equal wall masks are interchangeable
    for walls and building rules, so the search places masks and hands out the real
    tiles at the end, in input order.

    1. **Beam search** (a lower bound, and the whole answer past `exact_limit`): from the
       fountain, try every tile mask on every legal cell of each kept layout, score the
       new layouts by (longest wall, external wall segments) and keep the `beam_width`
       best, ties broken by a canonical key of the layout, so the result never depends on
       set order. Cost: ``beam_width x tiles x masks x frontier`` placements of a few
       tens of microseconds each.
    2. **Upper bound** without search: every wall segment is a wall of a tile, so the
       best wall is at most the number of walls. When the beam reaches it, done.
    3. **Proof**, ``"enclosed"`` rule: *the wall first*. On a legal Alhambra the boundary
       is one closed loop (§8.4), so a wall of T segments is T walled sides met one after
       the other along it, and at each corner the loop goes straight on (the next tile
       along carries the wall, the cell diagonal is empty), turns round the same tile
       (convex: the cells ahead and diagonal are empty) or turns the other way (concave:
       the cell ahead is built, an inner corner, and the diagonal tile carries the wall).
       For the target T = best + 1, a depth-first search traces every such run of T
       segments in the run's own frame, choosing a wall mask for each tile it reaches. A
       run need only start where its wall does (a segment after no wall, or the north
       side of the top left tile when the whole boundary is wall), so when the first
       tile's side before the run is walled, the cell behind must be built. Each step is
       checked at once, and a run is cut as soon as touching tiles disagree, a cell
       across the run would be built, a tile loses its last open side towards a cell
       that may be built, the tiles left can no longer fill the inner corners (matching
       the run tiles beside them; the fountain may fill one), or its segments plus the
       walls that could still join fall short of T. Those are the unused walls of its
       tiles and the walls of the richest tiles left that fit in the cells left, less
       the walls that face a built cell: back to back between run tiles, and between a
       run tile and the tile an inner corner needs. A whole run must then pass: its
       tiles and corners can be linked by walks within the cells left (a walk from each
       group to the nearest other crosses at most that many), and the cells across it
       reach the outside (else they would be a hole). Each such run is *completed*:
       sketches fill its corners and link its groups with the tiles left and the
       fountain, a tile at a time beside the group with the fewest ways out; every legal
       Alhambra with the run contains a sketch, so without one the run is refuted, and
       a sketch without a hole that some order of legal placements builds is an
       arrangement with a wall of at least T (failing that, a depth-first search over
       every legal placement round the run decides). The best then rises and so does T.
       When no run of T completes, no arrangement has a wall of T: the best is proven.
    4. **Proof**, ``"single"`` rule (pinches and enclosed pairs of cells allowed, so the
       boundary is no single loop): what the enclosed rule builds, the single rule allows
       too, so the enclosed proof gives a start; then branch and bound over legal
       placements, each layout visited once (placement order does not matter), cut when
       its external segments plus the walls still unplaced cannot beat the best.

    The proofs take time exponential in the number of tiles. Measured on random sets of
    real tiles (``benchmarks/bench_best_wall.py``): the beam takes about 0.5 s for 12
    tiles, 1.4 s for 20 and 3 s for 30. The whole exact search for 12 tiles takes 0.6 s
    (median), under 2 s for 793 of 800 random sets and under 5 s for all but two; the
    slowest sets found (the ``--hard`` sets) are wall-rich ones whose best falls short
    of their walls by several, where many runs come close and use up every cell: the
    two slowest take about 11 s. Pass `time_limit` to bound it. The single-rule branch
    and bound is practical up to about 8 tiles.

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> tiles = [Tile("tower", 9, "NE"), Tile("garden", 8, "NW"), Tile("pavilion", 4, "")]
    >>> result = best_wall_search(tiles)
    >>> result.wall, result.exact, result.unused
    (4, True, (Tile('pavilion', 4, ''),))
    """
    tiles = _checked_tiles(tiles)
    if hole_rule not in HOLE_RULES:
        raise ValueError(f"unknown hole_rule {hole_rule!r}: expected 'enclosed' or 'single'")
    for name, value, low in (("exact_limit", exact_limit, 0), ("beam_width", beam_width, 1)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise ValueError(f"{name} is an integer >= {low}, got {value!r}")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit is a positive number of seconds or None, got {time_limit!r}")
    search = _Search(_Pool(tiles), hole_rule, _Clock(time_limit))
    try:
        search.beam(beam_width)
        if len(tiles) <= exact_limit:
            search.prove(beam_width)
    except _OutOfTimeError:
        pass
    return search.result()


def best_wall(tiles: Iterable[Tile], *, hole_rule: str = "enclosed", exact_limit: int = 12,
              beam_width: int = 128, time_limit: float | None = None) -> Alhambra:
    """The Alhambra with the longest wall that some of `tiles` can build.

    Same parameters as `best_wall_search`, which also tells whether the result is
    proven best; this returns only its Alhambra.

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> best = best_wall([Tile("tower", 9, "NE"), Tile("garden", 8, "NW")])
    >>> best.longest_wall(), sorted((cell, str(tile)) for cell, tile in best.layout.items())
    (4, [((-1, 1), '8-garden'), ((0, 0), '0-fountain'), ((0, 1), '9-tower')])
    """
    return best_wall_search(tiles, hole_rule=hole_rule, exact_limit=exact_limit,
                            beam_width=beam_width, time_limit=time_limit).alhambra


def wall_gap(alhambra: Alhambra, reserve: Iterable[Tile] = (), **options: Any) -> int:
    """How many wall points `alhambra` is short of the best its tiles and `reserve` allow.

    Parameters
    ----------
    alhambra : Alhambra
        A (final) Alhambra; its hole rule is used.
    reserve : iterable of Tile
        The tiles on its reserve board.
    **options
        `exact_limit`, `beam_width`, `time_limit` of `best_wall_search`.

    Returns
    -------
    int
        Best possible wall minus ``alhambra.longest_wall()``, at least 0. Exact when the
        search is (up to `exact_limit` tiles, within `time_limit`); otherwise a lower
        bound of the true gap, as the best found may fall short of the best possible.

    Examples
    --------
    >>> from alhambra_lib import Alhambra, Tile
    >>> a = Alhambra()
    >>> a.place(Tile("tower", 9, "NE"), (0, 1))
    >>> a.place(Tile("garden", 8, "NW"), (-1, 0))
    >>> a.longest_wall(), wall_gap(a)
    (2, 2)
    """
    tiles = tiles_of(alhambra, reserve)
    best = best_wall_search(tiles, hole_rule=alhambra.hole_rule, **options).wall
    return max(best - alhambra.longest_wall(), 0)


# -- the search ----------------------------------------------------------------------------


class _OutOfTimeError(Exception):
    """Raised inside the search when the time limit has passed."""


class _Clock:
    """Counts search nodes and stops the search at the deadline."""

    _CHECK_EVERY = 256  # time.monotonic() costs about as much as a small node

    def __init__(self, seconds: float | None) -> None:
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.nodes = 0

    def tick(self) -> None:
        self.nodes += 1
        if (self.deadline is not None and not self.nodes % self._CHECK_EVERY
                and time.monotonic() > self.deadline):
            raise _OutOfTimeError


class _Pool:
    """The tiles as counts per wall mask, plus the real tiles to hand out at the end."""

    def __init__(self, tiles: Sequence[Tile]) -> None:
        self.tiles = tiles
        self.by_mask: dict = {}
        for tile in tiles:
            self.by_mask.setdefault(tile.mask, []).append(tile)
        self.masks = sorted(self.by_mask)
        self.count = {mask: len(group) for mask, group in self.by_mask.items()}
        self.walls = sum(_WALLS[mask] * n for mask, n in self.count.items())
        self.cells = len(tiles) + 1  # the most an Alhambra of them covers, fountain included

    def sample(self, mask: int) -> Tile:
        """A tile with this mask, to ask the Alhambra where such a tile may go."""
        return self.by_mask[mask][0]


def _layout_key(path: Iterable[tuple[int, Cell]]) -> int:
    """One int naming the layout of a placement path (order does not matter)."""
    key = 0
    for code in sorted(((x + 128) << 12) | ((y + 128) << 4) | mask for mask, (x, y) in path):
        key = key << 20 | code
    return key


class _Builder:
    """An Alhambra under construction by placements of masks, with undo."""

    def __init__(self, pool: _Pool, hole_rule: str) -> None:
        self.pool = pool
        self.alhambra = Alhambra(hole_rule)
        self.left = dict(pool.count)
        self.path: list[tuple[int, Cell]] = []

    def clone(self) -> _Builder:
        other = _Builder.__new__(_Builder)
        other.pool, other.alhambra = self.pool, self.alhambra.copy()
        other.left, other.path = dict(self.left), list(self.path)
        return other

    def moves(self) -> Iterator[tuple[int, Cell]]:
        """Every legal placement (mask, cell) of a tile still left, in a fixed order."""
        for mask in self.pool.masks:
            if self.left[mask]:
                for cell in sorted(self.alhambra.legal_positions(self.pool.sample(mask))):
                    yield mask, cell

    def key_after(self, mask: int, cell: Cell) -> int:
        return _layout_key(self.path + [(mask, cell)])

    def push(self, mask: int, cell: Cell) -> None:
        self.alhambra.place(self.pool.sample(mask), cell)
        self.left[mask] -= 1
        self.path.append((mask, cell))

    def pop(self) -> None:
        # Taking back the last placement is always a legal removal: it restores the
        # legal layout it was made on.
        mask, cell = self.path.pop()
        self.alhambra.remove(cell)
        self.left[mask] += 1

    def bound(self) -> int:
        """External segments now plus walls still unplaced: no wall grows beyond it."""
        unplaced = sum(_WALLS[mask] * n for mask, n in self.left.items())
        return len(self.alhambra.wall_segments()) + unplaced


class _Search:
    """The state shared by the phases: the best path found and the proven bound."""

    def __init__(self, pool: _Pool, hole_rule: str, clock: _Clock) -> None:
        self.pool = pool
        self.hole_rule = hole_rule
        self.clock = clock
        self.best_wall = 0
        self.best_path: list[tuple[int, Cell]] = []
        self.upper = self.pool.walls

    def offer(self, wall: int, path: Iterable[tuple[int, Cell]]) -> None:
        if wall > self.best_wall:
            self.best_wall, self.best_path = wall, list(path)

    def result(self) -> BestWall:
        alhambra = Alhambra(self.hole_rule)
        handed_out = {mask: iter(group) for mask, group in self.pool.by_mask.items()}
        placed = []
        for mask, cell in self.best_path:
            tile = next(handed_out[mask])
            alhambra.place(tile, cell)
            placed.append(tile)
        unused = list(self.pool.tiles)
        for tile in placed:
            unused.remove(tile)
        return BestWall(alhambra, alhambra.longest_wall(), self.upper, self.clock.nodes,
                        tuple(unused))

    # -- 1. beam search ------------------------------------------------------------------

    def beam(self, width: int) -> None:
        layer = [_Builder(self.pool, self.hole_rule)]
        seen = set()
        while layer:
            scored = []
            for index, builder in enumerate(layer):
                for mask, cell in builder.moves():
                    key = builder.key_after(mask, cell)
                    if key in seen:
                        continue
                    seen.add(key)
                    self.clock.tick()
                    builder.push(mask, cell)
                    alhambra = builder.alhambra
                    scored.append((-alhambra.longest_wall(), -len(alhambra.wall_segments()),
                                   key, index, mask, cell))
                    builder.pop()
            scored.sort()
            next_layer = []
            for _, _, _, index, mask, cell in scored[:width]:
                builder = layer[index].clone()
                builder.push(mask, cell)
                next_layer.append(builder)
            if scored:
                self.offer(-scored[0][0], next_layer[0].path)
            layer = next_layer

    # -- 3./4. proofs ------------------------------------------------------------------------

    def prove(self, beam_width: int) -> None:
        """Raise the best found to the best possible, and the bound down to it."""
        if self.hole_rule == "enclosed":
            self._prove_by_runs()
            return
        # Every placement the enclosed rule allows, the single rule allows too: the best
        # of the fast enclosed proof is a good start for the branch and bound.
        enclosed = _Search(self.pool, "enclosed", self.clock)
        try:
            enclosed.beam(beam_width)
            enclosed.prove(beam_width)
        finally:
            self.offer(enclosed.best_wall, enclosed.best_path)
        self._prove_by_placements()

    def _prove_by_placements(self) -> None:
        builder = _Builder(self.pool, self.hole_rule)
        seen = set()

        def visit() -> None:
            self.clock.tick()
            self.offer(builder.alhambra.longest_wall(), builder.path)
            for mask, cell in list(builder.moves()):
                if self.best_wall == self.upper:
                    return
                key = builder.key_after(mask, cell)
                if key in seen:
                    continue
                seen.add(key)
                builder.push(mask, cell)
                if builder.bound() > self.best_wall:
                    visit()
                builder.pop()

        visit()
        self.upper = self.best_wall

    def _prove_by_runs(self) -> None:
        while self.best_wall < self.upper:
            target = self.best_wall + 1
            for traced in _RunTracer(self.pool, target, self.clock).runs():
                built = _Completion(self.pool, traced, self.clock).search()
                if built is not None:
                    wall, path = built
                    assert wall >= target, "a completed run is a wall of the target"
                    self.offer(wall, path)
                    break
            else:
                self.upper = target - 1


# -- run first: trace the wall, then build round it --------------------------------------------


# Cells of a run's frame as ints, (x + 64) * 256 + (y + 64): a step is an addition and
# a dict look-up hashes an int, which keeps the tracer's inner loop cheap. A run never
# reaches 64 cells from its first tile.
_ROW = 256
_DELTA = (1, _ROW, -1, -_ROW)  # N, E, S, W
_OPEN_DELTAS = tuple(tuple(_DELTA[side] for side in range(4) if not mask >> side & 1)
                     for mask in range(16))  # the steps through the open sides of a mask


def _code(cell: Cell) -> int:
    return (cell[0] + 64) * _ROW + cell[1] + 64


def _decode(code: int) -> Cell:
    return (code // _ROW - 64, code % _ROW - 64)


@dataclass(frozen=True)
class _TracedRun:
    """A plausible run, in coded cells of its own frame (see `_RunTracer`).

    ``corners`` maps each inner corner to the (walls wanted, sides that matter) of the
    tile that will fill it; ``left`` counts the tiles not carrying the run by mask.
    """

    run: dict
    corners: dict
    outside: frozenset
    left: tuple


class _RunTracer:
    """Traces every wall run of `target` segments that a legal Alhambra could show.

    The run is traced clockwise along the boundary (built cells on its right) in its own
    frame: its first tile stands on (0, 0); where the fountain stands is left to
    `_Completion`. `runs` yields a `_TracedRun` for each plausible run. While tracing:

    * ``run``: cell -> wall mask of each tile carrying the run;
    * ``corners``: cell -> (walls wanted, sides that matter) of each inner corner, a
      cell that some tile left must fill, matching the run tiles beside it;
    * ``outside``: cells that must stay empty (across a run segment, or diagonal at a
      convex corner, where a built cell would pinch: a hole, RULES.md §8.4), each with
      its number of reasons;
    * ``left``: tiles not carrying the run, counted by mask (a list of 16).

    Every change is checked at once against what any longer run still needs, so a
    doomed run stops as early as possible: the wall bound (`_within_bound`), the corners
    (`_corners_fill`) and a way in for each tile (`_has_way_in`).
    """

    def __init__(self, pool: _Pool, target: int, clock: _Clock) -> None:
        self.target = target
        self.clock = clock
        self.masks = pool.masks
        self.cell_budget = pool.cells
        self.left = [pool.count.get(mask, 0) for mask in range(16)]
        self.richest = sorted(((_WALLS[mask], mask) for mask in pool.masks), reverse=True)
        self.with_wall = tuple(tuple(m for m in pool.masks if m >> side & 1) for side in range(4))
        self.run: dict[int, int] = {}
        self.corners: dict[int, tuple[int, int]] = {}
        self.outside: dict[int, int] = {}
        self.used: set[int] = set()  # cell * 4 + side of the run's segments
        self.run_walls = 0
        # Walls never on the run: those of run tiles facing a built cell, and those the
        # corners' tiles must have facing run tiles.
        self.wasted = 0
        self.log: list[tuple] = []
        self.fill_memo: dict[tuple, bool] = {}
        self.spare_memo: dict[tuple, int] = {}
        # The walls the tiles left could bring change only as a tile joins the run, so a
        # stack follows the carries.
        self.spare_gains = [self._spare_gain()]

    def runs(self) -> Iterator[_TracedRun]:
        """Yield every plausible run of `target` segments, as a `_TracedRun`."""
        first = _code((0, 0))
        for mask in self.masks:
            for side in range(4):
                if mask >> side & 1:
                    mark = len(self.log)
                    if (self._carry(first, mask) and self._segment(first, side)
                            and self._starts_wall(first, side)):
                        yield from self._extend(first, side, 1)
                    self._rollback(mark)

    def _starts_wall(self, first: int, side: int) -> bool:
        """Let the run start only where a wall may start.

        A wall of `target` segments or more has a first segment, one whose predecessor on
        the boundary is no wall, unless the wall is the whole boundary; then take the north
        side of the top row's westmost tile, whose predecessor is its own west side. The
        run need only start there. When the first tile's side before `side` is walled, the
        predecessor is not that side (but at the north side: a whole-boundary wall), so
        the cell behind must be built, which wastes that wall.
        """
        back = _ANTICLOCKWISE[side]
        if not self.run[first] >> back & 1 or side == 0:
            return True
        return self._keep_built(first + _DELTA[back])

    def _extend(self, cell: int, side: int, done: int) -> Iterator[_TracedRun]:
        """The run has `done` segments, the last on `side` of `cell`: try each next one."""
        if done == self.target:
            if self._plausible():
                yield self._traced()
            return
        self.clock.tick()
        turn = _CLOCKWISE[side]  # the direction the run travels along this side
        ahead = cell + _DELTA[turn]
        diagonal = ahead + _DELTA[side]
        mark = len(self.log)
        # Convex corner: the run turns round this tile; ahead and diagonal stay empty.
        if self.run[cell] >> turn & 1:
            if self._keep_empty(diagonal) and self._segment(cell, turn):
                yield from self._extend(cell, turn, done + 1)
            self._rollback(mark)
        # Straight on: the tile ahead carries the run; the diagonal stays empty.
        for mask in self._carriers(ahead, side):
            if (self._carry(ahead, mask) and self._keep_empty(diagonal)
                    and self._segment(ahead, side)):
                yield from self._extend(ahead, side, done + 1)
            self._rollback(mark)
        # Concave corner: ahead is built, the diagonal tile carries the run.
        back = _ANTICLOCKWISE[side]
        carriers = self._carriers(diagonal, back)
        if carriers and self._keep_built(ahead):
            corner_mark = len(self.log)
            for mask in carriers:
                if self._carry(diagonal, mask) and self._segment(diagonal, back):
                    yield from self._extend(diagonal, back, done + 1)
                self._rollback(corner_mark)
        self._rollback(mark)

    def _carriers(self, cell: int, side: int) -> Sequence[int]:
        """The masks a tile on `cell` may have to carry the run on `side`: walled there,
        matching the run tiles beside it, and still left."""
        mask = self.run.get(cell)
        if mask is not None:
            return (mask,) if mask >> side & 1 else ()
        if cell in self.outside:
            return ()
        wanted, matter = _pattern(cell, self.run)
        left = self.left
        return [m for m in self.with_wall[side] if left[m] and not (m ^ wanted) & matter]

    # -- changes, each checked and logged for `_rollback` -----------------------------------

    def _carry(self, cell: int, mask: int) -> bool:
        """Put a run tile with `mask` (matching the run tiles beside) on `cell`."""
        run, corners = self.run, self.corners
        if cell in run:
            return run[cell] == mask
        was_corner = cell in corners
        if (not was_corner and len(run) + len(corners) >= self.cell_budget
                or not self._has_way_in(cell, mask)):
            return False
        wasted = 0
        reshaped = []  # (corner, its pattern before) of the corners beside
        for side in range(4):
            neighbour = cell + _DELTA[side]
            wall = mask >> side & 1
            if neighbour in run:
                # Two walls back to back, both counted already if this was a corner.
                wasted += 0 if was_corner else 2 * wall
            elif neighbour in corners:
                wasted += 2 * wall  # and the corner's tile must have one too
                wanted, matter = pattern = corners[neighbour]
                opposite = _OPPOSITE[side]
                reshaped.append((neighbour, pattern))
                corners[neighbour] = (wanted | wall << opposite, matter | 1 << opposite)
        self.log.append(("carry", cell, corners.pop(cell, None), wasted, reshaped))
        run[cell] = mask
        self.left[mask] -= 1
        self.run_walls += _WALLS[mask]
        self.wasted += wasted
        self.spare_gains.append(self._spare_gain())
        return self._within_bound() and self._corners_fill()  # else the caller rolls back

    def _keep_built(self, cell: int) -> bool:
        """Require `cell` built (an inner corner), by a tile chosen later."""
        if cell in self.run or cell in self.corners:
            return True
        if cell in self.outside or len(self.run) + len(self.corners) >= self.cell_budget:
            return False
        pattern = _pattern(cell, self.run)
        wasted = 2 * _WALLS[pattern[0]]  # the run tiles' walls facing it, and its tile's
        self.corners[cell] = pattern
        self.wasted += wasted
        self.log.append(("corner", cell, wasted))
        return self._within_bound() and self._corners_fill()  # else the caller rolls back

    def _keep_empty(self, cell: int) -> bool:
        """Require `cell` empty; no run tile may lose its last way in."""
        if cell in self.run or cell in self.corners:
            return False
        reasons = self.outside.get(cell, 0)
        self.outside[cell] = reasons + 1
        self.log.append(("outside", cell))
        if not reasons:
            for delta in _DELTA:
                mask = self.run.get(cell + delta)
                if mask is not None and not self._has_way_in(cell + delta, mask):
                    return False  # the caller rolls back
        return True

    def _segment(self, cell: int, side: int) -> bool:
        """Add the wall on `side` of run tile `cell` to the run."""
        segment = cell * 4 + side
        if segment in self.used or not self._keep_empty(cell + _DELTA[side]):
            return False
        self.used.add(segment)
        self.log.append(("segment", segment))
        return True

    def _has_way_in(self, cell: int, mask: int) -> bool:
        """A tile is walked to through an open side: one must face a cell that may be built."""
        outside = self.outside
        for delta in _OPEN_DELTAS[mask]:
            if cell + delta not in outside:
                return True
        return False

    def _rollback(self, mark: int) -> None:
        log = self.log
        while len(log) > mark:
            change = log.pop()
            kind = change[0]
            if kind == "segment":
                self.used.remove(change[1])
            elif kind == "outside":
                cell = change[1]
                self.outside[cell] -= 1
                if not self.outside[cell]:
                    del self.outside[cell]
            elif kind == "carry":
                _, cell, pattern, wasted, reshaped = change
                mask = self.run.pop(cell)
                self.left[mask] += 1
                self.run_walls -= _WALLS[mask]
                self.wasted -= wasted
                self.spare_gains.pop()
                for corner, before in reshaped:
                    self.corners[corner] = before
                if pattern is not None:
                    self.corners[cell] = pattern
            else:
                del self.corners[change[1]]
                self.wasted -= change[2]

    # -- bounds on any longer run --------------------------------------------------------

    def _within_bound(self) -> bool:
        """Whether the run can still reach `target` segments.

        Its segments so far plus those it could still gain: the unused walls of its tiles
        that face no built cell, and the walls the tiles left could bring (`_spare_gain`)
        less those that corner tiles must turn to run tiles. The segments so far are walls
        of its tiles, so the sum does not depend on them. (Whatever tiles fill the cells
        left, their walls sum to at most the richest ones', and the corners' tiles lose
        their walls facing the run: so the bound holds.)
        """
        return self.run_walls - self.wasted + self.spare_gains[-1] >= self.target

    def _spare_gain(self) -> int:
        """The walls of the wall-richest tiles left that fit on the cells left but the
        fountain's (an inner corner may come to carry the run too)."""
        cells = self.cell_budget - len(self.run) - 1
        key = (tuple(self.left), cells)
        gain = self.spare_memo.get(key)
        if gain is None:
            gain = 0
            for walls, mask in self.richest:
                if cells <= 0:
                    break
                tiles = min(self.left[mask], cells)
                gain += tiles * walls
                cells -= tiles
            self.spare_memo[key] = gain
        return gain

    def _corners_fill(self) -> bool:
        """Tiles left (or the fountain, on one corner) can fill the corners within budget.

        Run tiles and corners only ever grow and tiles left only shrink, so once this
        fails it fails for every longer run. The answer depends only on what each corner
        needs, the tiles left and whether a cell is free for the fountain, so it is
        remembered under that key.
        """
        room = self.cell_budget - len(self.run) - len(self.corners) >= 1
        if not self.corners:
            return room
        key = (tuple(sorted(self.corners.values())), tuple(self.left), room)
        known = self.fill_memo.get(key)
        if known is None:
            known = self.fill_memo[key] = self._fill(*key)
        return known

    def _fill(self, patterns: Sequence[tuple[int, int]], counts: Iterable[int], room: bool) -> bool:
        """Whether tiles of `counts` (by mask) and the fountain, on one corner or else on a
        free cell (`room`), can fill corners of `patterns`."""
        counts = list(counts)

        def fill(i: int, fountain_placed: bool) -> bool:
            if i == len(patterns):
                return fountain_placed or room
            wanted, matter = patterns[i]
            if not fountain_placed and not wanted and fill(i + 1, True):
                return True
            for mask in self.masks:
                if counts[mask] and not (mask ^ wanted) & matter:
                    counts[mask] -= 1
                    found = fill(i + 1, fountain_placed)
                    counts[mask] += 1
                    if found:
                        return True
            return False

        return fill(0, False)

    # -- necessary conditions on a whole run -----------------------------------------------

    def _built(self) -> dict[int, int]:
        """Run tiles and corners as cell -> wall mask. A corner's tile has the walls its
        pattern wants towards run tiles; its other sides may be open."""
        built = {cell: wanted for cell, (wanted, _) in self.corners.items()}
        built.update(self.run)
        return built

    def _plausible(self) -> bool:
        """The run's tiles and corners can be linked within the cells left, and the cells
        across it reach the outside (else they would be a hole)."""
        built = self._built()
        return (_can_link(built, self.outside, self.cell_budget - len(built))
                and _reach_outside(built, self.outside))

    def _traced(self) -> _TracedRun:
        return _TracedRun(dict(self.run), dict(self.corners), frozenset(self.outside),
                          tuple(self.left))


def _pattern(cell: int, built: Mapping[int, int]) -> tuple[int, int]:
    """(walls wanted, sides that matter) of a tile on `cell`, to match the tiles of
    `built` (cell -> wall mask) beside it."""
    wanted = matter = 0
    for side in range(4):
        mask = built.get(cell + _DELTA[side])
        if mask is not None:
            matter |= 1 << side
            wanted |= (mask >> _OPPOSITE[side] & 1) << side
    return wanted, matter


# -- walks and holes on the run's frame (cell -> wall mask; 0 where any side may be open) ------


def _walk_groups(built: Mapping[int, int]) -> dict[int, int]:
    """Group number of each built cell; a group's cells are linked by open sides."""
    group_of = {}
    groups = 0
    for start in built:
        if start in group_of:
            continue
        group = group_of[start] = groups
        groups += 1
        todo = [start]
        while todo:
            cell = todo.pop()
            for side in range(4):
                other = cell + _DELTA[side]
                if (other in built and other not in group_of and not built[cell] >> side & 1
                        and not built[other] >> _OPPOSITE[side] & 1):
                    group_of[other] = group
                    todo.append(other)
    return group_of


def _can_link(built: Mapping[int, int], blocked: Collection[int], cells_left: int) -> bool:
    """Whether `cells_left` new cells, none `blocked`, can link the groups of `built`.

    As a new cell joins at most four groups, g groups take at least (g - 1) / 3 of them,
    and each group at least as many as a walk to its nearest other group crosses.
    """
    group_of = _walk_groups(built)
    groups = max(group_of.values()) + 1
    return groups == 1 or groups - 1 <= 3 * cells_left and all(
        _link_length(group, group_of, built, blocked, cells_left) <= cells_left
        for group in range(groups))


def _link_length(group: int, group_of: Mapping[int, int], built: Mapping[int, int],
                 blocked: Collection[int], limit: int) -> int:
    """The fewest new cells a walk crosses from `group` to another one (or limit + 1)."""
    frontier = _ways_out(group, group_of, built, blocked)
    seen = set(frontier)
    for crossed in range(1, limit + 1):
        reached = set()
        for cell in frontier:
            for side in range(4):
                other = cell + _DELTA[side]
                owner = group_of.get(other)
                if owner is None:
                    if other not in seen and other not in built and other not in blocked:
                        reached.add(other)
                elif owner != group and not built[other] >> _OPPOSITE[side] & 1:
                    return crossed
        seen |= reached
        frontier = reached
    return limit + 1


def _ways_out(group: int, group_of: Mapping[int, int], built: Mapping[int, int],
              blocked: Collection[int]) -> set[int]:
    """The cells a walk can step onto from `group`: empty, and not `blocked`."""
    return {cell + _DELTA[side] for cell, owner in group_of.items() if owner == group
            for side in range(4)
            if not built[cell] >> side & 1 and cell + _DELTA[side] not in built
            and cell + _DELTA[side] not in blocked}


def _box(cells: Iterable[int]) -> tuple[int, int, int, int]:
    """(x0, x1, y0, y1) of the cells' bounding box grown by one, in code columns and rows."""
    columns = [cell // _ROW for cell in cells]
    rows = [cell % _ROW for cell in cells]
    return min(columns) - 1, max(columns) + 1, min(rows) - 1, max(rows) + 1


def _reach_outside(built: Mapping[int, int], cells: Iterable[int]) -> bool:
    """Whether every one of `cells` (empty) links by empty cells to beyond the box of
    `built`: else it is in a hole (RULES.md §6)."""
    x0, x1, y0, y1 = _box(built)
    # Flood the empty cells of the grown box from its frame, all beyond the box.
    todo = [x * _ROW + y for x in range(x0, x1 + 1) for y in (y0, y1)]
    todo += [x * _ROW + y for y in range(y0 + 1, y1) for x in (x0, x1)]
    reached = set(todo)
    while todo:
        cell = todo.pop()
        for delta in _DELTA:
            other = cell + delta
            if (x0 <= other // _ROW <= x1 and y0 <= other % _ROW <= y1
                    and other not in built and other not in reached):
                reached.add(other)
                todo.append(other)
    return all(cell in reached for cell in cells)


def _has_hole(built: Mapping[int, int]) -> bool:
    """Whether some empty cell within the box of `built` is enclosed."""
    x0, x1, y0, y1 = _box(built)
    empty = [x * _ROW + y for x in range(x0 + 1, x1) for y in range(y0 + 1, y1)
             if x * _ROW + y not in built]
    return not _reach_outside(built, empty)


# -- completion: build round a traced run ------------------------------------------------------


class _Completion:
    """Builds a traced run for real, or shows that no legal Alhambra has it.

    1. **Sketches**: fill the inner corners (tiles left, or the fountain), then link the
       run's groups: take the group with the fewest ways out and put a tile left (or the
       fountain) on each cell beside it in turn, through an open side, until one group
       holds all, with the fountain. Every legal Alhambra with the run contains such a
       sketch (follow its own tiles), so when there is none, no Alhambra has the run;
       `_can_link` cuts hopeless branches.
    2. A sketch without a hole is built by legal placements from its fountain when some
       order allows (a depth-first search over the sketch's cells).
    3. When sketches exist but none can be built so (extra tiles may be needed to fill a
       hole), a depth-first search over all legal placements decides (`_build_from`).
    """

    def __init__(self, pool: _Pool, traced: _TracedRun, clock: _Clock) -> None:
        self.pool = pool
        self.traced = traced
        self.clock = clock
        self.cell_budget = pool.cells

    def search(self) -> tuple[int, list[tuple[int, Cell]]] | None:
        """(wall, placement path) of an arrangement showing the run, or None if none does."""
        sketched = False
        for built, fountain in self._sketches():
            sketched = True
            if not _has_hole(built):
                path = self._build_sketch(built, fountain)
                if path is not None:
                    return path
        if not sketched:
            return None
        for fountain in self._fountain_cells():
            path = self._build_from(fountain)
            if path is not None:
                return path
        return None

    # -- 1. sketches ------------------------------------------------------------------------

    def _sketches(self) -> Iterator[tuple[dict[int, int], int]]:
        """Yield (built, fountain cell) of each sketch; `built` is valid until resumed."""
        built = dict(self.traced.run)
        left = list(self.traced.left)
        corners = sorted(self.traced.corners)
        seen = set()

        def fill_corners(i: int, fountain: int | None) -> Iterator[tuple[dict[int, int], int]]:
            if i == len(corners):
                yield from link(fountain)
                return
            for mask, is_fountain in self._fits(corners[i], built, left, fountain):
                yield from with_tile(corners[i], mask, is_fountain, fill_corners, i + 1,
                                     corners[i] if is_fountain else fountain)

        def link(fountain: int | None) -> Iterator[tuple[dict[int, int], int]]:
            key = (frozenset(built.items()), fountain)
            if key in seen:
                return
            seen.add(key)
            self.clock.tick()
            group_of = _walk_groups(built)
            groups = max(group_of.values()) + 1
            if groups == 1 and fountain is not None:
                yield built, fountain
                return
            cells_left = self.cell_budget - len(built)
            if not cells_left or not _can_link(built, self.traced.outside, cells_left):
                return
            outside = self.traced.outside
            ways_out = [sorted(_ways_out(g, group_of, built, outside)) for g in range(groups)]
            for cell in min(ways_out, key=len):
                for mask, is_fountain in self._fits(cell, built, left, fountain):
                    yield from with_tile(cell, mask, is_fountain, link,
                                         cell if is_fountain else fountain)

        def with_tile(cell: int, mask: int, is_fountain: bool,
                      then: Callable[..., Iterator[tuple[dict[int, int], int]]],
                      *args: Any) -> Iterator[tuple[dict[int, int], int]]:
            built[cell] = mask
            if not is_fountain:
                left[mask] -= 1
            yield from then(*args)
            if not is_fountain:
                left[mask] += 1
            del built[cell]

        yield from fill_corners(0, None)

    def _fits(self, cell: int, built: Mapping[int, int], left: Sequence[int],
              fountain: int | None) -> list[tuple[int, bool]]:
        """(mask, is the fountain) of each tile that may stand on `cell` beside `built`."""
        wanted, matter = _pattern(cell, built)
        fits = [(mask, False) for mask in range(16)
                if left[mask] and not (mask ^ wanted) & matter and mask != 15]
        if fountain is None and not wanted:
            fits.append((0, True))
        return fits

    # -- 2. building a sketch ------------------------------------------------------------------

    def _build_sketch(self, built: Mapping[int, int],
                      fountain: int) -> tuple[int, list[tuple[int, Cell]]] | None:
        """Placement path building `built` from its `fountain`, or None."""
        cells = [cell for cell in built if cell != fountain]
        wanted = dict(zip(_relative(cells, fountain), (built[cell] for cell in cells)))
        return self._build_within(wanted, set(), set(), budget=0)

    # -- 3. every legal placement ----------------------------------------------------------------

    def _fountain_cells(self) -> list[int]:
        """Cells where the fountain may stand, nearest the run first.

        The fountain is open all round, so run tiles beside it need an open side there;
        and the tiles the run leaves must fill the inner corners and a walkway to it.
        """
        traced = self.traced
        known = traced.run.keys() | traced.corners.keys()
        reach = sum(traced.left) - len(traced.corners) + 1
        distance = {cell: 0 for cell, (wanted, _) in traced.corners.items() if not wanted}
        for cell in known:
            for dx in range(-reach, reach + 1):
                span = reach - abs(dx)
                for dy in range(-span, span + 1):
                    other = cell + dx * _ROW + dy
                    if (other not in known and other not in traced.outside
                            and abs(dx) + abs(dy) < distance.get(other, reach + 1)):
                        distance[other] = abs(dx) + abs(dy)
        fits = [cell for cell in distance
                if cell in traced.corners or self._fountain_fits(cell)]
        return sorted(fits, key=lambda cell: (distance[cell], cell))

    def _fountain_fits(self, cell: int) -> bool:
        wanted, _ = _pattern(cell, self.traced.run)
        return not wanted

    def _build_from(self, fountain: int) -> tuple[int, list[tuple[int, Cell]]] | None:
        """The placement path of an arrangement with the fountain on `fountain` showing
        the run, or None.

        Budgets of spare tiles (those not carrying the run) rise from what the inner
        corners need: a completion with few tiles shows soon, and a small budget keeps
        spare tiles from wandering off where they help nothing.
        """
        traced = self.traced
        wanted = dict(zip(_relative(traced.run, fountain), traced.run.values()))
        corners = set(_relative(traced.corners, fountain))
        outside = set(_relative(traced.outside, fountain))
        for budget in range(len(corners - {(0, 0)}), sum(traced.left) + 1):
            path = self._build_within(dict(wanted), corners, outside, budget)
            if path is not None:
                return path
        return None

    def _build_within(self, wanted: dict[Cell, int], corners: Collection[Cell],
                      outside: Collection[Cell],
                      budget: int) -> tuple[int, list[tuple[int, Cell]]] | None:
        """Depth-first search over legal placements from the fountain (each layout once)
        that builds the `wanted` tiles (cell -> mask, in the fountain's frame) with at most
        `budget` spare tiles, none on an `outside` cell; the placement path or None."""
        spare = {mask: self.traced.left[mask] for mask in self.pool.masks}
        builder = _Builder(self.pool, "enclosed")
        seen = set()

        def moves(spares_left: int) -> list[tuple[int, Cell]]:
            # Run tiles first: a dead end shows sooner.
            found = []
            for mask, cell in builder.moves():
                if cell in wanted:
                    if wanted[cell] == mask:
                        found.append((False, mask, cell))
                elif spares_left and spare[mask] and cell not in outside:
                    found.append((True, mask, cell))
            return [(mask, cell) for _, mask, cell in sorted(found)]

        def build(spares_left: int) -> tuple[int, list[tuple[int, Cell]]] | None:
            if not wanted:
                return builder.alhambra.longest_wall(), list(builder.path)
            self.clock.tick()
            layout = builder.alhambra.layout
            if (sum(cell not in layout for cell in corners) > spares_left
                    or not _walks_to_all(layout, wanted, outside, spares_left)):
                return None
            for mask, cell in moves(spares_left):
                key = builder.key_after(mask, cell)
                if key in seen:
                    continue
                seen.add(key)
                for_run = wanted.pop(cell, None)
                if for_run is None:
                    spare[mask] -= 1
                builder.push(mask, cell)
                built = build(spares_left - (for_run is None))
                if built is not None:
                    return built
                builder.pop()
                if for_run is None:
                    spare[mask] += 1
                else:
                    wanted[cell] = for_run
            return None

        return build(budget)


def _relative(cells: Iterable[int], fountain: int) -> list[Cell]:
    """Coded `cells` as (x, y) cells of the Alhambra whose fountain stands on `fountain`."""
    fx, fy = _decode(fountain)
    return [(x - fx, y - fy) for x, y in map(_decode, cells)]


def _walks_to_all(layout: Mapping[Cell, Tile], wanted: Mapping[Cell, int],
                  outside: Collection[Cell], spares: int) -> bool:
    """Whether a walk from the built `layout` can reach every `wanted` cell (cell -> wall
    mask of the tile to stand there) with at most `spares` new tiles on its way.

    A 0-1 breadth-first search: stepping onto a wanted cell (through an open side of
    its tile) is free, onto another cell that may be built costs one tile.
    """
    cost: dict = {}
    todo: deque = deque()

    def enter(cell: Cell, side: int, spent: int) -> None:
        """Step onto `cell` through its `side`, having spent `spent` tiles."""
        if cell in layout or cell in outside:
            return
        mask = wanted.get(cell)
        if mask is None:
            spent += 1
        elif mask >> side & 1:
            return
        if spent <= spares and spent < cost.get(cell, spares + 1):
            cost[cell] = spent
            if mask is None:  # a spare tile, any side of which may be open
                todo.append((spent, cell, 0))
            else:
                todo.appendleft((spent, cell, mask))

    for cell, tile in layout.items():
        for side, other in enumerate(side_neighbours(cell)):
            if not tile.mask >> side & 1:
                enter(other, _OPPOSITE[side], 0)
    unreached = len(wanted)
    while todo and unreached:
        spent, cell, mask = todo.popleft()
        if spent > cost[cell]:
            continue
        unreached -= cell in wanted
        for side, other in enumerate(side_neighbours(cell)):
            if not mask >> side & 1:
                enter(other, _OPPOSITE[side], spent)
    return all(cell in cost for cell in wanted)
