//! Game records written by the Python engine (`tools/write_core_records.py`), replayed in
//! the core with no Python: every action must be legal here too, and the save after every
//! 25 actions and at the end must hash as the engine's did.

use alhambra_core::game::{module_bits, Game, CORE_OPTIONS};
use alhambra_core::save::{fnv64, read_action, read_save, save_json, Names};
use serde_json::Value;
use std::fs;
use std::path::Path;

fn replay(path: &Path) {
    let record: Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    let players: Vec<String> = record["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    let (mut game, names, earlier) = match record["start"].as_str() {
        Some(text) => {
            let (game, names, earlier, _) = read_save(text).unwrap();
            (game, names, earlier)
        }
        None => {
            let bag_empty = record["end_trigger"] == "bag_empty";
            let seed = record["seed"].as_u64().unwrap() as u128;
            let modules: Vec<&str> = record["modules"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            let bits = module_bits(&modules).unwrap();
            let options = record["options"]
                .as_array()
                .into_iter()
                .flatten()
                .fold(0, |set, o| {
                    let k = CORE_OPTIONS.iter().position(|(name, _)| o == name).unwrap();
                    set | 1 << k
                });
            let game = Game::with_options(players.len(), seed, bag_empty, bits, options).unwrap();
            let names = Names::new(&players, game.has_dirk());
            (game, names, String::new())
        }
    };
    let name = path.file_name().unwrap().to_string_lossy();
    for (i, data) in record["actions"].as_array().unwrap().iter().enumerate() {
        let action = read_action(data).unwrap();
        game.apply(action)
            .unwrap_or_else(|e| panic!("{name}: action {} ({data}) refused: {e:?}", i + 1));
        if let Some(hash) = record["hashes"].get((i + 1).to_string()) {
            let ours = format!("{:016x}", fnv64(&save_json(&game, &names, &earlier)));
            assert_eq!(
                &ours,
                hash,
                "{name}: the save after {} actions differs",
                i + 1
            );
        }
    }
    assert!(game.is_over(), "{name}: the record ends before the game");
    let ours = format!("{:016x}", fnv64(&save_json(&game, &names, &earlier)));
    assert_eq!(
        ours,
        record["final"].as_str().unwrap(),
        "{name}: the final save differs"
    );
    for (seat, points) in game.scores().iter().enumerate() {
        assert_eq!(
            Some(*points),
            record["scores"][&names.names[seat]].as_i64(),
            "{name}: scores"
        );
    }
}

#[test]
fn every_record_replays_to_the_same_saves() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(
        files.len() >= 7,
        "the records are missing: tools/write_core_records.py"
    );
    for path in files {
        replay(&path);
    }
}
