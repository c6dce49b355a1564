//! Random playouts from a mid-game state, for profiling the core without Python:
//! `cargo run --release --example playouts -- [playouts] [seed]`.

use alhambra_core::game::Game;
use alhambra_core::policy::random_playouts;
use alhambra_core::rng::Mt;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (count, seed) = (
        args.first().copied().unwrap_or(2000),
        args.get(1).copied().unwrap_or(0),
    );
    // a 3-player game played at random to its middle, as benchmarks/bench_playouts.py does
    let mut game = Game::new(3, seed as u128, false).expect("a game");
    let mut choose = Mt::from_seed(seed as u128);
    let mut legal = Vec::new();
    for _ in 0..200 {
        game.legal_actions(&mut legal);
        game.apply_unchecked(legal[choose.randbelow(legal.len())]);
    }
    let began = Instant::now();
    let (_, actions) = random_playouts(&game, count as usize, seed);
    let seconds = began.elapsed().as_secs_f64();
    println!(
        "{count} playouts in {seconds:.3} s: {:.0} a second, {:.3} µs per action ({:.0} actions each)",
        count as f64 / seconds,
        seconds / actions as f64 * 1e6,
        actions as f64 / count as f64
    );
}
