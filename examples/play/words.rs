//! What the terminal game says beyond the library's words: counts and the
//! houses' letters. The game's title and how it
//! ended are the library's ([`oware::Ruleset::title`],
//! [`oware::Game::ending`]), as is what a move did
//! ([`oware::Explanation`]).

use oware::{Game, Move, Side};

/// "1 ply", "2 plies".
pub fn plies(n: usize) -> String {
    count(n, "ply", "plies")
}

/// About how long building an endgame database of `boards` boards takes
/// on one core: "a few seconds", "about 45 seconds", "about 3 minutes"
/// (at about 600 000 boards a second, as Abapa's 16-seed layers take).
pub fn build_time(boards: u128) -> String {
    let seconds = boards / 600_000;
    match seconds {
        0..10 => "a few seconds".to_owned(),
        10..90 => format!("about {} seconds of one core", (seconds + 2) / 5 * 5),
        _ => format!("about {} minutes of one core", (seconds + 30) / 60),
    }
}

/// About how much disk an endgame database of `boards` boards takes
/// (3 bytes a board, as Abapa's layer files): "about 90 MB", "8 MB".
pub fn megabytes(boards: u128) -> String {
    let mb = boards * 3 / 1_000_000;
    match mb {
        0 => "under 1 MB".to_owned(),
        1..20 => format!("about {mb} MB"),
        _ => format!("about {} MB", (mb + 5) / 10 * 10),
    }
}

/// `n` and the noun, singular for 1: "1 ply", "12 plies".
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `side`'s house letters on a board of `n` houses: "A–F", "a–g".
pub fn letters(side: Side, n: usize) -> String {
    let letter = |i: usize| oware::House::new(i).map(|h| Move::new(side, h).to_string());
    format!(
        "{}–{}",
        letter(0).unwrap_or_default(),
        letter(n.saturating_sub(1)).unwrap_or_default()
    )
}

/// "South 5, North 3": the stores.
pub fn stores(game: &Game) -> String {
    let board = game.position().board();
    format!(
        "South {}, North {}",
        board.store(Side::South),
        board.store(Side::North)
    )
}
