//! Squares / Workers' Huts (Mega Box M4, RULES.md §M4), as `alhambra_lib/modules/squares.py`:
//! 24 free huts in six piles by colour, the top hut of each face up. On their turn a player
//! holding fewer than 3 huts may take a face-up hut instead of another action; it is placed
//! at the turn end with the bought tiles (never given to Dirk). At every scoring each hut in
//! an Alhambra adds to its colour's count the number of its side-neighbours that are
//! buildings of that colour with no wall between them.

use crate::board::{Board, STEP};
use crate::cards::{bits, is_hut, tile, TileId, TileSet, HUT_COUNT, HUT_FIRST, KINDS};
use crate::stack::Stack;

/// At most this many huts per player: Alhambra, reserve and waiting together (§M4).
pub const HUT_LIMIT: usize = 3;
/// The most huts of one colour.
const PILE_SIZE: usize = 5;

/// The state: a pile per colour (`KINDS` order), its face-up hut first.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Squares {
    pub piles: [Stack<TileId, PILE_SIZE>; 6],
}

/// The huts of `colour` (a `KINDS` index), in tile order.
pub fn huts_of(colour: u8) -> Vec<TileId> {
    (HUT_FIRST..HUT_FIRST + HUT_COUNT as TileId)
        .filter(|&id| tile(id).mark == colour)
        .collect()
}

/// The set of every hut.
pub fn all_huts() -> TileSet {
    ((1 << HUT_COUNT) - 1) << HUT_FIRST
}

impl Squares {
    /// The huts still in the piles.
    pub fn held(&self) -> TileSet {
        self.piles
            .iter()
            .flat_map(|p| p.as_slice())
            .fold(0, |set, &id| set | 1 << id)
    }

    /// Take the face-up hut of `colour`'s pile (not empty).
    pub fn take(&mut self, colour: u8) -> TileId {
        self.piles[colour as usize].remove(0)
    }

    /// The pile of `colour` holds only huts of that colour, five at most (checked by
    /// the reader of a save).
    pub fn well_sorted(&self) -> bool {
        self.piles.iter().enumerate().all(|(colour, pile)| {
            pile.as_slice()
                .iter()
                .all(|&id| is_hut(id) && tile(id).mark == colour as u8)
        })
    }
}

/// The huts of `board` and of `more` (a reserve, the tiles waiting to be placed).
pub fn huts_held(board: &Board, more: TileSet) -> usize {
    let built = board.cells().iter().filter(|c| is_hut(c.tile)).count();
    built + bits(more & all_huts()).count()
}

/// Add each hut's bonus to `counts` (`hut_bonus`): per hut, its side-neighbours that are
/// buildings of its colour with no wall on either side between them.
pub fn add_counts(board: &Board, counts: &mut [u8; 6]) {
    for cell in board.cells().iter().filter(|c| is_hut(c.tile)) {
        let colour = tile(cell.tile).mark;
        for (side, (dx, dy)) in STEP.iter().enumerate() {
            if cell.walls >> side & 1 == 1 {
                continue;
            }
            let (x, y) = (cell.x + dx, cell.y + dy);
            let Some(other) = board.placed(x, y) else {
                continue;
            };
            let opposite = (side + 2) % 4;
            if other.tile != crate::board::FOUNTAIN
                && tile(other.tile).is_building()
                && tile(other.tile).kind == colour
                && other.walls >> opposite & 1 == 0
            {
                counts[colour as usize] += 1;
            }
        }
    }
}

/// The colours' names by index, for the events and the save.
pub fn colour_name(colour: u8) -> &'static str {
    KINDS[colour as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_piles_of_the_24_huts() {
        let sizes: Vec<usize> = (0..6).map(|c| huts_of(c).len()).collect();
        assert_eq!(sizes, [3, 3, 4, 4, 5, 5]);
        assert_eq!(all_huts().count_ones() as usize, HUT_COUNT);
        assert_eq!(
            crate::cards::CAMP_FIRST as usize,
            HUT_FIRST as usize + HUT_COUNT
        );
    }

    #[test]
    fn a_hut_counts_its_open_neighbours_of_its_colour() {
        // a garden hut walled on the north, gardens east and north, a tower west
        let hut = huts_of(4)
            .into_iter()
            .find(|&id| tile(id).mask == 1)
            .expect("a garden hut with a north wall");
        let garden = (0..54).find(|&id| tile(id).kind == 4 && tile(id).mask == 0);
        let tower = (0..54).find(|&id| tile(id).kind == 5 && tile(id).mask == 0);
        let (garden, tower) = (garden.unwrap(), tower.unwrap());
        let mut board = Board::new();
        board.build(1, 0, hut);
        board.build(2, 0, garden);
        let other_garden = (0..54).find(|&id| tile(id).kind == 4 && id != garden);
        board.build(1, 1, other_garden.unwrap());
        board.build(1, -1, tower);
        let mut counts = [0u8; 6];
        add_counts(&board, &mut counts);
        assert_eq!(counts, [0, 0, 0, 0, 1, 0]);
        assert_eq!(huts_held(&board, 0), 1);
    }
}
