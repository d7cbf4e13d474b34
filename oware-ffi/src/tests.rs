//! Tests that call the `extern "C"` functions directly, as C does: every
//! error path, NULL pointers, buffers too small, out-of-range enum values,
//! and every result code through `oware_result_message`.
// Every call here is to an `extern "C"` function with arguments built as
// the header's contract asks (or NULL, which it handles).
#![allow(clippy::undocumented_unsafe_blocks)]

use core::ffi::{CStr, c_char};
use core::ptr::{null, null_mut};
use std::ffi::CString;

use oware::{IllegalMoveReason, Variant};

use crate::*;

type R = oware_result;

fn c(text: &str) -> CString {
    CString::new(text).expect("no NUL in test text")
}

fn static_str(p: *const c_char) -> &'static str {
    assert!(!p.is_null());
    unsafe { CStr::from_ptr(p) }.to_str().expect("UTF-8")
}

/// A function making a game from text: `oware_game_new`, `_from_position`
/// or `_from_record`.
type Make =
    unsafe extern "C" fn(*const c_char, *mut *mut oware_game, *mut c_char, usize) -> oware_result;

/// A game from ruleset text, position string or record, by the function given.
fn make(f: Make, text: &str) -> *mut oware_game {
    let mut game = null_mut();
    let text = c(text);
    assert_eq!(
        unsafe { f(text.as_ptr(), &mut game, null_mut(), 0) },
        R::Ok,
        "{text:?}"
    );
    assert!(!game.is_null());
    game
}

fn abapa() -> *mut oware_game {
    make(oware_game_new, "abapa")
}

/// Calls a string-writing function with a buffer that fits.
fn text_of(f: impl Fn(*mut c_char, usize, *mut usize) -> oware_result) -> String {
    let mut n = 0;
    assert_eq!(f(null_mut(), 0, &mut n), R::InsufficientSize);
    let mut buf = vec![b'x' as c_char; n];
    let mut written = usize::MAX;
    assert_eq!(f(buf.as_mut_ptr(), n, &mut written), R::Ok);
    assert_eq!(written, n - 1, "the length without the NUL");
    assert_eq!(buf[n - 1], 0, "NUL-terminated");
    unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_str()
        .expect("UTF-8")
        .to_owned()
}

/// Checks the string buffer protocol of `f`: NULL `out_n`, NULL `buf` with
/// `len > 0`, a buffer one byte short (which gets a NUL at `buf[0]`).
fn check_str_protocol(f: impl Fn(*mut c_char, usize, *mut usize) -> oware_result) {
    let text = text_of(&f);
    let mut buf = vec![b'x' as c_char; text.len() + 1];
    assert_eq!(f(buf.as_mut_ptr(), buf.len(), null_mut()), R::NullParameter);
    let mut n = 0;
    assert_eq!(f(null_mut(), 5, &mut n), R::NullParameter);
    assert_eq!(f(buf.as_mut_ptr(), text.len(), &mut n), R::InsufficientSize);
    assert_eq!(n, text.len() + 1, "the size needed, with the NUL");
    assert_eq!(buf[0], 0, "a short buffer gets an empty string");
}

/// Calls a list-writing function with a buffer that fits.
fn list_of<T: Copy>(f: impl Fn(*mut T, usize, *mut usize) -> oware_result, fill: T) -> Vec<T> {
    let mut n = usize::MAX;
    let code = f(null_mut(), 0, &mut n);
    if code == R::Ok {
        assert_eq!(n, 0, "an empty list");
        return Vec::new();
    }
    assert_eq!(code, R::InsufficientSize);
    let mut buf = vec![fill; n + 3];
    let mut written = 0;
    assert_eq!(f(buf.as_mut_ptr(), buf.len(), &mut written), R::Ok);
    assert_eq!(written, n);
    buf.truncate(n);
    buf
}

/// Checks the list buffer protocol of `f`, whose list has `len` > 0 items.
fn check_list_protocol<T: Copy>(f: impl Fn(*mut T, usize, *mut usize) -> oware_result, fill: T) {
    let items = list_of(&f, fill);
    assert!(!items.is_empty());
    let mut buf = vec![fill; items.len()];
    assert_eq!(f(buf.as_mut_ptr(), buf.len(), null_mut()), R::NullParameter);
    let mut n = 0;
    assert_eq!(f(null_mut(), 1, &mut n), R::NullParameter);
    assert_eq!(
        f(buf.as_mut_ptr(), items.len() - 1, &mut n),
        R::InsufficientSize
    );
    assert_eq!(n, items.len());
}

fn legal_moves(game: *const oware_game) -> Vec<u8> {
    list_of(
        |b, l, n| unsafe { oware_game_legal_moves(game, b, l, n) },
        0,
    )
}

fn position(game: *const oware_game) -> String {
    text_of(|b, l, n| unsafe { oware_game_position_to_str(game, b, l, n) })
}

fn play(game: *mut oware_game, pit: u8) -> oware_move_report {
    let mut report = core::mem::MaybeUninit::<oware_move_report>::uninit();
    assert_eq!(
        unsafe { oware_game_play(game, pit, report.as_mut_ptr(), null_mut()) },
        R::Ok
    );
    unsafe { report.assume_init() }
}

fn outcome(game: *const oware_game) -> oware_outcome {
    let mut out = core::mem::MaybeUninit::<oware_outcome>::uninit();
    assert_eq!(unsafe { oware_game_outcome(game, out.as_mut_ptr()) }, R::Ok);
    unsafe { out.assume_init() }
}

fn limits(depth: u32, nodes: u64, time_ms: u64) -> oware_search_limits {
    oware_search_limits {
        depth,
        nodes,
        time_ms,
    }
}

#[test]
fn every_result_code_has_a_message() {
    let mut seen = Vec::new();
    for code in oware_result::ALL {
        let message = static_str(oware_result_message(code as u32));
        assert!(!message.is_empty() && message != "unknown result code");
        assert!(!seen.contains(&message), "{message} twice");
        seen.push(message);
        assert_eq!(oware_result::from_u32(code as u32), Some(code));
    }
    let values: Vec<u32> = oware_result::ALL.iter().map(|&r| r as u32).collect();
    assert_eq!(
        values,
        [
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 255
        ],
        "values are stable"
    );
    for unknown in [22, 254, 256, u32::MAX] {
        assert_eq!(
            static_str(oware_result_message(unknown)),
            "unknown result code"
        );
    }
    assert_eq!(static_str(oware_result_message(0)), "ok");
}

#[test]
fn version_is_the_crate_version() {
    assert_eq!(static_str(oware_version()), env!("CARGO_PKG_VERSION"));
}

/// The generated header, as shipped.
const HEADER: &str = include_str!("../../include/oware.h");

#[test]
fn illegal_move_reasons_have_the_core_messages() {
    for (core, ours) in [
        (IllegalMoveReason::GameOver, 1),
        (IllegalMoveReason::WrongSide, 2),
        (IllegalMoveReason::NoSuchHouse, 3),
        (IllegalMoveReason::EmptyHouse, 4),
        (IllegalMoveReason::MustFeed, 5),
        (IllegalMoveReason::GrandSlam, 6),
        (IllegalMoveReason::EndlessSowing, 7),
    ] {
        assert_eq!(oware_illegal_move_reason::from(core) as u32, ours);
        assert_eq!(
            static_str(oware_illegal_move_reason_message(ours)),
            core.description()
        );
        // The core's own static string, handed out without a copy.
        assert_eq!(
            oware_illegal_move_reason_message(ours),
            core.c_description().as_ptr()
        );
        // One name in every language: the header's enum constant is the
        // core's name (Python's IllegalMoveError.reason) in upper case.
        let constant = format!(
            "OWARE_ILLEGAL_MOVE_REASON_{} = {ours},",
            core.name().to_uppercase()
        );
        assert!(HEADER.contains(&constant), "{constant} not in oware.h");
    }
    assert_eq!(
        static_str(oware_illegal_move_reason_message(0)),
        "the move is legal"
    );
    assert_eq!(
        static_str(oware_illegal_move_reason_message(255)),
        "illegal move"
    );
    for unknown in [8, 254, 256, u32::MAX] {
        assert_eq!(
            static_str(oware_illegal_move_reason_message(unknown)),
            "unknown reason"
        );
    }
}

#[test]
fn level_descriptions_are_the_cores() {
    for level in oware::search::Level::ALL {
        let text = oware_level_description(u32::from(level.number()));
        assert_eq!(
            text,
            level.c_description().as_ptr(),
            "{level:?}: the core's own string"
        );
        assert_eq!(static_str(text), level.description());
    }
    for outside in [0, 6, 256 + 3, u32::MAX] {
        assert!(oware_level_description(outside).is_null(), "{outside}");
    }
}

#[test]
fn variant_names_are_the_core_presets() {
    let names: Vec<&str> = (0..)
        .map(|i| oware_variant_name(i))
        .take_while(|p| !p.is_null())
        .map(static_str)
        .collect();
    let core: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    assert_eq!(names, core);
    assert!(oware_variant_name(usize::MAX).is_null());
    for name in names {
        let game = make(oware_game_new, name);
        unsafe { oware_game_free(game) };
    }
}

#[test]
fn panics_are_caught_at_the_boundary() {
    fn panicking_result() -> oware_result {
        ffi_result! {
            let moves: Vec<u8> = Vec::new();
            let _ = moves[std::hint::black_box(0)];
            Ok(())
        }
    }
    fn panicking_str() -> *const c_char {
        ffi_boundary! {
            if oware_result_message(0).is_null() { c"".as_ptr() } else { panic!("a bug") }
        }
    }
    fn panicking_size() -> usize {
        ffi_boundary! { std::hint::black_box(1) + panic_now() }
    }
    fn panic_now() -> usize {
        panic!("a bug")
    }
    assert_eq!(panicking_result(), R::Panic);
    assert!(panicking_str().is_null());
    assert_eq!(panicking_size(), 0);
    assert_eq!(
        static_str(oware_result_message(R::Panic as u32)),
        R::Panic.message().to_str().unwrap()
    );
}

#[test]
fn creating_games_checks_every_argument() {
    let bad_utf8 = [0xff_u8, 0xfe, 0];
    let cases: [(Make, &str, &str); 3] = [
        (oware_game_new, "kalah(6,5)", "kalah(6,99)"),
        (
            oware_game_from_position,
            "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0",
            "4,4,4,4,4,4/4,4,4,4,4,5 s 0 0",
        ),
        (oware_game_from_record, "1. C f 2. B a", "1. C C"),
    ];
    for (f, good, bad) in cases {
        let mut game = abapa();
        let previous = game;
        // NULL out: nothing is made.
        assert_eq!(
            unsafe { f(c(good).as_ptr(), null_mut(), null_mut(), 0) },
            R::NullParameter
        );
        // NULL text: *out is set to NULL.
        assert_eq!(
            unsafe { f(null(), &mut game, null_mut(), 0) },
            R::NullParameter
        );
        assert!(game.is_null());
        unsafe { oware_game_free(previous) };
        game = abapa();
        let previous = game;
        assert_eq!(
            unsafe { f(c(bad).as_ptr(), &mut game, null_mut(), 0) },
            R::ParseError
        );
        assert!(game.is_null());
        assert_eq!(
            unsafe { f(bad_utf8.as_ptr().cast(), &mut game, null_mut(), 0) },
            R::ParseError
        );
        assert!(game.is_null());
        unsafe { oware_game_free(previous) };
        let game = make(f, good);
        unsafe { oware_game_free(game) };
    }
    unsafe { oware_game_free(null_mut()) };
    // The same, called directly.
    let mut game = null_mut();
    unsafe {
        assert_eq!(
            oware_game_new(c("awale").as_ptr(), &mut game, null_mut(), 0),
            R::Ok
        );
        oware_game_free(game);
        assert_eq!(
            oware_game_new(c("awale(10)").as_ptr(), &mut game, null_mut(), 0),
            R::ParseError
        );
        let start = c("4,4,4,4,4,4/4,4,4,4,4,4 n 0 0");
        assert_eq!(
            oware_game_from_position(start.as_ptr(), &mut game, null_mut(), 0),
            R::Ok
        );
        oware_game_free(game);
        assert_eq!(
            oware_game_from_position(c("").as_ptr(), &mut game, null_mut(), 0),
            R::ParseError
        );
        assert_eq!(
            oware_game_from_record(
                c("[Variant \"kalah\"]\n\nC").as_ptr(),
                &mut game,
                null_mut(),
                0
            ),
            R::Ok
        );
        oware_game_free(game);
        assert_eq!(
            oware_game_from_record(c("1. X").as_ptr(), &mut game, null_mut(), 0),
            R::ParseError
        );
        assert!(game.is_null());
    }
}

#[test]
fn text_check_explains_parse_errors() {
    let check = |kind: u32, text: &str| -> (oware_result, String) {
        let text = c(text);
        let mut buf = [b'x' as c_char; 256];
        let mut n = 0;
        let code =
            unsafe { oware_text_check(kind, text.as_ptr(), buf.as_mut_ptr(), buf.len(), &mut n) };
        let message = unsafe { CStr::from_ptr(buf.as_ptr()) }
            .to_str()
            .unwrap()
            .to_owned();
        assert_eq!(n, message.len());
        (code, message)
    };
    let ruleset = oware_text_kind::Ruleset as u32;
    let position = oware_text_kind::Position as u32;
    let record = oware_text_kind::Record as u32;
    assert_eq!(
        check(ruleset, "congkak(5,5,relay=off)"),
        (R::Ok, String::new())
    );
    assert_eq!(
        check(position, "0,7,7,7,7,7/6,6,6,6,6,6 s 1 0 kalah(6,6)"),
        (R::Ok, String::new())
    );
    assert_eq!(check(record, "CfBa"), (R::Ok, String::new()));
    let (code, message) = check(ruleset, "chess");
    assert_eq!(code, R::ParseError);
    assert!(
        message.starts_with("invalid ruleset text: unknown preset"),
        "{message}"
    );
    let (code, message) = check(position, "4,4,4 s 0 0");
    assert_eq!(code, R::ParseError);
    assert!(message.starts_with("invalid position string"), "{message}");
    let (code, message) = check(record, "1. C C");
    assert_eq!(code, R::ParseError);
    assert_eq!(
        message,
        "invalid game record: ply 2: illegal move C: house is not the side to move's"
    );

    let text = c("1. C C");
    let mut n = 0;
    // Out-of-range kind, NULL text, NULL out_n, NULL buffer.
    let mut buf = [0 as c_char; 8];
    assert_eq!(
        unsafe { oware_text_check(3, text.as_ptr(), buf.as_mut_ptr(), 8, &mut n) },
        R::InvalidArgument
    );
    assert_eq!(
        unsafe { oware_text_check(u32::MAX, text.as_ptr(), buf.as_mut_ptr(), 8, &mut n) },
        R::InvalidArgument
    );
    assert_eq!(
        unsafe { oware_text_check(record, null(), buf.as_mut_ptr(), 8, &mut n) },
        R::NullParameter
    );
    assert_eq!(
        unsafe { oware_text_check(record, text.as_ptr(), buf.as_mut_ptr(), 8, null_mut()) },
        R::NullParameter
    );
    assert_eq!(
        unsafe { oware_text_check(record, text.as_ptr(), null_mut(), 8, &mut n) },
        R::NullParameter
    );
    // Too small: the size needed, with the NUL.
    assert_eq!(
        unsafe { oware_text_check(record, text.as_ptr(), buf.as_mut_ptr(), 8, &mut n) },
        R::InsufficientSize
    );
    assert_eq!(n, message.len() + 1);
    assert_eq!(buf[0], 0);
    // Even an empty message needs its NUL.
    let good = c("CfBa");
    assert_eq!(
        unsafe { oware_text_check(record, good.as_ptr(), null_mut(), 0, &mut n) },
        R::InsufficientSize
    );
    assert_eq!(n, 1);
    // Not UTF-8.
    let bad = [b'C', 0xc3, 0];
    let mut big = [0 as c_char; 64];
    assert_eq!(
        unsafe {
            oware_text_check(
                record,
                bad.as_ptr().cast(),
                big.as_mut_ptr(),
                big.len(),
                &mut n,
            )
        },
        R::ParseError
    );
    assert_eq!(
        unsafe { CStr::from_ptr(big.as_ptr()) }.to_str().unwrap(),
        "not UTF-8 text"
    );
}

#[test]
fn null_handles_give_null_parameter() {
    let mut n = 0;
    let mut byte = 0u8;
    let mut buf = [0u8; 32];
    let mut text = [0 as c_char; 32];
    let mut side = oware_side::South;
    let mut mask = 0;
    let mut nodes = 0;
    let mut out_game = null_mut();
    let mut out_outcome = core::mem::MaybeUninit::<oware_outcome>::uninit();
    let mut out_report = core::mem::MaybeUninit::<oware_move_report>::uninit();
    let mut captures = [core::mem::MaybeUninit::<oware_capture>::uninit(); 4];
    let mut relays = [core::mem::MaybeUninit::<oware_relay>::uninit(); 4];
    let g: *mut oware_game = null_mut();
    let letter = c("C");
    let name = c("South");
    unsafe {
        assert_eq!(oware_game_clone(g, &mut out_game), R::NullParameter);
        assert!(out_game.is_null());
        assert_eq!(oware_game_houses_per_side(g), 0);
        assert_eq!(oware_game_ply(g), 0);
        assert_eq!(oware_game_turn(g, &mut side), R::NullParameter);
        assert_eq!(
            oware_game_board(g, buf.as_mut_ptr(), 32, &mut n),
            R::NullParameter
        );
        assert_eq!(
            oware_game_legal_moves(g, buf.as_mut_ptr(), 32, &mut n),
            R::NullParameter
        );
        assert_eq!(oware_game_check_move(g, 0, null_mut()), R::NullParameter);
        assert_eq!(
            oware_game_play(g, 0, null_mut(), null_mut()),
            R::NullParameter
        );
        assert_eq!(
            oware_game_report(g, 1, out_report.as_mut_ptr()),
            R::NullParameter
        );
        assert_eq!(
            oware_game_report_sown(g, 1, buf.as_mut_ptr(), 32, &mut n),
            R::NullParameter
        );
        assert_eq!(
            oware_game_report_captures(g, 1, captures.as_mut_ptr().cast(), 4, &mut n),
            R::NullParameter
        );
        assert_eq!(
            oware_game_report_relays(g, 1, relays.as_mut_ptr().cast(), 4, &mut n),
            R::NullParameter
        );
        assert_eq!(
            oware_game_moves(g, buf.as_mut_ptr(), 32, &mut n),
            R::NullParameter
        );
        assert_eq!(oware_game_undo(g, &mut byte), R::NullParameter);
        assert_eq!(
            oware_game_outcome(g, out_outcome.as_mut_ptr()),
            R::NullParameter
        );
        assert_eq!(oware_game_end_by_agreement(g, null_mut()), R::NullParameter);
        assert_eq!(oware_game_threats(g, 0, &mut mask), R::NullParameter);
        assert_eq!(
            oware_game_position_to_str(g, text.as_mut_ptr(), 32, &mut n),
            R::NullParameter
        );
        assert_eq!(
            oware_game_record_to_str(g, text.as_mut_ptr(), 32, &mut n),
            R::NullParameter
        );
        assert_eq!(
            oware_game_ruleset_to_str(g, text.as_mut_ptr(), 32, &mut n),
            R::NullParameter
        );
        assert_eq!(
            oware_game_move_to_str(g, 0, text.as_mut_ptr(), 32, &mut n),
            R::NullParameter
        );
        assert_eq!(
            oware_game_move_from_str(g, letter.as_ptr(), &mut byte, null_mut(), 0),
            R::NullParameter
        );
        assert_eq!(
            oware_game_set_tag(g, name.as_ptr(), name.as_ptr(), null_mut(), 0),
            R::NullParameter
        );
        assert_eq!(oware_game_perft(g, 1, &mut nodes), R::NullParameter);
    }
    // NULL out-parameters on a live game.
    let game = abapa();
    unsafe {
        assert_eq!(oware_game_clone(game, null_mut()), R::NullParameter);
        assert_eq!(oware_game_turn(game, null_mut()), R::NullParameter);
        assert_eq!(oware_game_report(game, 1, null_mut()), R::NullParameter);
        assert_eq!(oware_game_outcome(game, null_mut()), R::NullParameter);
        assert_eq!(oware_game_threats(game, 0, null_mut()), R::NullParameter);
        assert_eq!(
            oware_game_move_from_str(game, letter.as_ptr(), null_mut(), null_mut(), 0),
            R::NullParameter
        );
        assert_eq!(
            oware_game_move_from_str(game, null(), &mut byte, null_mut(), 0),
            R::NullParameter
        );
        assert_eq!(
            oware_game_set_tag(game, null(), name.as_ptr(), null_mut(), 0),
            R::NullParameter
        );
        assert_eq!(oware_game_perft(game, 1, null_mut()), R::NullParameter);
        oware_game_free(game);
    }
}

#[test]
fn buffers_too_small_report_the_size_needed() {
    let game = make(oware_game_from_record, "1. C f 2. B a");
    unsafe {
        check_list_protocol(|b, l, n| oware_game_board(game, b, l, n), 0);
        check_list_protocol(|b, l, n| oware_game_legal_moves(game, b, l, n), 0);
        check_list_protocol(|b, l, n| oware_game_moves(game, b, l, n), 0);
        check_list_protocol(|b, l, n| oware_game_report_sown(game, 1, b, l, n), 0);
        check_str_protocol(|b, l, n| oware_game_position_to_str(game, b, l, n));
        check_str_protocol(|b, l, n| oware_game_record_to_str(game, b, l, n));
        check_str_protocol(|b, l, n| oware_game_ruleset_to_str(game, b, l, n));
        check_str_protocol(|b, l, n| oware_game_move_to_str(game, 2, b, l, n));
        oware_game_free(game);
    }
    let game = make(oware_game_from_position, "1,2,4,4,4,4/4,4,4,4,4,1 n 1 7");
    let report = play(game, 11); // f: 1 seed into A, making 2: captured.
    assert_eq!(report.captures_len, 1);
    let capture = oware_capture {
        pit: 0,
        seeds: 0,
        to: oware_side::South,
    };
    unsafe {
        check_list_protocol(
            |b, l, n| oware_game_report_captures(game, 1, b, l, n),
            capture,
        );
        oware_game_free(game);
    }
}

#[test]
fn boards_moves_and_turns() {
    let game = abapa();
    unsafe {
        assert_eq!(oware_game_houses_per_side(game), 6);
        assert_eq!(oware_game_ply(game), 0);
        let board = list_of(|b, l, n| oware_game_board(game, b, l, n), 0);
        assert_eq!(board, [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0]);
        assert_eq!(legal_moves(game), [0, 1, 2, 3, 4, 5]);
        let mut side = oware_side::North;
        assert_eq!(oware_game_turn(game, &mut side), R::Ok);
        assert_eq!(side, oware_side::South);
        play(game, 2);
        assert_eq!(oware_game_turn(game, &mut side), R::Ok);
        assert_eq!(side, oware_side::North);
        assert_eq!(legal_moves(game), [6, 7, 8, 9, 10, 11]);
        assert_eq!(position(game), "4,4,0,5,5,5/5,4,4,4,4,4 n 0 0");
        assert_eq!(list_of(|b, l, n| oware_game_moves(game, b, l, n), 0), [2]);
        oware_game_free(game);
    }
    let congkak = make(oware_game_new, "congkak");
    unsafe {
        assert_eq!(oware_game_houses_per_side(congkak), 7);
        assert_eq!(
            list_of(|b, l, n| oware_game_board(congkak, b, l, n), 0).len(),
            16
        );
        oware_game_free(congkak);
    }
}

/// The code and `out_reason` of `oware_game_check_move` for `pit`, checked
/// to be what `oware_game_play` (on a clone) and `oware_game_explain` give
/// too, with `out_reason` and without.
fn reason_of(game: *const oware_game, pit: u8) -> (oware_result, oware_illegal_move_reason) {
    let with_reason = |f: &dyn Fn(*mut oware_illegal_move_reason) -> oware_result| {
        let mut reason = oware_illegal_move_reason::Other;
        let code = f(&mut reason);
        assert_eq!(f(null_mut()), code, "the same code without out_reason");
        (code, reason)
    };
    let checked = with_reason(&|r| unsafe { oware_game_check_move(game, pit, r) });
    let played = with_reason(&|r| unsafe {
        let mut copy = null_mut();
        assert_eq!(oware_game_clone(game, &mut copy), R::Ok);
        let code = oware_game_play(copy, pit, null_mut(), r);
        oware_game_free(copy);
        code
    });
    let explained = with_reason(&|r| unsafe {
        let mut n = 0;
        match oware_game_explain(game, pit, null_mut(), 0, &mut n, r) {
            R::InsufficientSize => R::Ok,
            code => code,
        }
    });
    assert_eq!((played, explained), (checked, checked), "pit {pit}");
    checked
}

/// Calls `f` with an error-message buffer of `len` bytes (and room after it,
/// which must stay untouched): its code and the message written.
fn with_err(
    len: usize,
    f: impl FnOnce(*mut c_char, usize) -> oware_result,
) -> (oware_result, String) {
    let mut buf = vec![b'x' as c_char; len + 4];
    let code = f(buf.as_mut_ptr(), len);
    assert!(
        buf[len..].iter().all(|&b| b == b'x' as c_char),
        "nothing written past err_len"
    );
    let bytes: Vec<u8> = buf[..len].iter().map(|&b| b as u8).collect();
    let message = CStr::from_bytes_until_nul(&bytes).expect("NUL-terminated within err_len");
    (code, message.to_str().expect("UTF-8").to_owned())
}

/// [`with_err`] with a buffer of `OWARE_ERROR_SIZE` bytes.
fn detail(f: impl FnOnce(*mut c_char, usize) -> oware_result) -> (oware_result, String) {
    with_err(OWARE_ERROR_SIZE, f)
}

/// What a game constructor says of `text`.
fn make_err(f: Make, text: &str) -> (oware_result, String) {
    let text = c(text);
    let mut game = null_mut();
    let (code, message) = detail(|e, l| unsafe { f(text.as_ptr(), &mut game, e, l) });
    unsafe { oware_game_free(game) };
    (code, message)
}

#[test]
fn constructors_write_why_the_text_does_not_parse() {
    let failed = |message: &str| (R::ParseError, message.to_owned());
    assert_eq!(
        make_err(oware_game_new, "kalah(6,5)"),
        (R::Ok, String::new())
    );
    assert_eq!(
        make_err(oware_game_new, "chess"),
        failed(
            "invalid ruleset text: unknown preset (abapa, openspiel, awale, kalah, kalah-irving or congkak)"
        )
    );
    assert_eq!(
        make_err(oware_game_from_position, "4,4,4,4,4,4/4,4,4,4,4,5 s 0 0"),
        failed("invalid position: 49 seeds in houses and stores, the ruleset has 48")
    );
    assert_eq!(
        make_err(oware_game_from_record, "1. C a 2. f"),
        failed("invalid game record: ply 3: illegal move f: house is not the side to move's")
    );
    let bytes = [0xff_u8, b'C', 0];
    let mut game = null_mut();
    for f in [
        oware_game_new,
        oware_game_from_position,
        oware_game_from_record,
    ] {
        let (code, message) = detail(|e, l| unsafe { f(bytes.as_ptr().cast(), &mut game, e, l) });
        assert_eq!((code, message.as_str()), (R::ParseError, "not UTF-8 text"));
        // A failure the core has no message for gives the code's.
        let (code, message) = detail(|e, l| unsafe { f(null(), &mut game, e, l) });
        assert_eq!(
            (code, message.as_str()),
            (R::NullParameter, "a required pointer argument was NULL")
        );
        assert!(game.is_null());
    }
}

#[test]
fn error_messages_are_cut_to_fit() {
    let chess = c("chess");
    let mut game = null_mut();
    let mut new_game = |len| {
        with_err(len, |e, l| unsafe {
            oware_game_new(chess.as_ptr(), &mut game, e, l)
        })
    };
    // 15 bytes and the NUL.
    assert_eq!(new_game(16), (R::ParseError, "invalid ruleset".to_owned()));
    assert_eq!(new_game(1), (R::ParseError, String::new()));
    // Exactly the room the message needs, and one byte short of it.
    let whole = "invalid ruleset text: unknown preset (abapa, openspiel, awale, kalah, kalah-irving or congkak)";
    assert_eq!(new_game(whole.len() + 1), (R::ParseError, whole.to_owned()));
    let cut = &whole[..whole.len() - 1];
    assert_eq!(new_game(whole.len()), (R::ParseError, cut.to_owned()));
    unsafe {
        // No buffer (NULL, or 0 bytes): the code alone; nothing is written.
        let mut untouched = b'x' as c_char;
        assert_eq!(
            oware_game_new(chess.as_ptr(), &mut game, &mut untouched, 0),
            R::ParseError
        );
        assert_eq!(untouched, b'x' as c_char);
        assert_eq!(
            oware_game_new(chess.as_ptr(), &mut game, null_mut(), 64),
            R::ParseError
        );
        assert!(game.is_null());
    }
}

#[test]
fn play_and_explain_set_why_a_move_cannot_be_played() {
    let game = abapa();
    let mut reason = oware_illegal_move_reason::Other;
    let mut n = 0;
    unsafe {
        assert_eq!(
            oware_game_explain(game, 2, null_mut(), 0, &mut n, &mut reason),
            R::InsufficientSize
        );
        assert_eq!(
            reason,
            oware_illegal_move_reason::None,
            "legal, whether or not it fits"
        );
        reason = oware_illegal_move_reason::Other;
        assert_eq!(oware_game_play(game, 2, null_mut(), &mut reason), R::Ok);
        assert_eq!(reason, oware_illegal_move_reason::None);
        assert_eq!(
            oware_game_play(game, 2, null_mut(), &mut reason),
            R::IllegalMove
        );
        assert_eq!(reason, oware_illegal_move_reason::WrongSide);
        // A NULL game: nothing is known, so out_reason is not written.
        reason = oware_illegal_move_reason::Other;
        assert_eq!(
            oware_game_play(null_mut(), 2, null_mut(), &mut reason),
            R::NullParameter
        );
        assert_eq!(reason, oware_illegal_move_reason::Other);
        oware_game_free(game);
    }
}

#[test]
fn tags_and_move_letters_write_why_they_are_refused() {
    let game = abapa();
    let set = |name: &str, value: Option<&str>| {
        let (name, value) = (c(name), value.map(c));
        let value = value.as_ref().map_or(null(), |v| v.as_ptr());
        detail(|e, l| unsafe { oware_game_set_tag(game, name.as_ptr(), value, e, l) })
    };
    let invalid = |message: &str| (R::InvalidTag, format!("invalid tag: {message}"));
    assert_eq!(set("South", Some("Ama")), (R::Ok, String::new()));
    assert_eq!(
        set("Position", Some("x")),
        invalid("Position comes from the game's start")
    );
    assert_eq!(
        set("Bad name", None),
        invalid("a tag name must be ASCII letters, digits and _, not empty")
    );
    assert_eq!(
        set("Event", Some("a\nb")),
        invalid("a tag value cannot hold the control character '\\n'")
    );
    assert_eq!(
        set("Result", Some("2-0")),
        invalid("a Result must be 1-0, 0-1, 1/2-1/2 or *")
    );
    let tag = |name: &str| {
        let name = c(name);
        let mut buf = [0 as c_char; 16];
        let mut n = 0;
        detail(|e, l| unsafe {
            oware_game_tag(
                game,
                name.as_ptr(),
                buf.as_mut_ptr(),
                buf.len(),
                &mut n,
                e,
                l,
            )
        })
    };
    assert_eq!(tag("South"), (R::Ok, String::new()));
    assert_eq!(
        tag("Variant"),
        invalid("Variant comes from the game's start")
    );
    let no_tag = "the game's record has no tag of that name".to_owned();
    assert_eq!(tag("Event"), (R::NoSuchTag, no_tag));
    let letter = |text: &str| {
        let text = c(text);
        let mut m = 0;
        detail(|e, l| unsafe { oware_game_move_from_str(game, text.as_ptr(), &mut m, e, l) })
    };
    assert_eq!(letter("f"), (R::Ok, String::new()));
    // Issue 31: the letters of this game's board, not "A-I ... a-i".
    let notation = "invalid move notation: expected one letter A-F (South) or a-f (North)";
    assert_eq!(letter("G "), (R::ParseError, notation.to_owned()));
    assert_eq!(
        letter("g"),
        (R::ParseError, "g: no such house in this ruleset".to_owned())
    );
    unsafe { oware_game_free(game) };
}

#[test]
fn every_illegal_move_reason_is_reported() {
    let game = abapa();
    assert_eq!(reason_of(game, 0), (R::Ok, oware_illegal_move_reason::None));
    assert_eq!(
        reason_of(game, 6),
        (R::IllegalMove, oware_illegal_move_reason::WrongSide)
    );
    assert_eq!(
        reason_of(game, 12),
        (R::IllegalMove, oware_illegal_move_reason::NoSuchHouse)
    );
    assert_eq!(
        reason_of(game, 255),
        (R::IllegalMove, oware_illegal_move_reason::NoSuchHouse)
    );
    play(game, 2);
    play(game, 6); // a: 5 seeds into b-f, C stays empty
    assert_eq!(
        reason_of(game, 2),
        (R::IllegalMove, oware_illegal_move_reason::EmptyHouse)
    );
    // An illegal move leaves the game as it was.
    let before = position(game);
    assert_eq!(
        unsafe { oware_game_play(game, 2, null_mut(), null_mut()) },
        R::IllegalMove
    );
    assert_eq!(
        unsafe { oware_game_play(game, 200, null_mut(), null_mut()) },
        R::IllegalMove
    );
    assert_eq!(position(game), before);
    unsafe { oware_game_free(game) };

    // North is starved: South's A (1 seed, into B) does not feed it.
    let game = make(oware_game_from_position, "1,0,0,0,0,6/0,0,0,0,0,0 s 20 21");
    assert_eq!(
        reason_of(game, 0),
        (R::IllegalMove, oware_illegal_move_reason::MustFeed)
    );
    assert_eq!(reason_of(game, 5), (R::Ok, oware_illegal_move_reason::None));
    let report = play(game, 5);
    assert!(report.fed);
    unsafe { oware_game_free(game) };

    // Awale forbids a grand slam while another move is legal: F (2 seeds)
    // makes a and b 2 each, all North's seeds.
    let game = make(
        oware_game_from_position,
        "1,0,0,0,0,2/1,1,0,0,0,0 s 20 23 awale",
    );
    assert_eq!(
        reason_of(game, 5),
        (R::IllegalMove, oware_illegal_move_reason::GrandSlam)
    );
    unsafe { oware_game_free(game) };
    // Abapa plays it and captures nothing.
    let game = make(oware_game_from_position, "1,0,0,0,0,2/1,1,0,0,0,0 s 20 23");
    let report = play(game, 5);
    assert!(report.grand_slam);
    assert_eq!(report.captures_len, 0);
    unsafe { oware_game_free(game) };

    // Game over.
    let game = make(oware_game_from_position, "0,0,0,0,0,0/0,0,0,0,0,2 s 21 25");
    assert_eq!(
        reason_of(game, 0),
        (R::GameOver, oware_illegal_move_reason::GameOver)
    );
    assert_eq!(
        reason_of(game, 99),
        (R::GameOver, oware_illegal_move_reason::GameOver)
    );
    assert_eq!(
        unsafe { oware_game_play(game, 0, null_mut(), null_mut()) },
        R::GameOver
    );
    assert!(legal_moves(game).is_empty());
    unsafe { oware_game_free(game) };
}

#[test]
fn reports_describe_each_move() {
    let game = abapa();
    let report = play(game, 2);
    assert_eq!(report.ply, 1);
    assert_eq!(report.played, 2);
    assert_eq!(report.mover, oware_side::South);
    assert_eq!(report.sown_len, 4);
    assert_eq!(
        (
            report.captures_len,
            report.relays_len,
            report.captured_seeds
        ),
        (0, 0, 0)
    );
    assert!(!report.grand_slam && !report.fed && !report.extra_turn && !report.passed);
    assert_eq!(report.outcome.termination, oware_termination::None);
    assert_eq!(report.outcome.winner, oware_winner::None);
    unsafe {
        let sown = list_of(|b, l, n| oware_game_report_sown(game, 1, b, l, n), 0);
        assert_eq!(sown, [3, 4, 5, 6], "D, E, F, a");
        let mut again = core::mem::MaybeUninit::<oware_move_report>::uninit();
        assert_eq!(oware_game_report(game, 1, again.as_mut_ptr()), R::Ok);
        assert_eq!(again.assume_init(), report);
        let mut n = 0;
        let mut out = [0u8; 8];
        for ply in [0, 2, usize::MAX] {
            assert_eq!(
                oware_game_report(game, ply, again.as_mut_ptr()),
                R::InvalidArgument
            );
            assert_eq!(
                oware_game_report_sown(game, ply, out.as_mut_ptr(), 8, &mut n),
                R::InvalidArgument
            );
            assert_eq!(
                oware_game_report_captures(game, ply, null_mut(), 0, &mut n),
                R::InvalidArgument
            );
            assert_eq!(
                oware_game_report_relays(game, ply, null_mut(), 0, &mut n),
                R::InvalidArgument
            );
        }
        assert!(
            list_of(
                |b, l, n| oware_game_report_relays(game, 1, b, l, n),
                oware_relay {
                    after: 0,
                    pit: 0,
                    seeds: 0
                }
            )
            .is_empty()
        );
        // A move without a report.
        assert_eq!(oware_game_play(game, 11, null_mut(), null_mut()), R::Ok);
        assert_eq!(oware_game_ply(game), 2);
        oware_game_free(game);
    }

    // A capture: North's f makes A 2.
    let game = make(oware_game_from_position, "1,2,4,4,4,4/4,4,4,4,4,1 n 1 7");
    let report = play(game, 11);
    assert_eq!((report.captures_len, report.captured_seeds), (1, 2));
    let captures = list_of(
        |b, l, n| unsafe { oware_game_report_captures(game, 1, b, l, n) },
        oware_capture {
            pit: 99,
            seeds: 0,
            to: oware_side::South,
        },
    );
    assert_eq!(
        captures,
        [oware_capture {
            pit: 0,
            seeds: 2,
            to: oware_side::North
        }]
    );
    assert_eq!(
        (report.outcome.south_score, report.outcome.north_score),
        (1, 9)
    );
    unsafe { oware_game_free(game) };

    // Kalah: the last seed in the store earns an extra turn; stores are
    // pits 12 and 13.
    let game = make(oware_game_new, "kalah");
    let report = play(game, 2);
    assert!(report.extra_turn);
    let sown = list_of(
        |b, l, n| unsafe { oware_game_report_sown(game, 1, b, l, n) },
        0,
    );
    assert_eq!(sown, [3, 4, 5, 12]);
    unsafe { oware_game_free(game) };

    // Congkak relays: G (7 seeds) ends in North's a, which holds 7: lifted.
    let game = make(oware_game_new, "congkak");
    let report = play(game, 6);
    assert!(report.relays_len > 0);
    let relays = list_of(
        |b, l, n| unsafe { oware_game_report_relays(game, 1, b, l, n) },
        oware_relay {
            after: 0,
            pit: 0,
            seeds: 0,
        },
    );
    assert_eq!(relays.len(), report.relays_len);
    assert!(
        relays
            .iter()
            .all(|r| r.after <= report.sown_len && r.seeds > 0)
    );
    unsafe {
        check_list_protocol(
            |b, l, n| oware_game_report_relays(game, 1, b, l, n),
            relays[0],
        );
        oware_game_free(game);
    }

    // Reports of moves read from a record.
    let game = make(oware_game_from_record, "CfBa");
    let mut report = core::mem::MaybeUninit::<oware_move_report>::uninit();
    assert_eq!(
        unsafe { oware_game_report(game, 4, report.as_mut_ptr()) },
        R::Ok
    );
    let report = unsafe { report.assume_init() };
    assert_eq!(
        (report.ply, report.played, report.mover),
        (4, 6, oware_side::North)
    );
    unsafe { oware_game_free(game) };
}

#[test]
fn undo_and_agreement() {
    let game = abapa();
    let mut m = 0;
    unsafe {
        assert_eq!(oware_game_undo(game, &mut m), R::NothingToUndo);
        assert_eq!(oware_game_undo(game, null_mut()), R::NothingToUndo);
        play(game, 2);
        play(game, 11);
        assert_eq!(oware_game_undo(game, &mut m), R::Ok);
        assert_eq!(m, 11);
        assert_eq!(oware_game_ply(game), 1);
        let mut n = 0;
        let mut buf = [0u8; 4];
        assert_eq!(
            oware_game_report_sown(game, 2, buf.as_mut_ptr(), 4, &mut n),
            R::InvalidArgument
        );

        let mut out = core::mem::MaybeUninit::<oware_outcome>::uninit();
        assert_eq!(oware_game_end_by_agreement(game, out.as_mut_ptr()), R::Ok);
        let agreed = out.assume_init();
        assert_eq!(agreed.termination, oware_termination::Agreement);
        // Each side takes the seeds on its row: 4+4+0+5+5+5 and 5+4+4+4+4+4.
        assert_eq!(agreed.winner, oware_winner::North);
        assert_eq!((agreed.south_score, agreed.north_score), (23, 25));
        assert_eq!(outcome(game), agreed);
        assert_eq!(oware_game_end_by_agreement(game, null_mut()), R::GameOver);
        assert_eq!(
            oware_game_play(game, 6, null_mut(), null_mut()),
            R::GameOver
        );
        // Undo takes back the agreement first, then the move.
        assert_eq!(oware_game_undo(game, &mut m), R::Ok);
        assert_eq!(m, OWARE_NO_MOVE);
        assert_eq!(outcome(game).termination, oware_termination::None);
        assert_eq!(oware_game_undo(game, &mut m), R::Ok);
        assert_eq!(m, 2);
        assert_eq!(oware_game_undo(game, &mut m), R::NothingToUndo);
        // An agreement at the start can be taken back too.
        assert_eq!(oware_game_end_by_agreement(game, null_mut()), R::Ok);
        assert_eq!(oware_game_undo(game, null_mut()), R::Ok);
        assert_eq!(oware_game_undo(game, null_mut()), R::NothingToUndo);
        oware_game_free(game);
    }
}

#[test]
fn outcomes() {
    let game = abapa();
    let running = outcome(game);
    assert_eq!(running.termination, oware_termination::None);
    assert_eq!(running.winner, oware_winner::None);
    unsafe { oware_game_free(game) };
    for (text, termination, winner, scores) in [
        (
            "0,0,0,0,0,0/0,0,0,0,0,2 s 21 25",
            oware_termination::Majority,
            oware_winner::North,
            (21, 25),
        ),
        (
            "0,0,2,0,1,0/0,0,0,0,0,0 s 21 24",
            oware_termination::NoMoves,
            oware_winner::Draw,
            (24, 24),
        ),
        (
            "0,0,0,0,0,0/0,0,0,0,0,0 s 24 24",
            oware_termination::Majority,
            oware_winner::Draw,
            (24, 24),
        ),
    ] {
        let game = make(oware_game_from_position, text);
        let o = outcome(game);
        assert_eq!(
            (o.termination, o.winner, (o.south_score, o.north_score)),
            (termination, winner, scores),
            "{text}"
        );
        unsafe { oware_game_free(game) };
    }
}

#[test]
fn threats_are_masks_of_the_sides_houses() {
    let game = make(oware_game_from_position, "4,4,4,4,4,5/4,4,4,4,1,6 n 0 0");
    let mut mask = u32::MAX;
    unsafe {
        assert_eq!(
            oware_game_threats(game, oware_side::North as u32, &mut mask),
            R::Ok
        );
        assert_eq!(mask, 1 << 4, "North's e, its house 4");
        assert_eq!(
            oware_game_threats(game, oware_side::South as u32, &mut mask),
            R::Ok
        );
        assert_eq!(mask & !0x3f, 0, "only South's six houses");
        for side in [2, 3, u32::MAX] {
            assert_eq!(
                oware_game_threats(game, side, &mut mask),
                R::InvalidArgument
            );
        }
        oware_game_free(game);
    }
}

#[test]
fn text_in_and_out() {
    let game = make(oware_game_new, "KALAH(6,5)");
    unsafe {
        assert_eq!(
            text_of(|b, l, n| oware_game_ruleset_to_str(game, b, l, n)),
            "kalah(6,5)"
        );
        assert_eq!(position(game), "5,5,5,5,5,5/5,5,5,5,5,5 s 0 0 kalah(6,5)");
        let copy = make(oware_game_from_position, &position(game));
        assert_eq!(position(copy), position(game));
        oware_game_free(copy);
        oware_game_free(game);
    }
    // Records keep their tags; the tags can be set and removed.
    let game = make(oware_game_from_record, "[South \"Ama\"]\n\n1. C f 2. B a *");
    unsafe {
        let record = text_of(|b, l, n| oware_game_record_to_str(game, b, l, n));
        assert_eq!(
            record,
            "[Variant \"abapa\"]\n[South \"Ama\"]\n[Result \"*\"]\n\n1. C f 2. B a *\n"
        );
        let (north, kofi) = (c("North"), c("Kofi"));
        assert_eq!(
            oware_game_set_tag(game, north.as_ptr(), kofi.as_ptr(), null_mut(), 0),
            R::Ok
        );
        let south = c("South");
        assert_eq!(
            oware_game_set_tag(game, south.as_ptr(), null(), null_mut(), 0),
            R::Ok
        );
        let record = text_of(|b, l, n| oware_game_record_to_str(game, b, l, n));
        assert_eq!(
            record,
            "[Variant \"abapa\"]\n[North \"Kofi\"]\n[Result \"*\"]\n\n1. C f 2. B a *\n"
        );
        for bad in ["", "Bad Name", "Variant", "Position"] {
            let bad = c(bad);
            assert_eq!(
                oware_game_set_tag(game, bad.as_ptr(), kofi.as_ptr(), null_mut(), 0),
                R::InvalidTag
            );
            assert_eq!(
                oware_game_set_tag(game, bad.as_ptr(), null(), null_mut(), 0),
                R::InvalidTag
            );
        }
        // What import would not read back, or the game decides.
        let (result, termination, event) = (c("Result"), c("Termination"), c("Event"));
        for (name, value) in [
            (&termination, "agreement"),
            (&termination, "Majority"),
            (&result, "won"),
            (&event, "two\nlines"),
        ] {
            let value = c(value);
            assert_eq!(
                oware_game_set_tag(game, name.as_ptr(), value.as_ptr(), null_mut(), 0),
                R::InvalidTag
            );
        }
        let resigned = c("1-0");
        assert_eq!(
            oware_game_set_tag(game, result.as_ptr(), resigned.as_ptr(), null_mut(), 0),
            R::Ok
        );
        let written = text_of(|b, l, n| oware_game_record_to_str(game, b, l, n));
        assert!(
            written.ends_with("[Result \"1-0\"]\n\n1. C f 2. B a 1-0\n"),
            "{written}"
        );
        assert_eq!(
            oware_game_set_tag(game, result.as_ptr(), null(), null_mut(), 0),
            R::Ok
        );
        assert_eq!(oware_game_end_by_agreement(game, null_mut()), R::Ok);
        assert_eq!(
            oware_game_set_tag(game, result.as_ptr(), resigned.as_ptr(), null_mut(), 0),
            R::InvalidTag
        );
        let agreed = text_of(|b, l, n| oware_game_record_to_str(game, b, l, n));
        let back = make(oware_game_from_record, &agreed);
        assert_eq!(
            text_of(|b, l, n| oware_game_record_to_str(back, b, l, n)),
            agreed
        );
        oware_game_free(back);
        assert_eq!(oware_game_undo(game, null_mut()), R::Ok);
        let not_utf8 = [0xffu8, 0];
        assert_eq!(
            oware_game_set_tag(
                game,
                north.as_ptr(),
                not_utf8.as_ptr().cast(),
                null_mut(),
                0
            ),
            R::ParseError
        );
        assert_eq!(
            oware_game_set_tag(game, not_utf8.as_ptr().cast(), kofi.as_ptr(), null_mut(), 0),
            R::ParseError
        );
        let copy = make(oware_game_from_record, &record);
        assert_eq!(
            text_of(|b, l, n| oware_game_record_to_str(copy, b, l, n)),
            record
        );
        oware_game_free(copy);

        // Clones are independent.
        let mut clone = null_mut();
        assert_eq!(oware_game_clone(game, &mut clone), R::Ok);
        play(clone, 2);
        assert_eq!(oware_game_ply(clone), 5);
        assert_eq!(oware_game_ply(game), 4);
        oware_game_free(clone);
        oware_game_free(game);
    }
}

/// `oware_game_tag` reads a tag as the record writes it: set or read
/// tags, `Result` (`*` while unset), and the outcome's once the game is over.
#[test]
fn tags_read_back() {
    let game = make(
        oware_game_from_record,
        "[South \"Ama\"]\n[Event \"\"]\n\n1. C f 2. B a *",
    );
    let tag = |name: &str| {
        let name = c(name);
        text_of(|b, l, n| unsafe { oware_game_tag(game, name.as_ptr(), b, l, n, null_mut(), 0) })
    };
    let code = |name: &[u8], len: usize| {
        let mut buf = [b'x' as c_char; 8];
        let mut n = usize::MAX;
        let code = unsafe {
            oware_game_tag(
                game,
                name.as_ptr().cast(),
                buf.as_mut_ptr(),
                len,
                &mut n,
                null_mut(),
                0,
            )
        };
        (code, buf[0], n)
    };
    assert_eq!(tag("South"), "Ama");
    assert_eq!(tag("Event"), "", "an empty value is a tag");
    assert_eq!(tag("Result"), "*");
    check_str_protocol(|b, l, n| unsafe {
        oware_game_tag(game, c"South".as_ptr(), b, l, n, null_mut(), 0)
    });
    // Absent: the buffer emptied. Bad names, not UTF-8: nothing written.
    assert_eq!(code(b"North\0", 8), (R::NoSuchTag, 0, usize::MAX));
    assert_eq!(code(b"Termination\0", 8), (R::NoSuchTag, 0, usize::MAX));
    assert_eq!(
        code(b"North\0", 0),
        (R::NoSuchTag, b'x' as c_char, usize::MAX)
    );
    for bad in [&b"\0"[..], b"Bad Name\0", b"Variant\0", b"Position\0"] {
        assert_eq!(code(bad, 8), (R::InvalidTag, b'x' as c_char, usize::MAX));
    }
    assert_eq!(code(&[0xff, 0], 8).0, R::ParseError);
    unsafe {
        let mut n = 0;
        let mut buf = [0 as c_char; 8];
        let south = c"South".as_ptr();
        assert_eq!(
            oware_game_tag(null(), south, buf.as_mut_ptr(), 8, &mut n, null_mut(), 0),
            R::NullParameter
        );
        assert_eq!(
            oware_game_tag(game, null(), buf.as_mut_ptr(), 8, &mut n, null_mut(), 0),
            R::NullParameter
        );
        assert_eq!(
            oware_game_tag(game, south, buf.as_mut_ptr(), 8, null_mut(), null_mut(), 0),
            R::NullParameter
        );
        // A result set while the game goes on, then the outcome's.
        assert_eq!(
            oware_game_set_tag(game, c"Result".as_ptr(), c"0-1".as_ptr(), null_mut(), 0),
            R::Ok
        );
        assert_eq!(tag("Result"), "0-1");
        assert_eq!(oware_game_end_by_agreement(game, null_mut()), R::Ok);
        // Each side takes its own row (Abapa R11): South 27, North 21.
        assert_eq!(tag("Result"), "1-0");
        assert_eq!(tag("Termination"), "agreement");
        let record = text_of(|b, l, n| oware_game_record_to_str(game, b, l, n));
        assert!(
            record.contains("[Result \"1-0\"]\n[Termination \"agreement\"]\n"),
            "{record}"
        );
        oware_game_free(game);
    }
}

#[test]
fn move_letters() {
    let game = abapa();
    let letter = |pit: u8| text_of(|b, l, n| unsafe { oware_game_move_to_str(game, pit, b, l, n) });
    assert_eq!(letter(0), "A");
    assert_eq!(letter(5), "F");
    assert_eq!(letter(6), "a");
    assert_eq!(letter(11), "f");
    let mut text = [0 as c_char; 4];
    let mut n = 0;
    let mut m = 0;
    unsafe {
        assert_eq!(
            oware_game_move_to_str(game, 12, text.as_mut_ptr(), 4, &mut n),
            R::InvalidArgument
        );
        for (input, expected) in [
            ("C", Ok(2)),
            ("f", Ok(11)),
            ("G", Err(R::ParseError)),
            ("g", Err(R::ParseError)),
            ("", Err(R::ParseError)),
            ("CC", Err(R::ParseError)),
            ("7", Err(R::ParseError)),
        ] {
            let input = c(input);
            let code = oware_game_move_from_str(game, input.as_ptr(), &mut m, null_mut(), 0);
            assert_eq!(if code == R::Ok { Ok(m) } else { Err(code) }, expected);
        }
        let bad = [0xc3u8, 0];
        assert_eq!(
            oware_game_move_from_str(game, bad.as_ptr().cast(), &mut m, null_mut(), 0),
            R::ParseError
        );
        oware_game_free(game);
    }
    let congkak = make(oware_game_new, "congkak");
    let g = c("g");
    unsafe {
        assert_eq!(
            oware_game_move_from_str(congkak, g.as_ptr(), &mut m, null_mut(), 0),
            R::Ok
        );
        assert_eq!(m, 13);
        oware_game_free(congkak);
    }
}

#[test]
fn perft_counts() {
    let game = abapa();
    let mut nodes = 0;
    unsafe {
        assert_eq!(oware_game_perft(game, 5, &mut nodes), R::Ok);
        assert_eq!(nodes, 5219);
        assert_eq!(oware_game_perft(game, 0, &mut nodes), R::Ok);
        assert_eq!(nodes, 1);
        assert_eq!(oware_game_perft(game, 256, &mut nodes), R::InvalidArgument);
        oware_game_free(game);
    }
}

/// A new stop handle.
fn stop_handle() -> *mut oware_stop {
    let mut stop = null_mut();
    assert_eq!(unsafe { oware_stop_new(&mut stop) }, R::Ok);
    assert!(!stop.is_null());
    stop
}

#[test]
fn stop_handles_set_and_reset() {
    let stop = stop_handle();
    let mut set = true;
    unsafe {
        assert_eq!(oware_stop_is_requested(stop, &mut set), R::Ok);
        assert!(!set);
        assert_eq!(oware_stop_request(stop), R::Ok);
        assert_eq!(oware_stop_is_requested(stop, &mut set), R::Ok);
        assert!(set);
        assert_eq!(oware_stop_reset(stop), R::Ok);
        assert_eq!(oware_stop_is_requested(stop, &mut set), R::Ok);
        assert!(!set);
        assert_eq!(oware_stop_new(null_mut()), R::NullParameter);
        assert_eq!(oware_stop_request(null()), R::NullParameter);
        assert_eq!(oware_stop_reset(null()), R::NullParameter);
        assert_eq!(oware_stop_is_requested(null(), &mut set), R::NullParameter);
        assert_eq!(oware_stop_is_requested(stop, null_mut()), R::NullParameter);
        oware_stop_free(stop);
        oware_stop_free(null_mut());
    }
}

#[test]
fn perft_and_builds_stop() {
    let game = abapa();
    let stop = stop_handle();
    let mut nodes = 7;
    unsafe {
        // NULL: never stopped.
        assert_eq!(
            oware_game_perft_with_stop(game, 4, null(), &mut nodes),
            R::Ok
        );
        assert_eq!(nodes, 1014);
        assert_eq!(oware_game_perft_with_stop(game, 4, stop, &mut nodes), R::Ok);
        assert_eq!(nodes, 1014);
        assert_eq!(oware_stop_request(stop), R::Ok);
        nodes = 7;
        assert_eq!(
            oware_game_perft_with_stop(game, 30, stop, &mut nodes),
            R::Stopped
        );
        assert_eq!(nodes, 7, "not written");
        let mut endgame = null_mut();
        let code = oware_endgame_build_with_stop(
            c"abapa".as_ptr(),
            0,
            20,
            stop,
            &mut endgame,
            null_mut(),
            0,
        );
        assert_eq!((code, endgame.is_null()), (R::Stopped, true));
        // From another thread, while perft(30) runs.
        assert_eq!(oware_stop_reset(stop), R::Ok);
        let address = stop as usize;
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            oware_stop_request(address as *const oware_stop)
        });
        assert_eq!(
            oware_game_perft_with_stop(game, 30, stop, &mut nodes),
            R::Stopped
        );
        assert_eq!(stopper.join().unwrap(), R::Ok);
        assert_eq!(
            oware_game_perft_with_stop(null(), 3, stop, &mut nodes),
            R::NullParameter
        );
        assert_eq!(
            oware_game_perft_with_stop(game, 3, stop, null_mut()),
            R::NullParameter
        );
        oware_stop_free(stop);
        oware_game_free(game);
    }
}

#[test]
fn searchers_and_players_stop() {
    let game = abapa();
    let stop = stop_handle();
    unsafe {
        let mut searcher = null_mut();
        assert_eq!(oware_searcher_new(1 << 16, &mut searcher), R::Ok);
        assert_eq!(oware_searcher_set_stop(searcher, stop), R::Ok);
        assert_eq!(oware_stop_request(stop), R::Ok);
        let mut result = core::mem::MaybeUninit::<oware_search_result>::uninit();
        let depth40 = limits(40, 0, 0);
        let code = oware_searcher_search(searcher, game, &depth40, result.as_mut_ptr());
        assert_eq!(code, R::Ok);
        let result = result.assume_init();
        assert_eq!(
            result.depth, 1,
            "a set stop leaves the first iteration only"
        );
        assert_eq!(oware_searcher_set_stop(searcher, null()), R::NullParameter);
        assert_eq!(oware_searcher_set_stop(null_mut(), stop), R::NullParameter);
        let mut player = null_mut();
        assert_eq!(oware_player_new(4, 1, false, &mut player), R::Ok);
        assert_eq!(oware_player_set_stop(player, stop), R::Ok);
        // The handle can go: the player holds its own reference.
        oware_stop_free(stop);
        let mut m = OWARE_NO_MOVE;
        assert_eq!(oware_player_choose(player, game, &mut m), R::Ok);
        assert!(m < 6);
        assert_eq!(oware_player_set_stop(player, null()), R::NullParameter);
        assert_eq!(oware_player_set_stop(null_mut(), null()), R::NullParameter);
        oware_player_free(player);
        oware_searcher_free(searcher);
        oware_game_free(game);
    }
}

/// The message `check` writes to an error buffer, and its code.
fn checked(check: impl FnOnce(*mut c_char, usize) -> R) -> (R, String) {
    let mut err = [1 as c_char; OWARE_ERROR_SIZE];
    let code = check(err.as_mut_ptr(), err.len());
    let text = unsafe { CStr::from_ptr(err.as_ptr()) };
    (code, text.to_str().expect("UTF-8").to_owned())
}

#[test]
fn a_search_without_a_limit_is_the_default_one() {
    assert_eq!(OWARE_DEFAULT_SEARCH_DEPTH, 8);
    assert_eq!(OWARE_DEFAULT_SEARCH_NODES, 1_000_000);
    let default = limits(OWARE_DEFAULT_SEARCH_DEPTH, OWARE_DEFAULT_SEARCH_NODES, 0);
    for ruleset in [c"abapa", c"kalah", c"congkak"] {
        let mut game = null_mut();
        let mut results = Vec::new();
        unsafe {
            assert_eq!(
                oware_game_new(ruleset.as_ptr(), &mut game, null_mut(), 0),
                R::Ok
            );
            for l in [limits(0, 0, 0), default] {
                let mut searcher = null_mut();
                assert_eq!(oware_searcher_new(1 << 16, &mut searcher), R::Ok);
                let mut result = core::mem::MaybeUninit::<oware_search_result>::uninit();
                assert_eq!(
                    oware_searcher_search(searcher, game, &l, result.as_mut_ptr()),
                    R::Ok
                );
                results.push(result.assume_init());
                oware_searcher_free(searcher);
            }
            oware_game_free(game);
        }
        let unset = results[0];
        assert_eq!(unset.depth, OWARE_DEFAULT_SEARCH_DEPTH, "{ruleset:?}");
        assert!(unset.nodes <= OWARE_DEFAULT_SEARCH_NODES, "{ruleset:?}");
        assert_eq!(unset, results[1], "{ruleset:?}");
    }
}

#[test]
fn bad_sizes_and_limits_are_refused_with_the_core_s_words() {
    unsafe {
        for (entries, message) in [
            (0, "tt_entries must be 1 to 67108864, not 0"),
            (
                OWARE_SEARCHER_MAX_ENTRIES + 1,
                "tt_entries must be 1 to 67108864, not 67108865",
            ),
        ] {
            let mut searcher = null_mut();
            assert_eq!(
                oware_searcher_new(entries, &mut searcher),
                R::InvalidArgument
            );
            let refused = checked(|e, l| oware_searcher_entries_check(entries, e, l));
            assert_eq!(refused, (R::InvalidArgument, message.to_owned()));
            let core = oware::search::Searcher::try_new(entries).expect_err("refused");
            assert_eq!(core.to_string(), message);
        }
        let taken = checked(|e, l| oware_searcher_entries_check(1, e, l));
        assert_eq!(taken, (R::Ok, String::new()));
        for (depth, message) in [
            (65, "depth must be 1 to 64, not 65"),
            (256, "depth must be 1 to 64, not 256"),
            (u32::MAX, "depth must be 1 to 64, not 4294967295"),
        ] {
            let l = limits(depth, 0, 0);
            let refused = checked(|e, n| oware_search_limits_check(&l, e, n));
            assert_eq!(refused, (R::InvalidArgument, message.to_owned()));
        }
        // The core's words for its depth; zeros are no limit in C.
        let core = oware::search::SearchLimits::depth(65)
            .check()
            .expect_err("refused");
        assert_eq!(core.to_string(), "depth must be 1 to 64, not 65");
        for fine in [
            limits(0, 0, 0),
            limits(64, 0, 0),
            limits(0, 1, 0),
            limits(0, 0, 1),
        ] {
            let taken = checked(|e, n| oware_search_limits_check(&fine, e, n));
            assert_eq!(taken, (R::Ok, String::new()));
        }
        let nothing = checked(|e, n| oware_search_limits_check(null(), e, n));
        assert_eq!(nothing.0, R::NullParameter);
        // No message wanted.
        assert_eq!(
            oware_search_limits_check(&limits(65, 0, 0), null_mut(), 0),
            R::InvalidArgument
        );
        assert_eq!(
            oware_searcher_entries_check(0, null_mut(), 0),
            R::InvalidArgument
        );
    }
}

#[test]
fn searchers() {
    let mut searcher = null_mut();
    unsafe {
        assert_eq!(oware_searcher_new(1 << 16, null_mut()), R::NullParameter);
        for bad in [0, OWARE_SEARCHER_MAX_ENTRIES + 1, usize::MAX] {
            searcher = core::ptr::dangling_mut::<oware_searcher>();
            assert_eq!(oware_searcher_new(bad, &mut searcher), R::InvalidArgument);
            assert!(searcher.is_null());
        }
        assert_eq!(oware_searcher_new(1 << 16, &mut searcher), R::Ok);
        assert_eq!(oware_searcher_clear(null_mut()), R::NullParameter);
        assert_eq!(oware_searcher_clear(searcher), R::Ok);
    }
    let game = abapa();
    let depth6 = limits(6, 0, 0);
    let mut result = core::mem::MaybeUninit::<oware_search_result>::uninit();
    unsafe {
        assert_eq!(
            oware_searcher_search(searcher, game, &depth6, result.as_mut_ptr()),
            R::Ok
        );
        let first = result.assume_init();
        assert!(legal_moves(game).contains(&first.best_move));
        assert_eq!(first.depth, 6);
        assert!(first.nodes > 0);
        assert!(first.pv_len >= 1 && first.pv[0] == first.best_move);
        assert!(first.pv[first.pv_len..].iter().all(|&m| m == OWARE_NO_MOVE));
        assert_eq!(first.score.kind, oware_score_kind::Centiseeds);
        // Deterministic with a cleared table.
        assert_eq!(oware_searcher_clear(searcher), R::Ok);
        assert_eq!(
            oware_searcher_search(searcher, game, &depth6, result.as_mut_ptr()),
            R::Ok
        );
        assert_eq!(result.assume_init(), first);

        // Limits: depth too deep, NULL (none is the default: see
        // `a_search_without_a_limit_is_the_default_one`).
        for bad in [limits(65, 0, 0), limits(256, 0, 0), limits(u32::MAX, 1, 1)] {
            assert_eq!(
                oware_searcher_search(searcher, game, &bad, result.as_mut_ptr()),
                R::InvalidArgument
            );
        }
        assert_eq!(
            oware_searcher_search(searcher, game, null(), result.as_mut_ptr()),
            R::NullParameter
        );
        assert_eq!(
            oware_searcher_search(null_mut(), game, &depth6, result.as_mut_ptr()),
            R::NullParameter
        );
        assert_eq!(
            oware_searcher_search(searcher, null(), &depth6, result.as_mut_ptr()),
            R::NullParameter
        );
        assert_eq!(
            oware_searcher_search(searcher, game, &depth6, null_mut()),
            R::NullParameter
        );
        // Node and time limits.
        assert_eq!(
            oware_searcher_search(searcher, game, &limits(0, 5000, 0), result.as_mut_ptr()),
            R::Ok
        );
        assert_eq!(
            oware_searcher_search(searcher, game, &limits(0, 0, 20), result.as_mut_ptr()),
            R::Ok
        );
        assert!(legal_moves(game).contains(&result.assume_init().best_move));

        // Analysis: every move, best first; the size is checked first.
        let mut scores = [oware_move_score {
            pit: 0,
            score: oware_score {
                kind: oware_score_kind::Centiseeds,
                centiseeds: 0,
                plies: 0,
            },
        }; OWARE_MAX_HOUSES];
        let mut n = 0;
        let depth4 = limits(4, 0, 0);
        assert_eq!(
            oware_searcher_analyse(searcher, game, &depth4, scores.as_mut_ptr(), 5, &mut n),
            R::InsufficientSize
        );
        assert_eq!(n, 6);
        assert_eq!(
            oware_searcher_analyse(searcher, game, &depth4, null_mut(), 0, &mut n),
            R::InsufficientSize
        );
        assert_eq!(
            oware_searcher_analyse(searcher, game, &depth4, null_mut(), 6, &mut n),
            R::NullParameter
        );
        assert_eq!(
            oware_searcher_analyse(searcher, game, &depth4, scores.as_mut_ptr(), 9, null_mut()),
            R::NullParameter
        );
        assert_eq!(
            oware_searcher_analyse(
                searcher,
                game,
                &limits(65, 0, 0),
                scores.as_mut_ptr(),
                9,
                &mut n
            ),
            R::InvalidArgument
        );
        assert_eq!(
            oware_searcher_analyse(searcher, game, null(), scores.as_mut_ptr(), 9, &mut n),
            R::NullParameter
        );
        assert_eq!(
            oware_searcher_analyse(null_mut(), game, &depth4, scores.as_mut_ptr(), 9, &mut n),
            R::NullParameter
        );
        assert_eq!(
            oware_searcher_analyse(searcher, null(), &depth4, scores.as_mut_ptr(), 9, &mut n),
            R::NullParameter
        );
        assert_eq!(
            oware_searcher_analyse(searcher, game, &depth4, scores.as_mut_ptr(), 9, &mut n),
            R::Ok
        );
        assert_eq!(n, 6);
        let mut pits: Vec<u8> = scores[..n].iter().map(|s| s.pit).collect();
        pits.sort_unstable();
        assert_eq!(pits, [0, 1, 2, 3, 4, 5]);
        assert!(
            scores[..n]
                .windows(2)
                .all(|w| w[0].score.centiseeds >= w[1].score.centiseeds)
        );
    }
    unsafe { oware_game_free(game) };

    // A win in so many plies: South's F makes a and b 2 each, captures
    // them and reaches 26.
    let game = make(oware_game_from_position, "0,0,0,0,0,2/1,1,1,0,0,0 s 22 21");
    unsafe {
        assert_eq!(
            oware_searcher_search(searcher, game, &limits(4, 0, 0), result.as_mut_ptr()),
            R::Ok
        );
        let r = result.assume_init();
        assert_eq!(r.score.kind, oware_score_kind::Win, "{r:?}");
        assert!(r.score.plies >= 1);
        assert_eq!(r.score.centiseeds, 0);
        let mut scores = [oware_move_score {
            pit: 0,
            score: r.score,
        }; OWARE_MAX_HOUSES];
        let mut n = 0;
        assert_eq!(
            oware_searcher_analyse(
                searcher,
                game,
                &limits(4, 0, 0),
                scores.as_mut_ptr(),
                9,
                &mut n
            ),
            R::Ok
        );
        assert_eq!(scores[0].score.kind, oware_score_kind::Win);
        oware_game_free(game);
    }
    let lost = make(oware_game_from_position, "0,0,0,0,1,0/0,0,0,0,0,3 n 20 24");
    unsafe {
        // North to move: f (3) into A, B, C; South then ... whatever it
        // finds, the score is a win, loss or estimate with a consistent kind.
        assert_eq!(
            oware_searcher_search(searcher, lost, &limits(8, 0, 0), result.as_mut_ptr()),
            R::Ok
        );
        let r = result.assume_init();
        match r.score.kind {
            oware_score_kind::Centiseeds => assert_eq!(r.score.plies, 0),
            oware_score_kind::Win | oware_score_kind::Loss => assert_eq!(r.score.centiseeds, 0),
        }
        oware_game_free(lost);
    }
    let over = make(oware_game_from_position, "0,0,0,0,0,0/0,0,0,0,0,2 s 21 25");
    unsafe {
        assert_eq!(
            oware_searcher_search(searcher, over, &depth6, result.as_mut_ptr()),
            R::GameOver
        );
        let mut n = 0;
        assert_eq!(
            oware_searcher_analyse(searcher, over, &depth6, null_mut(), 0, &mut n),
            R::GameOver
        );
        oware_game_free(over);
        oware_searcher_free(searcher);
        oware_searcher_free(null_mut());
    }
}

#[test]
fn score_conversion() {
    use oware::search::Score;
    let win: oware_score = Score::win_in(7).into();
    assert_eq!(
        win,
        oware_score {
            kind: oware_score_kind::Win,
            centiseeds: 0,
            plies: 7
        }
    );
    let loss: oware_score = Score::loss_in(4).into();
    assert_eq!(
        loss,
        oware_score {
            kind: oware_score_kind::Loss,
            centiseeds: 0,
            plies: 4
        }
    );
    let even: oware_score = Score::from_centiseeds(-350).into();
    assert_eq!(
        even,
        oware_score {
            kind: oware_score_kind::Centiseeds,
            centiseeds: -350,
            plies: 0
        }
    );
}

#[test]
fn players() {
    let mut player = null_mut();
    unsafe {
        for bad in [0, 6, 256 + 3, u32::MAX] {
            player = core::ptr::dangling_mut::<oware_player>();
            assert_eq!(
                oware_player_new(bad, 1, false, &mut player),
                R::InvalidArgument
            );
            assert!(player.is_null());
        }
        assert_eq!(oware_player_new(3, 1, false, null_mut()), R::NullParameter);
    }
    let game = abapa();
    let mut m = 0;
    for level in 1..=5 {
        unsafe {
            assert_eq!(oware_player_new(level, 7, true, &mut player), R::Ok);
            assert_eq!(oware_player_choose(player, game, &mut m), R::Ok);
            assert!(legal_moves(game).contains(&m), "level {level}");
            // Reproducible: the same seed gives the same move.
            let mut again = null_mut();
            assert_eq!(oware_player_new(level, 7, true, &mut again), R::Ok);
            let mut m2 = 0;
            assert_eq!(oware_player_choose(again, game, &mut m2), R::Ok);
            assert_eq!(m, m2);
            oware_player_free(again);
            oware_player_free(player);
        }
    }
    unsafe {
        // A level-5 player with a 150 ms budget on two threads keeps to it.
        assert_eq!(oware_player_new(5, 7, false, &mut player), R::Ok);
        for bad in [0, 86_400_001, u64::MAX] {
            assert_eq!(
                oware_player_set_time_budget(player, bad),
                R::InvalidArgument
            );
            // Why, in the core's words (`Player::check_limits`).
            let mut err = [0 as core::ffi::c_char; 64];
            assert_eq!(
                oware_player_time_budget_check(bad, err.as_mut_ptr(), err.len()),
                R::InvalidArgument
            );
            let why = core::ffi::CStr::from_ptr(err.as_ptr()).to_str().unwrap();
            assert_eq!(why, format!("time_ms must be 1 to 86400000, not {bad}"));
        }
        assert_eq!(
            oware_player_time_budget_check(86_400_000, null_mut(), 0),
            R::Ok
        );
        for bad in [0, 65, u32::MAX] {
            assert_eq!(oware_player_set_threads(player, bad), R::InvalidArgument);
        }
        assert_eq!(
            oware_player_set_time_budget(null_mut(), 100),
            R::NullParameter
        );
        assert_eq!(oware_player_set_threads(null_mut(), 1), R::NullParameter);
        assert_eq!(oware_player_set_time_budget(player, 150), R::Ok);
        assert_eq!(oware_player_set_threads(player, 2), R::Ok);
        // Without its book, which answers the start at once.
        assert_eq!(oware_player_set_book(null_mut(), false), R::NullParameter);
        assert_eq!(
            oware_player_set_auto_endgame(null_mut(), false),
            R::NullParameter
        );
        assert_eq!(oware_player_set_book(player, false), R::Ok);
        assert_eq!(oware_player_set_auto_endgame(player, false), R::Ok);
        let start = std::time::Instant::now();
        assert_eq!(oware_player_choose(player, game, &mut m), R::Ok);
        let took = start.elapsed().as_millis();
        assert!(took <= 150 + 250, "{took} ms for a 150 ms budget");
        assert!(legal_moves(game).contains(&m));
        oware_player_free(player);
        assert_eq!(oware_player_new(2, 7, false, &mut player), R::Ok);
        assert_eq!(
            oware_player_choose(player, game, null_mut()),
            R::NullParameter
        );
        assert_eq!(
            oware_player_choose(null_mut(), game, &mut m),
            R::NullParameter
        );
        assert_eq!(
            oware_player_choose(player, null(), &mut m),
            R::NullParameter
        );
        let over = make(oware_game_from_position, "0,0,0,0,0,0/0,0,0,0,0,2 s 21 25");
        assert_eq!(oware_player_choose(player, over, &mut m), R::GameOver);
        oware_game_free(over);
        oware_player_free(player);
        oware_player_free(null_mut());
        oware_game_free(game);
    }
}

#[test]
fn whole_games_between_players_end() {
    for ruleset in [
        "abapa",
        "openspiel",
        "awale",
        "kalah",
        "kalah-irving",
        "congkak",
    ] {
        let game = make(oware_game_new, ruleset);
        let (mut south, mut north) = (null_mut(), null_mut());
        unsafe {
            assert_eq!(oware_player_new(1, 3, true, &mut south), R::Ok);
            assert_eq!(oware_player_new(2, 4, true, &mut north), R::Ok);
            let mut m = 0;
            let mut side = oware_side::South;
            while outcome(game).termination == oware_termination::None {
                assert_eq!(oware_game_turn(game, &mut side), R::Ok);
                let player = if side == oware_side::South {
                    south
                } else {
                    north
                };
                assert_eq!(oware_player_choose(player, game, &mut m), R::Ok);
                play(game, m);
            }
            let o = outcome(game);
            assert_ne!(o.winner, oware_winner::None, "{ruleset}");
            // The record replays to the same game.
            let record = text_of(|b, l, n| oware_game_record_to_str(game, b, l, n));
            let copy = make(oware_game_from_record, &record);
            assert_eq!(outcome(copy), o);
            assert_eq!(oware_game_ply(copy), oware_game_ply(game));
            oware_game_free(copy);
            oware_player_free(south);
            oware_player_free(north);
            oware_game_free(game);
        }
    }
}

#[test]
fn handles_may_move_between_threads_and_games_be_read_from_several() {
    fn send<T: Send>() {}
    fn sync<T: Sync>() {}
    send::<oware_game>();
    sync::<oware_game>();
    send::<oware_searcher>();
    send::<oware_player>();
    // Two searchers read one game at once while this thread reads it too.
    let game = abapa();
    let address = game as usize;
    let best: Vec<u8> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(move || {
                    let game = address as *const oware_game;
                    let mut searcher = null_mut();
                    let mut result = core::mem::MaybeUninit::<oware_search_result>::uninit();
                    unsafe {
                        assert_eq!(oware_searcher_new(1 << 12, &mut searcher), R::Ok);
                        let depth = limits(7, 0, 0);
                        let code =
                            oware_searcher_search(searcher, game, &depth, result.as_mut_ptr());
                        assert_eq!(code, R::Ok);
                        oware_searcher_free(searcher);
                        result.assume_init().best_move
                    }
                })
            })
            .collect();
        for _ in 0..100 {
            assert_eq!(legal_moves(game), [0, 1, 2, 3, 4, 5]);
        }
        workers
            .into_iter()
            .map(|w| w.join().expect("no panic"))
            .collect()
    });
    assert_eq!(best[0], best[1], "depth-limited searches agree");
    unsafe { oware_game_free(game) };
}

/// The endgame databases: `oware_endgame_*` and `oware_player_set_endgame`.
mod endgame {
    use core::mem::MaybeUninit;
    use std::path::{Path, PathBuf};

    use oware::endgame::{Convention, Database};
    use oware::search::Rng;
    use oware::{Game, Position, Ruleset};

    use super::*;

    const EVEN: u32 = oware_convention::EvenSplit as u32;
    const OWN: u32 = oware_convention::EachTakesOwn as u32;

    /// South's F (1 seed) makes North's a 2: captured; North's last seed
    /// (b) cannot feed South, so North takes it (R8): 2 - 1 for South.
    const F_WINS: &str = "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21";

    fn build(ruleset: &str, convention: u32, max_seeds: u32) -> *mut oware_endgame_database {
        let mut endgame = null_mut();
        let text = c(ruleset);
        let code = unsafe {
            oware_endgame_build(
                text.as_ptr(),
                convention,
                max_seeds,
                &mut endgame,
                null_mut(),
                0,
            )
        };
        assert_eq!(code, R::Ok, "{ruleset} to {max_seeds}");
        assert!(!endgame.is_null());
        endgame
    }

    fn max_seeds(endgame: *const oware_endgame_database) -> u8 {
        let mut n = 0;
        assert_eq!(unsafe { oware_endgame_max_seeds(endgame, &mut n) }, R::Ok);
        n
    }

    /// The probe of the game's position, with a buffer that fits.
    fn probe(
        endgame: *const oware_endgame_database,
        game: *const oware_game,
    ) -> Result<(oware_probe_result, Vec<u8>), oware_result> {
        let mut out = MaybeUninit::<oware_probe_result>::uninit();
        let mut moves = [OWARE_NO_MOVE; OWARE_MAX_HOUSES];
        let mut n = usize::MAX;
        let code = unsafe {
            oware_endgame_probe(
                endgame,
                game,
                out.as_mut_ptr(),
                moves.as_mut_ptr(),
                moves.len(),
                &mut n,
            )
        };
        if code != R::Ok {
            return Err(code);
        }
        let out = unsafe { out.assume_init() };
        assert_eq!(out.best_moves_len, n);
        Ok((out, moves[..n].to_vec()))
    }

    /// A path as the bytes C would pass.
    fn c_path(path: &Path) -> CString {
        CString::new(path.as_os_str().as_encoded_bytes()).expect("no NUL in a path")
    }

    /// What `oware_endgame_build` says of its arguments.
    fn build_err(ruleset: &str, convention: u32, max_seeds: u32) -> (oware_result, String) {
        let ruleset = c(ruleset);
        let mut endgame = null_mut();
        detail(|e, l| unsafe {
            oware_endgame_build(ruleset.as_ptr(), convention, max_seeds, &mut endgame, e, l)
        })
    }

    /// What `oware_endgame_load` says of the file `path`.
    fn load_err(path: &Path, len: usize) -> (oware_result, String) {
        let mut endgame = null_mut();
        let path = c_path(path);
        with_err(len, |e, l| unsafe {
            oware_endgame_load(path.as_ptr(), &mut endgame, e, l)
        })
    }

    #[test]
    fn loading_building_and_saving_write_why_they_failed() {
        let unsupported = "endgame databases need an Oware ruleset in which a side never passes without a capture";
        assert_eq!(
            build_err("kalah", EVEN, 2),
            (R::EndgameUnsupported, unsupported.to_owned())
        );
        let (code, message) = build_err("chess", EVEN, 2);
        assert_eq!(code, R::ParseError);
        assert!(
            message.starts_with("invalid ruleset text: unknown preset"),
            "{message}"
        );
        let out_of_range = "an argument is out of range".to_owned();
        assert_eq!(
            build_err("abapa", 7, 2),
            (R::InvalidArgument, out_of_range.clone())
        );
        assert_eq!(
            build_err("abapa", EVEN, 49),
            (R::InvalidArgument, out_of_range)
        );
        let dir = TempDir::new("messages");
        let missing = dir.join("missing.owdb");
        let no_file = "cannot read the database: No such file or directory (os error 2)";
        let expected = format!("{}: {no_file}", missing.display());
        assert_eq!(
            load_err(&missing, OWARE_ERROR_SIZE),
            (R::EndgameIo, expected)
        );
        // A cut never splits a UTF-8 character ("é" is 2 bytes).
        let accented = dir.join("é.owdb");
        let before = accented.display().to_string().len() - "é.owdb".len();
        let cut = dir.join("");
        assert_eq!(load_err(&accented, before + 2).1, cut.display().to_string());
        std::fs::write(dir.join("even-00.owdb"), [b'x'; 64]).expect("writing a file");
        let not_a_database = "not an oware endgame database (bad magic bytes)";
        let expected = format!("{}: {not_a_database}", dir.join("even-00.owdb").display());
        assert_eq!(
            load_err(&dir.join("even-00.owdb"), OWARE_ERROR_SIZE),
            (R::EndgameNotADatabase, expected.clone())
        );
        let (abapa, path) = (c("abapa"), dir.c());
        let mut endgame = null_mut();
        let load_dir = |endgame: &mut *mut oware_endgame_database, convention| {
            detail(|e, l| unsafe {
                oware_endgame_load_dir(path.as_ptr(), abapa.as_ptr(), convention, endgame, e, l)
            })
        };
        assert_eq!(
            load_dir(&mut endgame, EVEN),
            (R::EndgameNotADatabase, expected)
        );
        // No layer of 0 seeds under this convention: an empty database, which has nothing to save.
        assert_eq!(load_dir(&mut endgame, OWN), (R::Ok, String::new()));
        let save = |endgame, path: &Path| {
            let path = c_path(path);
            detail(|e, l| unsafe { oware_endgame_save(endgame, path.as_ptr(), e, l) })
        };
        let nothing = "the database holds no layer: nothing to save".to_owned();
        assert_eq!(
            save(endgame, &dir.join("x.owdb")),
            (R::InvalidArgument, nothing)
        );
        unsafe { oware_endgame_free(endgame) };
        let endgame = build("abapa", EVEN, 2);
        let nowhere = dir.join("no/such/dir/x.owdb");
        let expected = format!(
            "{}: No such file or directory (os error 2)",
            nowhere.display()
        );
        assert_eq!(save(endgame, &nowhere), (R::EndgameIo, expected));
        assert_eq!(save(endgame, &dir.join("x.owdb")), (R::Ok, String::new()));
        unsafe { oware_endgame_free(endgame) };
    }

    /// `oware_endgame_load_dir`: the handle, or the code (with `*out`
    /// cleared).
    fn load_dir(
        dir: &CStr,
        ruleset: &CStr,
        convention: u32,
    ) -> Result<*mut oware_endgame_database, oware_result> {
        let mut endgame = core::ptr::dangling_mut::<oware_endgame_database>();
        let code = unsafe {
            oware_endgame_load_dir(
                dir.as_ptr(),
                ruleset.as_ptr(),
                convention,
                &mut endgame,
                null_mut(),
                0,
            )
        };
        if code == R::Ok {
            assert!(!endgame.is_null());
            Ok(endgame)
        } else {
            assert!(endgame.is_null(), "{code:?} clears *out");
            Err(code)
        }
    }

    /// `oware_endgame_load`: the handle, or the code (with `*out` cleared).
    fn load(path: &CStr) -> Result<*mut oware_endgame_database, oware_result> {
        let mut endgame = core::ptr::dangling_mut::<oware_endgame_database>();
        let code = unsafe { oware_endgame_load(path.as_ptr(), &mut endgame, null_mut(), 0) };
        if code == R::Ok {
            assert!(!endgame.is_null());
            Ok(endgame)
        } else {
            assert!(endgame.is_null(), "{code:?} clears *out");
            Err(code)
        }
    }

    /// A directory of its own under the system's temporary directory,
    /// removed when dropped.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> TempDir {
            let path = std::env::temp_dir()
                .join(format!("oware-ffi-endgame-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&path);
            std::fs::create_dir_all(&path).expect("creating a temporary directory");
            TempDir(path)
        }

        fn join(&self, name: &str) -> PathBuf {
            self.0.join(name)
        }

        fn c(&self) -> CString {
            c_path(&self.0)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// The bytes of layers `seeds` of `db`, as one file.
    fn layer_bytes(db: &Database, seeds: core::ops::RangeInclusive<u8>) -> Vec<u8> {
        let mut bytes = Vec::new();
        db.write_layers(seeds, &mut bytes)
            .expect("writing to memory");
        bytes
    }

    /// Writes each layer of `db` to its own file in `dir`, as the
    /// `endgame` example does.
    fn write_layer_files(db: &Database, dir: &TempDir) {
        for k in 0..=db.max_seeds().expect("layers") {
            let name = Database::layer_file_name(db.convention(), k);
            std::fs::write(dir.join(&name), layer_bytes(db, k..=k)).expect("writing a layer");
        }
    }

    /// Abapa positions with up to 6 seeds on the board and stores near
    /// half, either side to move (a few of them over).
    fn small_positions(count: usize, seed: u64) -> Vec<String> {
        let mut rng = Rng::new(seed);
        (0..count)
            .map(|_| {
                let k = rng.below(7);
                let mut houses = [0u8; 12];
                for _ in 0..k {
                    houses[rng.below(12)] += 1;
                }
                let south = (48 - k) / 2 - rng.below(2);
                let north = 48 - k - south;
                let row = |h: &[u8]| h.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
                let turn = if rng.below(2) == 0 { 's' } else { 'n' };
                format!(
                    "{}/{} {turn} {south} {north}",
                    row(&houses[..6]),
                    row(&houses[6..])
                )
            })
            .collect()
    }

    /// Every probe through the C ABI agrees with the core's, in both
    /// conventions, and the fields say what the core says.
    #[test]
    fn probes_are_the_core_probes() {
        for (convention, ours) in [
            (Convention::EvenSplit, EVEN),
            (Convention::EachTakesOwn, OWN),
        ] {
            let core = Database::build(&Ruleset::abapa(), convention, 6).expect("building");
            let endgame = build("abapa", ours, 6);
            assert_eq!(max_seeds(endgame), 6);
            let (mut inexact, mut over, mut long) = (0, 0, 0);
            for text in small_positions(3000, ours.into()) {
                let pos: Position = text.parse().expect(&text);
                let g = Game::from_position(pos);
                let game = make(oware_game_from_position, &text);
                let found = probe(endgame, game);
                unsafe { oware_game_free(game) };
                if g.is_game_over() {
                    assert_eq!(found, Err(R::GameOver), "{text}");
                    over += 1;
                    continue;
                }
                let expected = core.probe(&pos).expect(&text);
                let (summary, moves) = found.expect(&text);
                assert_eq!(summary.lower, expected.value.lower, "{text}");
                assert_eq!(summary.upper, expected.value.upper, "{text}");
                assert_eq!(summary.exact, expected.value.exact().is_some(), "{text}");
                assert_eq!(summary.seeds, expected.seeds, "{text}");
                assert_eq!(summary.plies, expected.plies.unwrap_or(0), "{text}");
                assert_eq!(summary.safe, expected.safe_in(&g), "{text}");
                let core_moves: Vec<u8> = expected
                    .best_moves
                    .iter()
                    .map(|m| m.to_index(6) as u8)
                    .collect();
                assert_eq!(moves, core_moves, "{text}");
                assert!(
                    !moves.is_empty(),
                    "{text}: a best move while the game goes on"
                );
                let legal: Vec<u8> = g
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_index(6) as u8)
                    .collect();
                assert!(moves.iter().all(|m| legal.contains(m)), "{text}");
                inexact += usize::from(!summary.exact);
                long += usize::from(summary.plies >= 2);
            }
            assert!(
                over > 0 && long > 0,
                "{convention:?}: {over} over, {long} long"
            );
            match convention {
                Convention::EvenSplit => assert_eq!(inexact, 0),
                _ => assert!(inexact > 0, "some Abapa values depend on cycles"),
            }
            unsafe { oware_endgame_free(endgame) };
        }
    }

    #[test]
    fn the_hand_worked_position() {
        let endgame = build("abapa", OWN, 6);
        let game = make(oware_game_from_position, F_WINS);
        let (summary, moves) = probe(endgame, game).expect("probe");
        assert_eq!((summary.lower, summary.upper, summary.exact), (1, 1, true));
        assert_eq!((summary.seeds, summary.safe), (3, true));
        assert_eq!(moves[0], 5, "F");
        // North to move in the mirror image: f, pit 11.
        let mirror = make(oware_game_from_position, "1,1,0,0,0,0/0,0,0,0,0,1 n 21 24");
        let (summary, moves) = probe(endgame, mirror).expect("probe");
        assert_eq!((summary.lower, summary.exact), (1, true));
        assert_eq!(moves[0], 11, "f");
        unsafe {
            oware_game_free(mirror);
            oware_game_free(game);
            oware_endgame_free(endgame);
        }
    }

    #[test]
    fn probe_errors_and_buffers() {
        let endgame = build("abapa", EVEN, 4);
        let game = make(oware_game_from_position, F_WINS);
        let mut out = MaybeUninit::<oware_probe_result>::uninit();
        let mut moves = [0u8; OWARE_MAX_HOUSES];
        let mut n = 0;
        unsafe {
            // The buffer protocol; the summary is written with a short buffer too.
            let p = out.as_mut_ptr();
            check_list_protocol(|b, l, n| oware_endgame_probe(endgame, game, p, b, l, n), 0);
            let code = oware_endgame_probe(endgame, game, out.as_mut_ptr(), null_mut(), 0, &mut n);
            assert_eq!((code, n), (R::InsufficientSize, 1));
            let summary = out.assume_init();
            assert_eq!((summary.lower, summary.best_moves_len), (1, 1));
            // NULL arguments.
            let m = moves.as_mut_ptr();
            assert_eq!(
                oware_endgame_probe(null(), game, p, m, 9, &mut n),
                R::NullParameter
            );
            assert_eq!(
                oware_endgame_probe(endgame, null(), p, m, 9, &mut n),
                R::NullParameter
            );
            assert_eq!(
                oware_endgame_probe(endgame, game, null_mut(), m, 9, &mut n),
                R::NullParameter
            );
            assert_eq!(
                oware_endgame_probe(endgame, game, p, m, 9, null_mut()),
                R::NullParameter
            );
            assert_eq!(
                oware_endgame_probe(endgame, game, p, null_mut(), 9, &mut n),
                R::NullParameter
            );
        }
        // Too many seeds: 5 on the board, the database holds 4.
        let five = make(oware_game_from_position, "0,0,0,0,1,1/1,1,1,0,0,0 s 22 21");
        assert_eq!(probe(endgame, five), Err(R::EndgameTooManySeeds));
        let start = abapa();
        assert_eq!(probe(endgame, start), Err(R::EndgameTooManySeeds));
        // Another family, or other Oware capture rules.
        let kalah = make(
            oware_game_from_position,
            "0,0,0,0,0,1/1,0,0,0,0,0 s 34 36 kalah(6,6)",
        );
        assert_eq!(probe(endgame, kalah), Err(R::EndgameWrongRuleset));
        let grand_slam = make(
            oware_game_from_position,
            "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21 abapa(grand_slam=capture-all)",
        );
        assert_eq!(probe(endgame, grand_slam), Err(R::EndgameWrongRuleset));
        // The same moves under other cycle rules: the same database.
        let cycles = make(
            oware_game_from_position,
            "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21 abapa(repetitions=2)",
        );
        assert_eq!(
            probe(endgame, cycles).map(|(s, m)| (s.lower, m)),
            Ok((1, vec![5]))
        );
        // Game over: by a majority, and once a move has ended the game.
        let over = make(oware_game_from_position, "0,0,0,0,0,0/0,0,0,0,0,2 s 21 25");
        assert_eq!(probe(endgame, over), Err(R::GameOver));
        play(game, 5);
        assert_ne!(outcome(game).termination, oware_termination::None);
        assert_eq!(probe(endgame, game), Err(R::GameOver));
        unsafe {
            for g in [five, start, kalah, grand_slam, cycles, over, game] {
                oware_game_free(g);
            }
            oware_endgame_free(endgame);
        }
    }

    /// A line longer than a game's no-capture limit is not safe in it.
    #[test]
    fn history_rules_can_make_a_value_unsafe() {
        let endgame = build("abapa", OWN, 6);
        let mut found = 0;
        for text in small_positions(400, 11) {
            let game = make(oware_game_from_position, &text);
            let Ok((summary, _)) = probe(endgame, game) else {
                unsafe { oware_game_free(game) };
                continue;
            };
            assert!(
                summary.safe,
                "{text}: a fresh Abapa game cuts no short line"
            );
            if summary.plies >= 2 && summary.plies != u16::MAX {
                let cut = make(
                    oware_game_from_position,
                    &format!("{text} abapa(no_capture=1)"),
                );
                let (short, _) = probe(endgame, cut).expect("the same database");
                assert!(!short.safe, "{text}: {} plies, 1 allowed", summary.plies);
                assert_eq!((short.lower, short.plies), (summary.lower, summary.plies));
                unsafe { oware_game_free(cut) };
                found += 1;
            }
            unsafe { oware_game_free(game) };
        }
        assert!(found > 0);
        unsafe { oware_endgame_free(endgame) };
    }

    #[test]
    fn building_checks_every_argument() {
        let abapa = c("abapa");
        let mut endgame = null_mut();
        let mut check =
            |ruleset: *const c_char, convention: u32, max: u32, expected: oware_result| {
                endgame = core::ptr::dangling_mut();
                let code = unsafe {
                    oware_endgame_build(ruleset, convention, max, &mut endgame, null_mut(), 0)
                };
                assert_eq!(code, expected, "convention {convention}, max {max}");
                assert!(endgame.is_null(), "*out is cleared");
            };
        check(null(), EVEN, 3, R::NullParameter);
        let not_utf8 = [0xff_u8, 0xfe, b'a', 0];
        check(not_utf8.as_ptr().cast(), EVEN, 3, R::ParseError);
        check(c("chess").as_ptr(), EVEN, 3, R::ParseError);
        check(abapa.as_ptr(), 2, 3, R::InvalidArgument);
        check(abapa.as_ptr(), u32::MAX, 3, R::InvalidArgument);
        // Beyond the ruleset's 48 seeds, or a layer of 2^31 positions.
        for max in [49, 255, 256, u32::MAX, 40] {
            check(abapa.as_ptr(), OWN, max, R::InvalidArgument);
        }
        for ruleset in ["kalah", "congkak", "kalah-irving"] {
            check(c(ruleset).as_ptr(), EVEN, 2, R::EndgameUnsupported);
        }
        assert_eq!(
            unsafe { oware_endgame_build(abapa.as_ptr(), EVEN, 2, null_mut(), null_mut(), 0) },
            R::NullParameter
        );
        // The smallest database: no seeds on the board.
        let empty = build("ABAPA", EVEN, 0);
        assert_eq!(max_seeds(empty), 0);
        let text = text_of(|b, l, n| unsafe { oware_endgame_ruleset_to_str(empty, b, l, n) });
        assert_eq!(text, "abapa");
        check_str_protocol(|b, l, n| unsafe { oware_endgame_ruleset_to_str(empty, b, l, n) });
        let mut convention = oware_convention::EachTakesOwn;
        unsafe {
            assert_eq!(oware_endgame_convention(empty, &mut convention), R::Ok);
            assert_eq!(convention, oware_convention::EvenSplit);
            oware_endgame_free(empty);
        }
        let other = build("openspiel", OWN, 2);
        let text = text_of(|b, l, n| unsafe { oware_endgame_ruleset_to_str(other, b, l, n) });
        assert_eq!(text, "openspiel");
        unsafe {
            assert_eq!(oware_endgame_convention(other, &mut convention), R::Ok);
            assert_eq!(convention, oware_convention::EachTakesOwn);
            oware_endgame_free(other);
            oware_endgame_free(null_mut());
        }
    }

    #[test]
    fn null_endgame_handles_give_null_parameter() {
        let mut n = 0u8;
        let mut size = 0;
        let mut text = [0 as c_char; 16];
        let mut convention = oware_convention::EvenSplit;
        let path = c("/dev/null/x.owdb");
        let endgame = build("abapa", EVEN, 1);
        unsafe {
            assert_eq!(oware_endgame_max_seeds(null(), &mut n), R::NullParameter);
            assert_eq!(
                oware_endgame_max_seeds(endgame, null_mut()),
                R::NullParameter
            );
            assert_eq!(
                oware_endgame_convention(null(), &mut convention),
                R::NullParameter
            );
            assert_eq!(
                oware_endgame_convention(endgame, null_mut()),
                R::NullParameter
            );
            assert_eq!(
                oware_endgame_ruleset_to_str(null(), text.as_mut_ptr(), 16, &mut size),
                R::NullParameter
            );
            assert_eq!(
                oware_endgame_save(null(), path.as_ptr(), null_mut(), 0),
                R::NullParameter
            );
            assert_eq!(
                oware_endgame_save(endgame, null(), null_mut(), 0),
                R::NullParameter
            );
            assert_eq!(
                oware_endgame_load(null(), &mut null_mut(), null_mut(), 0),
                R::NullParameter
            );
            assert_eq!(
                oware_endgame_load(path.as_ptr(), null_mut(), null_mut(), 0),
                R::NullParameter
            );
            assert_eq!(
                oware_player_set_endgame(null_mut(), endgame),
                R::NullParameter
            );
            let mut player = null_mut();
            assert_eq!(oware_player_new(5, 1, true, &mut player), R::Ok);
            assert_eq!(oware_player_set_endgame(player, null()), R::NullParameter);
            oware_player_free(player);
            oware_endgame_free(endgame);
        }
        let dir = c("/dev/null/missing");
        let abapa = c("abapa");
        assert_eq!(
            load_dir(&dir, &abapa, EVEN),
            Err(R::EndgameIo),
            "a missing directory"
        );
        let mut out = core::ptr::dangling_mut::<oware_endgame_database>();
        unsafe {
            assert_eq!(
                oware_endgame_load_dir(null(), abapa.as_ptr(), EVEN, &mut out, null_mut(), 0),
                R::NullParameter
            );
            assert!(out.is_null());
            out = core::ptr::dangling_mut();
            assert_eq!(
                oware_endgame_load_dir(dir.as_ptr(), null(), EVEN, &mut out, null_mut(), 0),
                R::NullParameter
            );
            assert!(out.is_null());
            assert_eq!(
                oware_endgame_load_dir(
                    dir.as_ptr(),
                    abapa.as_ptr(),
                    EVEN,
                    null_mut(),
                    null_mut(),
                    0
                ),
                R::NullParameter
            );
        }
    }

    #[test]
    fn load_dir_reads_layer_files_and_refuses_bad_ones() {
        let core = Database::build(&Ruleset::abapa(), Convention::EvenSplit, 6).expect("building");
        let own =
            Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 6).expect("building");
        let dir = TempDir::new("dir");
        write_layer_files(&core, &dir);
        let abapa = c("abapa");
        let endgame = load_dir(&dir.c(), &abapa, EVEN).expect("loads");
        assert_eq!(max_seeds(endgame), 6);
        let game = make(oware_game_from_position, F_WINS);
        assert_eq!(
            probe(endgame, game).map(|(s, m)| (s.lower, m[0])),
            Ok((1, 5))
        );
        unsafe { oware_endgame_free(endgame) };

        // No layer files of that convention: an empty database, in which
        // nothing can be probed; no directory: an error.
        let empty = load_dir(&dir.c(), &abapa, OWN).expect("empty");
        assert_eq!(max_seeds(empty), OWARE_ENDGAME_NO_LAYERS);
        assert_eq!(probe(empty, game), Err(R::EndgameTooManySeeds));
        unsafe { oware_endgame_free(empty) };
        let missing = c_path(&dir.join("missing"));
        assert_eq!(load_dir(&missing, &abapa, EVEN), Err(R::EndgameIo));
        // A path is bytes on Unix: one that is not UTF-8 is looked for too.
        #[cfg(unix)]
        {
            let mut bytes = dir.c().into_bytes();
            bytes.extend_from_slice(b"/\xff\xfe");
            use std::os::unix::ffi::OsStrExt;
            std::fs::create_dir(std::ffi::OsStr::from_bytes(&bytes)).unwrap();
            let odd = CString::new(bytes).unwrap();
            let empty = load_dir(&odd, &abapa, EVEN).expect("empty");
            assert_eq!(max_seeds(empty), OWARE_ENDGAME_NO_LAYERS);
            unsafe { oware_endgame_free(empty) };
        }
        // The layers stop at the first file missing.
        std::fs::remove_file(dir.join("even-04.owdb")).unwrap();
        let three = load_dir(&dir.c(), &abapa, EVEN).expect("loads");
        assert_eq!(max_seeds(three), 3);
        unsafe { oware_endgame_free(three) };
        write_layer_files(&core, &dir);

        // Bad arguments.
        let not_utf8 = CString::new(vec![0xff_u8, b'a']).unwrap();
        assert_eq!(load_dir(&dir.c(), &not_utf8, EVEN), Err(R::ParseError));
        assert_eq!(load_dir(&dir.c(), &c("abapa("), EVEN), Err(R::ParseError));
        assert_eq!(load_dir(&dir.c(), &abapa, 2), Err(R::InvalidArgument));
        assert_eq!(
            load_dir(&dir.c(), &c("kalah"), EVEN),
            Err(R::EndgameUnsupported)
        );

        // A bad layer file is an error, not the end of the database.
        let layer3 = dir.join("even-03.owdb");
        let good = layer_bytes(&core, 3..=3);
        let mut flipped = good.clone();
        flipped[30] ^= 0x10;
        let mut version = good.clone();
        version[8] = 9;
        let mut convention = good.clone();
        convention[10] = 7;
        let cases: [(Vec<u8>, oware_result); 6] = [
            (flipped, R::EndgameChecksum),
            (good[..good.len() - 1].to_vec(), R::EndgameTruncated),
            (
                b"this is not an endgame database".to_vec(),
                R::EndgameNotADatabase,
            ),
            (version, R::EndgameVersion),
            (convention, R::EndgameCorrupt),
            (layer_bytes(&own, 3..=3), R::EndgameMismatch),
        ];
        for (bytes, expected) in cases {
            std::fs::write(&layer3, bytes).unwrap();
            assert_eq!(load_dir(&dir.c(), &abapa, EVEN), Err(expected));
        }
        // Layers that do not follow: layer 4 in the file of layer 3.
        std::fs::write(&layer3, layer_bytes(&core, 4..=4)).unwrap();
        assert_eq!(load_dir(&dir.c(), &abapa, EVEN), Err(R::EndgameMismatch));
        // A file that cannot be read: a directory in its place.
        std::fs::remove_file(&layer3).unwrap();
        std::fs::create_dir(&layer3).unwrap();
        assert_eq!(load_dir(&dir.c(), &abapa, EVEN), Err(R::EndgameIo));
        // Another ruleset's files under this one's names (Awale forbids
        // grand slams: other values).
        assert_eq!(
            load_dir(&dir.c(), &c("awale"), EVEN),
            Err(R::EndgameMismatch)
        );
        unsafe { oware_game_free(game) };
    }

    #[test]
    fn save_and_load_one_file() {
        let dir = TempDir::new("file");
        let built = build("abapa", OWN, 5);
        let path = c_path(&dir.join("abapa-own.owdb"));
        assert_eq!(
            unsafe { oware_endgame_save(built, path.as_ptr(), null_mut(), 0) },
            R::Ok
        );
        let loaded = load(&path).expect("loads");
        assert_eq!(max_seeds(loaded), 5);
        let mut convention = oware_convention::EvenSplit;
        assert_eq!(
            unsafe { oware_endgame_convention(loaded, &mut convention) },
            R::Ok
        );
        assert_eq!(convention, oware_convention::EachTakesOwn);
        for text in small_positions(300, 5) {
            let game = make(oware_game_from_position, &text);
            assert_eq!(probe(built, game), probe(loaded, game), "{text}");
            unsafe { oware_game_free(game) };
        }
        // A saved file named as layer 0 is a directory of layers too.
        std::fs::rename(dir.join("abapa-own.owdb"), dir.join("own-00.owdb")).unwrap();
        let from_dir = load_dir(&dir.c(), &c("abapa"), OWN).expect("loads");
        assert_eq!(max_seeds(from_dir), 5);

        // Files refused.
        let core = Database::build(&Ruleset::abapa(), Convention::EvenSplit, 4).unwrap();
        let bad = dir.join("bad.owdb");
        let c_bad = c_path(&bad);
        let whole = layer_bytes(&core, 0..=4);
        let mut flipped = whole.clone();
        flipped[40] ^= 1;
        let cases: [(Vec<u8>, oware_result); 5] = [
            (flipped, R::EndgameChecksum),
            (whole[..20].to_vec(), R::EndgameTruncated),
            (vec![0; 64], R::EndgameNotADatabase),
            (layer_bytes(&core, 2..=4), R::EndgameMismatch),
            ([whole.as_slice(), b"more"].concat(), R::EndgameCorrupt),
        ];
        for (bytes, expected) in cases {
            std::fs::write(&bad, bytes).unwrap();
            assert_eq!(load(&c_bad), Err(expected));
        }
        assert_eq!(load(&c_path(&dir.join("missing.owdb"))), Err(R::EndgameIo));
        assert_eq!(load(&dir.c()), Err(R::EndgameIo), "a directory");
        #[cfg(unix)]
        {
            let odd = CString::new(b"/nonexistent/\xff.owdb".to_vec()).unwrap();
            assert_eq!(load(&odd), Err(R::EndgameIo));
        }

        // Saving: nowhere to write, or nothing to write.
        let nowhere = c_path(&dir.join("missing").join("x.owdb"));
        assert_eq!(
            unsafe { oware_endgame_save(built, nowhere.as_ptr(), null_mut(), 0) },
            R::EndgameIo
        );
        std::fs::create_dir(dir.join("no-layers")).unwrap();
        let empty = load_dir(&c_path(&dir.join("no-layers")), &c("abapa"), EVEN).unwrap();
        let untouched = c_path(&dir.join("empty.owdb"));
        assert_eq!(
            unsafe { oware_endgame_save(empty, untouched.as_ptr(), null_mut(), 0) },
            R::InvalidArgument
        );
        assert!(!dir.join("empty.owdb").exists(), "no file touched");
        unsafe {
            for e in [built, loaded, from_dir, empty] {
                oware_endgame_free(e);
            }
        }
    }

    #[test]
    fn level_5_plays_the_database_move() {
        let endgame = build("abapa", OWN, 6);
        let game = make(oware_game_from_position, F_WINS);
        let mut player = null_mut();
        let mut m = OWARE_NO_MOVE;
        unsafe {
            assert_eq!(oware_player_new(5, 1, true, &mut player), R::Ok);
            assert_eq!(oware_player_set_endgame(player, endgame), R::Ok);
            // The player holds the database: the handle may go first.
            oware_endgame_free(endgame);
            assert_eq!(oware_player_choose(player, game, &mut m), R::Ok);
            assert_eq!(m, 5, "F");
            oware_player_free(player);
            oware_game_free(game);
        }
        // Wherever the value is exact and safe, the database's first best
        // move; and a second database replaces the first.
        let endgame = build("abapa", OWN, 6);
        let even = build("abapa", EVEN, 2);
        unsafe {
            assert_eq!(oware_player_new(5, 3, true, &mut player), R::Ok);
            assert_eq!(oware_player_set_endgame(player, even), R::Ok);
            assert_eq!(oware_player_set_endgame(player, endgame), R::Ok);
            oware_endgame_free(even);
        }
        let mut checked = 0;
        for text in small_positions(300, 9) {
            let game = make(oware_game_from_position, &text);
            if let Ok((summary, moves)) = probe(endgame, game)
                && summary.exact
                && summary.safe
            {
                assert_eq!(unsafe { oware_player_choose(player, game, &mut m) }, R::Ok);
                assert_eq!(m, moves[0], "{text}");
                checked += 1;
            }
            unsafe { oware_game_free(game) };
        }
        assert!(checked > 100, "{checked}");
        // Other levels keep it and play as before; other families ignore it.
        let kalah = make(oware_game_new, "kalah");
        let mut low = null_mut();
        unsafe {
            assert_eq!(oware_player_new(2, 3, true, &mut low), R::Ok);
            assert_eq!(oware_player_set_endgame(low, endgame), R::Ok);
            assert_eq!(oware_player_choose(low, kalah, &mut m), R::Ok);
            assert!(legal_moves(kalah).contains(&m));
            oware_player_free(low);
            oware_player_free(player);
            oware_endgame_free(endgame);
            oware_game_free(kalah);
        }
    }

    #[test]
    fn endgames_are_shared_between_threads() {
        fn send<T: Send>() {}
        fn sync<T: Sync>() {}
        send::<oware_endgame_database>();
        sync::<oware_endgame_database>();
        let endgame = build("abapa", OWN, 6);
        let address = endgame as usize;
        let moves: Vec<u8> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..4)
                .map(|i| {
                    scope.spawn(move || {
                        let endgame = address as *const oware_endgame_database;
                        let game = make(oware_game_from_position, F_WINS);
                        let mut m = OWARE_NO_MOVE;
                        let mut player = null_mut();
                        unsafe {
                            for _ in 0..50 {
                                assert_eq!(probe(endgame, game).map(|(s, _)| s.lower), Ok(1));
                            }
                            assert_eq!(oware_player_new(5, i, true, &mut player), R::Ok);
                            assert_eq!(oware_player_set_endgame(player, endgame), R::Ok);
                            assert_eq!(oware_player_choose(player, game, &mut m), R::Ok);
                            oware_player_free(player);
                            oware_game_free(game);
                        }
                        m
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("no panic"))
                .collect()
        });
        assert_eq!(moves, [5, 5, 5, 5]);
        unsafe { oware_endgame_free(endgame) };
    }
}

#[test]
fn level_five_plays_its_book_until_it_is_turned_off() {
    let game = abapa();
    let start = oware::Game::new(oware::Ruleset::abapa());
    let book_move = oware::search::Book::standard()
        .get(start.position())
        .expect("the start is in the book")
        .best_move;
    let mut player = null_mut();
    let mut m = OWARE_NO_MOVE;
    unsafe {
        assert_eq!(oware_player_new(5, 1, true, &mut player), R::Ok);
        assert_eq!(oware_player_choose(player, game, &mut m), R::Ok);
        assert_eq!(m, move_index(book_move, 6));
        // Off the book it searches: the move of the same player in Rust
        // with no book.
        assert_eq!(oware_player_set_book(player, false), R::Ok);
        assert_eq!(oware_player_choose(player, game, &mut m), R::Ok);
        let mut rust = oware::search::Player::reproducible(oware::search::Level::Five, 1);
        rust.set_book(None).unwrap();
        assert_eq!(m, move_index(rust.choose(&start).unwrap(), 6));
        oware_player_free(player);
        // Below level 5 a book is refused, and the player is unchanged.
        assert_eq!(oware_player_new(4, 1, true, &mut player), R::Ok);
        assert_eq!(oware_player_set_book(player, true), R::InvalidArgument);
        assert_eq!(oware_player_set_book(player, false), R::Ok);
        assert_eq!(oware_player_choose(player, game, &mut m), R::Ok);
        let mut four = oware::search::Player::reproducible(oware::search::Level::Four, 1);
        assert_eq!(m, move_index(four.choose(&start).unwrap(), 6));
        oware_player_free(player);
    }
}

/// Issue 12: `oware_game_set_tag` gave `OWARE_RESULT_INVALID_ARGUMENT` for a
/// name or value that is not UTF-8, while every other function taking text
/// gave `OWARE_RESULT_PARSE_ERROR`. One rule now: text that is not UTF-8
/// is a parse error, wherever it is passed, and changes nothing.
#[test]
fn text_that_is_not_utf8_is_a_parse_error_everywhere() {
    let bytes = [0xff_u8, 0xfe, b'C', 0];
    let not_utf8: *const c_char = bytes.as_ptr().cast();
    let good = c("South");
    let makers: [Make; 3] = [
        oware_game_new,
        oware_game_from_position,
        oware_game_from_record,
    ];
    unsafe {
        let mut game = null_mut();
        for make in makers {
            assert_eq!(make(not_utf8, &mut game, null_mut(), 0), R::ParseError);
            assert!(game.is_null());
        }
        let mut n = 0;
        let mut buf = [0 as c_char; 32];
        for kind in 0..3 {
            assert_eq!(
                oware_text_check(kind, not_utf8, buf.as_mut_ptr(), buf.len(), &mut n),
                R::ParseError
            );
        }
        let game = abapa();
        let mut m = 0;
        assert_eq!(
            oware_game_move_from_str(game, not_utf8, &mut m, null_mut(), 0),
            R::ParseError
        );
        let before = text_of(|b, l, n| oware_game_record_to_str(game, b, l, n));
        for (name, value) in [
            (not_utf8, good.as_ptr()),
            (good.as_ptr(), not_utf8),
            (not_utf8, null()),
        ] {
            assert_eq!(
                oware_game_set_tag(game, name, value, null_mut(), 0),
                R::ParseError
            );
        }
        assert_eq!(
            text_of(|b, l, n| oware_game_record_to_str(game, b, l, n)),
            before
        );
        oware_game_free(game);
    }
}

#[test]
fn explain_writes_the_sentence_and_plays_nothing() {
    let game = make(oware_game_from_position, "4,4,4,4,4,3/4,2,1,4,4,4 s 3 3");
    let explain =
        |pit| move |b, l, n| unsafe { oware_game_explain(game, pit, b, l, n, null_mut()) };
    assert_eq!(
        text_of(explain(5)),
        "F sows 3 seeds into a, b, c; the last seed makes c 2: captures c (2) and b (3) = 5"
    );
    check_str_protocol(explain(5));
    assert_eq!(unsafe { oware_game_ply(game) }, 0, "nothing played");
    let mut buf = [b'x' as c_char; 128];
    let mut n = 7;
    for pit in [6, 12, 255] {
        let code = explain(pit)(buf.as_mut_ptr(), buf.len(), &mut n);
        assert_eq!(code, R::IllegalMove, "pit {pit}");
    }
    assert_eq!(n, 7, "nothing written for an illegal move");
    let code =
        unsafe { oware_game_explain(null(), 5, buf.as_mut_ptr(), buf.len(), &mut n, null_mut()) };
    assert_eq!(code, R::NullParameter);
    unsafe { oware_game_free(game) };
    // South must feed North but cannot: the game is over (R8).
    let over = make(oware_game_from_position, "0,0,2,0,1,0/0,0,0,0,0,0 s 21 24");
    let code =
        unsafe { oware_game_explain(over, 2, buf.as_mut_ptr(), buf.len(), &mut n, null_mut()) };
    assert_eq!(code, R::GameOver);
    unsafe { oware_game_free(over) };
}
