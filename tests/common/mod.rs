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

/// A seeded position of `ruleset` with `seeds` seeds dropped at random
/// into the houses, a random side to move, and stores that make up the
/// rest of the seeds without a majority (so the game goes on): the input
/// of the endgame database tests.
pub fn endgame_position(
    rng: &mut oware::search::Rng,
    ruleset: oware::Ruleset,
    seeds: u8,
) -> Position {
    let houses = 2 * ruleset.houses_per_side();
    let mut pits = vec![0u8; houses];
    for _ in 0..seeds {
        pits[rng.below(houses)] += 1;
    }
    let rest = ruleset.total_seeds() - seeds;
    let stores = oware::BySide {
        south: rest / 2,
        north: rest - rest / 2,
    };
    let turn = oware::Side::ALL[rng.below(2)];
    let board = oware::Board::from_pits(&pits, stores).expect("houses of the ruleset");
    Position::from_board(board, turn, ruleset).expect("the ruleset's seed total")
}
