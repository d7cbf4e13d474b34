//! What the game says: its name, the houses' letters and how the game
//! ended, with the rule. What a move did is the library's
//! [`oware::Explanation`].

use oware::{Family, Game, Leftover, Move, Outcome, Ruleset, Side, Termination};

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

/// The game's name: Oware, Kalah or Congkak.
pub fn game_name(ruleset: &Ruleset) -> &'static str {
    match ruleset.family() {
        Family::Kalah(_) => "Kalah",
        Family::Congkak(_) => "Congkak",
        _ => "Oware",
    }
}

/// The banner: "Oware (abapa rules), 6 houses a side, 4 seeds in each".
pub fn title(ruleset: &Ruleset) -> String {
    let name = game_name(ruleset);
    let rules = ruleset.to_string();
    let rules = if rules.eq_ignore_ascii_case(name) {
        String::new()
    } else {
        format!(" ({rules} rules)")
    };
    format!(
        "{name}{rules}, {} houses a side, {} in each",
        ruleset.houses_per_side(),
        seeds(usize::from(ruleset.seeds_per_house()))
    )
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

/// The rule that ended the game, by family: (R8, R9/R10, R11) for Oware,
/// K4 for Kalah, C7 for Congkak.
fn rule(ruleset: &Ruleset, termination: Termination, draw: bool) -> &'static str {
    match (ruleset.family(), termination) {
        (Family::Kalah(_), _) => "K4",
        (Family::Congkak(_), _) => "C7",
        (_, Termination::NoMoves) => "R8",
        (_, Termination::Majority) if draw => "R10",
        (_, Termination::Majority) => "R9",
        _ => "R11",
    }
}

/// The end of the game as a sentence with the rule: "South cannot feed
/// North: South takes its 4 seeds (R8); 24-24, a draw".
pub fn ending(game: &Game) -> Option<String> {
    let outcome = game.outcome()?;
    let pos = game.position();
    let board = pos.board();
    let ruleset = game.ruleset();
    let rule = rule(ruleset, outcome.termination, outcome.winner.is_none());
    let split = split(ruleset);
    let mover = pos.turn();
    let why = match outcome.termination {
        Termination::NoMoves if board.row_seeds(mover) == 0 => {
            format!(
                "{mover} has no seeds to sow: each side takes the seeds on its own side ({rule})"
            )
        }
        Termination::NoMoves => format!(
            "{mover} cannot feed {}: {mover} takes its {} ({rule})",
            !mover,
            seeds(usize::from(board.row_seeds(mover)))
        ),
        Termination::Majority if outcome.winner.is_none() => {
            format!("Both sides have captured half the seeds ({rule})")
        }
        Termination::Majority => format!(
            "{} has captured more than half the seeds ({rule})",
            outcome.winner.unwrap_or(mover)
        ),
        Termination::Cycle => format!(
            "The same position has come up {} times: {split} ({rule})",
            game.repetitions()
        ),
        Termination::MoveLimit => format!(
            "{} plies without a capture: {split} ({rule})",
            game.plies_since_capture()
        ),
        Termination::Agreement => format!("Ended by agreement: {split} ({rule})"),
        Termination::EmptyRow => {
            let empty = Side::ALL
                .into_iter()
                .find(|&s| board.row_seeds(s) == 0)
                .unwrap_or(mover);
            format!("{empty}'s houses are empty: the seeds left go to the stores ({rule})")
        }
        _ => format!("Every seed is in a store ({rule})"),
    };
    Some(format!("{why}; {}", result(&outcome, "wins")))
}

/// What ending the game by agreement now would give, before it is
/// agreed: "By agreement each side takes the seeds on its own side (R11):
/// North would win 25-23".
pub fn agreement_terms(game: &Game) -> Option<String> {
    let outcome = game.clone().end_by_agreement().ok()?;
    let ruleset = game.ruleset();
    let rule = rule(ruleset, outcome.termination, outcome.winner.is_none());
    Some(format!(
        "By agreement {} ({rule}): {}",
        split(ruleset),
        result(&outcome, "would win")
    ))
}

/// How the seeds left on the board are counted when the game is ended
/// by agreement or a cycle.
fn split(ruleset: &Ruleset) -> &'static str {
    match ruleset.cycle().leftover {
        Leftover::NotCounted => "the seeds left are not counted",
        _ => "each side takes the seeds on its own side",
    }
}

/// The result: "South wins 27-21" (with the verb `wins`), "24-24, a draw".
fn result(outcome: &Outcome, wins: &str) -> String {
    let (south, north) = (outcome.scores.south, outcome.scores.north);
    match outcome.winner {
        Some(side) => {
            let (won, lost) = side.fold_sn((south, north), (north, south));
            format!("{side} {wins} {won}-{lost}")
        }
        None => format!("{south}-{north}, a draw"),
    }
}
