//! Conformance with OpenSpiel (PyPI `open_spiel`, module `pyspiel`): random
//! games of its `oware` and `mancala` dumped by
//! `tests/openspiel/dump_games.py` are replayed with our `openspiel` and
//! `kalah` presets, and at every ply the legal moves, board, stores, side to
//! move and game end must agree; at the end, the final scores and the
//! winner (pyspiel's returns).
//!
//! The committed samples `tests/data/openspiel_oware.jsonl` and
//! `tests/data/openspiel_mancala.jsonl` (150 games each) are always
//! replayed; `.ci/run` also dumps thousands of fresh games of each and
//! passes their files in `OWARE_OPENSPIEL_GAMES` and
//! `OWARE_OPENSPIEL_MANCALA_GAMES`.
//!
//! It tests only the core, but stays here rather than in `oware/tests/`
//! with the core's other tests: its samples are 2.7 MB (230 KB compressed),
//! which would add more than the whole crate to the packaged `oware`, and
//! their source, `tests/openspiel/dump_games.py`, is outside the core.
//!
//! How the final positions differ: pyspiel's `oware` moves every seed left
//! on the board to the side whose row it is on whenever the game ends, even
//! when a side reaches 25; its `mancala` leaves the board as it is and only
//! counts the seeds in the returns. We always leave the board as it is and
//! credit the seeds in [`Outcome::scores`](oware::Outcome) (for a majority,
//! the stores alone). So at the end we compare each side's store plus row
//! with pyspiel's scores (oware) or its board and stores as they stand
//! (mancala), and the winner with its returns.

use std::collections::BTreeMap;

use oware::{Game, Move, Position, Ruleset, Side, Termination, Variant};
use serde_json::Value;

/// The pyspiel game a dump holds.
#[derive(Clone, Copy)]
enum Peer {
    Oware,
    Mancala,
}

impl Peer {
    fn ruleset(self) -> Ruleset {
        match self {
            Peer::Oware => Variant::OpenSpiel.ruleset(),
            Peer::Mancala => Variant::Kalah.ruleset(),
        }
    }
}

fn ints(value: &Value) -> Vec<u8> {
    value
        .as_array()
        .expect("array")
        .iter()
        .map(|v| u8::try_from(v.as_u64().expect("int")).expect("u8"))
        .collect()
}

fn absolute_legal_moves(game: &Game) -> Vec<u8> {
    let h = game.ruleset().houses_per_side();
    game.legal_moves()
        .iter()
        .map(|m| m.to_index(h) as u8)
        .collect()
}

/// Each side's store plus the seeds on its row.
fn collected(pos: &Position) -> Vec<u8> {
    Side::ALL
        .iter()
        .map(|&side| pos.board().store(side) + pos.board().row_seeds(side) as u8)
        .collect()
}

fn stores(pos: &Position) -> Vec<u8> {
    vec![
        pos.board().store(Side::South),
        pos.board().store(Side::North),
    ]
}

/// Checks a position the game goes on from.
fn check_running(pos: &Position, state: &Value) -> Result<(), String> {
    let board = ints(&state["board"]);
    let scores = ints(&state["scores"]);
    if board != pos.board().all_houses() || scores != stores(pos) {
        return Err(format!("pyspiel board {board:?} scores {scores:?}"));
    }
    let to_move = state["to_move"].as_u64().expect("to_move");
    if to_move != pos.turn().index() as u64 {
        return Err(format!("pyspiel has player {to_move} to move"));
    }
    Ok(())
}

/// Checks the final position and outcome; returns the termination.
fn check_final(peer: Peer, game: &Game, state: &Value) -> Result<Termination, String> {
    let pos = game.position();
    let outcome = game.outcome().expect("over");
    let scores = ints(&state["scores"]);
    match peer {
        Peer::Oware if scores != collected(pos) => {
            return Err(format!(
                "final scores pyspiel {scores:?}, ours {:?} ({outcome})",
                collected(pos)
            ));
        }
        Peer::Oware
            if outcome.termination != Termination::Majority
                && scores != [outcome.scores.south, outcome.scores.north] =>
        {
            return Err(format!(
                "outcome {outcome} differs from pyspiel's scores {scores:?}"
            ));
        }
        Peer::Mancala
            if ints(&state["board"]) != pos.board().all_houses() || scores != stores(pos) =>
        {
            return Err(format!(
                "final board pyspiel {:?} scores {scores:?}",
                ints(&state["board"])
            ));
        }
        Peer::Mancala if collected(pos) != [outcome.scores.south, outcome.scores.north] => {
            return Err(format!(
                "outcome {outcome}: the seeds left are not their owners'"
            ));
        }
        _ => {}
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
            "pyspiel returns {returns:?}, our outcome {outcome}"
        ));
    }
    Ok(outcome.termination)
}

/// Replays one dumped game; returns how it ended.
fn replay(peer: Peer, line: &str) -> Result<Termination, String> {
    let record: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let id = format!("seed {} game {}", record["seed"], record["game"]);
    let moves = ints(&record["moves"]);
    let states = record["states"].as_array().expect("states");
    let mut game = Game::new(peer.ruleset());
    for (ply, state) in states.iter().enumerate() {
        let pos = *game.position();
        let at = |e: String| format!("{id}, ply {ply}, position {pos}: {e}");
        let terminal = state["terminal"].as_bool().expect("terminal");
        if terminal != game.is_game_over() {
            return Err(at(format!(
                "pyspiel terminal={terminal}, ours {:?}",
                game.outcome()
            )));
        }
        let legal = ints(&state["legal"]);
        if legal != absolute_legal_moves(&game) {
            return Err(at(format!(
                "legal moves pyspiel {legal:?}, ours {:?}",
                absolute_legal_moves(&game)
            )));
        }
        if terminal {
            if ply != moves.len() {
                return Err(at("game over before its last move".into()));
            }
            return check_final(peer, &game, state).map_err(at);
        }
        check_running(game.position(), state).map_err(at)?;
        let h = game.ruleset().houses_per_side();
        let m =
            Move::from_index(usize::from(moves[ply]), h).ok_or_else(|| at("bad move".into()))?;
        game.play(m).map_err(|e| at(e.to_string()))?;
    }
    Err(format!("{id}: the dump ends before the game does"))
}

fn replay_file(peer: Peer, path: &str) -> BTreeMap<String, usize> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut endings = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let termination = replay(peer, line).unwrap_or_else(|e| panic!("{path}: {e}"));
        *endings.entry(termination.name().to_owned()).or_insert(0) += 1;
    }
    endings
}

#[test]
fn committed_oware_sample_agrees_with_pyspiel() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/openspiel_oware.jsonl"
    );
    let endings = replay_file(Peer::Oware, path);
    println!("committed oware sample: {endings:?}");
    // The sample holds 150 games and every way a pyspiel oware game ends.
    assert_eq!(endings.values().sum::<usize>(), 150);
    for ending in ["majority", "no moves", "cycle"] {
        assert!(
            endings.contains_key(ending),
            "no {ending} ending in the sample"
        );
    }
}

#[test]
fn committed_mancala_sample_agrees_with_pyspiel() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/openspiel_mancala.jsonl"
    );
    let endings = replay_file(Peer::Mancala, path);
    println!("committed mancala sample: {endings:?}");
    assert_eq!(endings, BTreeMap::from([("empty row".to_owned(), 150)]));
}

/// Fresh dumps named by `variable`, if set (`.ci/run` sets them).
fn fresh(peer: Peer, variable: &str) {
    let Ok(path) = std::env::var(variable) else {
        println!("{variable} not set: fresh games are checked by .ci/run");
        return;
    };
    let endings = replay_file(peer, &path);
    println!(
        "{path}: {} games agree, endings {endings:?}",
        endings.values().sum::<usize>()
    );
    assert!(endings.values().sum::<usize>() > 0, "no games in {path}");
}

#[test]
fn fresh_oware_games_agree_with_pyspiel() {
    fresh(Peer::Oware, "OWARE_OPENSPIEL_GAMES");
}

#[test]
fn fresh_mancala_games_agree_with_pyspiel() {
    fresh(Peer::Mancala, "OWARE_OPENSPIEL_MANCALA_GAMES");
}
