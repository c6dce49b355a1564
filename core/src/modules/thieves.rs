//! Thieves (Mega Box M10, RULES.md §M10), as `alhambra_lib/modules/thieves.py`: 12 thief
//! cards, 3 per currency, dealt face down at setup (4 each with 2-3 players, 3 with 4, 2
//! with 5-6; the rest removed unseen). In the window between turns (`window.rs`) a player
//! may play a thief to take a money card of its currency from the display; the thief
//! leaves the game. The player whose turn is next may not; the player who just finished
//! may, unless the option `thief_not_by_finisher` says otherwise.

use crate::game::MAX_PLAYERS;
use crate::stack::Stack;

/// Thief cards per currency.
pub const PER_CURRENCY: u8 = 3;
const CURRENCIES: usize = 4;
/// All the thieves.
const ALL: usize = PER_CURRENCY as usize * CURRENCIES;

/// 4 with 2-3 players, 3 with 4, 2 with 5-6 (§M10).
pub fn per_player(players: usize) -> usize {
    match players {
        0..=3 => 4,
        4 => 3,
        _ => 2,
    }
}

/// The thieves as currencies: a count per currency in each hand and among those removed
/// at setup, and those played in the order they were played.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Thieves {
    pub hands: [[u8; CURRENCIES]; MAX_PLAYERS],
    pub removed: [u8; CURRENCIES],
    pub played: Stack<u8, ALL>,
}

/// The twelve thieves by currency, in the order the Python module lists them before its
/// shuffle.
pub fn every_thief() -> Vec<u8> {
    (0..CURRENCIES as u8)
        .flat_map(|c| std::iter::repeat_n(c, PER_CURRENCY as usize))
        .collect()
}

impl Thieves {
    /// Deal `shuffled` (the twelve after the game's shuffle) to `players` players, the rest
    /// removed.
    pub fn deal(&mut self, shuffled: &[u8], players: usize) {
        let each = per_player(players);
        for (i, &currency) in shuffled.iter().enumerate() {
            let to = if i < players * each {
                &mut self.hands[i / each]
            } else {
                &mut self.removed
            };
            to[currency as usize] += 1;
        }
    }

    /// Whether anyone holds a thief.
    pub fn any_held(&self, players: usize) -> bool {
        self.hands[..players].iter().flatten().any(|&n| n > 0)
    }

    /// Every thief once (3 per currency), each hand within its deal, the rest removed.
    pub fn complete(&self, players: usize) -> bool {
        let each = per_player(players);
        let per_currency = (0..CURRENCIES).all(|c| {
            let held: u8 = self.hands[..players].iter().map(|h| h[c]).sum();
            let played = self.played.as_slice().iter().filter(|&&p| p as usize == c);
            held + self.removed[c] + played.count() as u8 == PER_CURRENCY
        });
        let removed: usize = self.removed.iter().map(|&n| n as usize).sum();
        per_currency
            && removed == ALL - each * players
            && self.hands[..players]
                .iter()
                .all(|h| h.iter().map(|&n| n as usize).sum::<usize>() <= each)
            && self.hands[players..].iter().flatten().all(|&n| n == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dealt_by_the_number_of_players() {
        for players in 2..=6 {
            let mut thieves = Thieves::default();
            thieves.deal(&every_thief(), players);
            assert!(thieves.complete(players));
            let held: u8 = thieves.hands[0].iter().sum();
            assert_eq!(held as usize, per_player(players));
        }
    }
}
