//! Perft: replays the node counts of `tests/data/abapa.perft` through
//! [`oware::perft`], and cross-checks `oware::perft` against the independent
//! naive reference model (`tests/reference/mod.rs`) on positions reached by
//! seeded random playouts.
//!
//! Entries above [`NODE_LIMIT`] nodes are skipped so that a debug-mode
//! `cargo test` stays fast; set `OWARE_PERFT_NODE_LIMIT` to raise the limit
//! (e.g. `OWARE_PERFT_NODE_LIMIT=100000000 cargo test -p oware --release --test perft`
//! checks every entry of the file).

mod common;
mod reference;

use common::SplitMix64;
use oware::{Board, BySide, Move, Position, Ruleset, Side, perft};
use reference::{RefState, to_reference};

/// The largest node count checked by default (about 2 s in debug mode).
const NODE_LIMIT: u64 = 20_000_000;

/// One `id` block of a perft file: a position and its node counts.
#[derive(Debug)]
struct Entry {
    id: String,
    pos: String,
    /// `(depth, nodes)` pairs, in file order.
    counts: Vec<(u8, u64)>,
    /// The line of the `id`, from 1.
    line: usize,
}

/// Parses the shakmaty-style perft format: `id <name>`, `pos <position>`,
/// `perft <depth> <nodes>`, `#` comments and blank lines.
fn parse_perft_file(text: &str) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(char::is_whitespace)
            .unwrap_or_else(|| panic!("line {}: no value: {raw:?}", i + 1));
        let value = value.trim();
        match key {
            "id" => entries.push(Entry {
                id: value.to_owned(),
                pos: String::new(),
                counts: Vec::new(),
                line: i + 1,
            }),
            "pos" => {
                let entry = entries
                    .last_mut()
                    .unwrap_or_else(|| panic!("line {}: pos before any id", i + 1));
                assert!(entry.pos.is_empty(), "line {}: second pos", i + 1);
                entry.pos = value.to_owned();
            }
            "perft" => {
                let entry = entries
                    .last_mut()
                    .unwrap_or_else(|| panic!("line {}: perft before any id", i + 1));
                let (depth, nodes) = value
                    .split_once(char::is_whitespace)
                    .unwrap_or_else(|| panic!("line {}: perft <depth> <nodes>", i + 1));
                let depth = depth
                    .parse()
                    .unwrap_or_else(|e| panic!("line {}: depth: {e}", i + 1));
                let nodes = nodes
                    .trim()
                    .parse()
                    .unwrap_or_else(|e| panic!("line {}: nodes: {e}", i + 1));
                entry.counts.push((depth, nodes));
            }
            _ => panic!("line {}: unknown key {key:?}", i + 1),
        }
    }
    entries
}

fn node_limit() -> u64 {
    match std::env::var("OWARE_PERFT_NODE_LIMIT") {
        Ok(text) => text
            .parse()
            .unwrap_or_else(|e| panic!("OWARE_PERFT_NODE_LIMIT={text:?}: {e}")),
        Err(_) => NODE_LIMIT,
    }
}

/// Replays every entry of the perft data file `name` up to the node
/// limit; returns how many counts were checked.
fn replay_perft_file(name: &str) -> usize {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let entries = parse_perft_file(&text);
    assert!(entries.len() >= 5, "{path}: only {} entries", entries.len());
    let limit = node_limit();
    let (mut checked, mut skipped) = (0, 0);
    for entry in &entries {
        assert!(!entry.pos.is_empty(), "{path}:{}: no pos", entry.line);
        assert!(!entry.counts.is_empty(), "{path}:{}: no perft", entry.line);
        let pos: Position = entry
            .pos
            .parse()
            .unwrap_or_else(|e| panic!("{path}:{} ({}): {e}", entry.line, entry.id));
        assert_eq!(pos.to_string(), entry.pos, "{}: position text", entry.id);
        for &(depth, nodes) in &entry.counts {
            if nodes > limit {
                skipped += 1;
                continue;
            }
            assert_eq!(
                perft(&pos, depth),
                nodes,
                "perft({depth}) of {} ({})",
                entry.id,
                entry.pos
            );
            checked += 1;
        }
    }
    eprintln!("{name}: checked {checked} perft counts, skipped {skipped} above {limit} nodes");
    checked
}

#[test]
fn abapa_perft_file() {
    let checked = replay_perft_file("abapa.perft");
    assert!(checked >= 30, "only {checked} perft counts checked");
}

#[test]
fn kalah_perft_file() {
    let checked = replay_perft_file("kalah.perft");
    assert!(checked >= 30, "only {checked} perft counts checked");
}

#[test]
fn congkak_perft_file() {
    let checked = replay_perft_file("congkak.perft");
    assert!(checked >= 20, "only {checked} perft counts checked");
}

#[test]
fn perft_depth_zero_is_one() {
    let pos = Position::default();
    assert_eq!(perft(&pos, 0), 1);
    // Also in a finished game (North has 25).
    let over: Position = "0,0,0,0,0,0/0,0,0,0,0,2 s 21 25".parse().unwrap();
    assert!(over.is_game_over());
    assert_eq!(perft(&over, 0), 1);
    assert_eq!(perft(&over, 1), 0);
    assert_eq!(perft(&over, 3), 0);
}

/// Positions reached by random legal playouts from the Abapa start, of
/// random lengths up to `max_plies` (stopping early if the game ends).
fn random_positions(seed: u64, count: usize, max_plies: usize) -> Vec<Position> {
    let mut rng = SplitMix64(seed);
    (0..count)
        .map(|_| common::random_position(Position::default(), &mut rng, max_plies))
        .collect()
}

/// The independent-method check: `oware::perft` equals the naive reference
/// model's perft at depth 4 on 300 positions from seeded random playouts.
#[test]
fn perft_matches_reference_model_on_random_positions() {
    let positions = random_positions(0x0a8a_9a00_1234_5678, 300, 100);
    let mut nonzero = 0;
    for pos in &positions {
        let reference = to_reference(pos);
        assert_eq!(reference.to_string(), pos.to_string());
        for depth in 1..=4u8 {
            let expected = reference.perft(u32::from(depth));
            assert_eq!(
                perft(pos, depth),
                expected,
                "perft({depth}) of {pos}: oware vs reference model"
            );
            nonzero += usize::from(depth == 4 && expected > 0);
        }
    }
    // Most positions are still in play, so the check is not vacuous.
    eprintln!("{nonzero} of 300 positions have moves at depth 4");
    assert!(
        nonzero > 200,
        "only {nonzero} positions with moves at depth 4"
    );
}

/// The same check on seed layouts that no game need reach: every way of
/// putting 48 seeds in 12 houses and 2 stores is a valid position (R1), and
/// both models must agree on all of them, e.g. big laps and starved rows.
#[test]
fn perft_matches_reference_model_on_random_layouts() {
    let mut rng = SplitMix64(0x5eed_1a70_u64);
    let mut nonzero = 0;
    for i in 0..300 {
        // Keep the stores low most of the time so the game is still on.
        let slots = if i % 4 == 0 { 14 } else { 12 };
        let mut counts = [0u8; 14];
        let seeds_on_board = if i % 3 == 0 { 48 } else { 8 + rng.below(41) };
        for _ in 0..seeds_on_board {
            counts[rng.below(slots)] += 1;
        }
        let rest = 48 - counts.iter().map(|&c| u32::from(c)).sum::<u32>();
        counts[12] += (rest / 2) as u8;
        counts[13] += (rest - rest / 2) as u8;
        let board = Board::from_pits(
            &counts[..12],
            BySide {
                south: counts[12],
                north: counts[13],
            },
        )
        .unwrap();
        let turn = if rng.below(2) == 0 {
            Side::South
        } else {
            Side::North
        };
        let pos = Position::from_board(board, turn, Ruleset::abapa()).unwrap();
        let reference = to_reference(&pos);
        assert_eq!(RefState::parse(&pos.to_string()), reference);
        for depth in 1..=3u8 {
            let expected = reference.perft(u32::from(depth));
            assert_eq!(
                perft(&pos, depth),
                expected,
                "perft({depth}) of {pos}: oware vs reference model"
            );
            nonzero += usize::from(depth == 3 && expected > 0);
        }
    }
    assert!(
        nonzero > 150,
        "only {nonzero} layouts with moves at depth 3"
    );
}

/// Perft of a position and of its mirror image agree (swapping South and
/// North changes no rule).
#[test]
fn perft_is_mirror_symmetric() {
    for pos in random_positions(0x6d69_7272_6f72, 100, 160) {
        let mirrored = pos.mirrored();
        assert_eq!(mirrored.mirrored(), pos);
        for depth in 1..=4u8 {
            assert_eq!(
                perft(&pos, depth),
                perft(&mirrored, depth),
                "perft({depth}) of {pos} and of its mirror {mirrored}"
            );
        }
    }
}

/// Perft agrees with counting by hand through `legal_moves` and `play`.
#[test]
fn perft_matches_divide_through_play() {
    fn count(pos: &Position, depth: u8) -> u64 {
        if depth == 0 {
            return 1;
        }
        pos.legal_moves()
            .iter()
            .map(|&m: &Move| {
                let mut child = *pos;
                child.play(m).unwrap();
                count(&child, depth - 1)
            })
            .sum()
    }
    for pos in random_positions(0xd1_u64, 50, 160) {
        assert_eq!(perft(&pos, 3), count(&pos, 3), "perft(3) of {pos}");
    }
}
