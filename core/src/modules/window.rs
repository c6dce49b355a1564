//! The window between turns (RULES.md §M0.4 step 8), shared by the vizier (§M1) and the
//! thieves (§M10), as `alhambra_lib/modules/window.py`: when a turn is over, the players
//! who can act out of turn are asked in seat order from the one after the turn's player;
//! after a use the display and market are refilled and everyone is asked again; the
//! window closes when nobody asked can act, and does not open after the game-ending turn.

use crate::game::MAX_PLAYERS;
use crate::stack::Stack;

/// The window's state: closed, or the seats still to ask (the one asked first) and
/// whether a use calls for a refill and asking everyone again.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Window {
    pub open: bool,
    pub queue: Stack<u8, MAX_PLAYERS>,
    pub repoll: bool,
}
