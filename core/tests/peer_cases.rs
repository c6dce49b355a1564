//! Layouts from other implementations' tests (`tests/data/peer_cases.json`, a copy of the
//! project's shared rules data) and their answers: where a tile may go, which tiles may be
//! removed, the longest wall. Where the peers disagree, RULES.md decides, as in
//! `tests/test_peer_cases.py`. The cases have y growing south: (x, y) there is (x, -y) here.

use alhambra_core::board::{Board, FOUNTAIN};
use alhambra_core::cards::{tiles, KINDS};
use serde_json::Value;

const LETTERS: [(&str, &str); 6] = [
    ("P", "pavilion"),
    ("S", "seraglio"),
    ("A", "arcades"),
    ("C", "chambers"),
    ("G", "garden"),
    ("T", "tower"),
];
/// The wall answers RULES.md §8.4 gives where the peers disagree (test_peer_cases.py).
const WALL_BY_RULES: [(&str, u32); 2] = [("brdgme_wall_12_closed_ring", 12), ("brdgme_wall_5", 6)];

fn walls(letters: &str) -> u8 {
    letters
        .chars()
        .map(|c| 1u8 << "NESW".find(c).expect("a side letter"))
        .sum()
}

/// Any tile of the type: the walls are given separately.
fn tile_of(letter: &str) -> u8 {
    let kind = LETTERS.iter().find(|(l, _)| *l == letter).unwrap().1;
    let kind = KINDS.iter().position(|k| *k == kind).unwrap() as u8;
    tiles().iter().position(|t| t.kind == kind).unwrap() as u8
}

/// The layout of a case, when it is a legal one (a fountain at (0, 0), brdgme's verdict).
fn board(case: &Value) -> Option<Board> {
    let valid = case["peer_outputs"]["brdgme_go"]["valid"].as_bool() == Some(true);
    let mut board = Board::new();
    for entry in case["tiles"].as_array().unwrap() {
        let (x, y) = (
            entry[0].as_i64().unwrap() as i8,
            -entry[1].as_i64().unwrap() as i8,
        );
        let letter = entry[2].as_str().unwrap();
        if letter == "F" {
            if (x, y) != (0, 0) {
                return None;
            }
            continue;
        }
        if board.at(x, y).is_some() {
            return None; // no fountain at (0, 0), or a cell twice
        }
        board.build_with_walls(x, y, tile_of(letter), walls(entry[3].as_str().unwrap()));
    }
    (valid && board.at(0, 0) == Some(FOUNTAIN)).then_some(board)
}

/// The peers' answers to `key`, when they agree.
fn agreed(case: &Value, key: &str) -> Option<Value> {
    let answers: Vec<&Value> = case["peer_outputs"]
        .as_object()
        .unwrap()
        .values()
        .filter_map(|out| out.get(key))
        .collect();
    answers
        .iter()
        .all(|a| *a == answers[0])
        .then(|| answers[0].clone())
}

fn cells(value: &Value) -> Vec<(i8, i8)> {
    let mut found: Vec<(i8, i8)> = value
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_i64().unwrap() as i8, -c[1].as_i64().unwrap() as i8))
        .collect();
    found.sort();
    found
}

#[test]
fn the_core_answers_as_the_peers_and_the_rules() {
    let data: Value =
        serde_json::from_str(include_str!("../../tests/data/peer_cases.json")).unwrap();
    let mut cases: Vec<&Value> = Vec::new();
    for key in [
        "layout_cases_from_peer_tests",
        "handcrafted_differential_cases",
    ] {
        cases.extend(data[key].as_array().unwrap());
    }
    cases.extend(data["random_oracle_cases"]["cases"].as_array().unwrap());
    let (mut walls_checked, mut places, mut removals) = (0, 0, 0);
    for case in cases {
        let Some(board) = board(case) else { continue };
        let id = case["id"].as_str().unwrap();
        for query in case["queries"].as_array().unwrap() {
            let query = query.as_str().unwrap();
            if query == "wall" {
                let expected = match WALL_BY_RULES.iter().find(|(case, _)| *case == id) {
                    Some((_, wall)) => *wall,
                    // brdgme closes rings whole, as RULES.md does; BGA counts one short
                    None => case["peer_outputs"]["brdgme_go"]["wall"].as_u64().unwrap() as u32,
                };
                assert_eq!(board.longest_wall(), expected, "{id}: wall");
                walls_checked += 1;
            } else if let Some(rest) = query.strip_prefix("place ") {
                let (_, letters) = rest.split_once(' ').unwrap();
                let mask = if letters == "-" { 0 } else { walls(letters) };
                let planes = board.planes();
                let mut found = Vec::new();
                planes.placeable(mask, false, &mut found);
                let expected = cells(&agreed(case, "place").expect("the peers agree"));
                assert_eq!(found, expected, "{id}: {query}");
                places += 1;
            } else if query == "remove" {
                let planes = board.planes();
                let mut found = Vec::new();
                planes.removable(&board, &mut found);
                let expected = cells(&agreed(case, "remove").expect("the peers agree"));
                assert_eq!(found, expected, "{id}: remove");
                removals += 1;
            }
        }
    }
    assert!(walls_checked > 50 && places > 40 && removals > 40);
}
