//! Bazaars (Mega Box M16, RULES.md §M16), as `alhambra_lib/modules/bazaars.py`: eight
//! bazaars join the bag. A bazaar drawn for the market is laid face up beside it and the
//! drawing goes on for the same square. On their turn a player may buy a bazaar lying
//! there, paying exactly, in its currency (an exchange card may join a second one), the
//! price of the tile now on its currency's square; another action follows, and it is
//! placed at the turn end like a building. At the final scoring each bazaar in an Alhambra
//! scores n x k: n its neighbours (diagonals included) that are buildings of its three
//! types, k how many of those types they are. With `bazaars_distributed` the bazaars
//! left beside the market go at the end, like the market's tiles, to the strict majority
//! holder of their currency.

use crate::board::{Board, FOUNTAIN};
use crate::cards::{all_bazaars, is_bazaar, tile, TileSet};

/// The state: the bazaars lying beside the market (each bazaar is one of a kind, so a
/// set; in id order, which is tile order).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bazaars {
    pub beside: TileSet,
}

impl Bazaars {
    /// Whether `beside` holds bazaars only.
    pub fn well_formed(&self) -> bool {
        self.beside & !all_bazaars() == 0
    }
}

/// The 8 neighbour offsets of a cell, diagonals included, in `NEIGHBOURS` order.
const NEIGHBOURS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// `(n, k)` of the bazaar `id` on (x, y) of `board` (`bazaar_points`): n its neighbours
/// that are buildings of one of its three types, k how many distinct types these are.
pub fn bazaar_counts(board: &Board, id: u8, x: i8, y: i8) -> (u32, u32) {
    let types = tile(id).types;
    let mut seen = 0u8;
    let mut n = 0;
    for (dx, dy) in NEIGHBOURS {
        let Some(other) = board.at(x + dx, y + dy).filter(|&id| id != FOUNTAIN) else {
            continue;
        };
        let t = tile(other);
        if t.is_building() && types >> t.kind & 1 == 1 {
            n += 1;
            seen |= 1 << t.kind;
        }
    }
    (n, seen.count_ones())
}

/// The bazaar points of `board` (`Bazaars.points` summed): n x k per bazaar.
pub fn bazaar_points(board: &Board) -> u32 {
    board
        .cells()
        .iter()
        .filter(|c| c.tile != FOUNTAIN && is_bazaar(c.tile))
        .map(|c| {
            let (n, k) = bazaar_counts(board, c.tile, c.x, c.y);
            n * k
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{BAZAAR_COUNT, BAZAAR_FIRST, CURRENCIES, KINDS};

    /// The `nth` building of type `kind`.
    fn building(kind: &str, nth: usize) -> u8 {
        let kind = KINDS.iter().position(|k| *k == kind).unwrap() as u8;
        (0..54)
            .filter(|&id| tile(id).kind == kind)
            .nth(nth)
            .unwrap()
    }

    #[test]
    fn the_modules_worked_example_scores_4_x_3() {
        // bazaar_points' example: a denar bazaar (seraglio, arcades, tower) on (1, 0); a
        // seraglio east and one north, arcades south-east, a tower south-west, a pavilion
        // north-west (not its type)
        let bazaar = (BAZAAR_FIRST..BAZAAR_FIRST + BAZAAR_COUNT as u8)
            .find(|&id| {
                let marks: Vec<&str> = tile(id).marks().collect();
                marks == ["ducat", "seraglio", "arcades", "tower"]
            })
            .expect("a bazaar of seraglio, arcades and tower");
        assert_eq!(CURRENCIES[tile(bazaar).mark as usize], "ducat");
        let mut board = Board::new();
        board.build(1, 0, bazaar);
        board.build(2, 0, building("seraglio", 0));
        board.build(1, -1, building("seraglio", 1));
        board.build(2, 1, building("arcades", 0));
        board.build(0, 1, building("tower", 0));
        board.build(0, -1, building("pavilion", 0));
        assert_eq!(bazaar_counts(&board, bazaar, 1, 0), (4, 3));
        assert_eq!(bazaar_points(&board), 12);
    }
}
