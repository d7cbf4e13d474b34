//! Position strings, with and without the ruleset field: parsing never
//! panics; a position that parses prints as a string that parses to the
//! same position and prints the same; its legal moves are legal, play
//! without panicking and keep the seed total; a walk of moves chosen by
//! the input's last bytes keeps all of this at every ply.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oware::{IllegalMoveReason, Move, Position, Ruleset, Side, Variant};

fuzz_target!(|data: &[u8]| {
    // The first byte chooses the parser: FromStr, from_ascii, or
    // from_str_with_ruleset under one of the presets.
    let Some((&how, rest)) = data.split_first() else {
        return;
    };
    // A 0xFF byte ends the text; the bytes after it choose the walk.
    let (text, walk) = match rest.iter().position(|&b| b == 0xFF) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let parsed = match how % 8 {
        0 => Position::from_ascii(text),
        n => {
            let Ok(text) = core::str::from_utf8(text) else {
                return;
            };
            match usize::from(n - 1) {
                i if i < Variant::ALL.len() => {
                    Position::from_str_with_ruleset(text, Variant::ALL[i].ruleset())
                }
                _ => text.parse(),
            }
        }
    };
    let Ok(mut pos) = parsed else {
        return;
    };
    check(&pos);
    for &b in walk.iter().take(64) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(b) % moves.len()];
        if pos.play(m).is_err() {
            break;
        }
        check(&pos);
    }
});

fn check(pos: &Position) {
    let ruleset: Ruleset = *pos.ruleset();
    let total = u16::from(ruleset.total_seeds());
    assert_eq!(pos.board().total_seeds(), total);
    let line = pos.to_string();
    let again: Position = line
        .parse()
        .unwrap_or_else(|e| panic!("{line:?} does not parse: {e}"));
    assert_eq!(again, *pos, "{line:?}");
    assert_eq!(again.board(), pos.board());
    assert_eq!(again.to_string(), line);
    assert_eq!(Position::from_str_with_ruleset(&line, ruleset), Ok(*pos));
    let legal = pos.legal_moves();
    assert_eq!(pos.is_game_over(), legal.is_empty());
    let h = ruleset.houses_per_side();
    for side in Side::ALL {
        for house in 0..oware::MAX_HOUSES {
            let Some(house) = oware::House::new(house) else {
                continue;
            };
            let m = Move::new(side, house);
            let listed = legal.contains(&m);
            assert_eq!(pos.is_legal(m), listed, "{m} in {line:?}");
            match pos.check(m) {
                Ok(()) => {}
                Err(IllegalMoveReason::NoSuchHouse) => assert!(house.index() >= h),
                Err(_) => {}
            }
            let mut after = *pos;
            match after.play(m) {
                Ok(report) => {
                    assert!(listed, "{m} played but not legal in {line:?}");
                    assert_eq!(report.played, m);
                    assert_eq!(after.board().total_seeds(), total, "{m} in {line:?}");
                    let mut fast = *pos;
                    fast.play_unchecked(m);
                    assert_eq!(fast.board(), after.board(), "{m} in {line:?}");
                    assert_eq!(fast.turn(), after.turn(), "{m} in {line:?}");
                    assert_eq!(report.outcome, after.outcome());
                }
                Err(e) => {
                    assert_eq!(e.m, m);
                    assert_eq!(after, *pos, "a refused move changed {line:?}");
                    assert!(
                        !listed || e.reason == IllegalMoveReason::EndlessSowing,
                        "{m} listed but refused in {line:?}: {e}"
                    );
                }
            }
        }
    }
}
