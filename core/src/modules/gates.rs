//! City Gates (Mega Box M5, RULES.md §M5), as `alhambra_lib/modules/gates.py`: one gate
//! card per player (all six with the option `gates_all_six`) shuffled into piles 3-5. A
//! gate card drawn for the display lies beside it (a second one goes to the discards); a
//! player may take it alone instead of money. Spent when placing a tile that joins the
//! Alhambra only through a double wall: the gate opens that wall for walking, and the two
//! tiles it joins never move again (`board.rs` keeps the gates).

/// The state: whether a gate card lies beside the display, and the cards spent on gates
/// (out of the game).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Gates {
    pub beside: bool,
    pub used: u8,
}

/// The gate cards of a game: one per player, or all six.
pub fn cards_in_game(players: usize, all_six: bool) -> u8 {
    if all_six {
        6
    } else {
        players as u8
    }
}

/// `gate_piles`: the cards put into piles 3, 4 and 5, the extras in the earlier piles.
pub fn gate_piles(cards: u8) -> [u8; 3] {
    let g3 = cards.div_ceil(3);
    let g4 = (cards - g3).div_ceil(2);
    [g3, g4, cards - g3 - g4]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cards_spread_over_piles_three_to_five() {
        assert_eq!(gate_piles(4), [2, 1, 1]);
        assert_eq!(gate_piles(6), [2, 2, 2]);
        assert_eq!(gate_piles(2), [1, 1, 0]);
        assert_eq!(gate_piles(5), [2, 2, 1]);
    }
}
