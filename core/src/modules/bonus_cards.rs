//! Bonus Cards (Mega Box M3, RULES.md §M3), as `alhambra_lib/modules/bonus_cards.py`:
//! ten secret cards, one per wall-less base tile; each player is dealt 3 (2-3 players),
//! 2 (4-5) or 1 (6) at setup, the rest set aside. At every scoring a card whose tile
//! stands in its owner's Alhambra adds 1 to that type's count, and is shown.

use crate::board::{Board, FOUNTAIN};
use crate::cards::{bits, tile, tile_set, TileId, TileSet, TILE_COUNT};
use crate::stack::Stack;

/// The state: each player's cards (by their tiles, a set), the cards shown in the order
/// they were shown, the cards set aside.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BonusCards {
    pub hands: [TileSet; crate::game::MAX_PLAYERS],
    pub shown: [Stack<TileId, 3>; crate::game::MAX_PLAYERS],
    pub set_aside: TileSet,
}

/// The ten cards' tiles, in tile order.
pub fn card_tiles() -> Vec<TileId> {
    (0..TILE_COUNT as TileId)
        .filter(|&id| tile(id).mask == 0)
        .collect()
}

/// 3 with 2-3 players, 2 with 4-5, 1 with 6.
pub fn per_player(players: usize) -> usize {
    match players {
        0..=3 => 3,
        4..=5 => 2,
        _ => 1,
    }
}

impl BonusCards {
    /// Deal `shuffled` (the ten tiles after the game's shuffle): returns each player's
    /// hand in tile order, for the events.
    pub fn deal(&mut self, shuffled: &[TileId], players: usize) -> Vec<Vec<TileId>> {
        let each = per_player(players);
        let hands: Vec<Vec<TileId>> = (0..players)
            .map(|p| {
                let mut hand = shuffled[p * each..(p + 1) * each].to_vec();
                hand.sort_unstable();
                hand
            })
            .collect();
        for (p, hand) in hands.iter().enumerate() {
            self.hands[p] = tile_set(hand);
        }
        self.set_aside = tile_set(&shuffled[players * each..]);
        hands
    }

    /// The cards of seat `p` that count now: their tile stands in `board`.
    pub fn counting(&self, p: usize, board: &Board) -> TileSet {
        board
            .cells()
            .iter()
            .filter(|c| c.tile != FOUNTAIN && self.hands[p] >> c.tile & 1 == 1)
            .fold(0, |s, c| s | 1 << c.tile)
    }

    /// Show the cards of seat `p` that count and were not shown yet: returns them, in
    /// tile order.
    pub fn show(&mut self, p: usize, board: &Board) -> Vec<TileId> {
        let shown = tile_set(self.shown[p].as_slice());
        let new: Vec<TileId> = bits(self.counting(p, board) & !shown).collect();
        for &id in &new {
            self.shown[p].push(id);
        }
        new
    }

    /// Add 1 to each type of seat `p`'s counts that a counting card pictures.
    pub fn add_counts(&self, p: usize, board: &Board, counts: &mut [u8; 6]) {
        for id in bits(self.counting(p, board)) {
            counts[tile(id).kind as usize] += 1;
        }
    }

    /// Every card once: the ten of the game.
    pub fn complete(&self, players: usize) -> bool {
        let all = self.hands[..players].iter().fold(self.set_aside, |s, &h| {
            if s & h != 0 {
                TileSet::MAX
            } else {
                s | h
            }
        });
        let shown_held = (0..players).all(|p| {
            self.shown[p]
                .as_slice()
                .iter()
                .all(|&t| self.hands[p] >> t & 1 == 1)
        });
        all == tile_set(&card_tiles()) && shown_held
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_cards_dealt_by_the_number_of_players() {
        assert_eq!(card_tiles().len(), 10);
        for players in 2..=6 {
            let mut bonus = BonusCards::default();
            let hands = bonus.deal(&card_tiles(), players);
            assert!(hands.iter().all(|h| h.len() == per_player(players)));
            assert!(bonus.complete(players));
        }
    }
}
