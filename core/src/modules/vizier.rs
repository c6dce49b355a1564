//! Vizier's Favour (Mega Box M1, RULES.md §M1), as `alhambra_lib/modules/vizier.py`: each
//! player's vizier, awake at the start. In the window between turns (`window.rs`) an awake
//! player who can pay a market tile exactly may buy it out of turn and place it at once;
//! the vizier falls asleep, and wakes on its owner's own turn (`Wake`, which ends the
//! action part).

use crate::game::MAX_PLAYERS;

/// Each player's vizier, awake or asleep.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vizier {
    pub awake: [bool; MAX_PLAYERS],
}

impl Vizier {
    /// Every vizier awake: the setup.
    pub fn new() -> Vizier {
        Vizier {
            awake: [true; MAX_PLAYERS],
        }
    }

    /// Whether any of the first `players` viziers is awake.
    pub fn any_awake(&self, players: usize) -> bool {
        self.awake[..players].contains(&true)
    }
}
