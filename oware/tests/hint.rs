//! The engine's hint (`oware::search::Hint`): its move, judgement, line
//! and words on hand-worked positions, from the search and from an endgame
//! database.

use std::sync::Arc;

use oware::endgame::{Convention, Database};
use oware::search::{Hint, Judgement};
use oware::{Game, Ruleset, Side};

fn game(text: &str) -> Game {
    Game::from_position(text.parse().expect("a position"))
}

#[test]
fn a_capture_of_the_last_seeds_is_a_win_in_one() {
    // South's F sows its one seed into North's a (1 → 2) and captures
    // it: 24 + 2 = 26 seeds, more than half of the 48.
    let hint = Hint::new(&game("0,0,0,0,0,1/1,1,0,0,0,0 s 24 21"), None, 2000).unwrap();
    assert_eq!(hint.best_move.to_string(), "F");
    assert_eq!(
        hint.judgement,
        Judgement::ForcedEnd {
            win: true,
            plies: 1
        }
    );
    assert_eq!(
        hint.line.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        ["F"]
    );
    assert_eq!(hint.side, Side::South);
    assert_eq!(
        hint.to_string(),
        "you can win within 1 ply; best: F (the line: F)"
    );
}

#[test]
fn a_lost_position_names_the_opponent_and_the_line() {
    // North reaches 25 whatever South plays: E b F is the longest way.
    let hint = Hint::new(&game("0,0,0,0,1,0/1,1,0,0,0,0 s 21 24"), None, 2000).unwrap();
    assert_eq!(
        hint.judgement,
        Judgement::ForcedEnd {
            win: false,
            plies: 3
        }
    );
    assert_eq!(
        hint.to_string(),
        "you lose within 3 plies if North plays its best; best: E (the line: E b F)"
    );
}

#[test]
fn an_estimate_says_how_far_ahead_and_how_deep() {
    // North has 20 seeds in its store and South none.
    let hint = Hint::new(&game("4,4,4,2,0,0/2,2,2,2,2,4 s 0 20"), None, 2000).unwrap();
    let Judgement::Estimate { seeds, depth } = hint.judgement else {
        panic!("{:?}", hint.judgement);
    };
    assert!((-30.0..-10.0).contains(&seeds), "{seeds}");
    assert!((1..=Hint::DEPTH).contains(&depth), "{depth}");
    assert_eq!(hint.line.first(), Some(&hint.best_move));
    let text = hint.to_string();
    let margin = format!("{:.1}", -seeds);
    let words = format!(
        "you are {} seeds behind; best: {} (the engine's line, {depth} plies deep: ",
        margin.strip_suffix(".0").unwrap_or(&margin),
        hint.best_move
    );
    assert!(text.starts_with(&words), "{text}");
}

#[test]
fn a_database_gives_the_perfect_move_and_the_captures_to_come() {
    let ruleset = Ruleset::abapa();
    let db = Arc::new(Database::build(&ruleset, Convention::of(&ruleset), 4).unwrap());
    let start = game("0,0,0,0,0,1/1,1,0,0,0,0 s 24 21");
    let (m, captures) = db.perfect_move(&start).unwrap();
    let hint = Hint::new(&start, Some(db), 2000).unwrap();
    assert_eq!(hint.best_move, m);
    assert_eq!(hint.judgement, Judgement::Perfect { captures });
    assert_eq!(hint.line, [m]);
    let seeds = if captures == 1 { "seed" } else { "seeds" };
    assert_eq!(
        hint.to_string(),
        format!(
            "with perfect play you capture {captures} {seeds} more than North from here on; best: {m} (endgame database)"
        )
    );
}

#[test]
fn a_finished_game_has_no_hint() {
    // South has captured 25: the game is over.
    let mut over = game("0,0,0,0,0,1/1,1,0,0,0,0 s 24 21");
    over.play(over.legal_moves()[0]).unwrap();
    assert!(over.is_game_over());
    assert_eq!(Hint::new(&over, None, 100), None);
}
