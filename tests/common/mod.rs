//! Helpers shared by the property tests.
#![allow(dead_code)]

use oware::{Game, Position};

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
