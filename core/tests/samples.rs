//! Mega Box games sampled by the Python engine (`tools/write_core_samples.py`), dealt again
//! in the core with no Python: for the same public state and seed, the same game, every
//! field of its save but the record, the Street Merchant's citizens dealt by deals and by
//! the search alike.

use alhambra_core::policy::determinize::Public;
use alhambra_core::save::save_json;
use serde_json::Value;
use std::fs;
use std::path::Path;

/// The number of samples replayed from `path`, and how many of them were searched.
fn replay(path: &Path) -> (usize, usize) {
    let case: Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    let public = Public::read(case["public"].as_str().unwrap()).unwrap();
    let samples = case["samples"].as_array().unwrap();
    for sample in samples {
        let seed: u128 = sample["seed"].as_str().unwrap().parse().unwrap();
        let game = public.try_sample(seed).unwrap();
        let mut save: Value = serde_json::from_str(&save_json(&game, &public.names, "")).unwrap();
        save.as_object_mut().unwrap().remove("events");
        assert_eq!(save, sample["save"], "{path:?} seed {seed}");
    }
    let searched = samples.iter().filter(|s| s["searched"] == true).count();
    (samples.len(), searched)
}

#[test]
fn the_core_deals_the_mega_box_secrets_as_the_python_engine() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/samples");
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    paths.sort();
    assert!(paths.len() >= 4, "the samples of {dir:?}");
    let (mut samples, mut searched) = (0, 0);
    for path in paths {
        let (n, s) = replay(&path);
        samples += n;
        searched += s;
    }
    assert!(
        samples >= 12 && searched >= 3,
        "{samples} samples, {searched} searched"
    );
}
