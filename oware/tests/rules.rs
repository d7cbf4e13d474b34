//! Hand-worked positions for each Abapa rule ([R1]–[R11] of
//! `oware/rules/abapa.md`), with the exact boards and scores worked out by hand in
//! the comments. Position strings are `<South A..F>/<North a..f> <turn>
//! <South store> <North store>`; absolute houses are A..F = 0..5, a..f = 6..11.

use oware::{
    BySide, Captured, Game, GrandSlam, House, IllegalMoveReason, Move, Pit, Position, Ruleset,
    Side, Termination,
};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(letter: &str) -> Move {
    letter.parse().expect("move letter")
}

fn house(side: Side, letter: char) -> Pit {
    let base = if side == Side::South { b'A' } else { b'a' };
    Pit::House(
        side,
        House::new(usize::from(letter as u8 - base)).expect("house"),
    )
}

fn play(pos: &mut Position, letter: &str) -> oware::MoveReport {
    pos.play(mv(letter))
        .unwrap_or_else(|e| panic!("{pos}: {e}"))
}

fn letters(pits: &[Pit]) -> String {
    pits.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn r1_start_has_four_seeds_in_each_of_twelve_houses() {
    let start = Position::default();
    assert_eq!(start.board().all_houses(), &[4; 12]);
    assert_eq!(start.board().stores(), BySide { south: 0, north: 0 });
    assert_eq!(start.board().total_seeds(), 48);
    assert_eq!(start.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0");
}

#[test]
fn r2_south_moves_first() {
    let start = Position::default();
    assert_eq!(start.turn(), Side::South);
    let letters: String = start
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(letters, "ABCDEF");
}

#[test]
fn r3_sowing_one_seed_a_house_counter_clockwise() {
    // C holds 4: one each into D, E, F and on into North's a.
    let mut p = Position::default();
    let report = play(&mut p, "C");
    assert_eq!(letters(&report.sown), "D,E,F,a");
    assert_eq!(p.to_string(), "4,4,0,5,5,5/5,4,4,4,4,4 n 0 0");
    // North's f sows through the wrap from index 11 to South's A.
    let report = play(&mut p, "f");
    assert_eq!(letters(&report.sown), "A,B,C,D");
    assert_eq!(p.to_string(), "5,5,1,6,5,5/5,4,4,4,4,0 s 0 0");
}

#[test]
fn r3_only_own_non_empty_houses_can_be_played() {
    let mut p = pos("4,4,0,5,5,5/5,4,4,4,4,4 s 0 0");
    let before = p;
    assert_eq!(
        p.play(mv("C")).unwrap_err().reason,
        IllegalMoveReason::EmptyHouse
    );
    assert_eq!(
        p.play(mv("a")).unwrap_err().reason,
        IllegalMoveReason::WrongSide
    );
    assert_eq!(
        p.play(mv("G")).unwrap_err().reason,
        IllegalMoveReason::NoSuchHouse
    );
    assert_eq!(p, before);
    assert_eq!(
        p.play(mv("C")).unwrap_err().to_string(),
        "illegal move C: house is empty"
    );
}

#[test]
fn r4_origin_skipped_on_a_lap_last_seed_in_a() {
    // F holds 12: a..f get one each (6 seeds), A..E one each (5 seeds), F is
    // skipped and the 12th seed lands in a (index 6), which then holds
    // 1 + 1 + 1 = 3 and is captured [R5]; the chain stops at F (South's).
    let mut p = pos("0,0,0,0,0,12/1,1,1,1,1,1 s 15 15");
    let report = play(&mut p, "F");
    assert_eq!(report.sown.len(), 12);
    assert_eq!(letters(&report.sown), "a,b,c,d,e,f,A,B,C,D,E,a");
    assert!(!report.sown.contains(&house(Side::South, 'F')));
    assert_eq!(
        report.captures,
        [Captured {
            pit: house(Side::North, 'a'),
            seeds: 3,
            to: Side::South,
        }]
    );
    assert_eq!(p.to_string(), "1,1,1,1,1,0/0,2,2,2,2,2 n 18 15");
    assert_eq!(p.board().seeds(Side::South, House::new(5).unwrap()), 0);
}

#[test]
fn r4_two_laps_skip_the_origin_twice() {
    // E holds 25 = 2 laps of 11 + 3: every other house gets 2, then F, a, b
    // get one more; b ends with 0 + 2 + 1 = 3 and a with 0 + 2 + 1 = 3:
    // both captured (chain b, a, then F is South's).
    let mut p = pos("0,0,0,0,25,0/0,0,0,0,0,1 s 11 11");
    let report = play(&mut p, "E");
    assert_eq!(report.sown.len(), 25);
    assert!(!report.sown.contains(&house(Side::South, 'E')));
    assert_eq!(report.captured_seeds(), 6);
    assert_eq!(p.to_string(), "2,2,2,2,0,3/0,0,2,2,2,3 n 17 11");
}

#[test]
fn r5_capture_chain_stops_at_the_mover_own_row() {
    // C holds 8: D..F and a..e get one each. e ends on 3, d, c, b, a on 2:
    // 3 + 2 + 2 + 2 + 2 = 11 captured; the chain then reaches F (South's)
    // and stops without wrapping. f keeps 3, so it is no grand slam.
    let mut p = pos("0,0,8,0,0,1/1,1,1,1,2,3 s 10 20");
    let report = play(&mut p, "C");
    let captured: Vec<(String, u8)> = report
        .captures
        .iter()
        .map(|c| (c.pit.to_string(), c.seeds))
        .collect();
    assert_eq!(
        captured,
        [
            ("e".into(), 3),
            ("d".into(), 2),
            ("c".into(), 2),
            ("b".into(), 2),
            ("a".into(), 2)
        ]
    );
    assert_eq!(p.to_string(), "0,0,0,1,1,2/0,0,0,0,0,3 n 21 20");
}

#[test]
fn r5_capture_chain_stops_at_a_house_of_another_count() {
    // C holds 8: last seed in e (2 + 1 = 3), then d, c, b hold 2; a holds 4
    // and stops the chain: 3 + 2 + 2 + 2 = 9 captured.
    let mut p = pos("0,0,8,0,0,1/3,1,1,1,2,0 s 15 16");
    let report = play(&mut p, "C");
    assert_eq!(report.captured_seeds(), 9);
    assert_eq!(p.to_string(), "0,0,0,1,1,2/4,0,0,0,0,0 n 24 16");
}

#[test]
fn r5_no_capture_when_the_last_seed_makes_four_or_lands_at_home() {
    // D holds 4: E, F, a, b; b ends on 4: no capture.
    let mut p = pos("4,4,4,4,4,4/4,3,4,4,4,4 s 1 0");
    let report = play(&mut p, "D");
    assert!(report.captures.is_empty());
    assert_eq!(p.to_string(), "4,4,4,0,5,5/5,4,4,4,4,4 n 1 0");
    // North's b (4 seeds) ends in f, its own row: no capture.
    let report = play(&mut p, "b");
    assert!(report.captures.is_empty());
    assert_eq!(p.to_string(), "4,4,4,0,5,5/5,0,5,5,5,5 s 1 0");
}

#[test]
fn r6_grand_slam_captures_nothing() {
    // F holds 3: a, b, c reach 2, 2, 2, which is every North seed: a grand
    // slam, so nothing is captured and the seeds stay where they were sown.
    let mut p = pos("0,0,0,0,2,3/1,1,1,0,0,0 s 20 20");
    let report = play(&mut p, "F");
    assert!(report.grand_slam);
    assert!(report.captures.is_empty());
    assert_eq!(p.to_string(), "0,0,0,0,2,0/2,2,2,0,0,0 n 20 20");
    assert_eq!(p.outcome(), None);
}

#[test]
fn r6_not_a_grand_slam_when_a_house_beyond_the_chain_keeps_seeds() {
    // As above, but f holds 1 beyond the last seed: the 6 seeds are taken.
    let mut p = pos("0,0,0,0,2,3/1,1,1,0,0,1 s 20 19");
    let report = play(&mut p, "F");
    assert!(!report.grand_slam);
    assert_eq!(report.captured_seeds(), 6);
    assert_eq!(p.to_string(), "0,0,0,0,2,0/0,0,0,0,0,1 n 26 19");
}

#[test]
fn r6_option_capture_all_takes_the_grand_slam() {
    // The same grand slam under GrandSlam::CaptureAll: all 6 seeds go, North
    // is left with nothing and, to move without seeds, cannot move.
    let mut options = Ruleset::abapa().options();
    let oware::Family::Oware(mut rules) = options.family else {
        unreachable!()
    };
    rules.grand_slam = GrandSlam::CaptureAll;
    options.family = oware::Family::Oware(rules);
    let ruleset = Ruleset::new(options).unwrap();
    let mut p = Position::from_board(
        *pos("0,0,0,0,2,3/1,1,1,0,0,0 s 20 20").board(),
        Side::South,
        ruleset,
    )
    .unwrap();
    let report = play(&mut p, "F");
    assert!(!report.grand_slam);
    assert_eq!(report.captured_seeds(), 6);
    assert_eq!(
        p.board().stores(),
        BySide {
            south: 26,
            north: 20
        }
    );
    assert_eq!(
        p.outcome().map(|o| o.termination),
        Some(Termination::Majority)
    );
}

#[test]
fn r7_must_feed_a_starved_opponent() {
    // North has no seeds. A (1 seed, into B) does not feed; F (into a) does.
    let mut p = pos("1,0,0,0,0,1/0,0,0,0,0,0 s 23 23");
    let legal: Vec<String> = p.legal_moves().iter().map(ToString::to_string).collect();
    assert_eq!(legal, ["F"]);
    let before = p;
    assert_eq!(
        p.play(mv("A")).unwrap_err().reason,
        IllegalMoveReason::MustFeed
    );
    assert_eq!(p, before);
    let report = play(&mut p, "F");
    assert!(report.fed);
    assert_eq!(p.to_string(), "1,0,0,0,0,0/1,0,0,0,0,0 n 23 23");
}

#[test]
fn r7_a_move_that_does_not_need_to_feed_is_not_reported_as_fed() {
    let mut p = Position::default();
    assert!(!play(&mut p, "F").fed);
}

#[test]
fn r8_no_move_can_feed_the_mover_takes_its_seeds_draw_24_24() {
    // North plays f (1 seed) into A. South (A 1, C 2, E 1) must feed North
    // but no house reaches a: the game ends and South takes its 4 seeds,
    // 20 + 4 = 24 against North's 24: a draw.
    let mut game = Game::from(pos("0,0,2,0,1,0/0,0,0,0,0,1 n 20 24"));
    let report = game.play(mv("f")).unwrap();
    assert_eq!(
        game.position().to_string(),
        "1,0,2,0,1,0/0,0,0,0,0,0 s 20 24"
    );
    let outcome = report.outcome.expect("game over");
    assert_eq!(outcome.termination, Termination::NoMoves);
    assert_eq!(outcome.winner, None);
    assert_eq!(
        outcome.scores,
        BySide {
            south: 24,
            north: 24
        }
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(
        game.play(mv("C")).unwrap_err().reason,
        IllegalMoveReason::GameOver
    );
}

#[test]
fn r8_the_mover_wins_with_the_seeds_it_keeps() {
    // South cannot feed (houses A..D are too far) and takes 5: 22 + 5 = 27.
    let p = pos("2,1,1,1,0,0/0,0,0,0,0,0 s 22 21");
    let outcome = p.outcome().expect("game over");
    assert_eq!(outcome.termination, Termination::NoMoves);
    assert_eq!(outcome.winner, Some(Side::South));
    assert_eq!(
        outcome.scores,
        BySide {
            south: 27,
            north: 21
        }
    );
}

#[test]
fn r9_twenty_five_wins_and_ends_the_game_at_once() {
    // F captures a, b, c (2 each): 19 + 6 = 25. North still has f.
    let mut game = Game::from(pos("0,0,0,0,2,3/1,1,1,0,0,1 s 19 20"));
    let outcome = game.play(mv("F")).unwrap().outcome.expect("game over");
    assert_eq!(outcome.termination, Termination::Majority);
    assert_eq!(outcome.winner, Some(Side::South));
    assert_eq!(
        outcome.scores,
        BySide {
            south: 25,
            north: 20
        }
    );
    assert_eq!(
        game.position().to_string(),
        "0,0,0,0,2,0/0,0,0,0,0,1 n 25 20"
    );
    assert_eq!(
        game.play(mv("f")).unwrap_err().reason,
        IllegalMoveReason::GameOver
    );
}

#[test]
fn r10_twenty_four_each_is_a_draw() {
    let p = pos("0,0,0,0,0,0/0,0,0,0,0,0 n 24 24");
    let outcome = p.outcome().expect("game over");
    assert_eq!(
        (outcome.termination, outcome.winner),
        (Termination::Majority, None)
    );
    assert_eq!(outcome.result_str(), "1/2-1/2");
}

/// South A..E and North a..e each hold 1 seed in turn: every 12 plies the
/// seeds are back where they started (OpenSpiel's repetition test).
const CYCLE_START: &str = "1,0,0,0,0,0/1,0,0,0,0,0 s 23 23";
const CYCLE: [&str; 12] = ["A", "a", "B", "b", "C", "c", "D", "d", "E", "e", "F", "f"];

fn cycle_game(ruleset: Ruleset, plies: usize) -> Game {
    let start = pos(CYCLE_START);
    let mut game = Game::from(Position::from_board(*start.board(), Side::South, ruleset).unwrap());
    for ply in 0..plies {
        game.play(mv(CYCLE[ply % 12]))
            .unwrap_or_else(|e| panic!("ply {ply}: {e}"));
    }
    game
}

#[test]
fn r11_third_occurrence_ends_the_game_each_side_takes_its_own() {
    let game = cycle_game(Ruleset::abapa(), 12);
    assert_eq!(game.position().to_string(), CYCLE_START);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
    let game = cycle_game(Ruleset::abapa(), 23);
    assert_eq!(game.outcome(), None);
    let game = cycle_game(Ruleset::abapa(), 24);
    assert_eq!(game.repetitions(), 3);
    let outcome = game.outcome().expect("third occurrence");
    assert_eq!(outcome.termination, Termination::Cycle);
    assert_eq!(
        outcome.scores,
        BySide {
            south: 24,
            north: 24
        }
    );
    assert_eq!(outcome.winner, None);
}

#[test]
fn r11_openspiel_ends_at_the_first_repetition() {
    let game = cycle_game(Ruleset::openspiel(), 11);
    assert_eq!(game.outcome(), None);
    let game = cycle_game(Ruleset::openspiel(), 12);
    assert_eq!(
        game.outcome().map(|o| o.termination),
        Some(Termination::Cycle)
    );
}

#[test]
fn r11_hundred_plies_without_capture_end_the_game() {
    let mut options = Ruleset::abapa().options();
    options.cycle.occurrences = None;
    let ruleset = Ruleset::new(options).unwrap();
    let game = cycle_game(ruleset, 99);
    assert_eq!((game.plies_since_capture(), game.outcome()), (99, None));
    let game = cycle_game(ruleset, 100);
    let outcome = game.outcome().expect("no-capture limit");
    assert_eq!(outcome.termination, Termination::MoveLimit);
    // After 100 plies (8 cycles and 4 plies: A a B b) South's seed is in C
    // and North's in c: each takes its own, 24-24.
    assert_eq!(
        game.position().board().all_houses(),
        pos("0,0,1,0,0,0/0,0,1,0,0,0 s 23 23").board().all_houses()
    );
    assert_eq!(
        outcome.scores,
        BySide {
            south: 24,
            north: 24
        }
    );
}

#[test]
fn r11_a_capture_restarts_the_no_capture_count() {
    let mut game = Game::from(pos("0,0,0,0,0,12/1,1,1,1,1,1 s 15 15"));
    game.play(mv("F")).unwrap(); // captures a (3 seeds), see r4
    assert_eq!(game.plies_since_capture(), 0);
    game.play(mv("b")).unwrap(); // b (2 seeds) into c, d: no capture
    assert_eq!(game.plies_since_capture(), 1);
    assert_eq!(game.repetitions(), 1);
}

#[test]
fn r11_hard_ply_limit_ends_the_game() {
    let mut options = Ruleset::abapa().options();
    options.cycle.max_plies = Some(5);
    let ruleset = Ruleset::new(options).unwrap();
    assert_eq!(cycle_game(ruleset, 4).outcome(), None);
    let outcome = cycle_game(ruleset, 5).outcome().expect("ply limit");
    assert_eq!(outcome.termination, Termination::MoveLimit);
}

#[test]
fn r11_ending_by_agreement_splits_by_side_and_can_be_undone() {
    let mut game = Game::from(pos("3,0,0,0,0,1/0,0,2,0,0,0 s 20 22"));
    let outcome = game.end_by_agreement().unwrap();
    assert_eq!(outcome.termination, Termination::Agreement);
    assert_eq!(
        outcome.scores,
        BySide {
            south: 24,
            north: 24
        }
    );
    assert_eq!(game.end_by_agreement(), Err(IllegalMoveReason::GameOver));
    assert_eq!(
        game.play(mv("A")).unwrap_err().reason,
        IllegalMoveReason::GameOver
    );
    // Undo takes back the agreement alone (no move), then the moves.
    assert_eq!(game.undo(), None);
    assert_eq!(game.outcome(), None);
    game.play(mv("A")).unwrap();
    game.end_by_agreement().unwrap();
    assert_eq!(game.undo(), None);
    assert_eq!((game.outcome(), game.ply()), (None, 1));
    assert_eq!(game.undo(), Some(mv("A")));
    assert_eq!(game.undo(), None);
    assert_eq!(game.ply(), 0);
}

#[test]
fn undo_restores_repetition_counts_across_a_capture() {
    // The cycle of r11 twice (position back for the 2nd time), then undo
    // one ply: the count of the current position drops back to 1.
    let mut game = cycle_game(Ruleset::abapa(), 12);
    assert_eq!(game.repetitions(), 2);
    game.undo();
    assert_eq!((game.repetitions(), game.plies_since_capture()), (1, 11));
    // Across a capture: r4's lap captures a; undoing it restores the count.
    let mut game = Game::from(pos("0,0,0,0,0,12/1,1,1,1,1,1 s 15 15"));
    game.play(mv("F")).unwrap();
    assert_eq!(game.plies_since_capture(), 0);
    game.undo();
    assert_eq!((game.repetitions(), game.plies_since_capture()), (1, 0));
    assert_eq!(game, Game::from(pos("0,0,0,0,0,12/1,1,1,1,1,1 s 15 15")));
}

#[test]
fn undo_restores_every_position() {
    let mut game = Game::default();
    let mut seen = vec![*game.position()];
    for letter in ["C", "f", "B", "a", "A", "e"] {
        game.play(mv(letter)).unwrap();
        seen.push(*game.position());
    }
    while game.undo().is_some() {
        seen.pop();
        assert_eq!(game.position(), seen.last().unwrap());
    }
    assert_eq!(game.ply(), 0);
}

#[test]
fn threats_ring_only_attackable_houses() {
    // North's e (1 seed) can be reached by South's F (5 seeds: a..e), which
    // makes 2. North's a..d hold 4 (+1 = 5) and f holds 6: safe.
    let p = pos("4,4,4,4,4,5/4,4,4,4,1,6 n 0 0");
    assert_eq!(
        p.threats(Side::North)
            .iter()
            .map(House::index)
            .collect::<Vec<_>>(),
        [4]
    );
    // South's houses: North's f (6 seeds) ends in E (4 + 1 = 5): nothing.
    assert!(p.threats(Side::South).is_empty());
    // A grand slam does not threaten: F's capture of a, b, c (every North
    // seed) is annulled; only E's capture of a (1 + 1 = 2, b and c keep
    // theirs) threatens.
    let p = pos("0,0,0,0,2,3/1,1,1,0,0,0 s 20 20");
    assert_eq!(
        p.threats(Side::North)
            .iter()
            .map(House::index)
            .collect::<Vec<_>>(),
        [0]
    );
}

/// Absolute pit indices, worked by hand for Abapa (`A`..`F` = 0..5, `a`..`f`
/// = 6..11, South's store 12, North's 13) and Congkak (7 houses: stores 14
/// and 15), and both ways for every board size.
#[test]
fn pit_indices_are_houses_then_south_store_then_north_store() {
    assert_eq!(house(Side::South, 'A').to_index(6), 0);
    assert_eq!(house(Side::North, 'a').to_index(6), 6);
    assert_eq!(house(Side::North, 'f').to_index(6), 11);
    assert_eq!(Pit::Store(Side::South).to_index(6), 12);
    assert_eq!(Pit::Store(Side::North).to_index(6), 13);
    assert_eq!(Pit::Store(Side::North).to_index(7), 15);
    assert_eq!(Pit::from_index(13, 6), Some(Pit::Store(Side::North)));
    assert_eq!(Pit::from_index(14, 6), None);
    assert_eq!(Pit::from_index(0, 0), None);
    assert_eq!(Pit::from_index(0, oware::MAX_HOUSES + 1), None);
    assert_eq!(Pit::from_index(usize::MAX, usize::MAX), None);
    for h in 1..=oware::MAX_HOUSES {
        let pits: Vec<Pit> = (0..2 * h + 2)
            .map(|i| Pit::from_index(i, h).expect("a pit"))
            .collect();
        assert!(
            pits.iter().enumerate().all(|(i, p)| p.to_index(h) == i),
            "{h}: {pits:?}"
        );
        assert_eq!(
            pits[2 * h - 1],
            Pit::House(Side::North, House::new(h - 1).expect("house"))
        );
        assert_eq!(Pit::from_index(2 * h + 2, h), None);
    }
}

/// The pits a sowing report lists are the board's pits by absolute index:
/// Kalah(6, 4) `C` from the start sows D, E, F, South's store (13 pits
/// after `f`'s 11 and the store 12).
#[test]
fn sown_pits_carry_their_absolute_indices() {
    let mut start = Position::new(Ruleset::kalah(6, 4).expect("kalah(6,4)"));
    let report = play(&mut start, "C");
    let indices: Vec<usize> = report.sown.iter().map(|p| p.to_index(6)).collect();
    assert_eq!(indices, [3, 4, 5, 12]);
}
