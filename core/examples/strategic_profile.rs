//! The cost of a strategic rollout inside the core, for profiling: 300 seeded 3-player
//! games played to the end by three balanced bots (`policy::strategic::roll_out`), the
//! base game, or with every Mega Box module given `all`.
//! `cargo run --release --example strategic_profile [all]` (under `perf record` to
//! profile).

use alhambra_core::game::{Game, CORE_MODULES};
use alhambra_core::policy::strategic::{roll_out, Weights};
fn main() {
    let every = std::env::args().nth(1).as_deref() == Some("all");
    let modules = if every {
        u16::MAX >> (16 - CORE_MODULES.len())
    } else {
        0
    };
    let seats = [Weights::default(); 3];
    let (games, mut actions) = (300u128, 0);
    let began = std::time::Instant::now();
    for seed in 0..games {
        let mut game = Game::with_modules(3, seed, false, modules).unwrap();
        actions += roll_out(&mut game, &seats, None).unwrap();
    }
    let secs = began.elapsed().as_secs_f64();
    println!(
        "{actions} actions, {:.2} us each, {:.2} ms a game",
        secs * 1e6 / actions as f64,
        secs * 1e3 / games as f64
    );
}
