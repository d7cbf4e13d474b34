//! Hand-worked tests of the rule families on the `oware` crate: Kalah
//! (`oware/rules/kalah.md`, K1–K6), Congkak (`oware/rules/congkak.md`,
//! C1–C7), the Oware options (`oware/rules/abapa.md`, "Options"), ruleset
//! validation, the ruleset text form (`oware::ruleset_text`), and positions
//! and records of custom rulesets. Each test is named after the clause it
//! checks; the boards, stores, side to move, reports and outcomes are worked
//! out by hand in the comments (the Kalah and Congkak examples re-derive
//! those of `tests/reference_families.rs` on boards with the full seed
//! total, which the crate checks and the reference models do not).
//!
//! Position strings are `<South A..>/<North a..> <turn> <South store>
//! <North store> [ruleset]`. Kalah(6, n): absolute houses `A..F` = 0..5,
//! `a..f` = 6..11, house `i` faces `11 - i` (`A`-`f`, `B`-`e`, `C`-`d`,
//! `D`-`c`, `E`-`b`, `F`-`a`). Congkak (7 houses): `A..G` = 0..6, `a..g` =
//! 7..13, house `i` faces `13 - i`. The sowing ring is South's houses,
//! South's store `S*`, North's houses, North's store `N*`; a side skips the
//! opponent's store. Reports list stores as `S*` and `N*`.

use oware::ruleset_text::OptionKey;
use oware::{
    BySide, CaptureCounts, Captured, CapturingSeed, CongkakEnd, CongkakRules, CycleRule, Family,
    Game, GrandSlam, House, IllegalMoveReason, KalahEnd, KalahRules, Leftover, Move, MoveReport,
    Outcome, OwareRules, ParsePositionError, ParseRecordError, ParseRulesetError, Pit, PlayError,
    Position, PositionError, Record, Relay, Ruleset, RulesetError, SeedsLeft, Side, Termination,
    Variant,
};

// ---- Helpers ----

fn ruleset(text: &str) -> Ruleset {
    text.parse()
        .unwrap_or_else(|e| panic!("ruleset {text:?}: {e}"))
}

fn pos(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("position {text:?}: {e}"))
}

fn mv(letter: &str) -> Move {
    letter.parse().expect("a move letter")
}

/// A pit by its report name: `S*`, `N*` or a house letter.
fn pit(name: &str) -> Pit {
    match name {
        "S*" => Pit::Store(Side::South),
        "N*" => Pit::Store(Side::North),
        letter => {
            let m = mv(letter);
            Pit::House(m.side(), m.house())
        }
    }
}

/// Pits from a comma-separated list of names.
fn pits(names: &str) -> Vec<Pit> {
    if names.is_empty() {
        return Vec::new();
    }
    names.split(',').map(pit).collect()
}

fn cap(name: &str, seeds: u8, to: Side) -> Captured {
    Captured {
        pit: pit(name),
        seeds,
        to,
    }
}

fn relay(after: usize, name: &str, seeds: u8) -> Relay {
    Relay {
        after,
        pit: pit(name),
        seeds,
    }
}

/// The report of a quiet move: `played` sowed `sown`, nothing else
/// happened. Tests change the fields that differ.
fn quiet(played: &str, sown: &str) -> MoveReport {
    MoveReport {
        played: mv(played),
        sown: pits(sown),
        relays: Vec::new(),
        captures: Vec::new(),
        grand_slam: false,
        fed: false,
        extra_turn: false,
        passed: false,
        outcome: None,
    }
}

fn play(p: &mut Position, letter: &str) -> MoveReport {
    p.play(mv(letter))
        .unwrap_or_else(|e| panic!("{letter} in {p}: {e}"))
}

fn legal(p: &Position) -> String {
    p.legal_moves().iter().map(ToString::to_string).collect()
}

fn outcome(termination: Termination, south: u8, north: u8) -> Outcome {
    Outcome::from_scores(termination, BySide { south, north })
}

fn houses(set: oware::HouseSet) -> Vec<usize> {
    set.iter().map(House::index).collect()
}

/// Abapa's options with the Oware rules changed by `f`.
fn oware_with(f: impl FnOnce(&mut OwareRules)) -> Ruleset {
    let mut options = Ruleset::abapa().options();
    let Family::Oware(mut rules) = options.family else {
        unreachable!("Abapa is Oware")
    };
    f(&mut rules);
    options.family = Family::Oware(rules);
    Ruleset::new(options).expect("a valid Oware ruleset")
}

/// Kalah(6, 4) with the Kalah rules changed by `f`.
fn kalah_with(f: impl FnOnce(&mut KalahRules)) -> Ruleset {
    let mut rules = KalahRules::standard();
    f(&mut rules);
    let mut options = Ruleset::kalah(6, 4).expect("Kalah(6,4)").options();
    options.family = Family::Kalah(rules);
    Ruleset::new(options).expect("a valid Kalah ruleset")
}

/// Congkak (7, 7) with the Congkak rules changed by `f`.
fn congkak_with(f: impl FnOnce(&mut CongkakRules)) -> Ruleset {
    let mut rules = CongkakRules::standard();
    f(&mut rules);
    let mut options = Ruleset::congkak().options();
    options.family = Family::Congkak(rules);
    Ruleset::new(options).expect("a valid Congkak ruleset")
}

/// The same board and side to move under another ruleset.
fn under(p: &Position, ruleset: Ruleset) -> Position {
    Position::from_board(*p.board(), p.turn(), ruleset).expect("same size and seeds")
}

// =====================================================================
// Kalah (K1–K6)
// =====================================================================

#[test]
fn k1_start_of_kalah_6_4() {
    let p = Position::new(Ruleset::kalah(6, 4).unwrap());
    assert_eq!(p.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 kalah");
    assert_eq!(p.ruleset().variant(), Some(Variant::Kalah));
    assert_eq!(p.ruleset().total_seeds(), 48);
    assert_eq!(legal(&p), "ABCDEF");
    assert_eq!(p.outcome(), None);
}

#[test]
fn k1_sowing_passes_the_own_store_south() {
    // From the start South plays D (4 seeds): E, F, S*, a. The last seed
    // is in North's a (now 5): no capture, no extra turn.
    let mut p = Position::new(Variant::Kalah.ruleset());
    let report = play(&mut p, "D");
    assert_eq!(report, quiet("D", "E,F,S*,a"));
    assert_eq!(p.to_string(), "4,4,4,0,5,5/5,4,4,4,4,4 n 1 0 kalah");
}

#[test]
fn k1_sowing_skips_the_opponents_store() {
    // North plays f (8 seeds): N* (1st), A..F (2nd-7th), S* is skipped,
    // a (8th). a held 2 (now 3), North's own but not empty: no capture
    // (K3), no extra turn (K2). Stores 16/16 + 16 seeds in houses = 48.
    let mut p = pos("1,1,1,1,1,1/2,0,0,0,0,8 n 16 16 kalah");
    let report = play(&mut p, "f");
    assert_eq!(report, quiet("f", "N*,A,B,C,D,E,F,a"));
    assert_eq!(p.to_string(), "2,2,2,2,2,2/3,0,0,0,0,0 s 16 17 kalah");
    assert_eq!(p.board().total_seeds(), 48);
}

#[test]
fn k1_thirteen_seeds_lap_back_into_the_origin_and_capture() {
    // 2m+1 = 13 seeds from F: S* (1), a..f (2-7), N* skipped, A..E (8-12),
    // F (13th: the origin is not skipped). Then South 1,1,1,1,1,1, North
    // 2,3,1,1,1,1, stores 16/17. F held nothing after the lift, so the last
    // seed lies alone in an own house; it faces a (11 - 5 = 6) with 2: a's
    // 2 and then F's 1 go to South's store, 16 + 3 = 19 (K3).
    let mut p = pos("0,0,0,0,0,13/1,2,0,0,0,0 s 15 17 kalah");
    let report = play(&mut p, "F");
    assert_eq!(
        report,
        MoveReport {
            captures: vec![cap("a", 2, Side::South), cap("F", 1, Side::South)],
            ..quiet("F", "S*,a,b,c,d,e,f,A,B,C,D,E,F")
        }
    );
    assert_eq!(p.to_string(), "1,1,1,1,1,0/0,3,1,1,1,1 n 19 17 kalah");
}

#[test]
fn k1_origin_is_not_skipped_on_a_lap() {
    // 14 seeds from F: as above, the 13th seed into F (1) and the 14th into
    // S*: an extra turn (K2). Store 15 + 2 = 17.
    let mut p = pos("0,0,0,0,0,14/1,2,0,0,0,0 s 15 16 kalah");
    let report = play(&mut p, "F");
    assert_eq!(
        report,
        MoveReport {
            extra_turn: true,
            ..quiet("F", "S*,a,b,c,d,e,f,A,B,C,D,E,F,S*")
        }
    );
    assert_eq!(p.to_string(), "1,1,1,1,1,1/2,3,1,1,1,1 s 17 16 kalah");
}

#[test]
fn k2_extra_turn_from_the_start() {
    // C (4 seeds): D, E, F, S*. The last seed is in South's store: South
    // moves again, with A, B, D, E, F to choose from.
    let mut game = Game::new(Ruleset::kalah(6, 4).unwrap());
    let report = game.play(mv("C")).unwrap();
    assert_eq!(
        report,
        MoveReport {
            extra_turn: true,
            ..quiet("C", "D,E,F,S*")
        }
    );
    assert_eq!(
        game.position().to_string(),
        "4,4,0,5,5,5/4,4,4,4,4,4 s 1 0 kalah"
    );
    assert_eq!(game.position().turn(), Side::South);
    assert_eq!(legal(game.position()), "ABDEF");
    // North may not move now.
    assert_eq!(
        game.play(mv("a")).unwrap_err().reason,
        IllegalMoveReason::WrongSide
    );
}

#[test]
fn k2_extra_turns_in_a_row_and_k4_end_after_an_extra_turn() {
    // Stores 20/19 + 9 seeds = 48.
    // - F (1) -> S* 21: extra turn.
    // - E (2) -> F, S* 22: extra turn.
    // - F (1) -> S* 23: extra turn, but South's row is now empty: the game
    //   ends (K4, checked after a move that earned an extra turn too).
    //   North adds its 6 seeds: 19 + 6 = 25 against 23 (K5).
    let mut p = pos("0,0,0,0,2,1/1,1,1,1,1,1 s 20 19 kalah");
    assert_eq!(legal(&p), "EF");
    let extra = |played, sown| MoveReport {
        extra_turn: true,
        ..quiet(played, sown)
    };
    assert_eq!(play(&mut p, "F"), extra("F", "S*"));
    assert_eq!(p.to_string(), "0,0,0,0,2,0/1,1,1,1,1,1 s 21 19 kalah");
    assert_eq!(play(&mut p, "E"), extra("E", "F,S*"));
    assert_eq!(p.to_string(), "0,0,0,0,0,1/1,1,1,1,1,1 s 22 19 kalah");
    let end = outcome(Termination::EmptyRow, 23, 25);
    assert_eq!(
        play(&mut p, "F"),
        MoveReport {
            outcome: Some(end),
            ..extra("F", "S*")
        }
    );
    assert_eq!(p.to_string(), "0,0,0,0,0,0/1,1,1,1,1,1 s 23 19 kalah");
    assert_eq!(p.turn(), Side::South);
    assert_eq!(p.outcome(), Some(end));
    assert_eq!(end.winner, Some(Side::North));
    assert!(p.is_game_over());
    assert_eq!(legal(&p), "");
    assert_eq!(p.check(mv("a")), Err(IllegalMoveReason::GameOver));
    assert_eq!(oware::perft(&p, 1), 0);
}

#[test]
fn k3_capture_of_the_opposite_house() {
    // D (1 seed) into E (empty, South's). E faces b (11 - 4 = 7), which
    // holds 2: b's 2 and E's 1 go to South's store, 20 + 3 = 23. Reported
    // opposite house first, then the capturing seed. The same with the
    // empty-capture option.
    for variant in ["kalah", "kalah-irving"] {
        let mut p = pos(&format!("1,0,0,1,0,0/0,2,0,0,0,3 s 20 21 {variant}"));
        let report = play(&mut p, "D");
        assert_eq!(
            report,
            MoveReport {
                captures: vec![cap("b", 2, Side::South), cap("E", 1, Side::South)],
                ..quiet("D", "E")
            }
        );
        assert_eq!(report.captured_seeds(), 3);
        assert_eq!(
            p.to_string(),
            format!("1,0,0,0,0,0/0,0,0,0,0,3 n 23 21 {variant}")
        );
    }
}

#[test]
fn k3_no_capture_when_the_opposite_house_is_empty() {
    // D into empty E, facing empty b: standard Kalah captures nothing, the
    // seed stays in E.
    let mut p = pos("1,0,0,1,0,0/0,0,0,0,0,3 s 22 21 kalah");
    assert_eq!(play(&mut p, "D"), quiet("D", "E"));
    assert_eq!(p.to_string(), "1,0,0,0,1,0/0,0,0,0,0,3 n 22 21 kalah");
}

#[test]
fn k3_empty_capture_option_takes_the_lone_seed() {
    // The same move with empty_capture (kalah-irving): the last seed alone
    // goes to the store, 22 + 1 = 23.
    let mut p = pos("1,0,0,1,0,0/0,0,0,0,0,3 s 22 21 kalah-irving");
    assert_eq!(
        play(&mut p, "D"),
        MoveReport {
            captures: vec![cap("E", 1, Side::South)],
            ..quiet("D", "E")
        }
    );
    assert_eq!(
        p.to_string(),
        "1,0,0,0,0,0/0,0,0,0,0,3 n 23 21 kalah-irving"
    );
    // The option built by hand is the preset.
    let irving = kalah_with(|r| r.empty_capture = true);
    assert_eq!(irving, Ruleset::kalah_irving(6, 4).unwrap());
    assert_eq!(irving.variant(), Some(Variant::KalahIrving));
}

#[test]
fn k3_no_capture_in_an_empty_house_of_the_opponent() {
    // F (2): S* 22, a (empty, North's: no capture under either option).
    // South's row is now empty: the game ends (K4); North adds a 1 and e 4:
    // 21 + 5 = 26 against 22.
    for variant in ["kalah", "kalah-irving"] {
        let mut p = pos(&format!("0,0,0,0,0,2/0,0,0,0,4,0 s 21 21 {variant}"));
        let report = play(&mut p, "F");
        let end = outcome(Termination::EmptyRow, 22, 26);
        assert_eq!(
            report,
            MoveReport {
                outcome: Some(end),
                ..quiet("F", "S*,a")
            }
        );
        assert_eq!(
            p.to_string(),
            format!("0,0,0,0,0,0/1,0,0,0,4,0 n 22 21 {variant}")
        );
    }
}

/// The position of the K4 option tests: South plays F (2 seeds), S* 21 and
/// a 2; South's row is then empty with North to move, North holding 7.
const K4_BEFORE: &str = "0,0,0,0,0,2/1,1,1,1,1,1 s 20 20";

#[test]
fn k4_either_row_empty_seeds_left_to_owner() {
    // Standard: over at once; North adds its 7: 21-27.
    let mut p = pos(&format!("{K4_BEFORE} kalah"));
    let report = play(&mut p, "F");
    let end = outcome(Termination::EmptyRow, 21, 27);
    assert_eq!(report.outcome, Some(end));
    assert_eq!(p.to_string(), "0,0,0,0,0,0/2,1,1,1,1,1 n 21 20 kalah");
    assert_eq!(legal(&p), "");
    assert_eq!(end.winner, Some(Side::North));
    assert_eq!(Termination::EmptyRow.name(), "empty row");
}

#[test]
fn k4_either_row_empty_seeds_left_to_first_emptied() {
    // German "Kalaha": South emptied its row, so North's 7 go to South:
    // 28-20.
    let r = kalah_with(|r| r.seeds_left = SeedsLeft::ToFirstEmptied);
    assert_eq!(r, ruleset("kalah(seeds_left=first-emptied)"));
    let mut p = under(&pos(K4_BEFORE), r);
    let report = play(&mut p, "F");
    assert_eq!(report.outcome, Some(outcome(Termination::EmptyRow, 28, 20)));
    assert_eq!(
        p.to_string(),
        "0,0,0,0,0,0/2,1,1,1,1,1 n 21 20 kalah(seeds_left=first-emptied)"
    );
}

#[test]
fn k4_mover_row_empty_seeds_left_to_owner() {
    // Ending only when the side to move is empty: after F North, to move,
    // has seeds: the game goes on. North plays a (2): b 2, c 2, the last
    // seed in c, which held 1: nothing. South, to move, has no seeds: over.
    // North adds 0+2+2+1+1+1 = 7: 21-27.
    let r = kalah_with(|r| r.end = KalahEnd::MoverRowEmpty);
    assert_eq!(r, ruleset("kalah(end=mover-row)"));
    let mut p = under(&pos(K4_BEFORE), r);
    assert_eq!(play(&mut p, "F"), quiet("F", "S*,a"));
    assert_eq!(p.outcome(), None);
    assert_eq!(legal(&p), "abcdef");
    let report = play(&mut p, "a");
    let end = outcome(Termination::EmptyRow, 21, 27);
    assert_eq!(
        report,
        MoveReport {
            outcome: Some(end),
            ..quiet("a", "b,c")
        }
    );
    assert_eq!(
        p.to_string(),
        "0,0,0,0,0,0/0,2,2,1,1,1 s 21 20 kalah(end=mover-row)"
    );
}

#[test]
fn k4_mover_row_empty_seeds_left_to_first_emptied() {
    // As above; the 7 seeds left go to South, which emptied its row: 28-20.
    let r = kalah_with(|r| {
        r.end = KalahEnd::MoverRowEmpty;
        r.seeds_left = SeedsLeft::ToFirstEmptied;
    });
    assert_eq!(r, ruleset("kalah(end=mover-row,seeds_left=first-emptied)"));
    let mut p = under(&pos(K4_BEFORE), r);
    play(&mut p, "F");
    assert_eq!(p.outcome(), None);
    let report = play(&mut p, "a");
    assert_eq!(report.outcome, Some(outcome(Termination::EmptyRow, 28, 20)));
}

#[test]
fn k4_mover_row_empty_ends_after_an_extra_turn_that_empties_the_mover() {
    // F (1) -> S*: an extra turn, and South, to move, has no seeds: over
    // under both end options; North adds its 6: 21-25 (standard leftover).
    for text in ["kalah", "kalah(end=mover-row)"] {
        let mut p = under(&pos("0,0,0,0,0,1/1,1,1,1,1,1 s 20 21"), ruleset(text));
        let report = play(&mut p, "F");
        assert!(report.extra_turn, "{text}");
        assert_eq!(
            report.outcome,
            Some(outcome(Termination::EmptyRow, 21, 27)),
            "{text}"
        );
    }
}

#[test]
fn k4_capture_that_empties_the_opponent_and_k5_win_or_draw() {
    // D (1) into empty E, facing b (3): 4 to South's store, 20 + 4 = 24.
    // North's row is empty: over. Standard: South adds F's 2: 26-22, South
    // wins. Seeds left to the side that emptied first (North): 24-24, a
    // draw (K5).
    let before = pos("0,0,0,1,0,2/0,3,0,0,0,0 s 20 22 kalah");
    let mut p = before;
    let report = play(&mut p, "D");
    let end = outcome(Termination::EmptyRow, 26, 22);
    assert_eq!(
        report,
        MoveReport {
            captures: vec![cap("b", 3, Side::South), cap("E", 1, Side::South)],
            outcome: Some(end),
            ..quiet("D", "E")
        }
    );
    assert_eq!(p.to_string(), "0,0,0,0,0,2/0,0,0,0,0,0 n 24 22 kalah");
    assert_eq!(end.winner, Some(Side::South));
    assert_eq!(end.result_str(), "1-0");

    let mut german = under(&before, ruleset("kalah(seeds_left=first-emptied)"));
    let draw = play(&mut german, "D").outcome.expect("over");
    assert_eq!(draw, outcome(Termination::EmptyRow, 24, 24));
    assert_eq!(draw.winner, None);
    assert_eq!(draw.result_str(), "1/2-1/2");
}

#[test]
fn k5_the_larger_store_wins_without_the_board_being_swept() {
    // The outcome credits the seeds left; the board keeps them, so a
    // frontend can still show it.
    let p = pos("0,0,0,0,0,0/0,0,0,0,0,3 s 25 20 kalah");
    assert_eq!(p.outcome(), Some(outcome(Termination::EmptyRow, 25, 23)));
    assert_eq!(p.board().store(Side::North), 20);
    let p = pos("0,0,0,0,0,0/0,0,0,0,0,6 s 21 21 kalah");
    assert_eq!(p.outcome().unwrap().winner, Some(Side::North));
}

#[test]
fn k6_kalah_needs_no_cycle_rule_and_every_game_ends() {
    // Kalah's presets carry no cycle rule; a custom Kalah ruleset without
    // one is valid (it is not for Oware).
    for r in [
        Ruleset::kalah(6, 4).unwrap(),
        Ruleset::kalah_irving(6, 4).unwrap(),
    ] {
        assert_eq!(*r.cycle(), CycleRule::none());
    }
    // Always the first legal move, always the last: both games end, the
    // scores adding up to the 48 seeds.
    for pick_last in [false, true] {
        for r in [
            Ruleset::kalah(6, 4).unwrap(),
            ruleset("kalah(end=mover-row)"),
        ] {
            let mut game = Game::new(r);
            loop {
                let moves = game.legal_moves();
                let next = if pick_last {
                    moves.last()
                } else {
                    moves.first()
                };
                let Some(&m) = next else { break };
                game.play(m).unwrap();
                assert!(game.ply() < 1000, "{}", game.position());
            }
            let end = game.outcome().expect("the game is over");
            assert_eq!(end.termination, Termination::EmptyRow);
            assert_eq!(
                u16::from(end.scores.south) + u16::from(end.scores.north),
                48
            );
        }
    }
}

#[test]
fn kalah_perft_from_the_start_matches_the_spec() {
    // kalah.md, "Perft": Kalah(6,4), standard options, depths 1-5 (a ply
    // is one sowing; extra turns count as plies).
    let start = Position::new(Variant::Kalah.ruleset());
    let counts: Vec<u64> = (1..=5).map(|d| oware::perft(&start, d)).collect();
    assert_eq!(counts, [6, 35, 185, 942, 4690]);
    // perft(2) by hand: only C ends in the store (K2), leaving South A, B,
    // D, E, F; the other five moves give North its six: 5 * 6 + 5 = 35.
}

#[test]
fn k1_one_house_a_side() {
    // Kalah(1,1): A (1) -> S*: an extra turn, and South's row is empty: the
    // game ends 1-1 (North adds its seed).
    let r = Ruleset::kalah(1, 1).unwrap();
    let mut p = Position::new(r);
    assert_eq!(p.to_string(), "1/1 s 0 0 kalah(1,1)");
    let report = play(&mut p, "A");
    assert_eq!(
        report,
        MoveReport {
            extra_turn: true,
            outcome: Some(outcome(Termination::EmptyRow, 1, 1)),
            ..quiet("A", "S*")
        }
    );
}

#[test]
fn kalah_threats_are_the_houses_the_opponent_captures_opposite() {
    // South 0,3,0,4,2,0; North 1,0,2,0,0,0; stores 18/18.
    // North, were it to move: a (1) -> b, empty, facing E (11 - 7 = 4,
    // 2 seeds): E is threatened; c (2) -> d, e; e was empty and faces B
    // (11 - 10 = 1, 3 seeds): B is threatened. D (4) is safe.
    // South, were it to move: B (3) -> C, D, E (3: not empty before);
    // D (4) -> E, F, S*, a (North's); E (2) -> F, S* (extra turn): no
    // capture, so no North house is threatened.
    for variant in ["kalah", "kalah-irving"] {
        let p = pos(&format!("0,3,0,4,2,0/1,0,2,0,0,0 s 18 18 {variant}"));
        assert_eq!(houses(p.threats(Side::South)), [1, 4], "{variant}");
        assert!(p.threats(Side::North).is_empty(), "{variant}");
        // The same captures, by playing North's moves.
        let north = Position::from_board(*p.board(), Side::North, *p.ruleset()).unwrap();
        let mut after = north;
        assert_eq!(
            play(&mut after, "a").captures,
            [cap("E", 2, Side::North), cap("b", 1, Side::North)]
        );
        let mut after = north;
        assert_eq!(
            play(&mut after, "c").captures,
            [cap("B", 3, Side::North), cap("e", 1, Side::North)]
        );
    }
}

// =====================================================================
// Congkak (C1–C7)
// =====================================================================

#[test]
fn c1_start_south_moves_first() {
    let p = Position::new(Ruleset::congkak());
    assert_eq!(p.to_string(), "7,7,7,7,7,7,7/7,7,7,7,7,7,7 s 0 0 congkak");
    assert_eq!(p.turn(), Side::South);
    assert_eq!(p.ruleset().total_seeds(), 98);
    assert_eq!(p.ruleset().houses_per_side(), 7);
    assert_eq!(legal(&p), "ABCDEFG");
    assert_eq!(p.ruleset().variant(), Some(Variant::Congkak));
    assert_eq!(*p.ruleset().cycle(), CycleRule::none());
}

#[test]
fn c2_lap_keeps_the_origin_and_skips_the_opponents_store() {
    // G (16): S* (1), a..g (2-8), N* skipped, A..F (9-14), G (15th, the
    // origin), S* (16th): South moves again (C3). Stores 42/41.
    let mut p = pos("0,0,0,0,0,0,16/1,0,0,0,0,0,0 s 40 41 congkak");
    let report = play(&mut p, "G");
    assert_eq!(
        report,
        MoveReport {
            extra_turn: true,
            ..quiet("G", "S*,a,b,c,d,e,f,g,A,B,C,D,E,F,G,S*")
        }
    );
    assert_eq!(p.to_string(), "1,1,1,1,1,1,1/2,1,1,1,1,1,1 s 42 41 congkak");
}

#[test]
fn c3_extra_turn_from_the_start() {
    // A (7): B..G (8 each), S*: South moves again.
    let mut p = Position::new(Ruleset::congkak());
    let report = play(&mut p, "A");
    assert_eq!(
        report,
        MoveReport {
            extra_turn: true,
            ..quiet("A", "B,C,D,E,F,G,S*")
        }
    );
    assert_eq!(p.to_string(), "0,8,8,8,8,8,8/7,7,7,7,7,7,7 s 1 0 congkak");
    assert_eq!(legal(&p), "BCDEFG");
}

#[test]
fn c4_relay_through_the_opponent_then_c6_capture() {
    // From the start B (7): C..G (8 each), S* (1), a (7th seed: 7 -> 8).
    // a held seeds: relay (C4), lift 8 after 7 seeds sown: b..g (8 each),
    // N* skipped, A (7 -> 8), B (8th; emptied at the start of the move, so
    // now 1). An empty own house (C6): it faces f (13 - 1 = 12, 8 seeds):
    // f's 8 and B's 1 go to South's store, 1 + 9 = 10.
    let mut p = Position::new(Ruleset::congkak());
    let report = play(&mut p, "B");
    assert_eq!(
        report,
        MoveReport {
            relays: vec![relay(7, "a", 8)],
            captures: vec![cap("f", 8, Side::South), cap("B", 1, Side::South)],
            ..quiet("B", "C,D,E,F,G,S*,a,b,c,d,e,f,g,A,B")
        }
    );
    assert_eq!(p.to_string(), "8,0,8,8,8,8,8/0,8,8,8,8,0,8 n 10 0 congkak");
}

#[test]
fn c4_relays_chain() {
    // G (2): S* 45, a (6 -> 7): relay 7 after 2 seeds: b..g (1 each), N*
    // skipped, A (1 -> 2): relay 2 after 9: B (0 -> 1), C (1 -> 2): relay 2
    // after 11: D (1), E (1). E was empty, South's own (C6); it faces c
    // (13 - 4 = 9), which got 1 in the first relay: 1 + 1 to the store, 47.
    let mut p = pos("1,0,1,0,0,0,2/6,0,0,0,0,0,0 s 44 44 congkak");
    let report = play(&mut p, "G");
    assert_eq!(
        report,
        MoveReport {
            relays: vec![relay(2, "a", 7), relay(9, "A", 2), relay(11, "C", 2)],
            captures: vec![cap("c", 1, Side::South), cap("E", 1, Side::South)],
            ..quiet("G", "S*,a,b,c,d,e,f,g,A,B,C,D,E")
        }
    );
    assert_eq!(p.to_string(), "0,1,0,1,0,0,0/0,1,0,1,1,1,1 n 47 44 congkak");
}

#[test]
fn c4_only_the_last_seed_relays() {
    // G (3): S* 41, a (2 -> 3, not the last seed: no relay), b (empty,
    // North's): the turn ends (C5).
    let mut p = pos("0,0,0,0,0,0,3/2,0,0,0,0,0,0 s 40 53 congkak");
    assert_eq!(play(&mut p, "G"), quiet("G", "S*,a,b"));
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0/3,1,0,0,0,0,0 n 41 53 congkak");
}

#[test]
fn c4_relay_on_the_own_side_then_c6_no_capture() {
    // A (1) into B (2 -> 3): relay 3 after 1 seed: C, D, E. E was empty,
    // South's; it faces c (9), empty: the seed stays, the turn ends (C6).
    let mut p = pos("1,2,0,0,0,0,0/0,0,0,0,0,0,5 s 45 45 congkak");
    let report = play(&mut p, "A");
    assert_eq!(
        report,
        MoveReport {
            relays: vec![relay(1, "B", 3)],
            ..quiet("A", "B,C,D,E")
        }
    );
    assert_eq!(p.to_string(), "0,0,1,1,1,0,0/0,0,0,0,0,0,5 n 45 45 congkak");
}

#[test]
fn c4_relay_off_makes_the_sowing_kalah_like() {
    // The same move without relays: B (2 -> 3) is the end; it was not
    // empty, so nothing more happens.
    let r = congkak_with(|r| r.relay = false);
    assert_eq!(r.to_string(), "congkak(relay=off)");
    let mut p = under(&pos("1,2,0,0,0,0,0/0,0,0,0,0,0,5 s 45 45 congkak"), r);
    assert_eq!(play(&mut p, "A"), quiet("A", "B"));
    assert_eq!(
        p.to_string(),
        "0,3,0,0,0,0,0/0,0,0,0,0,0,5 n 45 45 congkak(relay=off)"
    );
}

#[test]
fn c4_relay_then_c5_versus_c3_then_c6() {
    // F (1) into G (1 -> 2): relay 2 after 1: S* 47, a (empty, North's):
    // the turn ends (C5).
    let before = pos("0,0,0,0,0,1,1/0,0,0,0,0,0,3 s 46 47 congkak");
    let mut p = before;
    assert_eq!(
        play(&mut p, "F"),
        MoveReport {
            relays: vec![relay(1, "G", 2)],
            ..quiet("F", "G,S*,a")
        }
    );
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0/1,0,0,0,0,0,3 n 47 47 congkak");
    // G (1) -> S* 47: an extra turn (C3). Then F (1) into the emptied G,
    // facing a (13 - 6 = 7), empty: the seed stays (C6), North to move.
    let mut p = before;
    assert!(play(&mut p, "G").extra_turn);
    assert_eq!(p.to_string(), "0,0,0,0,0,1,0/0,0,0,0,0,0,3 s 47 47 congkak");
    assert_eq!(play(&mut p, "F"), quiet("F", "G"));
    assert_eq!(p.to_string(), "0,0,0,0,0,0,1/0,0,0,0,0,0,3 n 47 47 congkak");
}

#[test]
fn c5_last_seed_in_an_empty_opponent_house_ends_the_turn() {
    // G (2): S* 47, a (empty, North's): the turn ends, no capture.
    let mut p = pos("1,0,0,0,0,0,2/0,3,0,0,0,0,0 s 46 46 congkak");
    assert_eq!(play(&mut p, "G"), quiet("G", "S*,a"));
    assert_eq!(p.to_string(), "1,0,0,0,0,0,0/1,3,0,0,0,0,0 n 47 46 congkak");
}

/// A into empty B, facing f (13 - 1 = 12) with 4: the last seeds of the
/// game but for the capture.
const C6_CAPTURE: &str = "1,0,0,0,0,0,0/0,0,0,0,0,4,0 s 46 47 congkak";

#[test]
fn c6_capturing_seed_on_capture_and_c7_end_on_an_empty_board() {
    // f's 4 and B's 1 go to South's store, 51. Every house is empty: the
    // game ends (C7), 51 > 49: South wins.
    for r in [
        Ruleset::congkak(),
        congkak_with(|r| r.capturing_seed = CapturingSeed::Always),
    ] {
        let mut p = under(&pos(C6_CAPTURE), r);
        let report = play(&mut p, "A");
        let end = outcome(Termination::EmptyBoard, 51, 47);
        assert_eq!(
            report,
            MoveReport {
                captures: vec![cap("f", 4, Side::South), cap("B", 1, Side::South)],
                outcome: Some(end),
                ..quiet("A", "B")
            },
            "{r}"
        );
        assert_eq!(p.board().all_houses(), [0; 14]);
        assert_eq!(end.winner, Some(Side::South));
        assert_eq!(legal(&p), "");
    }
    assert_eq!(Termination::EmptyBoard.name(), "empty board");
}

#[test]
fn c6_capturing_seed_never() {
    // f's 4 go to the store (50), B keeps the capturing seed. North has no
    // seeds and passes (C7): South moves again.
    let r = congkak_with(|r| r.capturing_seed = CapturingSeed::Never);
    assert_eq!(r.to_string(), "congkak(capturing_seed=never)");
    let mut p = under(&pos(C6_CAPTURE), r);
    let report = play(&mut p, "A");
    assert_eq!(
        report,
        MoveReport {
            captures: vec![cap("f", 4, Side::South)],
            passed: true,
            ..quiet("A", "B")
        }
    );
    assert_eq!(
        p.to_string(),
        "0,1,0,0,0,0,0/0,0,0,0,0,0,0 s 50 47 congkak(capturing_seed=never)"
    );
}

#[test]
fn c6_capturing_seed_when_the_opposite_house_is_empty() {
    // F (1) into empty G, facing empty a. On capture (default) and never:
    // the seed stays. Always: it goes to the store, 47 + 1 = 48.
    let before = pos("0,0,0,0,0,1,0/0,0,0,0,0,0,3 s 47 47 congkak");
    for (seed, captures, after) in [
        (
            CapturingSeed::OnCapture,
            vec![],
            "0,0,0,0,0,0,1/0,0,0,0,0,0,3 n 47 47 congkak",
        ),
        (
            CapturingSeed::Never,
            vec![],
            "0,0,0,0,0,0,1/0,0,0,0,0,0,3 n 47 47 congkak",
        ),
        (
            CapturingSeed::Always,
            vec![cap("G", 1, Side::South)],
            "0,0,0,0,0,0,0/0,0,0,0,0,0,3 n 48 47 congkak",
        ),
    ] {
        let r = congkak_with(|r| r.capturing_seed = seed);
        let mut p = under(&before, r);
        let report = play(&mut p, "F");
        assert_eq!(
            report,
            MoveReport {
                captures,
                ..quiet("F", "G")
            },
            "{r}"
        );
        assert_eq!(p, under(&pos(after), r), "{r}");
    }
}

#[test]
fn c6_capture_after_lap() {
    let r = congkak_with(|r| r.capture_after_lap = true);
    assert_eq!(r.to_string(), "congkak(capture_after_lap=on)");
    // A into empty B without having passed the own store: no capture, the
    // seed stays; North (f 4) moves.
    let mut p = under(&pos(C6_CAPTURE), r);
    assert_eq!(play(&mut p, "A"), quiet("A", "B"));
    assert_eq!(
        p.to_string(),
        "0,1,0,0,0,0,0/0,0,0,0,0,4,0 n 46 47 congkak(capture_after_lap=on)"
    );
    // G (9): S* 46 (the lap), a..g (1 each), N* skipped, A (empty, own),
    // facing g (13 - 0 = 13), which got 1: g's 1 and A's 1 to the store,
    // 48. The same without the option. North was starved and got seeds: fed.
    for r in [r, Ruleset::congkak()] {
        let mut p = under(&pos("0,0,0,0,0,0,9/0,0,0,0,0,0,0 s 45 44 congkak"), r);
        let report = play(&mut p, "G");
        assert_eq!(
            report,
            MoveReport {
                captures: vec![cap("g", 1, Side::South), cap("A", 1, Side::South)],
                fed: true,
                ..quiet("G", "S*,a,b,c,d,e,f,g,A")
            },
            "{r}"
        );
        assert_eq!(
            p,
            under(&pos("0,0,0,0,0,0,0/1,1,1,1,1,1,0 n 48 44 congkak"), r)
        );
    }
}

#[test]
fn c7_a_side_without_seeds_passes() {
    // A into empty B, facing empty f: the seed stays, the turn ends; North
    // has no seeds and passes: South moves again.
    let mut p = pos("1,0,0,0,0,0,0/0,0,0,0,0,0,0 s 48 49 congkak");
    let report = play(&mut p, "A");
    assert_eq!(
        report,
        MoveReport {
            passed: true,
            ..quiet("A", "B")
        }
    );
    assert_eq!(p.to_string(), "0,1,0,0,0,0,0/0,0,0,0,0,0,0 s 48 49 congkak");
    assert_eq!(p.outcome(), None);
    assert_eq!(legal(&p), "B");
}

#[test]
fn c7_a_mover_without_seeds_after_an_extra_turn_passes() {
    // G (1) -> S* 48: the last seed in the store earns an extra turn (C3),
    // but South has no seeds left and passes: North moves. The report says
    // both (MoveReport::extra_turn and ::passed).
    let mut p = pos("0,0,0,0,0,0,1/0,0,3,0,0,0,0 s 47 47 congkak");
    let report = play(&mut p, "G");
    assert_eq!(
        report,
        MoveReport {
            extra_turn: true,
            passed: true,
            ..quiet("G", "S*")
        }
    );
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0/0,0,3,0,0,0,0 n 48 47 congkak");
    assert_eq!(legal(&p), "c");
}

#[test]
fn c7_a_position_whose_side_to_move_has_no_seeds_passes_at_once() {
    // Written with South to move, which has no seeds: North moves.
    let p = pos("0,0,0,0,0,0,0/0,0,3,0,0,0,0 s 48 47 congkak");
    assert_eq!(p.turn(), Side::North);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0/0,0,3,0,0,0,0 n 48 47 congkak");
}

#[test]
fn c7_draw_at_49_49() {
    // g (1) -> N* 49: all houses empty, 49-49.
    let mut p = pos("0,0,0,0,0,0,0/0,0,0,0,0,0,1 n 49 48 congkak");
    let report = play(&mut p, "g");
    let end = outcome(Termination::EmptyBoard, 49, 49);
    assert_eq!(
        report,
        MoveReport {
            extra_turn: true,
            outcome: Some(end),
            ..quiet("g", "N*")
        }
    );
    assert_eq!(end.winner, None);
}

/// G (1) -> S* 51 empties South's row, North keeping g (1).
const C7_END: &str = "0,0,0,0,0,0,1/0,0,0,0,0,0,1 s 50 46 congkak";

#[test]
fn c7_end_all_houses_empty() {
    // Default: South passes, North plays g -> N* 47: every house is empty,
    // 51-47.
    let mut p = under(&pos(C7_END), Ruleset::congkak());
    assert_eq!(
        play(&mut p, "G"),
        MoveReport {
            extra_turn: true,
            passed: true,
            ..quiet("G", "S*")
        }
    );
    assert_eq!(p.turn(), Side::North);
    assert_eq!(
        play(&mut p, "g"),
        MoveReport {
            extra_turn: true,
            outcome: Some(outcome(Termination::EmptyBoard, 51, 47)),
            ..quiet("g", "N*")
        }
    );
}

#[test]
fn c7_end_mover_empty() {
    // The game ends when the side to move, South (extra turn), has no
    // seeds; North takes its 1: 51-47, no moves.
    let r = congkak_with(|r| r.end = CongkakEnd::MoverEmpty);
    assert_eq!(r, ruleset("congkak(end=mover-empty)"));
    let mut p = under(&pos(C7_END), r);
    assert_eq!(
        play(&mut p, "G"),
        MoveReport {
            extra_turn: true,
            outcome: Some(outcome(Termination::NoMoves, 51, 47)),
            ..quiet("G", "S*")
        }
    );
    assert_eq!(p.turn(), Side::South);
    // A side without seeds, not to move, does not end the game.
    let p = under(&pos("1,0,0,0,0,0,0/0,0,0,0,0,0,0 s 48 49 congkak"), r);
    assert_eq!(p.outcome(), None);
    let mut after = p;
    assert_eq!(
        play(&mut after, "A").outcome,
        Some(outcome(Termination::NoMoves, 49, 49))
    );
}

#[test]
fn c7_end_either_row_empty() {
    // The game ends as soon as South's row is empty; North takes its 1.
    let r = congkak_with(|r| r.end = CongkakEnd::EitherRowEmpty);
    assert_eq!(r, ruleset("congkak(end=either-row)"));
    let mut p = under(&pos(C7_END), r);
    assert_eq!(
        play(&mut p, "G"),
        MoveReport {
            extra_turn: true,
            outcome: Some(outcome(Termination::EmptyRow, 51, 47)),
            ..quiet("G", "S*")
        }
    );
    // Over from the start when a row is empty.
    let p = under(&pos("1,0,0,0,0,0,0/0,0,0,0,0,0,0 s 48 49 congkak"), r);
    assert_eq!(p.outcome(), Some(outcome(Termination::EmptyRow, 49, 49)));
    assert_eq!(legal(&p), "");
}

#[test]
fn c7_one_house_a_side_passes_then_ends() {
    // Congkak(1,1): A -> S* (extra turn); South is empty and passes; North
    // a -> N*: the board is empty, 1-1.
    let r = ruleset("congkak(1,1)");
    let mut game = Game::new(r);
    let report = game.play(mv("A")).unwrap();
    assert!(report.passed && report.extra_turn);
    let report = game.play(mv("a")).unwrap();
    assert_eq!(report.outcome, Some(outcome(Termination::EmptyBoard, 1, 1)));
    assert_eq!(game.outcome(), report.outcome);
}

// =====================================================================
// Oware options (abapa.md, "Options")
// =====================================================================

/// South's F (3) sows a, b, c to 2 each: every North seed, a grand slam.
/// E (2) sows F and a (2): a capture of a alone, not a grand slam.
const SLAM: &str = "0,0,0,0,2,3/1,1,1,0,0,0 s 17 23";

#[test]
fn oware_option_grand_slam_no_capture() {
    // Abapa R6: F captures nothing, the seeds stay where they were sown.
    let mut p = pos(SLAM);
    assert_eq!(legal(&p), "EF");
    assert_eq!(
        play(&mut p, "F"),
        MoveReport {
            grand_slam: true,
            ..quiet("F", "a,b,c")
        }
    );
    assert_eq!(p.to_string(), "0,0,0,0,2,0/2,2,2,0,0,0 n 17 23");
    assert_eq!(houses(pos(SLAM).threats(Side::North)), [0]);
}

#[test]
fn oware_option_grand_slam_illegal_rejects_the_slam_while_another_move_is_legal() {
    // Awale: F is forbidden, E is the only legal move.
    let r = oware_with(|r| r.grand_slam = GrandSlam::Illegal);
    assert_eq!(r, Ruleset::awale());
    let mut p = under(&pos(SLAM), r);
    assert_eq!(legal(&p), "E");
    assert!(!p.is_legal(mv("F")));
    assert_eq!(p.check(mv("F")), Err(IllegalMoveReason::GrandSlam));
    let before = p;
    let err = p.play(mv("F")).unwrap_err();
    assert_eq!(
        err,
        PlayError {
            m: mv("F"),
            reason: IllegalMoveReason::GrandSlam
        }
    );
    assert_eq!(
        err.to_string(),
        "illegal move F: a grand slam, which this ruleset forbids while another move is legal"
    );
    assert_eq!(p, before);
    let mut game = Game::from_position(p);
    assert_eq!(
        game.play(mv("F")).unwrap_err().reason,
        IllegalMoveReason::GrandSlam
    );
    assert_eq!(game.ply(), 0);
    // E: F 4, a 2; a is captured, F (South's) ends the chain; b and c keep
    // their seeds, so it is no grand slam. Store 17 + 2 = 19.
    assert_eq!(
        play(&mut p, "E"),
        MoveReport {
            captures: vec![cap("a", 2, Side::South)],
            ..quiet("E", "F,a")
        }
    );
    assert_eq!(p.to_string(), "0,0,0,0,0,4/0,1,1,0,0,0 n 19 23 awale");
    // Only E's capture threatens.
    assert_eq!(houses(under(&pos(SLAM), r).threats(Side::North)), [0]);
}

#[test]
fn oware_option_grand_slam_illegal_plays_it_without_capture_when_every_move_is_one() {
    // F is South's only move and a grand slam: it is legal and captures
    // nothing. Then North must feed South (R7), but a (2), b (2), c (2)
    // reach d, e at most: no move feeds, the game ends (R8) and North
    // takes its 6: 21-27.
    let mut p = pos("0,0,0,0,0,3/1,1,1,0,0,0 s 21 21 awale");
    assert_eq!(legal(&p), "F");
    assert_eq!(p.check(mv("F")), Ok(()));
    assert_eq!(
        play(&mut p, "F"),
        MoveReport {
            grand_slam: true,
            outcome: Some(outcome(Termination::NoMoves, 21, 27)),
            ..quiet("F", "a,b,c")
        }
    );
    assert_eq!(p.to_string(), "0,0,0,0,0,0/2,2,2,0,0,0 n 21 21 awale");
}

#[test]
fn oware_option_grand_slam_illegal_reports_must_feed_first() {
    // North is starved: A (into B) does not feed; that is the reason given.
    let p = pos("1,0,0,0,0,1/0,0,0,0,0,0 s 23 23 awale");
    assert_eq!(legal(&p), "F");
    assert_eq!(p.check(mv("A")), Err(IllegalMoveReason::MustFeed));
}

#[test]
fn oware_option_grand_slam_capture_all() {
    // F takes c, b, a (2 each, the last house first): 17 + 6 = 23. North,
    // left with no seeds, passes; South must feed it: E (2 seeds: F, a)
    // reaches North's row, so it is South's only legal move.
    let r = oware_with(|r| r.grand_slam = GrandSlam::CaptureAll);
    assert_eq!(r.to_string(), "abapa(grand_slam=capture-all)");
    let mut p = under(&pos(SLAM), r);
    assert_eq!(legal(&p), "EF");
    let report = play(&mut p, "F");
    assert_eq!(
        report,
        MoveReport {
            captures: vec![
                cap("c", 2, Side::South),
                cap("b", 2, Side::South),
                cap("a", 2, Side::South)
            ],
            passed: true,
            ..quiet("F", "a,b,c")
        }
    );
    assert_eq!(
        p.to_string(),
        "0,0,0,0,2,0/0,0,0,0,0,0 s 23 23 abapa(grand_slam=capture-all)"
    );
    assert_eq!(legal(&p), "E");
    let report = play(&mut p, "E");
    assert!(report.fed);
    assert_eq!(
        p.to_string(),
        "0,0,0,0,0,1/1,0,0,0,0,0 n 23 23 abapa(grand_slam=capture-all)"
    );
    // When the capturer cannot feed, the game ends (R8): South takes its
    // seed in A, 24 to 24.
    let mut p = under(&pos("1,0,0,0,0,0/0,0,0,0,0,0 s 23 24"), r);
    assert_eq!(p.outcome(), Some(outcome(Termination::NoMoves, 24, 24)));
    assert!(p.play("A".parse().unwrap()).is_err());
    // Both captures threaten.
    assert_eq!(houses(under(&pos(SLAM), r).threats(Side::North)), [0, 1, 2]);
}

#[test]
fn oware_option_grand_slam_left_to_opponent() {
    // F takes c, b, a for South (23); E's 2, the seeds left on the board,
    // go to North (25). The board is empty; North has a majority.
    let r = oware_with(|r| r.grand_slam = GrandSlam::LeftToOpponent);
    assert_eq!(r.to_string(), "abapa(grand_slam=left-to-opponent)");
    let mut p = under(&pos(SLAM), r);
    let report = play(&mut p, "F");
    assert_eq!(
        report,
        MoveReport {
            captures: vec![
                cap("c", 2, Side::South),
                cap("b", 2, Side::South),
                cap("a", 2, Side::South),
                cap("E", 2, Side::North)
            ],
            outcome: Some(outcome(Termination::Majority, 23, 25)),
            ..quiet("F", "a,b,c")
        }
    );
    assert_eq!(
        p.to_string(),
        "0,0,0,0,0,0/0,0,0,0,0,0 n 23 25 abapa(grand_slam=left-to-opponent)"
    );
    assert_eq!(houses(under(&pos(SLAM), r).threats(Side::North)), [0, 1, 2]);
    // With nothing left in the mover's row, nothing goes to the opponent.
    let mut p = under(&pos("0,0,0,0,0,3/1,1,1,0,0,0 s 20 22"), r);
    let report = play(&mut p, "F");
    assert_eq!(report.captures.len(), 3);
    assert_eq!(report.outcome, Some(outcome(Termination::Majority, 26, 22)));
}

#[test]
fn oware_option_skip_origin_off() {
    // R4's example: F (12) sows a..f (1-6), A..E (7-11). With the origin
    // skipped (Abapa) the 12th seed goes to a (3): captured, 15 + 3 = 18.
    // Without the skip it goes back into F, South's own: no capture.
    let before = "0,0,0,0,0,12/1,1,1,1,1,1 s 15 15";
    let mut p = pos(before);
    assert_eq!(
        play(&mut p, "F"),
        MoveReport {
            captures: vec![cap("a", 3, Side::South)],
            ..quiet("F", "a,b,c,d,e,f,A,B,C,D,E,a")
        }
    );
    assert_eq!(p.to_string(), "1,1,1,1,1,0/0,2,2,2,2,2 n 18 15");

    let r = oware_with(|r| r.skip_origin = false);
    assert_eq!(r.to_string(), "abapa(skip_origin=off)");
    let mut p = under(&pos(before), r);
    assert_eq!(play(&mut p, "F"), quiet("F", "a,b,c,d,e,f,A,B,C,D,E,F"));
    assert_eq!(
        p.to_string(),
        "1,1,1,1,1,1/2,2,2,2,2,2 n 15 15 abapa(skip_origin=off)"
    );
    // The fast path agrees.
    let mut fast = under(&pos(before), r);
    fast.play_unchecked(mv("F"));
    assert_eq!(fast, p);
}

#[test]
fn oware_option_must_feed_off() {
    // North is starved. Abapa: only F feeds, A is illegal (R7). Without the
    // duty, A is legal too; after it North, to move with no seeds, cannot
    // move: the game ends, South taking its 2: 25-23.
    let before = "1,0,0,0,0,1/0,0,0,0,0,0 s 23 23";
    assert_eq!(legal(&pos(before)), "F");
    let r = oware_with(|r| r.must_feed = false);
    assert_eq!(r.to_string(), "abapa(must_feed=off)");
    let mut p = under(&pos(before), r);
    assert_eq!(legal(&p), "AF");
    assert_eq!(
        play(&mut p, "A"),
        MoveReport {
            outcome: Some(outcome(Termination::NoMoves, 25, 23)),
            ..quiet("A", "B")
        }
    );
    let mut p = under(&pos(before), r);
    assert_eq!(
        play(&mut p, "F"),
        MoveReport {
            fed: true,
            ..quiet("F", "a")
        }
    );
    // R8 needs the duty: with no move that can feed, Abapa ends the game at
    // once; without the duty South plays on.
    let starving = "0,0,2,0,1,0/0,0,0,0,0,0 s 21 24";
    assert_eq!(
        pos(starving).outcome(),
        Some(outcome(Termination::NoMoves, 24, 24))
    );
    let p = under(&pos(starving), r);
    assert_eq!(p.outcome(), None);
    assert_eq!(legal(&p), "CE");
}

#[test]
fn oware_option_capture_counts() {
    // F (4) sows a..d to 4 each. Abapa (2 or 3): nothing. With 2, 3 or 4:
    // d, c, b, a (the last first; F, South's, ends the chain); e and f keep
    // 3 each, so no grand slam. 3 + 16 = 19.
    let before = "4,4,4,4,4,4/3,3,3,3,3,3 s 3 3";
    let mut p = pos(before);
    assert_eq!(play(&mut p, "F"), quiet("F", "a,b,c,d"));
    assert_eq!(p.to_string(), "4,4,4,4,4,0/4,4,4,4,3,3 n 3 3");

    let counts = CaptureCounts::from_counts(&[2, 3, 4]).unwrap();
    assert_eq!(counts.iter().collect::<Vec<_>>(), [2, 3, 4]);
    let r = oware_with(|r| r.capture_counts = counts);
    assert_eq!(r.to_string(), "abapa(captures=2+3+4)");
    let mut p = under(&pos(before), r);
    assert_eq!(
        play(&mut p, "F"),
        MoveReport {
            captures: vec![
                cap("d", 4, Side::South),
                cap("c", 4, Side::South),
                cap("b", 4, Side::South),
                cap("a", 4, Side::South)
            ],
            ..quiet("F", "a,b,c,d")
        }
    );
    assert_eq!(
        p.to_string(),
        "4,4,4,4,4,0/0,0,0,0,3,3 n 19 3 abapa(captures=2+3+4)"
    );
    // A count alone: 4 captures, 2 and 3 do not.
    let four = ruleset("abapa(captures=4)");
    let mut p = under(&pos("0,0,0,0,2,3/1,1,1,0,0,0 s 17 23"), four);
    assert_eq!(play(&mut p, "E").captures, []);
}

#[test]
fn oware_preset_awale() {
    let r = Ruleset::awale();
    assert_eq!(Variant::Awale.ruleset(), r);
    assert_eq!(r.variant(), Some(Variant::Awale));
    assert_eq!("Awale".parse::<Variant>(), Ok(Variant::Awale));
    assert_eq!(r.to_string(), "awale");
    assert_eq!(*r.cycle(), CycleRule::abapa());
    let Family::Oware(rules) = r.family() else {
        panic!("Awale is Oware")
    };
    assert_eq!(rules.grand_slam, GrandSlam::Illegal);
    let p = Position::new(r);
    assert_eq!(p.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 awale");
    assert_eq!(pos(&p.to_string()), p);
    // The grand-slam rule changes nothing in the first plies.
    for depth in 1..=4 {
        assert_eq!(
            oware::perft(&p, depth),
            oware::perft(&Position::default(), depth)
        );
    }
}

#[test]
fn oware_option_leftover_not_counted() {
    // After C the rows hold 23 (South) and 25 (North). Ending by agreement
    // gives them out under Abapa (23-25); with leftover=none only the
    // stores count: 0-0.
    for (text, scores) in [("abapa", (23, 25)), ("abapa(leftover=none)", (0, 0))] {
        let mut game = Game::new(ruleset(text));
        game.play(mv("C")).unwrap();
        let end = game.end_by_agreement().unwrap();
        assert_eq!(
            end,
            outcome(Termination::Agreement, scores.0, scores.1),
            "{text}"
        );
    }
    let r = ruleset("abapa(leftover=none)");
    assert_eq!(r.cycle().leftover, Leftover::NotCounted);
}

#[test]
fn oware_option_other_board_sizes() {
    // Oware with 9 houses of 3 (54 seeds): I is South's last house. I (3)
    // sows a, b, c (4 each).
    let r = ruleset("abapa(9,3)");
    let mut p = Position::new(r);
    assert_eq!(
        p.to_string(),
        "3,3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3,3 s 0 0 abapa(9,3)"
    );
    assert_eq!(legal(&p), "ABCDEFGHI");
    assert_eq!(play(&mut p, "I"), quiet("I", "a,b,c"));
    assert_eq!(p.check(mv("I")), Err(IllegalMoveReason::WrongSide));
    // A house the ruleset does not have.
    let kalah4 = Position::new(Ruleset::kalah(4, 3).unwrap());
    assert_eq!(kalah4.check(mv("E")), Err(IllegalMoveReason::NoSuchHouse));
    assert_eq!(kalah4.check(mv("D")), Ok(()));
}

// =====================================================================
// Ruleset validation
// =====================================================================

#[test]
fn ruleset_error_houses_per_side() {
    for houses in [0, 10, 255] {
        for base in [Ruleset::abapa(), Ruleset::congkak()] {
            let mut options = base.options();
            options.houses_per_side = houses;
            assert_eq!(
                Ruleset::new(options),
                Err(RulesetError::HousesPerSide(houses))
            );
        }
        assert_eq!(
            Ruleset::kalah(houses, 4),
            Err(RulesetError::HousesPerSide(houses))
        );
    }
    assert_eq!(Ruleset::kalah(9, 4).unwrap().houses_per_side(), 9);
    assert_eq!(Ruleset::kalah(1, 4).unwrap().houses_per_side(), 1);
    assert_eq!(
        RulesetError::HousesPerSide(10).to_string(),
        "invalid ruleset: 10 houses a side (must be 1 to 9)"
    );
}

#[test]
fn ruleset_error_seeds_per_house_and_the_seed_total() {
    // 0 seeds; 2 * 9 * 15 = 270 > 255; 2 * 8 * 16 = 256 > 255. The limit
    // itself: 2 * 9 * 14 = 252 and 2 * 8 * 15 = 240 are fine.
    assert_eq!(Ruleset::kalah(6, 0), Err(RulesetError::SeedsPerHouse(0)));
    assert_eq!(Ruleset::kalah(9, 15), Err(RulesetError::SeedsPerHouse(15)));
    assert_eq!(Ruleset::kalah(8, 16), Err(RulesetError::SeedsPerHouse(16)));
    assert_eq!(Ruleset::kalah(9, 14).unwrap().total_seeds(), 252);
    assert_eq!(Ruleset::kalah(8, 15).unwrap().total_seeds(), 240);
    let mut options = Ruleset::abapa().options();
    options.seeds_per_house = 22; // 2 * 6 * 22 = 264
    assert_eq!(Ruleset::new(options), Err(RulesetError::SeedsPerHouse(22)));
    options.seeds_per_house = 21; // 252
    assert!(Ruleset::new(options).is_ok());
    // Houses are checked first.
    assert_eq!(Ruleset::kalah(0, 0), Err(RulesetError::HousesPerSide(0)));
}

#[test]
fn ruleset_error_empty_capture_counts() {
    let empty = CaptureCounts::from_counts(&[]).expect("the empty set");
    assert_eq!(empty.iter().count(), 0);
    let mut options = Ruleset::abapa().options();
    let Family::Oware(mut rules) = options.family else {
        unreachable!()
    };
    rules.capture_counts = empty;
    options.family = Family::Oware(rules);
    assert_eq!(Ruleset::new(options), Err(RulesetError::CaptureCounts));
    assert_eq!(CaptureCounts::from_counts(&[0]), None);
    assert_eq!(CaptureCounts::from_counts(&[2, 32]), None);
    assert!(CaptureCounts::from_counts(&[31]).unwrap().contains(31));
}

#[test]
fn ruleset_error_occurrences() {
    for base in [
        Ruleset::abapa(),
        Ruleset::kalah(6, 4).unwrap(),
        Ruleset::congkak(),
    ] {
        for n in [0, 1] {
            let mut options = base.options();
            options.cycle.occurrences = Some(n);
            assert_eq!(
                Ruleset::new(options),
                Err(RulesetError::Occurrences),
                "{base}"
            );
        }
        let mut options = base.options();
        options.cycle.occurrences = Some(2);
        assert!(Ruleset::new(options).is_ok(), "{base}");
    }
}

#[test]
fn ruleset_error_ply_limits_of_zero() {
    for base in [
        Ruleset::abapa(),
        Ruleset::kalah(6, 4).unwrap(),
        Ruleset::congkak(),
    ] {
        let mut options = base.options();
        options.cycle.no_capture_plies = Some(0);
        assert_eq!(Ruleset::new(options), Err(RulesetError::PlyLimit), "{base}");
        let mut options = base.options();
        options.cycle.max_plies = Some(0);
        assert_eq!(Ruleset::new(options), Err(RulesetError::PlyLimit), "{base}");
        options.cycle.max_plies = Some(1);
        assert!(Ruleset::new(options).is_ok(), "{base}");
    }
}

#[test]
fn ruleset_error_endless_play_only_for_oware() {
    let mut options = Ruleset::abapa().options();
    options.cycle = CycleRule::none();
    assert_eq!(Ruleset::new(options), Err(RulesetError::EndlessPlay));
    // Any one limit is enough.
    for (occurrences, no_capture, max_plies) in [
        (Some(2), None, None),
        (None, Some(50), None),
        (None, None, Some(300)),
    ] {
        let mut cycle = CycleRule::none();
        cycle.occurrences = occurrences;
        cycle.no_capture_plies = no_capture;
        cycle.max_plies = max_plies;
        options.cycle = cycle;
        assert!(Ruleset::new(options).is_ok());
    }
    // Kalah and Congkak always end (K6; congkak.md "Termination").
    for base in [Ruleset::kalah(6, 4).unwrap(), Ruleset::congkak()] {
        let mut options = base.options();
        options.cycle = CycleRule::none();
        assert_eq!(Ruleset::new(options), Ok(base));
    }
    assert_eq!(
        RulesetError::EndlessPlay.to_string(),
        "invalid ruleset: repetition, no-capture and ply limits are all off, so a game could go on forever"
    );
}

// =====================================================================
// The ruleset text form
// =====================================================================

#[test]
fn ruleset_text_presets_round_trip() {
    for variant in Variant::ALL {
        let r = variant.ruleset();
        assert_eq!(r.to_string(), variant.name());
        assert_eq!(ruleset(variant.name()), r);
        assert_eq!(ruleset(&variant.name().to_uppercase()), r);
    }
    assert_eq!(Ruleset::kalah(6, 4).unwrap().to_string(), "kalah");
    assert_eq!(
        Ruleset::kalah_irving(6, 4).unwrap().to_string(),
        "kalah-irving"
    );
    assert_eq!(Ruleset::congkak().to_string(), "congkak");
    // Aliases.
    assert_eq!(ruleset("oware"), Ruleset::abapa());
    assert_eq!(ruleset("openspiel-oware"), Ruleset::openspiel());
    assert_eq!(
        ruleset("Kalah-Irving(4,3)"),
        Ruleset::kalah_irving(4, 3).unwrap()
    );
}

#[test]
fn ruleset_text_exact_strings_of_custom_rulesets() {
    let oware = |f: fn(&mut OwareRules)| oware_with(f);
    let cases: Vec<(Ruleset, &str)> = vec![
        (Ruleset::kalah(6, 5).unwrap(), "kalah(6,5)"),
        (Ruleset::kalah(4, 3).unwrap(), "kalah(4,3)"),
        (Ruleset::kalah_irving(4, 3).unwrap(), "kalah-irving(4,3)"),
        (Ruleset::kalah(9, 14).unwrap(), "kalah(9,14)"),
        (
            oware(|r| r.grand_slam = GrandSlam::CaptureAll),
            "abapa(grand_slam=capture-all)",
        ),
        (
            oware(|r| r.grand_slam = GrandSlam::LeftToOpponent),
            "abapa(grand_slam=left-to-opponent)",
        ),
        // The nearest preset is written, with the fewest options.
        (oware(|r| r.grand_slam = GrandSlam::Illegal), "awale"),
        (oware(|r| r.skip_origin = false), "abapa(skip_origin=off)"),
        (oware(|r| r.must_feed = false), "abapa(must_feed=off)"),
        (
            oware(|r| {
                r.capture_counts = CaptureCounts::from_counts(&[2, 3, 4]).unwrap();
            }),
            "abapa(captures=2+3+4)",
        ),
        (
            kalah_with(|r| {
                r.end = KalahEnd::MoverRowEmpty;
                r.seeds_left = SeedsLeft::ToFirstEmptied;
            }),
            "kalah(end=mover-row,seeds_left=first-emptied)",
        ),
        (
            kalah_with(|r| {
                r.empty_capture = true;
                r.end = KalahEnd::MoverRowEmpty;
            }),
            "kalah-irving(end=mover-row)",
        ),
        (
            congkak_with(|r| {
                r.capture_after_lap = true;
                r.capturing_seed = CapturingSeed::Always;
            }),
            "congkak(capture_after_lap=on,capturing_seed=always)",
        ),
        (
            congkak_with(|r| r.end = CongkakEnd::MoverEmpty),
            "congkak(end=mover-empty)",
        ),
    ];
    for (r, text) in &cases {
        assert_eq!(r.to_string(), *text);
        assert_eq!(ruleset(text), *r, "{text}");
    }

    // Sizes and cycle options, from the options struct.
    let with = |base: Ruleset, f: &dyn Fn(&mut oware::RulesetOptions)| {
        let mut options = base.options();
        f(&mut options);
        Ruleset::new(options).unwrap()
    };
    let more: Vec<(Ruleset, &str)> = vec![
        (
            with(Ruleset::abapa(), &|o| o.seeds_per_house = 5),
            "abapa(6,5)",
        ),
        (
            with(Ruleset::awale(), &|o| {
                o.houses_per_side = 4;
                o.seeds_per_house = 3;
            }),
            "awale(4,3)",
        ),
        (
            with(Ruleset::congkak(), &|o| {
                o.houses_per_side = 5;
                o.seeds_per_house = 5;
            }),
            "congkak(5,5)",
        ),
        (
            with(Ruleset::openspiel(), &|o| {
                o.cycle.no_capture_plies = Some(50)
            }),
            "openspiel(no_capture=50)",
        ),
        (
            with(Ruleset::abapa(), &|o| {
                o.cycle.max_plies = Some(200);
                o.cycle.leftover = Leftover::NotCounted;
            }),
            "abapa(max_plies=200,leftover=none)",
        ),
        (
            with(Ruleset::abapa(), &|o| o.cycle.occurrences = None),
            "abapa(repetitions=off)",
        ),
        // Abapa and OpenSpiel tie (one option each): the first preset wins.
        (
            with(Ruleset::abapa(), &|o| o.cycle.no_capture_plies = None),
            "abapa(no_capture=off)",
        ),
        (
            with(Ruleset::awale(), &|o| {
                o.cycle.occurrences = Some(2);
                o.cycle.no_capture_plies = None;
            }),
            "openspiel(grand_slam=illegal)",
        ),
        (
            with(Ruleset::kalah(6, 4).unwrap(), &|o| {
                o.cycle.max_plies = Some(500)
            }),
            "kalah(max_plies=500)",
        ),
        (
            with(Ruleset::kalah_irving(4, 3).unwrap(), &|o| {
                let Family::Kalah(mut r) = o.family else {
                    unreachable!()
                };
                r.end = KalahEnd::MoverRowEmpty;
                o.family = Family::Kalah(r);
            }),
            "kalah-irving(4,3,end=mover-row)",
        ),
        (
            with(Ruleset::abapa(), &|o| {
                o.houses_per_side = 9;
                o.seeds_per_house = 3;
                let Family::Oware(mut r) = o.family else {
                    unreachable!()
                };
                r.skip_origin = false;
                o.family = Family::Oware(r);
            }),
            "abapa(9,3,skip_origin=off)",
        ),
    ];
    for (r, text) in &more {
        assert_eq!(r.to_string(), *text);
        assert_eq!(ruleset(text), *r, "{text}");
        assert_eq!(r.variant(), None, "{text}");
    }
    assert!(cases.len() + more.len() >= 24);
}

#[test]
fn ruleset_text_non_canonical_forms_parse_to_the_same_ruleset() {
    // Options that restate a preset's value, or reach another preset.
    assert_eq!(ruleset("abapa(grand_slam=illegal)"), Ruleset::awale());
    assert_eq!(ruleset("abapa(grand_slam=no-capture)"), Ruleset::abapa());
    assert_eq!(
        ruleset("abapa(repetitions=2,no_capture=off)"),
        Ruleset::openspiel()
    );
    assert_eq!(
        ruleset("kalah(empty_capture=on)").to_string(),
        "kalah-irving"
    );
    assert_eq!(ruleset("kalah(6,4)"), Ruleset::kalah(6, 4).unwrap());
    assert_eq!(ruleset("congkak(7,7,relay=on)"), Ruleset::congkak());
    // Spaces around the parts are allowed.
    assert_eq!(ruleset(" kalah( 6 , 5 ) "), Ruleset::kalah(6, 5).unwrap());
}

#[test]
fn ruleset_text_errors() {
    use ParseRulesetError as E;
    let key = |key: &str, preset| E::Key {
        key: OptionKey::new(key),
        preset,
    };
    let cases: [(&str, ParseRulesetError); 46] = [
        // Unknown names.
        ("", E::Name),
        ("chess", E::Name),
        ("kalah6", E::Name),
        ("(6,5)", E::Name),
        // Bad syntax.
        ("kalah(6,5", E::Syntax),
        ("kalah(6,5)x", E::Syntax),
        ("kalah(6,5,7)", E::Syntax),
        // Unknown keys, and keys of another family.
        ("abapa(nonsense=1)", key("nonsense", Variant::Abapa)),
        ("kalah(skip_origin=off)", key("skip_origin", Variant::Kalah)),
        (
            "abapa(empty_capture=on)",
            key("empty_capture", Variant::Abapa),
        ),
        (
            "congkak(grand_slam=illegal)",
            key("grand_slam", Variant::Congkak),
        ),
        ("openspiel(=4)", key("", Variant::OpenSpiel)),
        // Bad values.
        ("kalah(x,5)", E::Syntax),
        ("kalah(6,x)", E::Syntax),
        ("kalah(256,4)", E::Value("houses")),
        ("abapa(grand_slam=sometimes)", E::Value("grand_slam")),
        ("abapa(must_feed=yes)", E::Value("must_feed")),
        ("abapa(captures=2+x)", E::Value("captures")),
        ("abapa(captures=0)", E::Value("captures")),
        ("abapa(repetitions=256)", E::Value("repetitions")),
        ("abapa(no_capture=-1)", E::Value("no_capture")),
        // Numbers are plain digits, as in position strings: no sign.
        ("abapa(seeds=+4)", E::Value("seeds")),
        ("kalah(houses=+6)", E::Value("houses")),
        ("abapa(repetitions=+3)", E::Value("repetitions")),
        ("abapa(max_plies=+200)", E::Value("max_plies")),
        ("abapa(no_capture=+100)", E::Value("no_capture")),
        ("abapa(captures=+2+3)", E::Value("captures")),
        ("abapa(captures=2++3)", E::Value("captures")),
        ("abapa(seeds=)", E::Value("seeds")),
        ("abapa(6,+4)", E::Syntax),
        ("congkak(end=either-row-empty)", E::Value("end")),
        // Out of range, named by the key or the size written by position.
        ("kalah(10,4)", E::Value("houses")),
        ("kalah(houses=10)", E::Value("houses")),
        ("kalah(9,15)", E::Value("seeds")),
        ("abapa(6,22)", E::Value("seeds")),
        ("abapa(seeds=22)", E::Value("seeds")),
        ("abapa(seeds=0)", E::Value("seeds")),
        ("abapa(repetitions=1)", E::Value("repetitions")),
        ("abapa(max_plies=0)", E::Value("max_plies")),
        ("abapa(no_capture=0)", E::Value("no_capture")),
        // Options given twice.
        ("abapa(seeds=4,seeds=5)", E::DuplicateKey("seeds")),
        (
            "abapa(must_feed=on,must_feed=off)",
            E::DuplicateKey("must_feed"),
        ),
        ("kalah(6,5,seeds=4)", E::DuplicateKey("seeds")),
        ("kalah(6,houses=6)", E::DuplicateKey("houses")),
        (
            "congkak(end=all-empty,end=all-empty)",
            E::DuplicateKey("end"),
        ),
        // Invalid combinations.
        (
            "abapa(repetitions=off,no_capture=off)",
            E::Invalid(RulesetError::EndlessPlay),
        ),
    ];
    for (text, error) in cases {
        assert_eq!(text.parse::<Ruleset>(), Err(error), "{text:?}");
    }
    // Sizes by name are the sizes by position.
    assert_eq!(
        "kalah(seeds=5,houses=4)".parse::<Ruleset>(),
        Ruleset::kalah(4, 5).map_err(E::Invalid)
    );
    assert_eq!("abapa(seeds=21)".parse::<Ruleset>(), "abapa(6,21)".parse());
    assert_eq!(
        "kalah(repetitions=off,no_capture=off)".parse::<Ruleset>(),
        Ok(Ruleset::kalah(6, 4).unwrap())
    );
    assert_eq!(
        E::Name.to_string(),
        "invalid ruleset text: unknown preset (abapa, openspiel, awale, kalah, kalah-irving or congkak)"
    );
    for (error, message) in [
        (
            E::Value("grand_slam"),
            "grand_slam must be no-capture, illegal, capture-all, left-to-opponent",
        ),
        (E::Value("houses"), "houses must be 1 to 9"),
        (
            E::Value("seeds"),
            "seeds must be 1 or more, with at most 255 seeds in all",
        ),
        (
            E::Value("repetitions"),
            "repetitions must be off or 2 to 255",
        ),
        (E::Value("max_plies"), "max_plies must be off or 1 to 65535"),
        (E::Value("must_feed"), "must_feed must be on or off"),
        (
            E::Value("end"),
            "end must be either-row, mover-row (Kalah) or all-empty, mover-empty, either-row (Congkak)",
        ),
        (E::DuplicateKey("seeds"), "seeds is given twice"),
        (
            key("foo", Variant::Abapa),
            "abapa has no option \"foo\" (its options: houses, seeds, skip_origin, captures, grand_slam, must_feed, repetitions, no_capture, max_plies, leftover)",
        ),
        (
            key("relay", Variant::Kalah),
            "kalah has no option \"relay\" (its options: houses, seeds, empty_capture, end, seeds_left, repetitions, no_capture, max_plies, leftover)",
        ),
    ] {
        assert_eq!(
            error.to_string(),
            format!("invalid ruleset text: {message}")
        );
    }
    assert_eq!(
        E::Invalid(RulesetError::PlyLimit).to_string(),
        "invalid ruleset: a ply limit must be at least 1"
    );
}

/// Issue 12: an unknown option was reported as "an option this family
/// does not have", without its name; the error now keeps the key as
/// given (cut after 24 bytes, at a character boundary, with `…`) and
/// lists the family's options.
#[test]
fn ruleset_text_names_an_unknown_option() {
    let error = "congkak(7,7,relais=on)".parse::<Ruleset>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid ruleset text: congkak has no option \"relais\" (its options: houses, seeds, relay, capture_after_lap, capturing_seed, end, repetitions, no_capture, max_plies, leftover)"
    );
    let long = format!("abapa({}é=1)", "k".repeat(23));
    let ParseRulesetError::Key { key, preset } = long.parse::<Ruleset>().unwrap_err() else {
        panic!("{long}: not a key error");
    };
    assert_eq!(preset, Variant::Abapa);
    // 23 ASCII bytes, then `é` (2 bytes) would pass 24: cut before it.
    assert_eq!(key.as_str(), "k".repeat(23));
    assert!(key.is_truncated());
    assert_eq!(key.to_string(), format!("{}…", "k".repeat(23)));
    // Control characters are shown escaped.
    let error = "abapa(a\tb=1)".parse::<Ruleset>().unwrap_err();
    assert!(error.to_string().contains("no option \"a\\tb\""), "{error}");
}

/// Issue 12: a ruleset error passed through the ruleset text parser read
/// "invalid ruleset text: invalid ruleset: ...", and a position error
/// through the position string parser "invalid position string: invalid
/// position: ...". A layer that only passes an error on adds nothing; one
/// that adds context (the fifth field, a record's tag) says where.
#[test]
fn error_messages_add_each_context_once() {
    let endless = "abapa(repetitions=off,no_capture=off)";
    let ruleset = endless.parse::<Ruleset>().unwrap_err();
    assert_eq!(
        ruleset.to_string(),
        "invalid ruleset: repetition, no-capture and ply limits are all off, so a game could go on forever"
    );
    let cases = [
        (
            "4,4,4,4,4,4/4,4,4,4,4,4 s 0 1"
                .parse::<Position>()
                .unwrap_err()
                .to_string(),
            "invalid position: 49 seeds in houses and stores, the ruleset has 48",
        ),
        (
            format!("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 {endless}")
                .parse::<Position>()
                .unwrap_err()
                .to_string(),
            "invalid position string: the fifth field: invalid ruleset: repetition, no-capture and ply limits are all off, so a game could go on forever",
        ),
        (
            "[Variant \"abapa(max_plies=0)\"]\n\n*"
                .parse::<Record>()
                .unwrap_err()
                .to_string(),
            "invalid game record: Variant tag: invalid ruleset text: max_plies must be off or 1 to 65535",
        ),
        (
            "[Position \"4,4,4,4,4,4/4,4,4,4,4,4 s 0 1\"]\n\n*"
                .parse::<Record>()
                .unwrap_err()
                .to_string(),
            "invalid game record: Position tag: invalid position: 49 seeds in houses and stores, the ruleset has 48",
        ),
    ];
    for (message, expected) in cases {
        assert_eq!(message, expected);
    }
}

/// Bug (ruleset.rs, `Variant::from_ascii`): its doc promises the alias
/// `mancala` (OpenSpiel's name) for `kalah`, but the name table lacks it:
/// `"mancala".parse::<Variant>()` is `Err(ParseVariantError)`, and so the
/// ruleset text `mancala(6,5)`, a position's fifth field `mancala` and a
/// record's `[Variant "mancala"]` are refused.
#[test]
fn kalah_preset_accepts_the_alias_mancala() {
    assert_eq!("mancala".parse::<Variant>(), Ok(Variant::Kalah));
    assert_eq!(
        "Mancala".parse::<Ruleset>(),
        Ok(Ruleset::kalah(6, 4).unwrap())
    );
    assert_eq!(
        "mancala(6,5)".parse::<Ruleset>(),
        Ok(Ruleset::kalah(6, 5).unwrap())
    );
    assert_eq!(
        "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 mancala".parse::<Position>(),
        Ok(Position::new(Ruleset::kalah(6, 4).unwrap()))
    );
}

/// Bug (ruleset_text.rs, `FromStr for Ruleset`): the sizes are positional
/// and come first (`(houses,seeds,key=value,…)`), but a bare number in the
/// second place is read as the seeds even after a `key=value`:
/// `kalah(empty_capture=on,5)` parses as Kalah(6,5) with the empty capture
/// (it displays `kalah-irving(6,5)`), while `kalah(empty_capture=on,6,5)`
/// is a syntax error. Expected: a syntax error for a size after an option.
#[test]
fn ruleset_text_sizes_must_come_before_the_options() {
    assert_eq!(
        "kalah(empty_capture=on,6,5)".parse::<Ruleset>(),
        Err(ParseRulesetError::Syntax)
    );
    assert_eq!(
        "kalah(empty_capture=on,5)".parse::<Ruleset>(),
        Err(ParseRulesetError::Syntax)
    );
}

// =====================================================================
// Positions and records of custom rulesets
// =====================================================================

#[test]
fn positions_of_custom_rulesets_round_trip() {
    let cases = [
        ("kalah(6,5)", "5,5,5,5,5,5/5,5,5,5,5,5 s 0 0 kalah(6,5)"),
        (
            "kalah-irving(4,3)",
            "3,3,3,3/3,3,3,3 s 0 0 kalah-irving(4,3)",
        ),
        ("congkak(5,5)", "5,5,5,5,5/5,5,5,5,5 s 0 0 congkak(5,5)"),
        (
            "abapa(grand_slam=capture-all)",
            "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 abapa(grand_slam=capture-all)",
        ),
        ("abapa", "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0"),
    ];
    for (text, start) in cases {
        let r = ruleset(text);
        let p = Position::new(r);
        assert_eq!(p.to_string(), start);
        assert_eq!(pos(start), p);
        assert_eq!(Position::from_str_with_ruleset(start, r), Ok(p));
        // After a few moves too.
        let mut q = p;
        for _ in 0..5 {
            if let Some(&m) = q.legal_moves().last() {
                q.play(m).unwrap();
            }
        }
        assert_eq!(pos(&q.to_string()), q, "{q}");
    }
    // A position string without the fifth field, read for a ruleset.
    let r = Ruleset::kalah(6, 5).unwrap();
    assert_eq!(
        Position::from_str_with_ruleset("5,5,5,5,5,5/5,5,5,5,5,5 s 0 0", r),
        Ok(Position::new(r))
    );
    // Errors: another ruleset than asked, the wrong seed total or row
    // length, an unknown ruleset.
    assert_eq!(
        Position::from_str_with_ruleset(
            "5,5,5,5,5,5/5,5,5,5,5,5 s 0 0 kalah(6,5)",
            Ruleset::kalah(6, 4).unwrap()
        ),
        Err(ParsePositionError::Variant)
    );
    assert_eq!(
        "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 kalah(6,5)".parse::<Position>(),
        Err(ParsePositionError::Position(PositionError::SeedTotal {
            found: 48,
            expected: 60
        }))
    );
    assert_eq!(
        "4,4,4,4/4,4,4,4 s 0 0 kalah".parse::<Position>(),
        Err(ParsePositionError::HouseCount {
            side: Side::South,
            found: 4,
            expected: 6
        })
    );
    for text in ["kalah(+6,4)", "abapa()", "kalah((6,4)", "abapa(grand_slam)"] {
        assert_eq!(
            text.parse::<Ruleset>(),
            Err(oware::ParseRulesetError::Syntax),
            "{text}"
        );
    }
    assert_eq!(
        "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 kalah(6,5".parse::<Position>(),
        Err(ParsePositionError::Ruleset(
            oware::ParseRulesetError::Syntax
        ))
    );
    assert_eq!(
        Position::from_str_with_ruleset("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 kalah", Ruleset::abapa()),
        Err(ParsePositionError::Variant)
    );
}

#[test]
fn records_of_custom_rulesets_round_trip() {
    // Kalah(6,5): C (5) -> D, E, F, S*, a: North to move. a (6) -> b..f,
    // N*: North again (K2). b (6) -> c..f, N*, A: South to move.
    let r = Ruleset::kalah(6, 5).unwrap();
    let mut game = Game::new(r);
    for m in ["C", "a", "b"] {
        game.play(mv(m)).unwrap();
    }
    assert_eq!(
        game.position().to_string(),
        "6,5,0,6,6,6/0,0,7,7,7,7 s 1 2 kalah(6,5)"
    );
    let text = Record::new(game.clone()).to_string();
    assert_eq!(
        text,
        "[Variant \"kalah(6,5)\"]\n[Result \"*\"]\n\n1. C a b *\n"
    );
    let parsed: Record = text.parse().unwrap();
    assert_eq!(parsed.game, game);
    assert_eq!(parsed.to_string(), text);
    // The Variant tag in another spelling reads the same; export writes it
    // canonically.
    let other: Record = "[Variant \"KALAH(6,5)\"]\n\nC a b".parse().unwrap();
    assert_eq!(other.game, game);
    assert_eq!(other.to_string(), text);
    // Extra turns: South twice in a row gets a new move number.
    let mut game = Game::new(Ruleset::kalah(6, 4).unwrap());
    for m in ["C", "F", "a"] {
        game.play(mv(m)).unwrap();
    }
    let text = Record::new(game.clone()).to_string();
    assert_eq!(
        text,
        "[Variant \"kalah\"]\n[Result \"*\"]\n\n1. C 2. F a *\n"
    );
    assert_eq!(text.parse::<Record>().unwrap().game, game);
}

#[test]
fn records_of_finished_games_of_other_families() {
    // Kalah(1,1): A ends the game 1-1 (K4).
    let mut game = Game::new(Ruleset::kalah(1, 1).unwrap());
    game.play(mv("A")).unwrap();
    let text = Record::new(game.clone()).to_string();
    assert_eq!(
        text,
        "[Variant \"kalah(1,1)\"]\n[Result \"1/2-1/2\"]\n[Termination \"empty row\"]\n\n1. A 1/2-1/2\n"
    );
    assert_eq!(text.parse::<Record>().unwrap().game, game);
    // Congkak(1,1): A, South passes, a ends the game 1-1 (C7).
    let mut game = Game::new(ruleset("congkak(1,1)"));
    game.play(mv("A")).unwrap();
    game.play(mv("a")).unwrap();
    let text = Record::new(game.clone()).to_string();
    assert_eq!(
        text,
        "[Variant \"congkak(1,1)\"]\n[Result \"1/2-1/2\"]\n[Termination \"empty board\"]\n\n1. A a 1/2-1/2\n"
    );
    assert_eq!(text.parse::<Record>().unwrap().game, game);
    // A result that disagrees with the moves is refused.
    assert_eq!(
        "[Variant \"kalah(1,1)\"]\n\n1. A 1-0".parse::<Record>(),
        Err(ParseRecordError::Result { actual: "1/2-1/2" })
    );
}

#[test]
fn records_with_a_position_tag_of_a_custom_ruleset() {
    let start = pos("0,0,0,0,0,2/1,1,1,1,1,1 s 20 20 kalah(end=mover-row)");
    let mut game = Game::from_position(start);
    game.play(mv("F")).unwrap();
    game.play(mv("a")).unwrap();
    assert_eq!(game.outcome(), Some(outcome(Termination::EmptyRow, 21, 27)));
    let text = Record::new(game.clone()).to_string();
    assert_eq!(
        text,
        concat!(
            "[Variant \"kalah(end=mover-row)\"]\n",
            "[Result \"0-1\"]\n",
            "[Termination \"empty row\"]\n",
            "[Position \"0,0,0,0,0,2/1,1,1,1,1,1 s 20 20 kalah(end=mover-row)\"]\n",
            "\n",
            "1. F a 0-1\n"
        )
    );
    assert_eq!(text.parse::<Record>().unwrap().game, game);
    // A Position tag for another ruleset than the Variant tag's is refused;
    // without a Variant tag, the Position tag's ruleset is used.
    assert_eq!(
        "[Variant \"kalah\"]\n[Position \"0,0,0,0,0,2/1,1,1,1,1,1 s 20 20 kalah(end=mover-row)\"]\n\nF"
            .parse::<Record>(),
        Err(ParseRecordError::Position(ParsePositionError::Variant))
    );
    let record: Record =
        "[Position \"0,0,0,0,0,2/1,1,1,1,1,1 s 20 20 kalah(end=mover-row)\"]\n\nF a"
            .parse()
            .unwrap();
    assert_eq!(record.game, game);
    assert_eq!(
        "[Variant \"kalah(6,5\"]\n\nC".parse::<Record>(),
        Err(ParseRecordError::Variant(ParseRulesetError::Syntax))
    );
}
