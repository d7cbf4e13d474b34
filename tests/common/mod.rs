//! Helpers shared by the property tests.
#![allow(dead_code)]

use oware::{Game, Position};
use proptest::test_runner::{Config as ProptestConfig, FileFailurePersistence};

/// A proptest config with `default_cases` cases unless `PROPTEST_CASES`
/// says otherwise, saving failures in `regressions` (a path under
/// `proptest-regressions/`).
pub fn proptest_config(default_cases: u32, regressions: &'static str) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(default_cases);
    let mut config = ProptestConfig::with_cases(cases);
    config.failure_persistence = Some(Box::new(FileFailurePersistence::Direct(regressions)));
    config
}

/// Plays `choices` from `start`, each picking one of the legal moves
/// (modulo their number), until the choices run out or the game is over by
/// the position's rules. Returns every position of the line, `start` first.
pub fn position_playout(start: Position, choices: &[u8]) -> Vec<Position> {
    let mut line = vec![start];
    let mut pos = start;
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[usize::from(choice) % moves.len()])
            .expect("a legal move plays");
        line.push(pos);
    }
    line
}

/// Plays `choices` in a [`Game`] from `start` (as [`position_playout`]),
/// until the choices run out or the game is over by any rule.
pub fn game_playout(start: Position, choices: &[u8]) -> Game {
    let mut game = Game::from_position(start);
    for &choice in choices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[usize::from(choice) % moves.len()])
            .expect("a legal move plays");
    }
    game
}
