//! Invaders (Mega Box M15, RULES.md §M15), as `alhambra_lib/modules/invaders.py`: four
//! attack cards (one per direction) and six scouts (one per building type) shuffled face
//! down at setup, two scouts face up. An exact purchase of a face-up scout's type lets the
//! buyer look at the top attack card (the scout leaves). At every scoring the top attack
//! card is revealed: each player loses `round` points per unprotected side facing it, and
//! in round 3 one per unprotected side facing each flank; then the unused scouts leave and
//! two new ones are turned up after rounds 1 and 2.

use crate::board::{Board, FOUNTAIN, STEP};
use crate::cards::is_camp;
use crate::game::MAX_PLAYERS;
use crate::stack::Stack;

/// Scouts turned face up at setup and after rounds 1 and 2.
pub const SCOUTS_TURNED: usize = 2;
/// No peek (`Invaders::peeks`).
pub const NO_PEEK: u8 = u8::MAX;

/// The state: attack cards face down (the top first) and revealed (round, direction);
/// scouts face down (the top first), face up and out of the game; each player's look at
/// the top attack card. Directions are side indices (N, E, S, W), scouts `KINDS` indices.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Invaders {
    pub deck: Stack<u8, 4>,
    pub revealed: Stack<(u8, u8), 3>,
    pub down: Stack<u8, 6>,
    pub up: Stack<u8, SCOUTS_TURNED>,
    pub out: Stack<u8, 6>,
    pub peeks: [u8; MAX_PLAYERS],
}

impl Invaders {
    /// The attack revealed for round `round`, if any.
    pub fn attack(&self, round: u8) -> Option<u8> {
        self.revealed
            .as_slice()
            .iter()
            .find(|(r, _)| *r == round)
            .map(|&(_, d)| d)
    }

    /// Every attack card once (face down or revealed), every scout once.
    pub fn complete(&self) -> bool {
        let mut cards: Vec<u8> = self.deck.as_slice().to_vec();
        cards.extend(self.revealed.as_slice().iter().map(|&(_, d)| d));
        cards.sort_unstable();
        let mut scouts: Vec<u8> = [self.down.as_slice(), self.out.as_slice()].concat();
        scouts.extend_from_slice(self.up.as_slice());
        scouts.sort_unstable();
        cards == [0, 1, 2, 3] && scouts == [0, 1, 2, 3, 4, 5]
    }

    /// Turn up to two scouts face up; returns them.
    pub fn turn_up(&mut self) -> Vec<u8> {
        let turned: Vec<u8> = (0..SCOUTS_TURNED.min(self.down.len()))
            .map(|_| self.down.remove(0))
            .collect();
        turned.iter().for_each(|&s| self.up.push(s));
        turned
    }
}

/// The two directions beside `direction`, in N, E, S, W order (`flanks`).
pub fn flanks(direction: u8) -> [u8; 2] {
    match direction {
        0 | 2 => [1, 3], // from the north or the south: east and west
        _ => [0, 2],
    }
}

/// The unprotected sides of `board` facing each direction (`unprotected_sides`): a tile
/// but the fountain and camps, no wall on that side, the cell across it empty.
pub fn unprotected(board: &Board) -> [u32; 4] {
    let mut sides = [0u32; 4];
    for c in board
        .cells()
        .iter()
        .filter(|c| c.tile != FOUNTAIN && !is_camp(c.tile))
    {
        for (side, (dx, dy)) in STEP.into_iter().enumerate() {
            if c.walls >> side & 1 == 0 && board.at(c.x + dx, c.y + dy).is_none() {
                sides[side] += 1;
            }
        }
    }
    sides
}

/// The points an attack from `direction` costs `board` in round `round` (`invasion_penalty`).
pub fn penalty(board: &Board, direction: u8, round: u8) -> u32 {
    let sides = unprotected(board);
    let mut points = round as u32 * sides[direction as usize];
    if round == 3 {
        points += flanks(direction)
            .iter()
            .map(|&f| sides[f as usize])
            .sum::<u32>();
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_open_tile_loses_to_every_side_but_the_fountain() {
        // the module's example: a wall-less pavilion east of the fountain
        let pavilion = (0..54)
            .find(|&id| crate::cards::tile(id).kind == 0 && crate::cards::tile(id).mask == 0)
            .unwrap();
        let mut board = Board::new();
        board.build(1, 0, pavilion);
        assert_eq!([1, 2, 3].map(|r| penalty(&board, 1, r)), [1, 2, 5]);
        assert_eq!(penalty(&board, 3, 3), 2);
        assert_eq!(flanks(0), [1, 3]);
        assert_eq!(flanks(3), [0, 2]);
    }
}
