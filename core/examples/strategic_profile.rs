//! The cost of a strategic rollout inside the core, for profiling: 300 seeded 3-player
//! base games played to the end by three balanced bots (`policy::strategic::roll_out`).
//! `cargo run --release --example strategic_profile` (under `perf record` to profile).

use alhambra_core::game::Game;
use alhambra_core::policy::strategic::{roll_out, Weights};
fn main() {
    let seats = [Weights::default(); 3];
    let mut actions = 0;
    let began = std::time::Instant::now();
    for seed in 0..300u128 {
        let mut game = Game::new(3, seed, false).unwrap();
        actions += roll_out(&mut game, &seats, None).unwrap();
    }
    let secs = began.elapsed().as_secs_f64();
    println!(
        "{actions} actions, {:.2} us each",
        secs * 1e6 / actions as f64
    );
}
