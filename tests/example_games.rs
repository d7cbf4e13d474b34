//! The example game records (`examples/games/*.pgn`), which ship with the
//! examples and not with the core: they are the real online games the
//! core's tests replay (`oware/tests/records.rs`).

use oware::Record;

/// The shipped records `examples/games/*.pgn` are the real online games:
/// each parses (every move checked) to the moves of its line in
/// `oware/tests/data/online-games.jsonl` (the core's test data).
#[test]
fn shipped_game_records_are_the_online_games() {
    let text = include_str!("../oware/tests/data/online-games.jsonl");
    let mut checked = 0;
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = value["game"].as_str().unwrap();
        let path = format!("{}/examples/games/{id}.pgn", env!("CARGO_MANIFEST_DIR"));
        let record: Record = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{path}: {e}"))
            .parse()
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        let houses: Vec<usize> = record.game.moves().iter().map(|m| m.to_index(6)).collect();
        let expected: Vec<usize> = value["houses"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_u64().unwrap() as usize)
            .collect();
        assert_eq!(houses, expected, "{path}");
        assert!(record.tag("Site").is_some_and(|s| s.contains(id)), "{path}");
        checked += 1;
    }
    assert_eq!(checked, 4);
}
