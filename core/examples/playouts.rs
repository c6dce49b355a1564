//! Random playouts from mid-game states, for profiling the core without Python:
//! `cargo run --release --example playouts -- [playouts] [games] [modules]`, `modules`
//! the bits of `CORE_MODULES` (65535: all sixteen; 0, the default: the base game). The
//! playouts are timed in the thread's CPU time where Linux tells it.

use alhambra_core::game::Game;
use alhambra_core::policy::random_playouts;
use alhambra_core::rng::Mt;
use std::time::Instant;

/// The seconds this thread has run on a CPU (Linux's schedstat), else None: on a
/// machine shared with other work, the time the thread waits is not its cost.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds * 1e-9)
}

/// Seconds by the thread's CPU time where the system tells it, else by the clock.
fn seconds_since(began: Instant, cpu_began: Option<f64>) -> f64 {
    match (cpu_began, cpu_seconds()) {
        (Some(before), Some(now)) => now - before,
        _ => began.elapsed().as_secs_f64(),
    }
}

/// A seeded 3-player game played at random, stopped after `stop_after` actions.
fn random_game(seed: u64, modules: u16, stop_after: usize) -> (Game, usize) {
    let mut game = Game::with_modules(3, seed as u128, false, modules).expect("a game");
    let mut choose = Mt::from_seed(seed as u128);
    let mut legal = Vec::new();
    let mut done = 0;
    while !game.is_over() && done < stop_after {
        game.legal_actions(&mut legal);
        game.apply_unchecked(legal[choose.randbelow(legal.len())]);
        done += 1;
    }
    (game, done)
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let count = args.first().copied().unwrap_or(2000) as usize;
    let games = args.get(1).copied().unwrap_or(1);
    let modules = args.get(2).copied().unwrap_or(0) as u16;
    let (mut seconds, mut actions) = (0.0, 0u64);
    for seed in 0..games {
        // the middle of a seeded random game, as benchmarks/bench_playouts.py takes it
        let (_, length) = random_game(seed, modules, usize::MAX);
        let (middle, _) = random_game(seed, modules, length / 2);
        let (began, cpu_began) = (Instant::now(), cpu_seconds());
        actions += random_playouts(&middle, count, seed).1;
        seconds += seconds_since(began, cpu_began);
    }
    let played = count as u64 * games;
    println!(
        "{played} playouts in {seconds:.3} s: {:.0} a second, {:.3} µs per action ({:.0} actions each)",
        played as f64 / seconds,
        seconds / actions as f64 * 1e6,
        actions as f64 / played as f64
    );
}
