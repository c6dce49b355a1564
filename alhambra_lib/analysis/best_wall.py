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
from dataclasses import dataclass
from itertools import chain

from ..alhambra import HOLE_RULES, Alhambra
from ..components import FOUNTAIN_KIND, Tile
from ..grid import BIT, OPPOSITE, SIDES, STEP, side_neighbours

__all__ = ["BestWall", "best_wall", "best_wall_search", "tiles_of", "wall_gap"]

# Sides as indices 0..3 in N, E, S, W order (that of `side_neighbours`), so that the
# wall masks of `Tile.mask` have bit i for side i and turning is a table look-up.
_STEPS = tuple(STEP[side] for side in SIDES)
_OPPOSITE = tuple(SIDES.index(OPPOSITE[side]) for side in SIDES)
_CLOCKWISE = (1, 2, 3, 0)
_ANTICLOCKWISE = (3, 0, 1, 2)
_WALLS = tuple(mask.bit_count() for mask in range(16))  # walls of each mask
assert all(BIT[side] == 1 << i for i, side in enumerate(SIDES))


def _step(cell, side):
    dx, dy = _STEPS[side]
    return (cell[0] + dx, cell[1] + dy)


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
    def exact(self):
        """Whether `wall` is proven to be the best possible (it meets `upper_bound`)."""
        return self.wall == self.upper_bound


def _checked_tiles(tiles):
    tiles = tuple(tiles)
    for tile in tiles:
        if not isinstance(tile, Tile):
            raise TypeError(f"expected Tiles, got {type(tile).__name__}: {tile!r}")
        if tile.kind == FOUNTAIN_KIND:
            raise ValueError("the fountain is not a building tile: it is always at (0, 0), "
                             "leave it out of the tiles")
    return tiles


def tiles_of(alhambra, reserve=()):
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


def best_wall_search(tiles, *, hole_rule="enclosed", exact_limit=12, beam_width=128,
                     time_limit=None):
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
       the cell ahead is built, the diagonal tile carries the wall). For the target
       T = best + 1, a depth-first search traces every such run of T segments in the
       run's own frame, choosing a wall mask for each tile it reaches. A run need only
       start where its wall does (a segment after no wall, or the north side of the top
       left tile when the whole boundary is wall), so when the first tile's side before
       the run is walled, the cell behind must be built. The search cuts a run as soon
       as touching tiles disagree, a cell across the run would be built, a tile loses
       its last open side towards a cell that may be built, or its segments plus the
       walls that could still join (unused walls of its tiles, walls of the richest
       tiles left that fit in the cells left) fall short of T. A whole run must then
       pass: its tiles and inner corners can be linked by open sides within the cells
       left, the tiles left (and the fountain) fit the inner corners, and the cells
       across it reach the outside (else they would be a hole). Each such run is
       *completed*: for each cell where the fountain could stand, nearest first, a
       depth-first search over legal placements (`Alhambra.place`, layouts seen once)
       builds the run's tiles on their cells without covering a cell across it, within
       the tiles available. A completion is an arrangement with a wall of at least T: the
       best rises and so does T. When no run of T completes, no arrangement has a wall of
       T, and the best is proven.
    4. **Proof**, ``"single"`` rule (pinches and enclosed pairs of cells allowed, so the
       boundary is no single loop): what the enclosed rule builds, the single rule allows
       too, so the enclosed proof gives a start; then branch and bound over legal
       placements, each layout visited once (placement order does not matter), cut when
       its external segments plus the walls still unplaced cannot beat the best.

    The proofs take time exponential in the number of tiles. Measured on random sets of
    real tiles (``benchmarks/bench_best_wall.py``): the beam takes about 0.5 s for 12
    tiles, 2 s for 20 and 3 s for 30; the proof adds nothing when the beam's wall uses
    every wall, and well under a second for most other sets of 12. The hard sets are
    wall-rich ones whose best falls short of their walls: many runs come close, so
    refuting T takes long (the ``--hard`` sets of the benchmark, of 10 and 12 tiles,
    10 to 17 s each; some sets of 12 may take over a minute). Pass `time_limit` to
    bound it. The single-rule branch and bound is practical up to about 8 tiles.

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


def best_wall(tiles, *, hole_rule="enclosed", exact_limit=12, beam_width=128, time_limit=None):
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


def wall_gap(alhambra, reserve=(), **options):
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

    def __init__(self, seconds):
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.nodes = 0

    def tick(self):
        self.nodes += 1
        if (self.deadline is not None and not self.nodes % self._CHECK_EVERY
                and time.monotonic() > self.deadline):
            raise _OutOfTimeError


class _Pool:
    """The tiles as counts per wall mask, plus the real tiles to hand out at the end."""

    def __init__(self, tiles):
        self.tiles = tiles
        self.by_mask = {}
        for tile in tiles:
            self.by_mask.setdefault(tile.mask, []).append(tile)
        self.masks = sorted(self.by_mask)
        self.count = {mask: len(group) for mask, group in self.by_mask.items()}
        self.walls = sum(_WALLS[mask] * n for mask, n in self.count.items())

    def sample(self, mask):
        """A tile with this mask, to ask the Alhambra where such a tile may go."""
        return self.by_mask[mask][0]


def _layout_key(path):
    """One int naming the layout of a placement path (order does not matter)."""
    key = 0
    for code in sorted(((x + 128) << 12) | ((y + 128) << 4) | mask for mask, (x, y) in path):
        key = key << 20 | code
    return key


class _Builder:
    """An Alhambra under construction by placements of masks, with undo."""

    def __init__(self, pool, hole_rule):
        self.pool = pool
        self.alhambra = Alhambra(hole_rule)
        self.left = dict(pool.count)
        self.path = []

    def clone(self):
        other = _Builder.__new__(_Builder)
        other.pool, other.alhambra = self.pool, self.alhambra.copy()
        other.left, other.path = dict(self.left), list(self.path)
        return other

    def moves(self):
        """Every legal placement (mask, cell) of a tile still left, in a fixed order."""
        for mask in self.pool.masks:
            if self.left[mask]:
                for cell in sorted(self.alhambra.legal_positions(self.pool.sample(mask))):
                    yield mask, cell

    def key_after(self, mask, cell):
        return _layout_key(self.path + [(mask, cell)])

    def push(self, mask, cell):
        self.alhambra.place(self.pool.sample(mask), cell)
        self.left[mask] -= 1
        self.path.append((mask, cell))

    def pop(self):
        # Taking back the last placement is always a legal removal: it restores the
        # legal layout it was made on.
        mask, cell = self.path.pop()
        self.alhambra.remove(cell)
        self.left[mask] += 1

    def bound(self):
        """External segments now plus walls still unplaced: no wall grows beyond it."""
        unplaced = sum(_WALLS[mask] * n for mask, n in self.left.items())
        return len(self.alhambra.wall_segments()) + unplaced


class _Search:
    """The state shared by the phases: the best path found and the proven bound."""

    def __init__(self, pool, hole_rule, clock):
        self.pool = pool
        self.hole_rule = hole_rule
        self.clock = clock
        self.best_wall = 0
        self.best_path = []
        self.upper = self.pool.walls

    def offer(self, wall, path):
        if wall > self.best_wall:
            self.best_wall, self.best_path = wall, list(path)

    def result(self):
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

    def beam(self, width):
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

    def prove(self, beam_width):
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

    def _prove_by_placements(self):
        builder = _Builder(self.pool, self.hole_rule)
        seen = set()

        def visit():
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

    def _prove_by_runs(self):
        while self.best_wall < self.upper:
            target = self.best_wall + 1
            for tracer in _RunTracer(self.pool, target, self.clock).runs():
                built = _Completion(self.pool, tracer, self.clock).search()
                if built is not None:
                    wall, path = built
                    assert wall >= target, "a completed run is a wall of the target"
                    self.offer(wall, path)
                    break
            else:
                self.upper = target - 1


# -- run first: trace the wall, then build round it --------------------------------------------


class _RunTracer:
    """Traces every wall run of `target` segments that a legal Alhambra could show.

    The run is traced clockwise along the boundary (built cells on its right) in its own
    frame: its first tile stands on (0, 0); where the fountain stands is left to
    `_Completion`. `runs` yields the tracer itself at each plausible run, with:

    * ``run``: cell -> wall mask of each tile carrying the run;
    * ``corners``: the inner corners, cells that must be built by some tile;
    * ``outside``: cells that must stay empty (across a run segment, or diagonal at a
      convex corner, where a built cell would pinch: a hole, RULES.md §8.4);
    * ``left``: the tiles (mask -> count) not carrying the run.
    """

    def __init__(self, pool, target, clock):
        self.pool = pool
        self.target = target
        self.clock = clock
        self.cell_budget = len(pool.tiles) + 1  # the tiles and the fountain
        self.left = dict(pool.count)
        self.richest = sorted(((_WALLS[mask], mask) for mask in pool.masks), reverse=True)
        self.with_wall = tuple(tuple(m for m in pool.masks if m >> side & 1) for side in range(4))
        self.run = {}
        self.run_walls = 0
        self.corners = set()
        self.outside = {}  # cell -> number of reasons to keep it empty
        self.used = set()  # (cell, side) of the run's segments
        self.wasted = 0  # walls of run tiles facing a built cell: never on the run
        self.log = []
        # The walls the tiles left could bring, by each number of run tiles: they change
        # only as a tile joins the run, so a stack follows the carries.
        self.spare_gains = [self._spare_gain()]

    def runs(self):
        """Yield the tracer at every plausible run (its state is valid until resumed)."""
        for mask in self.pool.masks:
            for side in range(4):
                if mask >> side & 1:
                    mark = len(self.log)
                    if (self._carry((0, 0), mask) and self._segment((0, 0), side)
                            and self._starts_wall(side)):
                        yield from self._extend((0, 0), side, 1)
                    self._rollback(mark)

    def _starts_wall(self, side):
        """Let the run start only where a wall may start.

        A wall of `target` segments or more has a first segment, one whose predecessor on
        the boundary is no wall, unless the wall is the whole boundary; then take the north
        side of the top row's westmost tile, whose predecessor is its own west side. The
        run need only start there. When the first tile's side before `side` is walled, the
        predecessor is not that side (but at the north side: a whole-boundary wall), so
        the cell behind must be built, which wastes that wall.
        """
        back = _ANTICLOCKWISE[side]
        if not self.run[(0, 0)] >> back & 1 or side == 0:
            return True
        return self._keep_built(_step((0, 0), back))

    def _extend(self, cell, side, done):
        """The run has `done` segments, the last on `side` of `cell`: try each next one."""
        if done == self.target:
            if self._plausible():
                yield self
            return
        self.clock.tick()
        if done + self._gain_left() < self.target:
            return
        turn = _CLOCKWISE[side]  # the direction the run travels along this side
        ahead = _step(cell, turn)
        diagonal = _step(ahead, side)
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
        for mask in self._carriers(diagonal, back):
            if (self._keep_built(ahead) and self._carry(diagonal, mask)
                    and self._segment(diagonal, back)):
                yield from self._extend(diagonal, back, done + 1)
            self._rollback(mark)

    def _gain_left(self):
        """Segments the run could still gain: the unused walls of its tiles that face no
        built cell, and the walls the tiles left could bring (`_spare_gain`)."""
        return self.run_walls - len(self.used) - self.wasted + self.spare_gains[-1]

    def _spare_gain(self):
        """The walls of the wall-richest tiles left that fit on the cells left but the
        fountain's (an inner corner may come to carry the run too)."""
        gain = 0
        cells = self.cell_budget - len(self.run) - 1
        for walls, mask in self.richest:
            if cells <= 0:
                break
            tiles = min(self.left[mask], cells)
            gain += tiles * walls
            cells -= tiles
        return gain

    def _carriers(self, cell, side):
        """The masks a tile on `cell` may have to carry the run on `side`."""
        if cell in self.run:
            return (self.run[cell],) if self.run[cell] >> side & 1 else ()
        return [m for m in self.with_wall[side] if self.left[m]]

    # -- changes, each checked and logged for `_rollback` -----------------------------------

    def _carry(self, cell, mask):
        """Put a run tile with `mask` on `cell` (true at once if it is there already)."""
        if cell in self.run:
            return self.run[cell] == mask
        was_corner = cell in self.corners
        if cell in self.outside or (
                not was_corner and len(self.run) + len(self.corners) >= self.cell_budget):
            return False
        wasted = 0
        for side, neighbour in enumerate(side_neighbours(cell)):
            other = self.run.get(neighbour)
            if other is not None:
                if (mask >> side & 1) != (other >> _OPPOSITE[side] & 1):
                    return False  # walls_mismatch
                # Two walls back to back; the neighbour's was counted if this was a corner.
                wasted += (mask >> side & 1) * (1 if was_corner else 2)
            elif neighbour in self.corners:
                wasted += mask >> side & 1
        if not self._has_way_in(cell, mask):
            return False
        if was_corner:
            self.corners.remove(cell)
        self.run[cell] = mask
        self.left[mask] -= 1
        self.run_walls += _WALLS[mask]
        self.wasted += wasted
        self.spare_gains.append(self._spare_gain())
        self.log.append(("carry", cell, was_corner, wasted))
        return True

    def _keep_built(self, cell):
        """Require `cell` built (an inner corner), by a tile chosen later."""
        if cell in self.run or cell in self.corners:
            return True
        if cell in self.outside or len(self.run) + len(self.corners) >= self.cell_budget:
            return False
        wasted = sum(self.run.get(neighbour, 0) >> _OPPOSITE[side] & 1
                     for side, neighbour in enumerate(side_neighbours(cell)))
        self.corners.add(cell)
        self.wasted += wasted
        self.log.append(("corner", cell, wasted))
        return True

    def _keep_empty(self, cell):
        """Require `cell` empty; no run tile may lose its last way in."""
        if cell in self.run or cell in self.corners:
            return False
        reasons = self.outside.get(cell, 0)
        self.outside[cell] = reasons + 1
        self.log.append(("outside", cell))
        if not reasons:
            for neighbour in side_neighbours(cell):
                if neighbour in self.run and not self._has_way_in(neighbour, self.run[neighbour]):
                    return False  # the caller rolls back
        return True

    def _segment(self, cell, side):
        """Add the wall on `side` of run tile `cell` to the run."""
        if (cell, side) in self.used or not self._keep_empty(_step(cell, side)):
            return False
        self.used.add((cell, side))
        self.log.append(("segment", cell, side))
        return True

    def _has_way_in(self, cell, mask):
        """A tile is walked to through an open side: one must face a cell that may be built."""
        return any(not mask >> side & 1 and neighbour not in self.outside
                   for side, neighbour in enumerate(side_neighbours(cell)))

    def _rollback(self, mark):
        while len(self.log) > mark:
            change = self.log.pop()
            if change[0] == "carry":
                _, cell, was_corner, wasted = change
                mask = self.run.pop(cell)
                if was_corner:
                    self.corners.add(cell)
                self.left[mask] += 1
                self.run_walls -= _WALLS[mask]
                self.wasted -= wasted
                self.spare_gains.pop()
            elif change[0] == "corner":
                self.corners.remove(change[1])
                self.wasted -= change[2]
            elif change[0] == "outside":
                cell = change[1]
                self.outside[cell] -= 1
                if not self.outside[cell]:
                    del self.outside[cell]
            else:
                self.used.remove((change[1], change[2]))

    # -- necessary conditions on a whole run -----------------------------------------------

    def corner_fits(self, cell, mask):
        """Whether a tile with `mask` on inner corner `cell` matches the run tiles around it."""
        return all((mask >> side & 1) == (self.run[n] >> _OPPOSITE[side] & 1)
                   for side, n in enumerate(side_neighbours(cell)) if n in self.run)

    def _plausible(self):
        return self._can_connect() and self._corners_fill() and self._outside_is_open()

    def _can_connect(self):
        """The run's tiles and corners can all be walked to from one another.

        They fall into groups joined by open sides (a corner's tile is not chosen yet, so
        any of its sides may be open). While there are several, each needs a way out, an
        open side towards a cell that may be built, and as a new cell joins at most four
        groups, linking g groups takes at least (g - 1) / 3 of the cells left.
        """
        run, corners, outside = self.run, self.corners, self.outside
        seen = set()
        groups = closed = 0
        for start in chain(run, corners):
            if start in seen:
                continue
            groups += 1
            seen.add(start)
            todo = [start]
            way_out = False
            while todo:
                cell = todo.pop()
                mask = run.get(cell, 0)
                for side, other in enumerate(side_neighbours(cell)):
                    if mask >> side & 1 or other in seen:
                        continue
                    other_mask = run.get(other)
                    if other_mask is None:
                        if other in corners:
                            seen.add(other)
                            todo.append(other)
                        elif other not in outside:
                            way_out = True
                    elif not other_mask >> _OPPOSITE[side] & 1:
                        seen.add(other)
                        todo.append(other)
            closed += not way_out
        if groups == 1:
            return True
        cells_left = self.cell_budget - len(run) - len(corners)
        return not closed and groups - 1 <= 3 * cells_left

    def _corners_fill(self):
        """Tiles left (or the fountain, on one corner) can fill the corners within budget."""
        corners = sorted(self.corners)
        left = dict(self.left)
        room = self.cell_budget - len(self.run) - len(corners)  # for the fountain, if apart

        def fill(i, fountain_placed):
            if i == len(corners):
                return fountain_placed or room >= 1
            if not fountain_placed and self.corner_fits(corners[i], 0) and fill(i + 1, True):
                return True
            for mask in self.pool.masks:
                if left[mask] and self.corner_fits(corners[i], mask):
                    left[mask] -= 1
                    found = fill(i + 1, fountain_placed)
                    left[mask] += 1
                    if found:
                        return True
            return False

        return fill(0, False)

    def _outside_is_open(self):
        """The cells across the run reach the outside: else they would be a hole."""
        built = self.run.keys() | self.corners
        xs = [x for x, _ in built]
        ys = [y for _, y in built]
        x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        # Flood the empty cells of the box grown by one from its frame, all outside.
        todo = [(x, y) for x in range(x0, x1 + 1) for y in (y0, y1)]
        todo += [(x, y) for y in range(y0 + 1, y1) for x in (x0, x1)]
        reached = set(todo)
        while todo:
            cell = todo.pop()
            for other in side_neighbours(cell):
                if (x0 <= other[0] <= x1 and y0 <= other[1] <= y1 and other not in built
                        and other not in reached):
                    reached.add(other)
                    todo.append(other)
        return all(cell in reached for cell in self.outside)


class _Completion:
    """Builds a traced run for real: the fountain somewhere, then legal placements."""

    def __init__(self, pool, tracer, clock):
        self.pool = pool
        self.tracer = tracer
        self.clock = clock

    def search(self):
        """(wall, placement path) of an arrangement showing the run, or None if none does."""
        for fountain in self._fountain_cells():
            path = self._build_from(fountain)
            if path is not None:
                return path
        return None

    def _fountain_cells(self):
        """Cells where the fountain may stand, nearest the run first.

        The fountain is open all round, so run tiles beside it need an open side there;
        and the tiles the run leaves must fill the inner corners and a walkway to it.
        """
        tracer = self.tracer
        known = tracer.run.keys() | tracer.corners
        spare = sum(tracer.left.values())
        reach = spare - len(tracer.corners) + 1
        distance = {cell: 0 for cell in tracer.corners if tracer.corner_fits(cell, 0)}
        for x, y in known:
            for dx in range(-reach, reach + 1):
                span = reach - abs(dx)
                for dy in range(-span, span + 1):
                    cell = (x + dx, y + dy)
                    if (cell not in known and cell not in tracer.outside
                            and abs(dx) + abs(dy) < distance.get(cell, reach + 1)):
                        distance[cell] = abs(dx) + abs(dy)
        fits = [cell for cell in distance
                if cell in tracer.corners or self._fountain_fits(cell)]
        return sorted(fits, key=lambda cell: (distance[cell], cell))

    def _fountain_fits(self, cell):
        run = self.tracer.run
        return all(not run[n] >> _OPPOSITE[side] & 1
                   for side, n in enumerate(side_neighbours(cell)) if n in run)

    def _build_from(self, fountain):
        fx, fy = fountain
        tracer = self.tracer
        wanted = {(x - fx, y - fy): mask for (x, y), mask in tracer.run.items()}
        corners = {(x - fx, y - fy) for x, y in tracer.corners}
        outside = {(x - fx, y - fy) for x, y in tracer.outside}
        spare = dict(tracer.left)
        builder = _Builder(self.pool, "enclosed")
        seen = set()

        def can_finish():
            layout = builder.alhambra.layout
            missing = [cell for cell in corners if cell not in layout]
            tiles = sum(spare.values())
            if len(missing) > tiles:
                return False
            tiles += len(wanted)
            return all(min(abs(x - bx) + abs(y - by) for bx, by in layout) <= tiles
                       for x, y in list(wanted) + missing)

        def allowed(mask, cell):
            if cell in wanted:
                return wanted[cell] == mask
            return spare[mask] and cell not in outside

        def ordered_moves():
            # Run tiles first: a dead end shows sooner.
            moves = sorted((cell not in wanted, mask, cell) for mask, cell in builder.moves()
                           if allowed(mask, cell))
            return [(mask, cell) for _, mask, cell in moves]

        def build():
            if not wanted:
                return True
            self.clock.tick()
            if not can_finish():
                return False
            for mask, cell in ordered_moves():
                key = builder.key_after(mask, cell)
                if key in seen:
                    continue
                seen.add(key)
                for_run = wanted.pop(cell, None)
                if for_run is None:
                    spare[mask] -= 1
                builder.push(mask, cell)
                if build():
                    return True
                builder.pop()
                if for_run is None:
                    spare[mask] += 1
                else:
                    wanted[cell] = for_run
            return False

        return (builder.alhambra.longest_wall(), list(builder.path)) if build() else None
