//! What the terminal game says beyond the library's words: counts, the
//! engine's judgement, the houses' letters. The game's title and how it
//! ended are the library's ([`oware::Ruleset::title`],
//! [`oware::Game::ending`]), as is what a move did
//! ([`oware::Explanation`]).

use oware::{Game, Move, Side};

/// "1 seed", "4 seeds".
pub fn seeds(n: usize) -> String {
    count(n, "seed", "seeds")
}

/// "1 ply", "2 plies".
pub fn plies(n: usize) -> String {
    count(n, "ply", "plies")
}

/// How the side to move stands by the engine's reckoning, `seeds` ahead
/// (behind when below 0), to the player whose move it is: "you are 1.4
/// seeds behind", "you are 1 seed ahead", "you are level".
pub fn standing(seeds: f64) -> String {
    let margin = format!("{:.1}", seeds.abs());
    let margin = margin.strip_suffix(".0").unwrap_or(&margin);
    match margin {
        "0" => "you are level".to_owned(),
        "1" => format!("you are 1 seed {}", ahead_or_behind(seeds)),
        _ => format!("you are {margin} seeds {}", ahead_or_behind(seeds)),
    }
}

fn ahead_or_behind(seeds: f64) -> &'static str {
    if seeds > 0.0 { "ahead" } else { "behind" }
}

/// A game the side to move wins (`win`) or loses by force within
/// `plies`, to its player: "you can win within 3 plies", "you lose
/// within 4 plies if North plays its best".
pub fn forced_end(win: bool, plies: usize, opponent: Side) -> String {
    let plies = self::plies(plies);
    if win {
        format!("you can win within {plies}")
    } else {
        format!("you lose within {plies} if {opponent} plays its best")
    }
}

/// What the side to move captures from here on with perfect play on
/// both sides, `value` seeds more than `opponent`, to its player: "with
/// perfect play you capture 3 seeds more than North from here on", "…
/// as many seeds as North …".
pub fn captures_to_come(value: i8, opponent: Side) -> String {
    let n = seeds(usize::from(value.unsigned_abs()));
    let gain = match value {
        0 => "as many seeds as".to_owned(),
        v if v > 0 => format!("{n} more than"),
        _ => format!("{n} fewer than"),
    };
    format!("with perfect play you capture {gain} {opponent} from here on")
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
