//! Helpers shared by the core's integration tests: proptest's config,
//! playouts, and the one seeded generator of random games and positions.
#![allow(dead_code)]

use oware::{Game, Position, Ruleset};
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

/// SplitMix64: a tiny deterministic generator, so the tests need no
/// randomness crate and play the same games on every run from one
/// (shrinkable) seed.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A random legal move of `moves`, or `None` if there is none.
fn pick<M: Copy>(rng: &mut SplitMix64, moves: &[M]) -> Option<M> {
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

/// A random game of `ruleset` from its start, played by `rng` until the
/// game is over by any rule or `max_plies` plies are played.
pub fn random_game(ruleset: Ruleset, rng: &mut SplitMix64, max_plies: usize) -> Game {
    let mut game = Game::new(ruleset);
    while game.ply() < max_plies {
        let Some(m) = pick(rng, &game.legal_moves()) else {
            break;
        };
        game.play(m).expect("a legal move plays");
    }
    game
}

/// A random position: `start` after up to `max_plies` random legal plies
/// (a number drawn from `0..=max_plies`), fewer if the position's game
/// ends first.
pub fn random_position(start: Position, rng: &mut SplitMix64, max_plies: usize) -> Position {
    let mut pos = start;
    for _ in 0..rng.below(max_plies + 1) {
        let Some(m) = pick(rng, &pos.legal_moves()) else {
            break;
        };
        pos.play(m).expect("a legal move plays");
    }
    pos
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
