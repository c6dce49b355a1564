//! alhambra_core: the compiled simulation core of alhambra_lib.
//!
//! The base game of Alhambra for 2-6 players and Dirk's two-player variant, move for move
//! the same game as the Python engine (`alhambra_lib/engine/game.py`): the same generator
//! and draws, the same legal actions in the same canonical order, the same events and
//! saves. `docs/CORE.md` explains the layout; `python.rs` is the Python binding only.

pub mod board;
pub mod cards;
pub mod codes;
pub mod game;
pub mod modules;
pub mod policy;
pub mod rng;
pub mod save;
pub mod stack;
pub mod walls;

#[cfg(feature = "python")]
mod python;
