//! Rollout policies: how a playout picks its actions.

pub mod determinize;
pub mod evaluate;
pub mod module_values;
pub mod search;
pub mod strategic;

use crate::game::Game;
use crate::rng::Mt;

/// `n` playouts to the end, each from a silent copy of `game`, each action drawn as
/// `random.Random(seed).choice(game.legal_actions())` draws (one generator for all the
/// playouts, in turn), as `benchmarks/bench_playouts.py` plays them on the Python engine
/// (`Game::random_action`: the same index, the same action, without listing a treasure
/// room's payments).
/// Returns the final scores (a row of competitors per playout, flat) and the number of
/// actions played.
pub fn random_playouts(game: &Game, n: usize, seed: u64) -> (Vec<i64>, u64) {
    let mut choose = Mt::from_seed(seed as u128);
    let mut legal = Vec::with_capacity(256);
    let mut scores = Vec::with_capacity(n * game.competitors());
    let mut actions = 0u64;
    for _ in 0..n {
        let mut copy = game.silent_copy();
        while !copy.is_over() {
            let action = copy.random_action(&mut choose, &mut legal);
            copy.apply_unchecked(action);
            actions += 1;
        }
        scores.extend_from_slice(copy.scores());
    }
    (scores, actions)
}
