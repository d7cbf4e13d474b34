//! Conformance with OpenSpiel's `oware` (PyPI `open_spiel`, module `pyspiel`):
//! random games dumped by `tests/openspiel/dump_games.py` are replayed with
//! the `openspiel` preset, and at every ply the legal moves, board, stores,
//! side to move and game end must agree; at the end, the final scores and
//! the winner (pyspiel's returns).
//!
//! Always replays the committed sample `tests/data/openspiel_oware.jsonl`
//! (150 games); `.ci/run` also dumps thousands of fresh games and passes
//! their file in `OWARE_OPENSPIEL_GAMES`.
//!
//! pyspiel gives every seed left on the board to the side whose row it is
//! on whenever the game ends, even when a side reaches 25; we leave the
//! board as it is and, for a majority, credit only the stores
//! ([`Termination::Majority`]). So at the end we compare pyspiel's scores
//! with our stores plus each side's row, and the winner with its returns.

use std::collections::BTreeMap;

use oware::{Game, Move, Position, Ruleset, Side, Termination};
use serde_json::Value;

fn ints(value: &Value) -> Vec<u8> {
    value
        .as_array()
        .expect("array")
        .iter()
        .map(|v| u8::try_from(v.as_u64().expect("int")).expect("u8"))
        .collect()
}

fn absolute_legal_moves(pos: &Position, game: &Game) -> Vec<u8> {
    let h = pos.ruleset().houses_per_side();
    game.legal_moves()
        .iter()
        .map(|m| m.to_index(h) as u8)
        .collect()
}

/// Replays one dumped game; returns how it ended.
fn replay(line: &str) -> Result<Termination, String> {
    let record: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let id = format!("seed {} game {}", record["seed"], record["game"]);
    let moves = ints(&record["moves"]);
    let states = record["states"].as_array().expect("states");
    let mut game = Game::new(Ruleset::openspiel());
    for (ply, state) in states.iter().enumerate() {
        let pos = *game.position();
        let at = || format!("{id}, ply {ply}, position {pos}");
        let terminal = state["terminal"].as_bool().expect("terminal");
        if terminal != game.is_game_over() {
            return Err(format!(
                "{}: pyspiel terminal={terminal}, ours {:?}",
                at(),
                game.outcome()
            ));
        }
        let legal = ints(&state["legal"]);
        if legal != absolute_legal_moves(&pos, &game) {
            return Err(format!(
                "{}: legal moves pyspiel {legal:?}, ours {:?}",
                at(),
                absolute_legal_moves(&pos, &game)
            ));
        }
        let scores = ints(&state["scores"]);
        if !terminal {
            let board = ints(&state["board"]);
            let to_move = state["to_move"].as_u64().expect("to_move");
            if board != pos.board().pits()
                || scores
                    != [
                        pos.board().store(Side::South),
                        pos.board().store(Side::North),
                    ]
            {
                return Err(format!(
                    "{}: pyspiel board {board:?} scores {scores:?}",
                    at()
                ));
            }
            if to_move != pos.turn().index() as u64 {
                return Err(format!("{}: pyspiel has player {to_move} to move", at()));
            }
        } else {
            let outcome = game.outcome().expect("over");
            let collected = collected(&pos);
            if scores != collected {
                return Err(format!(
                    "{}: final scores pyspiel {scores:?}, ours {collected:?} ({outcome})",
                    at()
                ));
            }
            if outcome.termination != Termination::Majority
                && scores != [outcome.scores.south, outcome.scores.north]
            {
                return Err(format!(
                    "{}: outcome scores {outcome} differ from pyspiel {scores:?}",
                    at()
                ));
            }
            let returns: Vec<i64> = state["returns"]
                .as_array()
                .expect("returns")
                .iter()
                .map(|v| v.as_i64().expect("int"))
                .collect();
            let winner = match returns.as_slice() {
                [1, -1] => Some(Side::South),
                [-1, 1] => Some(Side::North),
                _ => None,
            };
            if winner != outcome.winner {
                return Err(format!(
                    "{}: pyspiel returns {returns:?}, our outcome {outcome}",
                    at()
                ));
            }
            if ply != moves.len() {
                return Err(format!("{}: game over before its last move", at()));
            }
            return Ok(outcome.termination);
        }
        let m = Move::from_index(usize::from(moves[ply]), 6)
            .ok_or_else(|| format!("{}: bad move", at()))?;
        game.play(m).map_err(|e| format!("{}: {e}", at()))?;
    }
    Err(format!("{id}: the dump ends before the game does"))
}

/// Each side's store plus the seeds on its row, as pyspiel credits them at the end.
fn collected(pos: &Position) -> Vec<u8> {
    Side::ALL
        .iter()
        .map(|&side| pos.board().store(side) + pos.board().row_seeds(side) as u8)
        .collect()
}

fn replay_file(path: &str) -> BTreeMap<String, usize> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut endings = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let termination = replay(line).unwrap_or_else(|e| panic!("{path}: {e}"));
        *endings.entry(termination.name().to_owned()).or_insert(0) += 1;
    }
    endings
}

#[test]
fn committed_sample_agrees_with_pyspiel() {
    let endings = replay_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/openspiel_oware.jsonl"
    ));
    println!("committed sample: {endings:?}");
    // The sample holds 150 games and every way a pyspiel game ends.
    assert_eq!(endings.values().sum::<usize>(), 150);
    for ending in ["majority", "no moves", "cycle"] {
        assert!(
            endings.contains_key(ending),
            "no {ending} ending in the sample"
        );
    }
}

#[test]
fn fresh_games_agree_with_pyspiel() {
    let Ok(path) = std::env::var("OWARE_OPENSPIEL_GAMES") else {
        println!("OWARE_OPENSPIEL_GAMES not set: fresh games are checked by .ci/run");
        return;
    };
    let endings = replay_file(&path);
    println!(
        "{path}: {} games agree, endings {endings:?}",
        endings.values().sum::<usize>()
    );
    assert!(endings.values().sum::<usize>() > 0, "no games in {path}");
}
