//! The longest external wall (RULES.md §8.4), as `alhambra_lib/walls.py` computes it.
//!
//! A wall segment is a wall on a side of a tile whose cell across is empty; segments join
//! at corners. The wall points are the segments of the longest *trail* (a corner may be
//! passed twice, a segment not). Corners of degree 2 only pass the trail on, so the graph
//! is cut into chains between corners of other degrees, and closed cycles; a depth-first
//! search over unused chains from every chain end finds the longest trail. On a legal
//! Alhambra every corner has degree 1 or 2 and this is linear.

use crate::board::Board;

type Corner = (i16, i16);

/// The segments' corner graph: corners sorted, each with its neighbours.
struct CornerGraph {
    corners: Vec<Corner>,
    adj: Vec<Vec<usize>>,
}

/// The external wall segments; a camp's cell counts as empty (§M8): its bastions never
/// score and a wall facing it is external.
fn segments(board: &Board) -> Vec<(Corner, Corner)> {
    let camp = |id: crate::cards::TileId| id != crate::board::FOUNTAIN && crate::cards::is_camp(id);
    let mut found = Vec::new();
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
                found.push(segment);
            }
        }
    }
    found
}

fn corner_graph(segments: &[(Corner, Corner)]) -> CornerGraph {
    let mut corners: Vec<Corner> = segments.iter().flat_map(|&(a, b)| [a, b]).collect();
    corners.sort_unstable();
    corners.dedup();
    let index = |c: &Corner| corners.binary_search(c).expect("a corner of a segment");
    let mut adj = vec![Vec::new(); corners.len()];
    for (a, b) in segments {
        let (i, j) = (index(a), index(b));
        adj[i].push(j);
        adj[j].push(i);
    }
    CornerGraph { corners, adj }
}

/// Wall points of `board`.
pub fn longest_wall(board: &Board) -> u32 {
    let graph = corner_graph(&segments(board));
    let adj = &graph.adj;
    let n = graph.corners.len();
    // walked edges, as (corner, neighbour slot)
    let mut walked: Vec<Vec<bool>> = adj.iter().map(|a| vec![false; a.len()]).collect();
    let mark = |walked: &mut Vec<Vec<bool>>, a: usize, b: usize| {
        let slot = adj[a].iter().position(|&x| x == b).unwrap();
        walked[a][slot] = true;
        let back = adj[b].iter().position(|&x| x == a).unwrap();
        walked[b][back] = true;
    };
    // Walk from `start` along its neighbour of `slot`, marking the segments, through
    // corners of degree 2 until a corner of another degree or `start` again: (end, length).
    let walk = |walked: &mut Vec<Vec<bool>>, start: usize, slot: usize| {
        let (mut prev, mut cur) = (start, adj[start][slot]);
        mark(walked, prev, cur);
        let mut length = 1;
        while adj[cur].len() == 2 && cur != start {
            let next = if adj[cur][0] == prev {
                adj[cur][1]
            } else {
                adj[cur][0]
            };
            mark(walked, cur, next);
            length += 1;
            prev = cur;
            cur = next;
        }
        (cur, length)
    };
    // chains between corners of degree other than 2: (start, end, segments)
    let mut chains: Vec<(usize, usize, u32)> = Vec::new();
    for start in (0..n).filter(|&c| adj[c].len() != 2) {
        for slot in 0..adj[start].len() {
            if !walked[start][slot] {
                let (end, length) = walk(&mut walked, start, slot);
                chains.push((start, end, length));
            }
        }
    }
    let mut best = longest_chain_trail(&chains, n);
    // cycles of degree-2 corners: every segment left
    for start in (0..n).filter(|&c| adj[c].len() == 2) {
        if !walked[start][0] {
            best = best.max(walk(&mut walked, start, 0).1);
        }
    }
    best
}

fn longest_chain_trail(chains: &[(usize, usize, u32)], corners: usize) -> u32 {
    let mut incident: Vec<Vec<usize>> = vec![Vec::new(); corners];
    for (i, &(a, b, _)) in chains.iter().enumerate() {
        incident[a].push(i);
        if b != a {
            incident[b].push(i);
        }
    }
    fn extend(
        corner: usize,
        length: u32,
        chains: &[(usize, usize, u32)],
        incident: &[Vec<usize>],
        used: &mut [bool],
    ) -> u32 {
        let mut best = length;
        for &i in &incident[corner] {
            if used[i] {
                continue;
            }
            let (a, b, len) = chains[i];
            used[i] = true;
            best = best.max(extend(
                if a == corner { b } else { a },
                length + len,
                chains,
                incident,
                used,
            ));
            used[i] = false;
        }
        best
    }
    let mut used = vec![false; chains.len()];
    (0..corners)
        .filter(|&c| !incident[c].is_empty())
        .map(|c| extend(c, 0, chains, &incident, &mut used))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::random_board;

    /// The ring of RULES.md figure 2: eight tiles round the fountain, 12 outer walls.
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
        let segs = segments(board);
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
            .map(|c| walk(c, &segs, &mut used))
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
