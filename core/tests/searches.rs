//! Searches written by the Python engine (`tools/write_core_searches.py`), replayed in the
//! core with no Python: the games sampled from a player's knowledge must have the same
//! draw pile and generator, and the search must judge the same candidates, float for
//! float, as `SearchBot` on the Python engine.

use alhambra_core::codes;
use alhambra_core::policy::determinize::Public;
use alhambra_core::policy::search::{search, Budget};
use alhambra_core::save::save_json;
use serde_json::Value;
use std::fs;
use std::path::Path;

fn replay(path: &Path) {
    let case: Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    let public = Public::read(case["public"].as_str().unwrap()).unwrap();
    for sample in case["samples"].as_array().unwrap() {
        let seed: u128 = sample["seed"].as_str().unwrap().parse().unwrap();
        let game = public.sample(seed);
        let save: Value = serde_json::from_str(&save_json(&game, &public.names, "")).unwrap();
        assert_eq!(
            save["draw_pile"], sample["draw_pile"],
            "{path:?} seed {seed}"
        );
        assert_eq!(save["rng"], sample["rng"], "{path:?} seed {seed}");
    }
    let player = case["player"].as_str().unwrap();
    let seat = public.names.names.iter().position(|n| n == player).unwrap();
    let budget = Budget {
        samples: case["samples_per_decision"].as_u64().unwrap() as usize,
        keep: case["keep"].as_u64().unwrap() as usize,
        horizon: case["horizon"].as_u64().map(|h| h as u32),
        wall_weight: case["wall_weight"].as_f64().unwrap(),
        halving: false,
    };
    let seed = case["decision_seed"].as_u64().unwrap() as u32;
    let judged = search(&public, seat, seed, &budget).unwrap();
    let expected = case["judged"].as_array().unwrap();
    assert_eq!(judged.len(), expected.len(), "{path:?}");
    for (got, want) in judged.iter().zip(expected) {
        let code: u128 = want[0].as_str().unwrap().parse().unwrap();
        assert_eq!(codes::encode(&got.action), code, "{path:?}");
        assert_eq!(got.margin, want[1].as_f64().unwrap(), "{path:?}");
        assert_eq!(got.share, want[2].as_f64().unwrap(), "{path:?}");
    }
}

#[test]
fn the_core_samples_and_searches_as_the_python_engine() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/searches");
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    paths.sort();
    assert!(paths.len() >= 3, "the searches of {dir:?}");
    for path in paths {
        replay(&path);
    }
}

#[test]
fn sequential_halving_plays_the_better_half_on_twice_the_games() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/searches");
    let case: Value =
        serde_json::from_str(&fs::read_to_string(dir.join("base_3p_turn_early.json")).unwrap())
            .unwrap();
    let public = Public::read(case["public"].as_str().unwrap()).unwrap();
    let player = case["player"].as_str().unwrap();
    let seat = public.names.names.iter().position(|n| n == player).unwrap();
    let budget = Budget {
        samples: 3,
        keep: 16,
        horizon: Some(2),
        wall_weight: 1.0,
        halving: true,
    };
    let judged = search(&public, seat, 5, &budget).unwrap();
    let k = judged.len();
    assert!(k >= 4, "{k} candidates");
    // each round: every candidate still in on `deals` new games, then the better half
    // kept, and twice the games
    let (mut alive, mut deals, mut played, mut expected) = (k, 3, 0, Vec::new());
    loop {
        played += deals;
        if alive == 1 {
            expected.push(played);
            break;
        }
        let kept = alive.div_ceil(2);
        expected.extend(std::iter::repeat_n(played, alive - kept));
        alive = kept;
        if alive == 1 {
            expected.push(played);
            break;
        }
        deals *= 2;
    }
    expected.sort_unstable_by(|a, b| b.cmp(a));
    let samples: Vec<usize> = judged.iter().map(|j| j.samples).collect();
    assert_eq!(samples, expected);
    assert!(judged[0].margin >= judged[1].margin);
    let again = search(&public, seat, 5, &budget).unwrap();
    assert_eq!(again[0].action, judged[0].action);
    assert_eq!(again[0].margin, judged[0].margin);
}
