//! Master Builders (Mega Box M14, RULES.md §M14), as `alhambra_lib/modules/master_builders.py`:
//! 16 master builders, 4 per currency, worth 3 as money. At setup each player is dealt 2,
//! 3 are shuffled into money pile 3 and 3 into pile 5 (1 with six players), the rest leave
//! the game. On one's turn a master builder may be played (discarded) for one redesign at
//! the turn end, after the bought tiles are placed; playing one is no action of the turn.

/// Master builders per currency.
pub const PER_CURRENCY: u8 = 4;
/// Dealt to each player at setup.
pub const DEALT: usize = 2;

/// `(pile, cards)` shuffled into the money piles at setup (`PILE_INSERTS`, and with six
/// players `PILE_INSERTS_SIX`).
pub fn pile_inserts(players: usize) -> [(usize, usize); 2] {
    if players == 6 {
        [(3, 3), (5, 1)]
    } else {
        [(3, 3), (5, 3)]
    }
}

/// The state: the master builders out of the game (a count per currency), and the
/// redesigns still owed this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MasterBuilders {
    pub out: [u8; 4],
    pub played: u8,
}

/// The sixteen by currency, in the order the Python module lists them before its shuffle.
pub fn every_master_builder() -> Vec<u8> {
    (0..4u8)
        .flat_map(|c| std::iter::repeat_n(c, PER_CURRENCY as usize))
        .collect()
}
