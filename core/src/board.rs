//! One Alhambra: its tiles as a short sorted list, and the building rules as bit
//! operations on a window of columns made from it when asked.
//!
//! The state keeps only the list (`Board`, a few hundred bytes, `Copy`), so a game clones
//! in a memcpy. A query builds `Planes`: one `u64` per column x of the layout's bounding
//! box (plus two empty columns each side), bit `y - y0` set for a built cell, and one such
//! set per side for the cells with a wall there. An Alhambra holds at most `MAX_CELLS`
//! tiles, so its box with the margins fits 64 bits: every layout fits, exactly.
//!
//! A tile's legal cells are then `joined & !refused & !enclosing & !built`, as in the
//! Python engine's `CellBits` (`alhambra_lib/cellbits.py`): *refused* where a wall of the
//! tile meets an open side or an open side a wall; *joined* where an open side meets an
//! open side (every built tile is walked to from the fountain, so that is reachability);
//! *enclosing* where the ring of eight around the cell holds two or more runs of built
//! cells (building there would enclose an area; exact on legal layouts). Columns are
//! listed by x, bits by y, so cells come out in the engine's sorted order.

use crate::cards::{is_camp, tile, TileId};
use crate::stack::Stack;

/// The most tiles one Alhambra can hold: the fountain, all 54 buildings and the 3 huts a
/// player may hold (Squares, §M4). Its box with the margins is at most 62 wide and high.
pub const MAX_CELLS: usize = 58;
/// The tile id standing for the fountain.
pub const FOUNTAIN: TileId = u8::MAX;

const N: usize = 0;
const E: usize = 1;
const S: usize = 2;
const W: usize = 3;
/// The cell across each side, N, E, S, W (`grid.side_neighbour`).
pub const STEP: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The sides in the order of their letters (E, N, S, W): gates sort so (`gate_positions`).
const SIDES_BY_LETTER: [usize; 4] = [E, N, S, W];
/// The most gates one Alhambra can hold: there are at most six gate cards (§M5).
pub const MAX_GATES: usize = 6;

/// A gate (City Gates, §M5): the pair of side-touching cells it joins, lower cell first.
pub type Gate = ((i8, i8), (i8, i8));

/// The gate on `side` of the cell (x, y) (`alhambra.gate_pair`).
pub fn gate_pair(x: i8, y: i8, side: usize) -> Gate {
    let other = (x + STEP[side].0, y + STEP[side].1);
    if (x, y) <= other {
        ((x, y), other)
    } else {
        (other, (x, y))
    }
}

/// A built cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Placed {
    pub x: i8,
    pub y: i8,
    pub tile: TileId,
    /// The tile's walls (kept here: every query reads them).
    pub walls: u8,
}

impl Placed {
    pub fn mask(&self) -> u8 {
        self.walls
    }
}

/// An Alhambra: its built cells sorted by (x, y), the fountain at (0, 0) included, and
/// its gates (City Gates, §M5) in the order they were built.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    cells: [Placed; MAX_CELLS],
    len: u8,
    counts: [u8; 6],
    gates: Stack<Gate, MAX_GATES>,
    /// The stuck cells (`stuck_cells`) kept by `keep_stuck_cells` while the Alhambra does
    /// not change: None once it changes.
    pub(crate) stuck: Option<u64>,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.cells() == other.cells() && self.gates == other.gates
    }
}

impl Board {
    /// The fountain alone.
    pub fn new() -> Board {
        let mut cells = [Placed::default(); MAX_CELLS];
        cells[0] = Placed {
            x: 0,
            y: 0,
            tile: FOUNTAIN,
            walls: 0,
        };
        Board {
            cells,
            len: 1,
            counts: [0; 6],
            gates: Stack::default(),
            stuck: None,
        }
    }

    /// The gates (§M5), each the pair of cells it joins.
    pub fn gates(&self) -> &[Gate] {
        self.gates.as_slice()
    }

    /// Open a gate on `side` of the built cell (x, y) (checked by the caller).
    pub fn add_gate(&mut self, x: i8, y: i8, side: usize) {
        self.stuck = None;
        self.gates.push(gate_pair(x, y, side));
    }

    /// Open the gate `gate` read from a save: two built side-touching cells, lower first,
    /// not there yet; false (and nothing done) otherwise.
    pub fn add_gate_pair(&mut self, gate: Gate) -> bool {
        let ((ax, ay), b) = gate;
        let touching = STEP.iter().any(|&(dx, dy)| {
            (ax as i16 + dx as i16, ay as i16 + dy as i16) == (b.0 as i16, b.1 as i16)
        });
        let ok = touching
            && gate.0 < gate.1
            && self.at(ax, ay).is_some()
            && self.at(b.0, b.1).is_some()
            && !self.gates.as_slice().contains(&gate)
            && self.gates.len() < MAX_GATES;
        if ok {
            self.stuck = None;
            self.gates.push(gate);
        }
        ok
    }

    /// Whether a gate joins the cell (x, y) to another: its tile never moves (§M5).
    pub fn gated(&self, x: i8, y: i8) -> bool {
        self.gates
            .as_slice()
            .iter()
            .any(|&(a, b)| a == (x, y) || b == (x, y))
    }

    /// The built cells, sorted by (x, y).
    pub fn cells(&self) -> &[Placed] {
        &self.cells[..self.len as usize]
    }

    /// Tiles of each building type.
    pub fn counts(&self) -> [u8; 6] {
        self.counts
    }

    fn find(&self, x: i8, y: i8) -> Result<usize, usize> {
        self.cells().binary_search_by_key(&(x, y), |c| (c.x, c.y))
    }

    /// The tile on (x, y), if built.
    pub fn at(&self, x: i8, y: i8) -> Option<TileId> {
        self.placed(x, y).map(|c| c.tile)
    }

    /// The built cell (x, y), with its walls, if built.
    pub fn placed(&self, x: i8, y: i8) -> Option<Placed> {
        self.find(x, y).ok().map(|i| self.cells[i])
    }

    /// Build `id` on the empty cell (x, y) (checked by the caller).
    pub fn build(&mut self, x: i8, y: i8, id: TileId) {
        self.build_with_walls(x, y, id, tile(id).mask);
    }

    /// Build `id` on the empty cell (x, y) with the walls `walls` instead of its own: for
    /// layouts of other implementations' tests, whose tiles need not be in the box.
    pub fn build_with_walls(&mut self, x: i8, y: i8, id: TileId, walls: u8) {
        let at = self.find(x, y).expect_err("the cell is empty");
        self.stuck = None;
        let len = self.len as usize;
        self.cells.copy_within(at..len, at + 1);
        self.cells[at] = Placed {
            x,
            y,
            tile: id,
            walls,
        };
        self.len += 1;
        self.count(id, 1);
    }

    /// Add `by` to the count of `id`'s type, if it is a building (a hut counts for no type).
    fn count(&mut self, id: TileId, by: i8) {
        let t = tile(id);
        if t.is_building() {
            self.counts[t.kind as usize] = self.counts[t.kind as usize].wrapping_add_signed(by);
        }
    }

    /// Take the tile off (x, y) (built, checked by the caller) and return it.
    pub fn take(&mut self, x: i8, y: i8) -> TileId {
        let at = self.find(x, y).expect("the cell is built");
        self.stuck = None;
        let old = self.cells[at].tile;
        let len = self.len as usize;
        self.cells.copy_within(at + 1..len, at);
        self.len -= 1;
        self.count(old, -1);
        old
    }

    /// Put `id` on (x, y) in place of its tile and return that tile.
    pub fn replace(&mut self, x: i8, y: i8, id: TileId) -> TileId {
        self.replace_with_walls(x, y, id, tile(id).mask)
    }

    /// `replace` with the walls `walls` (City Walls' sticks included, §M9).
    pub fn replace_with_walls(&mut self, x: i8, y: i8, id: TileId, walls: u8) -> TileId {
        let at = self.find(x, y).expect("the cell is built");
        self.stuck = None;
        let old = std::mem::replace(&mut self.cells[at].tile, id);
        self.cells[at].walls = walls;
        self.count(old, -1);
        self.count(id, 1);
        old
    }

    /// Add `walls` to the walls of the tile on (x, y) (City Walls' sticks, §M9).
    pub fn add_walls(&mut self, x: i8, y: i8, walls: u8) {
        let at = self.find(x, y).expect("the cell is built");
        self.stuck = None;
        self.cells[at].walls |= walls;
    }

    /// The cells (indices into `cells`) whose tile may not go to the reserve for the
    /// walking graph's sake: its cut cells, and with camps (§M8) those whose removal
    /// leaves a camp unanchored. Kept while the Alhambra does not change, once
    /// `keep_stuck_cells` found them.
    pub fn stuck_cells(&self) -> u64 {
        self.stuck.unwrap_or_else(|| self.find_stuck_cells())
    }

    /// Find the stuck cells now, for the queries until the Alhambra changes: a
    /// player's redesigns are listed at each decision of their turns.
    pub fn keep_stuck_cells(&mut self) {
        if self.stuck.is_none() {
            self.stuck = Some(self.find_stuck_cells());
        }
    }

    /// `stuck_cells` found anew.
    pub(crate) fn find_stuck_cells(&self) -> u64 {
        let mut near = [[NO_CELL; 4]; MAX_CELLS];
        let stuck = cut_cells(self, &mut near);
        if self.cells().iter().any(camp_cell) {
            stuck | unanchoring(self, &near)
        } else {
            stuck
        }
    }

    /// The bit planes of this layout.
    pub fn planes(&self) -> Planes {
        Planes::of(self)
    }

    /// Wall points: the segments of the longest external wall (RULES.md §8.4).
    pub fn longest_wall(&self) -> u32 {
        crate::walls::longest_wall(self)
    }

    /// The cells a building of `id` may go to, sorted (`Alhambra.placement_cells`).
    pub fn placements(&self, id: TileId, out: &mut Vec<(i8, i8)>) {
        self.planes().placeable(tile(id).mask, is_camp(id), out);
    }
}

/// The most columns a layout with its margins spans.
const COLUMNS: usize = 64;

/// A layout as bit sets over columns: see the module's text.
pub struct Planes {
    /// The x of column 0 and the y of bit 0.
    x0: i32,
    y0: i32,
    /// Columns in use: 0..width (the outer two each side are empty).
    width: usize,
    built: [u64; COLUMNS],
    walls: [[u64; COLUMNS]; 4],
    /// The cells holding a camp (§M8): not walked, and their own placement rule.
    camps: [u64; COLUMNS],
    /// The cells a gate joins (§M5), never removed nor exchanged: a few at most, kept as
    /// (column, bit) so that a board without gates builds no plane for them.
    locked: Stack<(u8, u8), { 2 * MAX_GATES }>,
    /// Whether the layout holds a camp: the camp rule applies to every tile then.
    any_camp: bool,
}

/// The bits of column `col` among `cells` ((column, bit) pairs).
fn column_of(cells: &[(u8, u8)], col: usize) -> u64 {
    cells
        .iter()
        .filter(|&&(c, _)| c as usize == col)
        .fold(0, |set, &(_, bit)| set | 1 << bit)
}

impl Planes {
    fn of(board: &Board) -> Planes {
        let cells = board.cells();
        let (mut xmin, mut xmax, mut ymin) = (i32::MAX, i32::MIN, i32::MAX);
        for c in cells {
            xmin = xmin.min(c.x as i32);
            xmax = xmax.max(c.x as i32);
            ymin = ymin.min(c.y as i32);
        }
        let (x0, y0) = (xmin - 2, ymin - 2);
        let mut planes = Planes {
            x0,
            y0,
            width: (xmax - xmin + 5) as usize,
            built: [0; COLUMNS],
            walls: [[0; COLUMNS]; 4],
            camps: [0; COLUMNS],
            locked: Stack::default(),
            any_camp: false,
        };
        for &(a, b) in board.gates() {
            for (x, y) in [a, b] {
                planes
                    .locked
                    .push(((x as i32 - x0) as u8, (y as i32 - y0) as u8));
            }
        }
        for c in cells {
            let col = (c.x as i32 - x0) as usize;
            let bit = 1u64 << (c.y as i32 - y0);
            planes.built[col] |= bit;
            if c.tile != FOUNTAIN && is_camp(c.tile) {
                planes.camps[col] |= bit;
                planes.any_camp = true;
            }
            let mask = c.mask();
            for side in 0..4 {
                if mask >> side & 1 == 1 {
                    planes.walls[side][col] |= bit;
                }
            }
        }
        planes
    }

    /// The cell of column `col`, bit `bit`.
    fn cell(&self, col: usize, bit: u32) -> (i8, i8) {
        ((col as i32 + self.x0) as i8, (bit as i32 + self.y0) as i8)
    }

    /// Push the cells of column `col` in `bits` to `out`, by y.
    fn push_column(&self, col: usize, bits: u64, out: &mut Vec<(i8, i8)>) {
        let mut rest = bits;
        while rest != 0 {
            out.push(self.cell(col, rest.trailing_zeros()));
            rest &= rest - 1;
        }
    }

    /// Per side, the cells of column `col` whose neighbour across it is built with an
    /// open side facing them (`open`), with a wall facing them (`closed`), and a camp
    /// (`camp`).
    fn sides(&self, col: usize) -> ([u64; 4], [u64; 4]) {
        let (b, w) = (&self.built, &self.walls);
        let (east, west) = (col + 1, col.wrapping_sub(1));
        let at = |plane: &[u64; COLUMNS], c: usize| if c < self.width { plane[c] } else { 0 };
        let open = [
            (b[col] & !w[S][col]) >> 1,
            at(b, east) & !at(&w[W], east),
            (b[col] & !w[N][col]) << 1,
            at(b, west) & !at(&w[E], west),
        ];
        let closed = [
            w[S][col] >> 1,
            at(&w[W], east),
            w[N][col] << 1,
            at(&w[E], west),
        ];
        (open, closed)
    }

    /// The cells of column `col` a gate joins.
    fn locked_at(&self, col: usize) -> u64 {
        column_of(self.locked.as_slice(), col)
    }

    /// The camp cells of column `col` (none outside the planes).
    fn camps_at(&self, col: usize) -> u64 {
        if col < self.width {
            self.camps[col]
        } else {
            0
        }
    }

    /// Per side, the cells of column `col` whose neighbour across it is a camp.
    fn camp_sides(&self, col: usize) -> [u64; 4] {
        let here = self.camps_at(col);
        [
            here >> 1,
            self.camps_at(col + 1),
            here << 1,
            self.camps_at(col.wrapping_sub(1)),
        ]
    }

    /// `(refused, joined)` of a tile with walls `mask` in column `col` (`CellBits.against`,
    /// and `Alhambra._camp_reasons` with camps). A building needs its walls to match every
    /// non-camp neighbour and is joined by an open side meeting one; against a camp it
    /// needs its wall facing a bastion. A camp (`camp`) needs a bastion against the wall of
    /// every non-camp neighbour and no bastion on either side against a camp; it is never
    /// walked to, so every cell counts as joined.
    fn against(&self, mask: u8, camp: bool, col: usize) -> (u64, u64) {
        let (open, closed) = self.sides(col);
        let (mut refused, mut joined) = (0, 0);
        if !camp && !self.any_camp {
            // no camp near: the base game's rule, the hot path of playouts
            for side in 0..4 {
                if mask >> side & 1 == 1 {
                    refused |= open[side];
                } else {
                    refused |= closed[side];
                    joined |= open[side];
                }
            }
            return (refused, joined);
        }
        let camps = self.camp_sides(col);
        for side in 0..4 {
            let wall = mask >> side & 1 == 1;
            let (camp_side, bastion) = (camps[side], camps[side] & closed[side]);
            // the sides facing a built tile that is no camp
            let (open, closed) = (open[side] & !camp_side, closed[side] & !camp_side);
            if camp {
                refused |= if wall {
                    open | camp_side
                } else {
                    open | closed | bastion
                };
            } else if wall {
                refused |= open | camp_side & !bastion;
            } else {
                refused |= closed | camp_side;
                joined |= open;
            }
        }
        if camp {
            joined = !0;
        }
        (refused, joined)
    }

    /// The empty cells of column `col` whose building would enclose an area: their ring
    /// of eight holds two or more runs of built cells (`CellBits.enclosing`).
    fn enclosing(&self, col: usize) -> u64 {
        let b = &self.built;
        let (e, w) = (b[col + 1], b[col - 1]);
        let c = b[col];
        // clockwise from north: N, NE, E, SE, S, SW, W, NW
        let ring = [c >> 1, e >> 1, e, e << 1, c << 1, w << 1, w, w >> 1];
        let (mut once, mut twice) = (0u64, 0u64);
        let mut before = ring[7];
        for here in ring {
            let start = here & !before;
            twice |= once & start;
            once |= start;
            before = here;
        }
        twice
    }

    /// The cells of column `col` with a built side-neighbour (the frontier's).
    fn touching(&self, col: usize) -> u64 {
        let b = &self.built;
        b[col] >> 1 | b[col] << 1 | b[col - 1] | b[col + 1]
    }

    /// Where a tile with walls `mask` (a camp: `camp`) may be placed, pushed to `out` in
    /// (x, y) order.
    pub fn placeable(&self, mask: u8, camp: bool, out: &mut Vec<(i8, i8)>) {
        for col in 1..self.width - 1 {
            let (refused, joined) = self.against(mask, camp, col);
            // a building's joined cells touch the Alhambra; a camp's must be made to
            let near = if camp { self.touching(col) } else { !0 };
            let cells = joined & near & !refused & !self.built[col] & !self.enclosing(col);
            self.push_column(col, cells, out);
        }
    }

    /// Where a building with walls `mask` may be placed through a gate (§M5): the cells
    /// whose only reason against is that no open side joins them, and there each side
    /// facing a built tile (a double wall, since every side matches), as `(x, y, side)`
    /// in the order of `sorted(Alhambra.gate_positions)`: by cell, then side letter.
    pub fn gate_positions(&self, mask: u8, out: &mut Vec<(i8, i8, usize)>) {
        let b = &self.built;
        for col in 1..self.width - 1 {
            let (refused, joined) = self.against(mask, false, col);
            let cells = self.touching(col) & !joined & !refused & !b[col] & !self.enclosing(col);
            let mut rest = cells;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                let (x, y) = self.cell(col, bit);
                for side in SIDES_BY_LETTER {
                    let (dx, dy) = STEP[side];
                    let (ncol, nbit) = ((col as i32 + dx as i32) as usize, bit as i32 + dy as i32);
                    if (b[ncol] & !self.camps_at(ncol)) >> nbit & 1 == 1 {
                        out.push((x, y, side));
                    }
                }
            }
        }
    }

    /// The bit of the fountain in its column.
    fn fountain(&self, col: usize) -> u64 {
        if col as i32 + self.x0 == 0 {
            1u64 << -self.y0
        } else {
            0
        }
    }

    /// The built cells, but the fountain and the gated, where a tile with walls `mask` (a
    /// camp: `camp`) may be exchanged in: it matches every built neighbour; with camps
    /// about, by the camp rule, a building joined through a non-camp side
    /// (`Alhambra.exchange_positions`).
    pub fn exchangeable(&self, mask: u8, camp: bool, out: &mut Vec<(i8, i8)>) {
        let by_camp_rule = self.any_camp || camp;
        for col in 1..self.width - 1 {
            let (refused, joined) = self.against(mask, camp, col);
            let joined = if by_camp_rule { joined } else { !0 };
            let cells =
                self.built[col] & joined & !refused & !self.fountain(col) & !self.locked_at(col);
            self.push_column(col, cells, out);
        }
    }

    /// The built cells whose four side-neighbours are built (emptying one leaves a hole).
    fn four_sided(&self, col: usize) -> u64 {
        let b = &self.built;
        b[col] & b[col] >> 1 & b[col] << 1 & b[col - 1] & b[col + 1]
    }

    /// The cells whose tile may go to the reserve: not the fountain, not a cut cell of
    /// the walking graph, not one whose emptying leaves a hole (`Alhambra.removable_cells`).
    pub fn removable(&self, board: &Board, out: &mut Vec<(i8, i8)>) {
        let mut cut = [0u64; COLUMNS];
        let cells = board.cells();
        let mut cut_set = board.stuck_cells();
        while cut_set != 0 {
            let c = cells[cut_set.trailing_zeros() as usize];
            cut[(c.x as i32 - self.x0) as usize] |= 1u64 << (c.y as i32 - self.y0);
            cut_set &= cut_set - 1;
        }
        for (col, &stuck) in cut.iter().enumerate().take(self.width - 1).skip(1) {
            let cells = self.built[col]
                & !self.four_sided(col)
                & !self.fountain(col)
                & !stuck
                & !self.locked_at(col);
            self.push_column(col, cells, out);
        }
    }
}

/// Each pair of side-touching built cells once, as `each(i, j, side)`: indices into
/// `board.cells()`, j across side `side` (N or E) of i. The cells are sorted by (x, y):
/// the north neighbour is the next cell, if any, and the east neighbour's index only
/// grows with i, so no pair is searched for.
fn side_pairs(board: &Board, mut each: impl FnMut(usize, usize, usize)) {
    let cells = board.cells();
    let n = cells.len();
    let key = |c: &Placed| (i16::from(c.x), i16::from(c.y));
    let mut east = 0;
    for i in 0..n {
        let (x, y) = key(&cells[i]);
        if i + 1 < n && key(&cells[i + 1]) == (x, y + 1) {
            each(i, i + 1, N);
        }
        while east < n && key(&cells[east]) < (x + 1, y) {
            east += 1;
        }
        if east < n && key(&cells[east]) == (x + 1, y) {
            each(i, east, E);
        }
    }
}

/// Per cell (an index into `board.cells()`), the cell across each side (N, E, S, W), or
/// `NO_CELL`.
type Neighbours = [[u8; 4]; MAX_CELLS];
/// No cell across that side.
const NO_CELL: u8 = u8::MAX;

/// Whether the cell is a camp's.
fn camp_cell(c: &Placed) -> bool {
    c.tile != FOUNTAIN && is_camp(c.tile)
}

/// The cells (indices into `board.cells()`) whose removal would leave some camp touching
/// no non-camp tile, directly or through a chain of side-touching camps
/// (`Alhambra._unanchoring`): the only anchor of a chain of camps, and a camp that links
/// other camps to their anchors.
/// `near`: each cell's side neighbours (`cut_cells` finds them).
fn unanchoring(board: &Board, near: &Neighbours) -> u64 {
    let cells = board.cells();
    let neighbours = |i: usize| {
        near[i]
            .into_iter()
            .filter(|&j| j != NO_CELL)
            .map(usize::from)
    };
    let camps: u64 = (0..cells.len())
        .filter(|&i| camp_cell(&cells[i]))
        .fold(0, |set, i| set | 1 << i);
    let anchored: u64 = crate::cards::bits(camps as u128)
        .map(|i| i as usize)
        .filter(|&i| neighbours(i).any(|j| camps >> j & 1 == 0))
        .fold(0, |set, i| set | 1 << i);
    // the camps reached from the anchored ones through camps, without `gone`
    let reached_without = |gone: usize| {
        let mut seen = anchored & !(1u64 << gone);
        let mut todo = seen;
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            for j in neighbours(i) {
                if camps >> j & 1 == 1 && j != gone && seen >> j & 1 == 0 {
                    seen |= 1 << j;
                    todo |= 1 << j;
                }
            }
        }
        seen
    };
    let mut found = 0u64;
    let mut chains_seen = 0u64;
    for start in crate::cards::bits(camps as u128).map(|i| i as usize) {
        if chains_seen >> start & 1 == 1 {
            continue;
        }
        // a chain of side-touching camps and the non-camp tiles it touches
        let (mut chain, mut todo, mut anchors) = (1u64 << start, 1u64 << start, 0u64);
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            for j in neighbours(i) {
                if camps >> j & 1 == 0 {
                    anchors |= 1 << j;
                } else if chain >> j & 1 == 0 {
                    chain |= 1 << j;
                    todo |= 1 << j;
                }
            }
        }
        chains_seen |= chain;
        if anchors.count_ones() == 1 {
            found |= anchors;
        }
    }
    for gone in crate::cards::bits(camps as u128).map(|i| i as usize) {
        let others = camps & !(1u64 << gone);
        if reached_without(gone) & others != others {
            found |= 1 << gone;
        }
    }
    found
}

/// The cut cells (articulation points) of the walking graph: the built cells but the
/// camps (never walked, §M8), joined by open shared sides and by gates (§M5), as a set
/// of indices into `board.cells()`. Tarjan's depth-first search over the sorted cell list.
/// Each cell's side neighbours, walked or not, go to `near` on the way (for
/// `unanchoring`: one pass over the cells finds both).
fn cut_cells(board: &Board, near: &mut Neighbours) -> u64 {
    let cells = board.cells();
    let n = cells.len();
    let mut adj = [[NO_CELL; 4]; MAX_CELLS];
    // the edge between cells i and j, j across side `side` of i, both ways
    let link = |i: usize, j: usize, side: usize| {
        near[i][side] = j as u8;
        near[j][(side + 2) % 4] = i as u8;
        let (c, d) = (&cells[i], &cells[j]);
        if camp_cell(c) || camp_cell(d) {
            return;
        }
        let open = c.mask() >> side & 1 == 0 && d.mask() >> ((side + 2) % 4) & 1 == 0;
        // a gate stands on a double wall, so its side has no open edge to replace
        if open || board.gates().contains(&gate_pair(c.x, c.y, side)) {
            adj[i][side] = j as u8;
            adj[j][(side + 2) % 4] = i as u8;
        }
    };
    side_pairs(board, link);
    let mut order = [0u8; MAX_CELLS]; // discovery time + 1; 0 = not seen
    let mut low = [0u8; MAX_CELLS];
    let mut cut = [false; MAX_CELLS];
    let mut time = 0u8;
    fn visit(
        v: usize,
        parent: usize,
        adj: &[[u8; 4]; MAX_CELLS],
        order: &mut [u8; MAX_CELLS],
        low: &mut [u8; MAX_CELLS],
        cut: &mut [bool; MAX_CELLS],
        time: &mut u8,
    ) {
        *time += 1;
        order[v] = *time;
        low[v] = *time;
        let mut children = 0;
        for &next in &adj[v] {
            let w = next as usize;
            if next == NO_CELL || w == parent {
                continue;
            }
            if order[w] == 0 {
                children += 1;
                visit(w, v, adj, order, low, cut, time);
                low[v] = low[v].min(low[w]);
                if parent != usize::MAX && low[w] >= order[v] {
                    cut[v] = true;
                }
            } else {
                low[v] = low[v].min(order[w]);
            }
        }
        if parent == usize::MAX && children > 1 {
            cut[v] = true;
        }
    }
    for v in 0..n {
        if order[v] == 0 {
            visit(
                v,
                usize::MAX,
                &adj,
                &mut order,
                &mut low,
                &mut cut,
                &mut time,
            );
        }
    }
    (0..n)
        .filter(|&i| cut[i])
        .fold(0u64, |set, i| set | 1u64 << i)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cards::tiles;

    /// The id of the first tile with walls `mask`.
    pub fn with_walls(mask: u8) -> TileId {
        tiles().iter().position(|t| t.mask == mask).unwrap() as TileId
    }

    // --- slow checks written from the rules' definitions (RULES.md §6, §7) ---

    fn built(board: &Board, x: i32, y: i32) -> Option<u8> {
        board
            .cells()
            .iter()
            .find(|c| c.x as i32 == x && c.y as i32 == y)
            .map(|c| c.mask())
    }

    /// Flood fill of the empty cells from far outside: an empty cell not reached is
    /// enclosed.
    fn has_hole(board: &Board) -> bool {
        let cells = board.cells();
        let lo = cells.iter().map(|c| c.x.min(c.y) as i32).min().unwrap() - 1;
        let hi = cells.iter().map(|c| c.x.max(c.y) as i32).max().unwrap() + 1;
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![(lo, lo)];
        while let Some((x, y)) = stack.pop() {
            if x < lo
                || y < lo
                || x > hi
                || y > hi
                || built(board, x, y).is_some()
                || !seen.insert((x, y))
            {
                continue;
            }
            stack.extend([(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]);
        }
        let area = ((hi - lo + 1) * (hi - lo + 1)) as usize;
        seen.len() + cells.len() < area
    }

    fn walked_all(board: &Board) -> bool {
        let mut seen = std::collections::HashSet::from([(0, 0)]);
        let mut stack = vec![(0, 0)];
        while let Some((x, y)) = stack.pop() {
            let mask = built(board, x, y).unwrap();
            for (side, (dx, dy)) in [(0, 1), (1, 0), (0, -1), (-1, 0)].into_iter().enumerate() {
                let next = (x + dx, y + dy);
                if let Some(m) = built(board, next.0, next.1) {
                    if mask >> side & 1 == 0 && m >> ((side + 2) % 4) & 1 == 0 && seen.insert(next)
                    {
                        stack.push(next);
                    }
                }
            }
        }
        seen.len() == board.cells().len()
    }

    /// Whether `id` may go on (x, y), by the definition: empty, walls match every built
    /// neighbour, some open side meets an open side, and no hole is made.
    pub fn legal_by_definition(board: &Board, id: TileId, x: i8, y: i8) -> bool {
        if board.at(x, y).is_some() {
            return false;
        }
        let mask = tile(id).mask;
        let mut joined = false;
        for (side, (dx, dy)) in [(0, 1), (1, 0), (0, -1), (-1, 0)].into_iter().enumerate() {
            if let Some(m) = built(board, x as i32 + dx, y as i32 + dy) {
                let mine = mask >> side & 1;
                let theirs = m >> ((side + 2) % 4) & 1;
                if mine != theirs {
                    return false;
                }
                joined |= mine == 0;
            }
        }
        let mut after = *board;
        after.build(x, y, id);
        joined && !has_hole(&after)
    }

    fn removable_by_definition(board: &Board, x: i8, y: i8) -> bool {
        if (x, y) == (0, 0) {
            return false;
        }
        let mut after = *board;
        after.take(x, y);
        !has_hole(&after) && walked_all(&after)
    }

    /// A seeded random legal layout of up to `tiles_wanted` tiles.
    pub fn random_board(seed: u64, tiles_wanted: usize) -> Board {
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut next = move |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) as usize) % n
        };
        let mut board = Board::new();
        let mut unused: Vec<TileId> = (0..54).collect();
        let mut cells = Vec::new();
        for _ in 0..tiles_wanted * 4 {
            if board.cells().len() > tiles_wanted || unused.is_empty() {
                break;
            }
            let id = unused[next(unused.len())];
            cells.clear();
            board.placements(id, &mut cells);
            if !cells.is_empty() {
                let (x, y) = cells[next(cells.len())];
                board.build(x, y, id);
                unused.retain(|&t| t != id);
            }
        }
        board
    }

    #[test]
    fn placements_agree_with_the_definition() {
        for seed in 0..60 {
            let board = random_board(seed, (seed % 20) as usize + 1);
            for id in (0..54).step_by(3) {
                if board.cells().iter().any(|c| c.tile == id) {
                    continue;
                }
                let mut fast = Vec::new();
                board.placements(id, &mut fast);
                let mut slow = Vec::new();
                for x in -25..25 {
                    for y in -25..25 {
                        if legal_by_definition(&board, id, x, y) {
                            slow.push((x, y));
                        }
                    }
                }
                assert_eq!(fast, slow, "seed {seed}, tile {id}");
            }
        }
    }

    #[test]
    fn removals_agree_with_the_definition() {
        for seed in 0..60 {
            let board = random_board(seed, (seed % 25) as usize + 1);
            let planes = board.planes();
            let mut fast = Vec::new();
            planes.removable(&board, &mut fast);
            let slow: Vec<(i8, i8)> = board
                .cells()
                .iter()
                .filter(|c| removable_by_definition(&board, c.x, c.y))
                .map(|c| (c.x, c.y))
                .collect();
            assert_eq!(fast, slow, "seed {seed}");
        }
    }

    #[test]
    fn exchanges_match_every_neighbour() {
        for seed in 0..40 {
            let board = random_board(seed, 12);
            let planes = board.planes();
            for mask in 0..16u8 {
                let mut fast = Vec::new();
                planes.exchangeable(mask, false, &mut fast);
                let slow: Vec<(i8, i8)> = board
                    .cells()
                    .iter()
                    .filter(|c| c.tile != FOUNTAIN)
                    .filter(|c| {
                        [(0, 1), (1, 0), (0, -1), (-1, 0)]
                            .into_iter()
                            .enumerate()
                            .all(|(side, (dx, dy))| {
                                built(&board, c.x as i32 + dx, c.y as i32 + dy)
                                    .is_none_or(|m| mask >> side & 1 == m >> ((side + 2) % 4) & 1)
                            })
                    })
                    .map(|c| (c.x, c.y))
                    .collect();
                assert_eq!(fast, slow, "seed {seed}, mask {mask}");
            }
        }
    }

    #[test]
    fn a_long_snake_fits_the_window() {
        // Straight east as far as open tiles allow: the window follows the layout.
        let mut board = Board::new();
        let open = (0..54u8)
            .filter(|&i| tile(i).mask & 0b1010 == 0)
            .collect::<Vec<_>>();
        for (k, &id) in open.iter().enumerate() {
            board.build(k as i8 + 1, 0, id);
        }
        let mut cells = Vec::new();
        board.placements(with_walls(0), &mut cells);
        assert!(cells.contains(&(open.len() as i8 + 1, 0)));
        assert!(cells.contains(&(-1, 0)));
    }
}
