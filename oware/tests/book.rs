//! The opening book: its text form, what the shipped book holds (counted by
//! walking the game tree here), and level 5 playing from it.

use std::collections::HashSet;
use std::sync::Arc;

use oware::search::{Book, BookEntry, Level, Player, Score};
use oware::{Game, Move, Position, Ruleset};

/// The positions `plies` plies from the start, each once.
fn positions_at(plies: usize) -> HashSet<Position> {
    let mut level = HashSet::from([*Game::new(Ruleset::abapa()).position()]);
    for _ in 0..plies {
        level = level
            .iter()
            .flat_map(|pos| children(pos).into_iter())
            .collect();
    }
    level
}

fn children(pos: &Position) -> Vec<Position> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play(m).unwrap();
            child
        })
        .collect()
}

#[test]
fn the_shipped_book_holds_every_position_to_ply_three_and_answers_at_ply_four() {
    let book = Book::standard();
    // 1 + 6 + 36 + 190 positions: 216 lines reach ply 3, but sowings
    // that do not touch each other's houses commute (AaF and FaA).
    let early: Vec<Position> = (0..=3).flat_map(positions_at).collect();
    assert_eq!(early.len(), 233);
    for pos in &early {
        let entry = book
            .get(pos)
            .unwrap_or_else(|| panic!("{pos} is not in the book"));
        assert!(pos.legal_moves().contains(&entry.best_move));
        assert!(entry.depth >= 20, "{pos}: depth {}", entry.depth);
    }
    // Ply 4 after the book's own move at ply 2: every reply is answered.
    let mut answered = 0;
    for pos in positions_at(2) {
        let mut after = pos;
        after.play(book.get(&pos).unwrap().best_move).unwrap();
        for reply in children(&after) {
            assert!(book.get(&reply).is_some(), "{reply} is not in the book");
            answered += 1;
        }
    }
    // 36 positions, with 5 or 6 replies each (a house just played is empty).
    assert_eq!(answered, 188);
    // The same board under OpenSpiel's rules, not under Kalah's.
    let start = *Game::new(Ruleset::openspiel()).position();
    assert!(book.get(&start).is_some());
    assert!(
        book.get(Game::new(Ruleset::kalah(6, 4).unwrap()).position())
            .is_none()
    );
}

#[test]
fn a_book_reads_back_what_it_writes_and_names_a_bad_line() {
    let pos = *Game::new(Ruleset::abapa()).position();
    let entry = BookEntry {
        best_move: "C".parse().unwrap(),
        score: Score::from_centiseeds(-35),
        depth: 18,
    };
    let line = Book::line(&pos, &entry);
    assert_eq!(line, "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 | C | -35 | 18");
    let book = Book::parse(&format!("# a comment\nruleset abapa\n\n{line}\n")).unwrap();
    assert_eq!(book.len(), 1);
    assert_eq!(book.get(&pos), Some(entry));
    let refused = |text: &str| Book::parse(text).unwrap_err().to_string();
    assert_eq!(
        refused("# x\n4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 | C | 10\n"),
        "opening book, line 2: expected `position | move | score | depth`"
    );
    assert!(
        refused("4,4,4,4,4,4/4,4,4,4,4 s 0 0 | C | 1 | 2").starts_with("opening book, line 1: ")
    );
    assert_eq!(
        refused("0,0,0,0,0,0/4,4,4,4,4,4 s 24 0 | a | 1 | 2"),
        "opening book, line 1: a is not legal in 0,0,0,0,0,0/4,4,4,4,4,4 s 24 0"
    );
    assert_eq!(
        refused(&format!("{line}\nruleset abapa")),
        "opening book, line 2: the ruleset comes before the entries"
    );
    assert!(
        refused(&format!(
            "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 | C | {} | 2",
            i32::MAX
        ))
        .contains("score")
    );
    assert!(refused("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 | C | 1 | 300").contains("depth"));
}

#[test]
fn level_five_plays_the_book_move_and_searches_without_a_book() {
    let game = Game::new(Ruleset::abapa());
    let mut player = Player::reproducible(Level::Five, 1);
    assert!(player.book().is_some());
    let book_move = Book::standard().get(game.position()).unwrap().best_move;
    assert_eq!(player.choose(&game), Some(book_move));
    // A book of our own that opens with A: the player follows it.
    let a: Move = "A".parse().unwrap();
    let mut own = Book::new(Ruleset::abapa());
    let entry = BookEntry {
        best_move: a,
        score: Score::DRAW,
        depth: 1,
    };
    own.insert(game.position(), entry);
    player.set_book(Some(Arc::new(own))).unwrap();
    assert_eq!(player.choose(&game), Some(a));
    // Other levels have no book, and are given none.
    let mut four = Player::new(Level::Four, 1);
    assert!(four.book().is_none());
    let refused = four.set_book(Some(Book::standard()));
    assert_eq!(refused, Err(oware::search::NoBookError(Level::Four)));
    assert_eq!(
        refused.unwrap_err().to_string(),
        "only level 5 has an opening book, not level 4"
    );
    assert!(four.book().is_none());
}

#[test]
fn scores_out_of_range_and_lone_carriage_returns_are_refused() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0";
    let refused = |text: &str| Book::parse(text).unwrap_err().to_string();
    // The most negative i32 has no absolute value in i32.
    assert!(refused(&format!("{start} | F | {} | 1", i32::MIN)).contains("out of range"));
    // Old Mac line ends would hide every entry inside a comment.
    assert_eq!(
        refused(&format!("# c\r{start} | F | 0 | 1\r")),
        "opening book, line 1: a carriage return inside the line (lines end with \\n or \\r\\n)"
    );
    // Windows line ends are fine.
    let book = Book::parse(&format!("# c\r\n{start} | F | 0 | 1\r\n")).unwrap();
    assert_eq!(book.len(), 1);
}
