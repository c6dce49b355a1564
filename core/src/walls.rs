//! The longest external wall (RULES.md §8.4), as `alhambra_lib/walls.py` computes it.
//!
//! A wall segment is a wall on a side of a tile whose cell across is empty; segments join
//! at corners. The wall points are the segments of the longest *trail* (a corner may be
//! passed twice, a segment not). Corners of degree 2 only pass the trail on, so the graph
//! is cut into chains between corners of other degrees, and closed cycles; a depth-first
//! search over unused chains from every chain end finds the longest trail. On a legal
//! Alhambra every corner has degree 1 or 2 and this is linear.

use crate::board::{Board, MAX_CELLS};

type Corner = (i16, i16);

/// The most wall segments of an Alhambra: four per tile.
const MAX_SEGMENTS: usize = 4 * MAX_CELLS;
/// The most corners: two per segment.
const MAX_CORNERS: usize = 2 * MAX_SEGMENTS;
/// No corner (`CornerGraph::adj`).
const NONE: u16 = u16::MAX;

/// The external wall segments into `out`, their number returned; with `camps_empty`, a
/// camp's cell counts as empty (§M8): its bastions never score and a wall facing it is
/// external.
fn segments(board: &Board, camps_empty: bool, out: &mut [(Corner, Corner); MAX_SEGMENTS]) -> usize {
    let camp = |id: crate::cards::TileId| {
        camps_empty && id != crate::board::FOUNTAIN && crate::cards::is_camp(id)
    };
    let mut found = 0;
    for c in board.cells().iter().filter(|c| !camp(c.tile)) {
        let (x, y) = (c.x as i16, c.y as i16);
        let mask = c.mask();
        let sides = [
            ((0, 1), ((x, y + 1), (x + 1, y + 1))),
            ((1, 0), ((x + 1, y), (x + 1, y + 1))),
            ((0, -1), ((x, y), (x + 1, y))),
            ((-1, 0), ((x, y), (x, y + 1))),
        ];
        for (side, ((dx, dy), segment)) in sides.into_iter().enumerate() {
            if mask >> side & 1 == 1 && board.at(c.x + dx, c.y + dy).is_none_or(camp) {
                out[found] = segment;
                found += 1;
            }
        }
    }
    found
}

/// The segments' corner graph, in fixed arrays (no allocation: the strategic bots ask
/// for the wall of every layout they judge): corners sorted, each with up to four
/// neighbours.
struct CornerGraph {
    len: usize,
    adj: [[u16; 4]; MAX_CORNERS],
    degree: [u8; MAX_CORNERS],
}

impl CornerGraph {
    fn of(segments: &[(Corner, Corner)]) -> CornerGraph {
        let mut corners = [(0i16, 0i16); MAX_CORNERS];
        let mut n = 0;
        for &(a, b) in segments {
            corners[n] = a;
            corners[n + 1] = b;
            n += 2;
        }
        let corners = &mut corners[..n];
        corners.sort_unstable();
        let mut len = 0;
        for i in 0..corners.len() {
            if i == 0 || corners[i] != corners[i - 1] {
                corners[len] = corners[i];
                len += 1;
            }
        }
        let corners = &corners[..len];
        let index = |c: &Corner| corners.binary_search(c).expect("a corner of a segment");
        let mut graph = CornerGraph {
            len,
            adj: [[NONE; 4]; MAX_CORNERS],
            degree: [0; MAX_CORNERS],
        };
        for (a, b) in segments {
            let (i, j) = (index(a), index(b));
            graph.link(i, j);
            graph.link(j, i);
        }
        graph
    }

    fn link(&mut self, from: usize, to: usize) {
        self.adj[from][self.degree[from] as usize] = to as u16;
        self.degree[from] += 1;
    }

    fn neighbours(&self, corner: usize) -> &[u16] {
        &self.adj[corner][..self.degree[corner] as usize]
    }
}

/// Wall points of `board`.
pub fn longest_wall(board: &Board) -> u32 {
    longest_trail(board, true)
}

/// The longest wall of `board` with its camps as plain tiles, their bastions walls: as
/// the strategic bots' wall probes measure it (`strategic._LayoutFacts`, a `WallGraph`
/// never told of camps).
pub fn longest_wall_camps_as_tiles(board: &Board) -> u32 {
    longest_trail(board, false)
}

/// The longest trail of `board`'s external wall segments (`segments`).
fn longest_trail(board: &Board, camps_empty: bool) -> u32 {
    let mut found = [((0i16, 0i16), (0i16, 0i16)); MAX_SEGMENTS];
    let count = segments(board, camps_empty, &mut found);
    let graph = CornerGraph::of(&found[..count]);
    let n = graph.len;
    // walked segments, as a bit per (corner, neighbour slot)
    let mut walked = [0u8; MAX_CORNERS];
    let mark = |walked: &mut [u8; MAX_CORNERS], a: usize, b: usize| {
        let slot = graph
            .neighbours(a)
            .iter()
            .position(|&x| x as usize == b)
            .unwrap();
        walked[a] |= 1 << slot;
        let back = graph
            .neighbours(b)
            .iter()
            .position(|&x| x as usize == a)
            .unwrap();
        walked[b] |= 1 << back;
    };
    // Walk from `start` along its neighbour of `slot`, marking the segments, through
    // corners of degree 2 until a corner of another degree or `start` again: (end, length).
    let walk = |walked: &mut [u8; MAX_CORNERS], start: usize, slot: usize| {
        let (mut prev, mut cur) = (start, graph.neighbours(start)[slot] as usize);
        mark(walked, prev, cur);
        let mut length = 1;
        while graph.degree[cur] == 2 && cur != start {
            let around = graph.neighbours(cur);
            let next = if around[0] as usize == prev {
                around[1]
            } else {
                around[0]
            } as usize;
            mark(walked, cur, next);
            length += 1;
            prev = cur;
            cur = next;
        }
        (cur, length)
    };
    // chains between corners of degree other than 2: (start, end, segments)
    let mut chains = [(0u16, 0u16, 0u32); MAX_SEGMENTS];
    let mut chain_count = 0;
    for start in (0..n).filter(|&c| graph.degree[c] != 2) {
        for slot in 0..graph.degree[start] as usize {
            if walked[start] >> slot & 1 == 0 {
                let (end, length) = walk(&mut walked, start, slot);
                chains[chain_count] = (start as u16, end as u16, length);
                chain_count += 1;
            }
        }
    }
    let mut best = longest_chain_trail(&chains[..chain_count], n);
    // cycles of degree-2 corners: every segment left
    for start in (0..n).filter(|&c| graph.degree[c] == 2) {
        if walked[start] & 1 == 0 {
            best = best.max(walk(&mut walked, start, 0).1);
        }
    }
    best
}

/// The longest trail over the chains (each walked once), by a depth-first search from
/// every corner that ends one.
fn longest_chain_trail(chains: &[(u16, u16, u32)], corners: usize) -> u32 {
    // a corner of a chain has at most four segments, so at most four chains
    let mut incident = [[0u16; 4]; MAX_CORNERS];
    let mut degree = [0u8; MAX_CORNERS];
    let mut attach = |corner: u16, chain: usize| {
        let c = corner as usize;
        incident[c][degree[c] as usize] = chain as u16;
        degree[c] += 1;
    };
    for (i, &(a, b, _)) in chains.iter().enumerate() {
        attach(a, i);
        if b != a {
            attach(b, i);
        }
    }
    struct Search<'a> {
        chains: &'a [(u16, u16, u32)],
        incident: &'a [[u16; 4]; MAX_CORNERS],
        degree: &'a [u8; MAX_CORNERS],
        used: [bool; MAX_SEGMENTS],
    }
    impl Search<'_> {
        fn extend(&mut self, corner: usize, length: u32) -> u32 {
            let mut best = length;
            for k in 0..self.degree[corner] as usize {
                let i = self.incident[corner][k] as usize;
                if self.used[i] {
                    continue;
                }
                let (a, b, len) = self.chains[i];
                self.used[i] = true;
                let other = if a as usize == corner { b } else { a };
                best = best.max(self.extend(other as usize, length + len));
                self.used[i] = false;
            }
            best
        }
    }
    let mut search = Search {
        chains,
        incident: &incident,
        degree: &degree,
        used: [false; MAX_SEGMENTS],
    };
    (0..corners)
        .filter(|&c| degree[c] > 0)
        .map(|c| search.extend(c, 0))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::random_board;

    /// The ring of RULES.md figure 2: eight tiles round the fountain, 12 outer walls.
    #[test]
    fn a_camp_is_empty_for_the_score_and_a_plain_tile_for_the_bots_probes() {
        let camp = (crate::cards::CAMP_FIRST..crate::cards::CAMP_FIRST + 8)
            .find(|&id| crate::cards::tile(id).mask == 8)
            .expect("a camp with a west bastion");
        let mut board = Board::new();
        board.build(0, 1, camp); // north of the fountain, its bastion facing (-1, 1)
        assert_eq!(longest_wall(&board), 0); // a bastion never scores (§M8)
        assert_eq!(longest_wall_camps_as_tiles(&board), 1);
    }

    #[test]
    fn the_full_ring_scores_twelve() {
        let mut board = Board::new();
        for (x, y) in [
            (-1, 1),
            (0, 1),
            (1, 1),
            (-1, 0),
            (1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
        ] {
            let mask = (if y == 1 { 1 } else { 0 })
                | (if x == 1 { 2 } else { 0 })
                | (if y == -1 { 4 } else { 0 })
                | (if x == -1 { 8 } else { 0 });
            // the walls are what count: a tile of the box with them, or a repeat of one
            board.build(x, y, crate::board::tests::with_walls(mask));
        }
        assert_eq!(board.longest_wall(), 12);
    }

    /// Slow check: the longest trail by brute force over every trail of the segment graph.
    fn brute(board: &Board) -> u32 {
        let mut found = [((0i16, 0i16), (0i16, 0i16)); MAX_SEGMENTS];
        let count = segments(board, true, &mut found);
        let segs = &found[..count];
        fn walk(at: Corner, segs: &[(Corner, Corner)], used: &mut [bool]) -> u32 {
            let mut best = 0;
            for i in 0..segs.len() {
                if used[i] {
                    continue;
                }
                let (a, b) = segs[i];
                let other = if a == at {
                    b
                } else if b == at {
                    a
                } else {
                    continue;
                };
                used[i] = true;
                best = best.max(1 + walk(other, segs, used));
                used[i] = false;
            }
            best
        }
        let mut used = vec![false; segs.len()];
        segs.iter()
            .flat_map(|&(a, b)| [a, b])
            .map(|c| walk(c, segs, &mut used))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn agrees_with_brute_force() {
        for seed in 0..80 {
            let board = random_board(seed, (seed % 12) as usize + 1);
            assert_eq!(board.longest_wall(), brute(&board), "seed {seed}");
        }
    }
}
