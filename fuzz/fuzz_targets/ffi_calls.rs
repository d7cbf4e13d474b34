//! The C ABI as a C program drives it: the input is a program of calls
//! (`oware_fuzz::Op`: create, play, undo, tag, export and import, query,
//! search, choose, build and probe endgame databases, free, and NULLs where
//! pointers are required), run on handles the driver keeps in slots and
//! frees at the end (LeakSanitizer reports what leaks). Every result code
//! must be one the header lists, never `OWARE_RESULT_PANIC`, and must
//! agree with what the Rust API says of the same text or game; buffers
//! are allocated at exactly the size passed, so AddressSanitizer catches
//! a write past `len`; out-parameters and strings follow the header's
//! rules (sizes asked with `(NULL, 0, &n)`, NUL termination).
//!
//! Every `unsafe` call below passes pointers that are NULL where the test
//! means it, or live handles from this library kept in the driver's slots,
//! NUL-terminated strings it owns, and buffers of the length it passes:
//! the contract of `oware.h`.
#![no_main]

use core::ffi::{CStr, c_char};
use core::ptr::{dangling_mut, null, null_mut};
use std::ffi::CString;

use libfuzzer_sys::fuzz_target;
use oware::{Position, Record, Ruleset};
use oware_ffi::*;
use oware_fuzz::{Op, RAW_TEXT, RULESET_TEXTS};

const GAMES: usize = 4;
const PLAYERS: usize = 2;
const ENDGAMES: usize = 2;
const MAX_OPS: usize = 48;

/// The input, read a byte at a time; zeros once it runs out.
struct Input<'a> {
    data: &'a [u8],
}

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    fn bytes(&mut self, n: usize) -> &[u8] {
        let (taken, rest) = self.data.split_at(n.min(self.data.len()));
        self.data = rest;
        taken
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }

    fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

/// A live game and the seeds its board holds (which no call changes).
struct GameSlot {
    ptr: *mut oware_game,
    seeds: u32,
}

#[derive(Default)]
struct Driver {
    games: [Option<GameSlot>; GAMES],
    players: [Option<*mut oware_player>; PLAYERS],
    endgames: [Option<*mut oware_endgame_database>; ENDGAMES],
    searcher: Option<*mut oware_searcher>,
}

/// Checks a result code: one the header lists, and not a caught panic.
fn code(result: oware_result) -> oware_result {
    assert_ne!(
        result,
        oware_result::Panic,
        "a panic was caught at the boundary"
    );
    // SAFETY: no pointer argument; the message is static.
    let message = unsafe { CStr::from_ptr(oware_result_message(result as u32)) };
    assert_ne!(message.to_bytes(), b"unknown result code");
    result
}

fn expect(result: oware_result, wanted: oware_result) {
    assert_eq!(code(result), wanted);
}

/// Reads a string the `(buf, len, out_n)` way: the size asked with
/// `(NULL, 0)`, a buffer one byte short refused with `buf[0]` set to NUL,
/// then the whole string. `Err` with the code of a call that fails
/// otherwise.
fn read_string(
    call: impl Fn(*mut c_char, usize, *mut usize) -> oware_result,
) -> Result<String, oware_result> {
    let mut needed = usize::MAX;
    match code(call(null_mut(), 0, &mut needed)) {
        oware_result::InsufficientSize => {}
        other => return Err(other),
    }
    assert!(needed >= 1, "a string needs room for its NUL");
    if needed > 1 {
        let mut short = vec![1 as c_char; needed - 1];
        let mut n = 0;
        expect(
            call(short.as_mut_ptr(), short.len(), &mut n),
            oware_result::InsufficientSize,
        );
        assert_eq!((n, short[0]), (needed, 0));
    }
    let mut buf = vec![1 as c_char; needed];
    let mut n = usize::MAX;
    expect(call(buf.as_mut_ptr(), buf.len(), &mut n), oware_result::Ok);
    assert_eq!(n, needed - 1);
    assert_eq!(buf[n], 0, "not NUL-terminated");
    let bytes: Vec<u8> = buf[..n].iter().map(|&c| c as u8).collect();
    assert!(!bytes.contains(&0), "a NUL inside the string");
    Ok(String::from_utf8(bytes).expect("the library writes UTF-8"))
}

/// Reads a list the `(buf, len, out_n)` way: the size asked with
/// `(NULL, 0)`, then a buffer of exactly that many items. `Err` with the
/// code of a call that fails otherwise.
fn read_list<T: Copy>(
    fill: T,
    call: impl Fn(*mut T, usize, *mut usize) -> oware_result,
) -> Result<Vec<T>, oware_result> {
    let mut needed = usize::MAX;
    match code(call(null_mut(), 0, &mut needed)) {
        oware_result::Ok => {
            assert_eq!(needed, 0);
            return Ok(Vec::new());
        }
        oware_result::InsufficientSize => assert!(needed > 0),
        other => return Err(other),
    }
    if needed > 1 {
        let mut short = vec![fill; needed - 1];
        let mut n = 0;
        expect(
            call(short.as_mut_ptr(), short.len(), &mut n),
            oware_result::InsufficientSize,
        );
        assert_eq!(n, needed);
    }
    let mut buf = vec![fill; needed];
    let mut n = usize::MAX;
    expect(call(buf.as_mut_ptr(), buf.len(), &mut n), oware_result::Ok);
    assert_eq!(n, needed);
    Ok(buf)
}

/// A text argument: from a table (the selector byte modulo its length) or
/// raw bytes ([`oware_fuzz::raw_text`]).
fn text(input: &mut Input<'_>, table: impl FnOnce() -> Vec<String>) -> Vec<u8> {
    let pick = input.byte();
    // The table is made only when it is used: writing every game's record
    // for it is a good part of a run's time.
    let table = if pick < RAW_TEXT { table() } else { Vec::new() };
    if table.is_empty() {
        let len = usize::from(input.byte());
        input
            .bytes(len)
            .iter()
            .copied()
            .filter(|&b| b != 0)
            .collect()
    } else {
        table[usize::from(pick) % table.len()].clone().into_bytes()
    }
}

/// The pointer a `(buf, len)` call gets for `buf`: NULL when it is empty,
/// as a C caller asking for the size passes it.
fn buffer_ptr<T>(buf: &mut [T]) -> *mut T {
    if buf.is_empty() {
        null_mut()
    } else {
        buf.as_mut_ptr()
    }
}

/// The size of the error-message buffer a call gets, chosen by `pick`
/// (a byte the operation already read, so the corpus keeps its meaning):
/// none (NULL), room for the NUL alone, a message cut short, or
/// `OWARE_ERROR_SIZE`.
fn err_len(pick: u8) -> usize {
    [0, 1, 16, OWARE_ERROR_SIZE][usize::from(pick / 8) % 4]
}

/// What a call with an error-message buffer must give: success (an empty
/// message), or the code and the message.
type Detailed = Result<(), (oware_result, String)>;

/// The failure `code` with its static message, for a call that can say no
/// more than the code.
fn bare(code: oware_result) -> Detailed {
    // SAFETY: no pointer argument; the message is static.
    let message = unsafe { CStr::from_ptr(oware_result_message(code as u32)) };
    Err((code, message.to_str().expect("UTF-8").to_owned()))
}

/// The failure of text that is not UTF-8.
fn not_utf8() -> Detailed {
    Err((oware_result::ParseError, "not UTF-8 text".to_owned()))
}

/// Calls `call` with an error-message buffer of exactly `len` bytes (NULL
/// when 0) and checks that the code and the message are `expected`'s, the
/// message cut at a character boundary to fit and NUL-terminated, and
/// nothing written when there is no buffer. Returns the code.
fn detailed(
    len: usize,
    expected: Detailed,
    call: impl FnOnce(*mut c_char, usize) -> oware_result,
) -> oware_result {
    let (wanted, message) = match expected {
        Ok(()) => (oware_result::Ok, String::new()),
        Err(failure) => failure,
    };
    let mut buf = vec![1 as c_char; len];
    let result = code(call(buffer_ptr(&mut buf), len));
    assert_eq!(result, wanted, "{message:?}");
    if let Some(room) = len.checked_sub(1) {
        let mut cut = message.len().min(room);
        while !message.is_char_boundary(cut) {
            cut -= 1;
        }
        let written: Vec<u8> = buf[..cut].iter().map(|&c| c as u8).collect();
        assert_eq!(written, message.as_bytes()[..cut], "the message");
        assert_eq!(
            buf[cut], 0,
            "the message is NUL-terminated after {cut} bytes"
        );
    }
    result
}

fn cstring(bytes: Vec<u8>) -> CString {
    CString::new(bytes).expect("NUL bytes were dropped")
}

// Game queries, on a live game.

fn ply(game: *const oware_game) -> usize {
    // SAFETY: see the module docs.
    unsafe { oware_game_ply(game) }
}

fn houses(game: *const oware_game) -> usize {
    // SAFETY: see the module docs.
    unsafe { oware_game_houses_per_side(game) }
}

fn board(game: *const oware_game) -> Vec<u8> {
    // SAFETY: see the module docs.
    let pits = read_list(0u8, |b, l, n| unsafe { oware_game_board(game, b, l, n) }).unwrap();
    assert_eq!(pits.len(), 2 * houses(game) + 2);
    assert!(pits.len() <= OWARE_MAX_PITS);
    pits
}

fn legal_moves(game: *const oware_game) -> Vec<u8> {
    // SAFETY: see the module docs.
    let moves = read_list(0u8, |b, l, n| unsafe {
        oware_game_legal_moves(game, b, l, n)
    })
    .unwrap();
    assert!(moves.len() <= OWARE_MAX_HOUSES);
    assert!(
        moves.windows(2).all(|w| w[0] < w[1]),
        "{moves:?} not increasing"
    );
    assert!(moves.iter().all(|&m| usize::from(m) < 2 * houses(game)));
    moves
}

fn moves(game: *const oware_game) -> Vec<u8> {
    // SAFETY: see the module docs.
    let moves = read_list(0u8, |b, l, n| unsafe { oware_game_moves(game, b, l, n) }).unwrap();
    assert_eq!(moves.len(), ply(game));
    moves
}

fn outcome(game: *const oware_game) -> oware_outcome {
    let mut out = core::mem::MaybeUninit::<oware_outcome>::uninit();
    // SAFETY: see the module docs; written on success.
    expect(
        unsafe { oware_game_outcome(game, out.as_mut_ptr()) },
        oware_result::Ok,
    );
    // SAFETY: written by the call that succeeded.
    unsafe { out.assume_init() }
}

fn position_string(game: *const oware_game) -> String {
    // SAFETY: see the module docs.
    read_string(|b, l, n| unsafe { oware_game_position_to_str(game, b, l, n) }).unwrap()
}

fn record_string(game: *const oware_game) -> String {
    // SAFETY: see the module docs.
    read_string(|b, l, n| unsafe { oware_game_record_to_str(game, b, l, n) }).unwrap()
}

/// `oware_game_tag` gives the tag `name` as the record writes it: the
/// value of its `[name "..."]` line in `oware_game_record_to_str`'s text
/// (unescaped), `OWARE_RESULT_NO_SUCH_TAG` without one; a name
/// `oware_game_set_tag` refuses is an invalid tag, one not UTF-8 a parse
/// error.
fn tag_read_back(game: *const oware_game, name: &CStr, err_len: usize) {
    let tag = |b, l, n, e, el| {
        // SAFETY: see the module docs.
        unsafe { oware_game_tag(game, name.as_ptr(), b, l, n, e, el) }
    };
    let got = read_string(|b, l, n| tag(b, l, n, null_mut(), 0));
    let checked = name.to_str().map(oware::record::check_tag_name);
    let detail = match &checked {
        Err(_) => not_utf8(),
        Ok(Err(e)) => Err((oware_result::InvalidTag, e.to_string())),
        Ok(Ok(())) if got.is_err() => bare(oware_result::NoSuchTag),
        Ok(Ok(())) => Ok(()),
    };
    let mut value = vec![1 as c_char; got.as_ref().map_or(0, |v| v.len() + 1)];
    let value_len = value.len();
    detailed(err_len, detail, |e, l| {
        tag(buffer_ptr(&mut value), value_len, &mut 0, e, l)
    });
    let expected = match name.to_str() {
        Err(_) => Err(oware_result::ParseError),
        Ok(n) if oware::record::check_tag_name(n).is_err() => Err(oware_result::InvalidTag),
        Ok(n) => {
            let record = record_string(game);
            let open = format!("[{n} \"");
            record
                .lines()
                .take_while(|line| !line.is_empty())
                .find_map(|line| line.strip_prefix(&open)?.strip_suffix("\"]"))
                .map(unescape)
                .ok_or(oware_result::NoSuchTag)
        }
    };
    assert_eq!(got, expected, "tag {name:?}");
}

/// A tag value as written in a record, with `\\` and `\"` read back.
fn unescape(written: &str) -> String {
    let mut value = String::new();
    let mut chars = written.chars();
    while let Some(c) = chars.next() {
        value.push(if c == '\\' {
            chars.next().unwrap_or(c)
        } else {
            c
        });
    }
    value
}

fn ruleset_string(game: *const oware_game) -> String {
    // SAFETY: see the module docs.
    read_string(|b, l, n| unsafe { oware_game_ruleset_to_str(game, b, l, n) }).unwrap()
}

fn check_move(game: *const oware_game, pit: u8) -> (oware_result, oware_illegal_move_reason) {
    let mut reason = oware_illegal_move_reason::Other;
    // SAFETY: see the module docs.
    let result = code(unsafe { oware_game_check_move(game, pit, &mut reason) });
    match result {
        oware_result::Ok => assert_eq!(reason, oware_illegal_move_reason::None),
        oware_result::GameOver => assert_eq!(reason, oware_illegal_move_reason::GameOver),
        oware_result::IllegalMove => assert!(!matches!(
            reason,
            oware_illegal_move_reason::None | oware_illegal_move_reason::GameOver
        )),
        other => panic!("check_move returned {other:?}"),
    }
    (result, reason)
}

fn is_over(game: *const oware_game) -> bool {
    outcome(game).termination != oware_termination::None
}

/// The invariants of a live game after any call.
fn check_game(slot: &GameSlot) {
    let game = slot.ptr;
    let pits = board(game);
    assert_eq!(pits.iter().map(|&s| u32::from(s)).sum::<u32>(), slot.seeds);
    let legal = legal_moves(game);
    let over = is_over(game);
    assert_eq!(
        legal.is_empty(),
        over,
        "legal moves {legal:?}, over: {over}"
    );
    moves(game);
}

fn ruleset_texts() -> Vec<String> {
    RULESET_TEXTS.iter().map(|t| t.to_string()).collect()
}

fn texts_of_games(driver: &Driver, of: fn(*const oware_game) -> String) -> Vec<String> {
    driver.games.iter().flatten().map(|g| of(g.ptr)).collect()
}

impl Driver {
    fn game(&self, slot: u8) -> Option<&GameSlot> {
        self.games[usize::from(slot) % GAMES].as_ref()
    }

    fn game_ptr(&self, slot: u8) -> *mut oware_game {
        self.game(slot).map_or(null_mut(), |g| g.ptr)
    }

    fn put_game(&mut self, slot: u8, ptr: *mut oware_game) {
        assert!(!ptr.is_null());
        let seeds = board(ptr).iter().map(|&s| u32::from(s)).sum();
        let new = GameSlot { ptr, seeds };
        check_game(&new);
        if let Some(old) = self.games[usize::from(slot) % GAMES].replace(new) {
            // SAFETY: see the module docs.
            unsafe { oware_game_free(old.ptr) };
        }
    }

    /// Makes a game from text with `make`, checked against `parses` (the
    /// Rust API's answer for the same text: its error's message).
    fn make_game(
        &mut self,
        slot: u8,
        bytes: Vec<u8>,
        parses: impl Fn(&str) -> Result<(), String>,
        make: unsafe extern "C" fn(
            *const c_char,
            *mut *mut oware_game,
            *mut c_char,
            usize,
        ) -> oware_result,
    ) {
        let expected = match core::str::from_utf8(&bytes) {
            Ok(text) => parses(text).map_err(|e| (oware_result::ParseError, e)),
            Err(_) => not_utf8(),
        };
        let text = cstring(bytes);
        let mut out = dangling_mut::<oware_game>();
        // SAFETY: see the module docs.
        let call = |e, l| unsafe { make(text.as_ptr(), &mut out, e, l) };
        if detailed(err_len(slot), expected, call) == oware_result::Ok {
            self.put_game(slot, out);
        } else {
            assert!(out.is_null(), "*out not set to NULL on failure");
        }
    }

    fn run(&mut self, input: &mut Input<'_>) {
        for _ in 0..MAX_OPS {
            if input.is_empty() {
                break;
            }
            let op = Op::from_byte(input.byte());
            self.step(op, input);
            for game in self.games.iter().flatten() {
                check_game(game);
            }
        }
    }

    #[allow(clippy::too_many_lines)]
    fn step(&mut self, op: Op, input: &mut Input<'_>) {
        let slot = input.byte();
        let game = self.game_ptr(slot);
        match op {
            Op::GameNew => {
                let bytes = text(input, ruleset_texts);
                let parses = |t: &str| t.parse::<Ruleset>().map(drop).map_err(|e| e.to_string());
                self.make_game(slot, bytes, parses, oware_game_new);
            }
            Op::GameFromPosition => {
                let bytes = text(input, || {
                    let mut table = texts_of_games(self, position_string);
                    table.push("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0".into());
                    table.push("0,0,0,0,0,1/1,1,0,0,0,0 s 24 21".into());
                    table
                });
                let parses = |t: &str| t.parse::<Position>().map(drop).map_err(|e| e.to_string());
                self.make_game(slot, bytes, parses, oware_game_from_position);
            }
            Op::GameFromRecord => {
                let bytes = text(input, || texts_of_games(self, record_string));
                let parses = |t: &str| t.parse::<Record>().map(drop).map_err(|e| e.to_string());
                self.make_game(slot, bytes, parses, oware_game_from_record);
            }
            Op::GameClone => {
                let target = input.byte();
                let mut out = dangling_mut::<oware_game>();
                // SAFETY: see the module docs.
                let result = unsafe { oware_game_clone(game, &mut out) };
                if game.is_null() {
                    expect(result, oware_result::NullParameter);
                    assert!(out.is_null());
                } else {
                    expect(result, oware_result::Ok);
                    assert_eq!(record_string(out), record_string(game));
                    assert_eq!(moves(out), moves(game));
                    self.put_game(target, out);
                }
            }
            Op::GameFree => {
                if let Some(old) = self.games[usize::from(slot) % GAMES].take() {
                    // SAFETY: see the module docs.
                    unsafe { oware_game_free(old.ptr) };
                }
            }
            Op::Play => {
                let pit = input.byte();
                let mut report = core::mem::MaybeUninit::<oware_move_report>::uninit();
                // Unless the game is NULL (nothing to say), *out_reason is set.
                let mut reason = oware_illegal_move_reason::Other;
                if game.is_null() {
                    // SAFETY: see the module docs.
                    let result =
                        unsafe { oware_game_play(game, pit, report.as_mut_ptr(), &mut reason) };
                    assert_eq!(reason, oware_illegal_move_reason::Other);
                    return expect(result, oware_result::NullParameter);
                }
                let checked = check_move(game, pit);
                let before = ply(game);
                let legal = legal_moves(game).contains(&pit);
                let out_reason = if slot >= 128 {
                    null_mut()
                } else {
                    &raw mut reason
                };
                // SAFETY: see the module docs.
                let result =
                    code(unsafe { oware_game_play(game, pit, report.as_mut_ptr(), out_reason) });
                if !out_reason.is_null() {
                    assert_eq!(
                        (result, reason),
                        checked,
                        "play and check_move disagree on {pit}"
                    );
                }
                assert_eq!(result, checked.0, "play and check_move disagree on {pit}");
                assert_eq!(result == oware_result::Ok, legal);
                if result == oware_result::Ok {
                    // SAFETY: written by the call that succeeded.
                    let report = unsafe { report.assume_init() };
                    assert_eq!(ply(game), before + 1);
                    assert_eq!((report.ply, report.played), (before + 1, pit));
                    assert_eq!(moves(game).last(), Some(&pit));
                    assert_eq!(report.outcome, outcome(game));
                    let mut again = core::mem::MaybeUninit::<oware_move_report>::uninit();
                    // SAFETY: see the module docs.
                    let result = unsafe { oware_game_report(game, report.ply, again.as_mut_ptr()) };
                    expect(result, oware_result::Ok);
                    // SAFETY: written by the call that succeeded.
                    assert_eq!(unsafe { again.assume_init() }, report);
                } else {
                    assert_eq!(ply(game), before);
                }
            }
            Op::PlayLegal => {
                let choice = input.byte();
                if game.is_null() {
                    return;
                }
                let legal = legal_moves(game);
                if let Some(&pit) = legal.get(usize::from(choice) % legal.len().max(1)) {
                    // SAFETY: see the module docs.
                    let mut reason = oware_illegal_move_reason::Other;
                    expect(
                        unsafe { oware_game_play(game, pit, null_mut(), &mut reason) },
                        oware_result::Ok,
                    );
                    assert_eq!(reason, oware_illegal_move_reason::None);
                }
            }
            Op::Undo => {
                let mut undone = 0xEE;
                if game.is_null() {
                    // SAFETY: see the module docs.
                    let result = unsafe { oware_game_undo(game, &mut undone) };
                    return expect(result, oware_result::NullParameter);
                }
                let before = moves(game);
                let agreed = outcome(game).termination == oware_termination::Agreement;
                // SAFETY: see the module docs.
                let result = unsafe { oware_game_undo(game, &mut undone) };
                match (agreed, before.last()) {
                    (true, _) => {
                        // The agreement is taken back, not a move.
                        expect(result, oware_result::Ok);
                        assert_eq!(undone, OWARE_NO_MOVE);
                        assert_eq!(moves(game), before);
                        assert_ne!(outcome(game).termination, oware_termination::Agreement);
                    }
                    (false, Some(&last)) => {
                        expect(result, oware_result::Ok);
                        assert_eq!(undone, last);
                        assert_eq!(moves(game), before[..before.len() - 1]);
                    }
                    (false, None) => {
                        expect(result, oware_result::NothingToUndo);
                        assert_eq!(undone, 0xEE, "*out_move written on failure");
                    }
                }
            }
            Op::SetTag => {
                let names: Vec<String> = [
                    "South",
                    "North",
                    "Event",
                    "Date",
                    "Result",
                    "Termination",
                    "Variant",
                    "Position",
                    "Bad Name",
                    "",
                ]
                .iter()
                .map(|s| s.to_string())
                .collect();
                let name = text(input, || names);
                let value = (!input.byte().is_multiple_of(4)).then(|| text(input, Vec::new));
                // Text that is not UTF-8 is a parse error; a name or
                // value this game's record refuses (Result and Termination
                // depend on how the game stands) is an invalid tag.
                let record = (!game.is_null()).then(|| {
                    let text = record_string(game);
                    text.parse::<Record>()
                        .unwrap_or_else(|e| panic!("{text:?} does not import: {e}"))
                });
                let checked = match (core::str::from_utf8(&name), &value, &record) {
                    (Ok(n), None, _) => Some(oware::record::check_tag_name(n)),
                    (Ok(n), Some(v), Some(record)) => {
                        core::str::from_utf8(v).ok().map(|v| record.check_tag(n, v))
                    }
                    _ => None,
                };
                let expected = match (game.is_null(), checked) {
                    (true, _) => bare(oware_result::NullParameter),
                    (false, Some(Ok(()))) => Ok(()),
                    (false, Some(Err(e))) => Err((oware_result::InvalidTag, e.to_string())),
                    (false, None) => not_utf8(),
                };
                let name = cstring(name);
                let value = value.map(cstring);
                let value_ptr = value.as_ref().map_or(null(), |v| v.as_ptr());
                // SAFETY: see the module docs.
                let call =
                    |e, l| unsafe { oware_game_set_tag(game, name.as_ptr(), value_ptr, e, l) };
                detailed(err_len(slot), expected, call);
                if !game.is_null() {
                    // The record still imports.
                    self.record_round_trip(game);
                    tag_read_back(game, &name, err_len(slot.wrapping_add(8)));
                }
            }
            Op::RecordRoundTrip => {
                if !game.is_null() {
                    self.record_round_trip(game);
                }
            }
            Op::PositionRoundTrip => {
                if game.is_null() {
                    return;
                }
                let line = position_string(game);
                let text = cstring(line.clone().into_bytes());
                let mut out = null_mut();
                // SAFETY: see the module docs.
                let result =
                    unsafe { oware_game_from_position(text.as_ptr(), &mut out, null_mut(), 0) };
                expect(result, oware_result::Ok);
                assert_eq!(position_string(out), line);
                assert_eq!(board(out), board(game));
                assert_eq!(ply(out), 0);
                if !is_over(game) {
                    assert_eq!(legal_moves(out), legal_moves(game), "{line}");
                }
                // SAFETY: see the module docs.
                unsafe { oware_game_free(out) };
            }
            Op::Query => self.query(game, input),
            Op::EndByAgreement => {
                let mut out = core::mem::MaybeUninit::<oware_outcome>::uninit();
                let over = !game.is_null() && is_over(game);
                // SAFETY: see the module docs.
                let result = unsafe { oware_game_end_by_agreement(game, out.as_mut_ptr()) };
                match (game.is_null(), over) {
                    (true, _) => expect(result, oware_result::NullParameter),
                    (false, true) => expect(result, oware_result::GameOver),
                    (false, false) => {
                        expect(result, oware_result::Ok);
                        // SAFETY: written by the call that succeeded.
                        let out = unsafe { out.assume_init() };
                        assert_eq!(out.termination, oware_termination::Agreement);
                        assert_eq!(out, outcome(game));
                    }
                }
            }
            Op::TextCheck => {
                let kind = u32::from(slot % 4);
                let bytes = text(input, || {
                    let mut table = ruleset_texts();
                    table.extend(texts_of_games(self, position_string));
                    table.extend(texts_of_games(self, record_string));
                    table
                });
                let len = usize::from(input.byte());
                let error = core::str::from_utf8(&bytes).map(|t| match kind {
                    0 => t.parse::<Ruleset>().err().map(|e| e.to_string()),
                    1 => t.parse::<Position>().err().map(|e| e.to_string()),
                    _ => t.parse::<Record>().err().map(|e| e.to_string()),
                });
                let text = cstring(bytes);
                let mut buf = vec![1 as c_char; len];
                let mut n = usize::MAX;
                let buf_ptr = buffer_ptr(&mut buf);
                // SAFETY: see the module docs.
                let result =
                    code(unsafe { oware_text_check(kind, text.as_ptr(), buf_ptr, len, &mut n) });
                let message = match (kind, error) {
                    (3, _) => return assert_eq!(result, oware_result::InvalidArgument),
                    (_, Ok(None)) => String::new(),
                    (_, Ok(Some(message))) => message,
                    (_, Err(_)) => "not UTF-8 text".to_owned(),
                };
                if message.len() + 1 > len {
                    assert_eq!(
                        (result, n),
                        (oware_result::InsufficientSize, message.len() + 1)
                    );
                } else {
                    let wanted = if message.is_empty() {
                        oware_result::Ok
                    } else {
                        oware_result::ParseError
                    };
                    assert_eq!((result, n), (wanted, message.len()));
                    let written: Vec<u8> = buf[..n].iter().map(|&c| c as u8).collect();
                    assert_eq!(written, message.as_bytes());
                    assert_eq!(buf[n], 0);
                }
            }
            Op::SearcherNew => {
                let sizes = [0, 1, 3, 64, 1024, OWARE_SEARCHER_MAX_ENTRIES + 1];
                let size = sizes[usize::from(slot) % sizes.len()];
                let mut out = dangling_mut::<oware_searcher>();
                // SAFETY: see the module docs.
                let result = unsafe { oware_searcher_new(size, &mut out) };
                if size == 0 || size > OWARE_SEARCHER_MAX_ENTRIES {
                    expect(result, oware_result::InvalidArgument);
                    assert!(out.is_null());
                } else {
                    expect(result, oware_result::Ok);
                    if let Some(old) = self.searcher.replace(out) {
                        // SAFETY: see the module docs.
                        unsafe { oware_searcher_free(old) };
                    }
                }
            }
            Op::Search => self.search(game, input),
            Op::PlayerNew => {
                let levels = [0, 1, 2, 3, 6];
                let level = levels[usize::from(input.byte()) % levels.len()];
                let seed = u64::from(input.u32());
                let mut out = dangling_mut::<oware_player>();
                // SAFETY: see the module docs.
                let result = unsafe { oware_player_new(level, seed, true, &mut out) };
                if (1..=5).contains(&level) {
                    expect(result, oware_result::Ok);
                    if let Some(old) = self.players[usize::from(slot) % PLAYERS].replace(out) {
                        // SAFETY: see the module docs.
                        unsafe { oware_player_free(old) };
                    }
                } else {
                    expect(result, oware_result::InvalidArgument);
                    assert!(out.is_null());
                }
            }
            Op::PlayerChoose => {
                let player =
                    self.players[usize::from(input.byte()) % PLAYERS].unwrap_or(null_mut());
                let mut pit = 0xEE;
                // SAFETY: see the module docs.
                let result = unsafe { oware_player_choose(player, game, &mut pit) };
                if player.is_null() || game.is_null() {
                    expect(result, oware_result::NullParameter);
                } else if is_over(game) {
                    expect(result, oware_result::GameOver);
                } else {
                    expect(result, oware_result::Ok);
                    assert_eq!(check_move(game, pit).0, oware_result::Ok, "chose {pit}");
                }
            }
            Op::EndgameBuild => {
                let rulesets = [
                    "abapa",
                    "awale",
                    "openspiel",
                    "abapa(3,4)",
                    "abapa(9,1)",
                    "kalah",
                ];
                let ruleset = rulesets[usize::from(input.byte()) % rulesets.len()];
                let convention = u32::from(input.byte() % 3);
                let seeds = [0, 1, 2, 3, 49][usize::from(input.byte()) % 5];
                let text = cstring(ruleset.as_bytes().to_vec());
                let mut out = dangling_mut::<oware_endgame_database>();
                let unsupported = oware::endgame::EndgameError::Unsupported.to_string();
                let expected = match (convention, ruleset, seeds) {
                    (2, _, _) => bare(oware_result::InvalidArgument),
                    (_, "kalah", _) => Err((oware_result::EndgameUnsupported, unsupported)),
                    (_, _, 49) => bare(oware_result::InvalidArgument),
                    _ => Ok(()),
                };
                // SAFETY: see the module docs.
                let build = |e, l| unsafe {
                    oware_endgame_build(text.as_ptr(), convention, seeds, &mut out, e, l)
                };
                let result = detailed(err_len(slot), expected, build);
                if result == oware_result::Ok {
                    let mut max = 0xEE;
                    // SAFETY: see the module docs.
                    expect(
                        unsafe { oware_endgame_max_seeds(out, &mut max) },
                        oware_result::Ok,
                    );
                    assert_eq!(u32::from(max), seeds);
                    if let Some(old) = self.endgames[usize::from(slot) % ENDGAMES].replace(out) {
                        // SAFETY: see the module docs.
                        unsafe { oware_endgame_free(old) };
                    }
                } else {
                    assert!(out.is_null());
                }
            }
            Op::EndgameProbe => {
                let endgame =
                    self.endgames[usize::from(input.byte()) % ENDGAMES].unwrap_or(null_mut());
                let len = usize::from(input.byte() % 10);
                self.probe(endgame, game, len);
            }
            Op::EndgameFree => {
                if let Some(old) = self.endgames[usize::from(slot) % ENDGAMES].take() {
                    // SAFETY: see the module docs.
                    unsafe { oware_endgame_free(old) };
                }
            }
            Op::EndgameSaveLoad => {
                if let Some(endgame) = self.endgames[usize::from(slot) % ENDGAMES] {
                    save_and_load(endgame);
                }
            }
            Op::PlayerSettings => {
                let player = self.players[usize::from(slot) % PLAYERS].unwrap_or(null_mut());
                let endgame =
                    self.endgames[usize::from(input.byte()) % ENDGAMES].unwrap_or(null_mut());
                let which = input.byte();
                let null = |r| {
                    if player.is_null() {
                        oware_result::NullParameter
                    } else {
                        r
                    }
                };
                match which % 4 {
                    0 => {
                        // SAFETY: see the module docs.
                        let result = unsafe { oware_player_set_endgame(player, endgame) };
                        let both = !player.is_null() && !endgame.is_null();
                        let wanted = if both {
                            oware_result::Ok
                        } else {
                            oware_result::NullParameter
                        };
                        expect(result, wanted);
                    }
                    1 => {
                        // SAFETY: see the module docs.
                        let on = which & 0x80 != 0;
                        let result = unsafe { oware_player_set_book(player, on) };
                        // The fuzzed players are levels 1 to 3: no book for them.
                        let wanted = if on {
                            oware_result::InvalidArgument
                        } else {
                            oware_result::Ok
                        };
                        expect(result, null(wanted));
                    }
                    2 => {
                        let threads = [0, 1, 65][usize::from(which >> 2) % 3];
                        let wanted = if threads == 1 {
                            oware_result::Ok
                        } else {
                            oware_result::InvalidArgument
                        };
                        // SAFETY: see the module docs.
                        let result = unsafe { oware_player_set_threads(player, threads) };
                        expect(result, null(wanted));
                    }
                    _ => {
                        // Only budgets out of range: a clock would make the
                        // player's moves depend on the machine.
                        let ms = if which & 0x80 != 0 { 0 } else { 86_400_001 };
                        // SAFETY: see the module docs.
                        let result = unsafe { oware_player_set_time_budget(player, ms) };
                        expect(result, null(oware_result::InvalidArgument));
                    }
                }
            }
            Op::Statics => statics(slot, input.u32()),
            Op::Nulls => nulls(slot),
        }
    }

    fn record_round_trip(&self, game: *const oware_game) {
        let text = record_string(game);
        let parsed: Record = text
            .parse()
            .unwrap_or_else(|e| panic!("the exported record {text:?} does not import: {e}"));
        let c_text = cstring(text.clone().into_bytes());
        let mut out = null_mut();
        // SAFETY: see the module docs.
        expect(
            unsafe { oware_game_from_record(c_text.as_ptr(), &mut out, null_mut(), 0) },
            oware_result::Ok,
        );
        assert_eq!(moves(out), moves(game), "{text:?}");
        assert_eq!(parsed.game.ply(), ply(game));
        if !is_over(game) || outcome(game).termination != oware_termination::Agreement {
            assert_eq!(position_string(out), position_string(game), "{text:?}");
        }
        // A second export is the same as the first's import exports.
        let again = record_string(out);
        let c_again = cstring(again.clone().into_bytes());
        let mut twice = null_mut();
        // SAFETY: see the module docs.
        expect(
            unsafe { oware_game_from_record(c_again.as_ptr(), &mut twice, null_mut(), 0) },
            oware_result::Ok,
        );
        assert_eq!(record_string(twice), again);
        // SAFETY: see the module docs.
        unsafe {
            oware_game_free(out);
            oware_game_free(twice);
        }
    }

    #[allow(clippy::too_many_lines)]
    fn query(&self, game: *mut oware_game, input: &mut Input<'_>) {
        let args = [input.byte(), input.byte(), input.byte(), input.byte()];
        if game.is_null() {
            let mut n = 0;
            // SAFETY: see the module docs.
            let result = unsafe { oware_game_legal_moves(game, null_mut(), 0, &mut n) };
            expect(result, oware_result::NullParameter);
            // SAFETY: see the module docs.
            assert_eq!(
                unsafe { (oware_game_ply(game), oware_game_houses_per_side(game)) },
                (0, 0)
            );
            return;
        }
        let h = houses(game);
        assert!((1..=OWARE_MAX_HOUSES).contains(&h));
        let legal = legal_moves(game);
        for pit in (0..=(2 * h + 1) as u8).chain([args[0]]) {
            let (result, _) = check_move(game, pit);
            assert_eq!(
                result == oware_result::Ok,
                legal.contains(&pit),
                "pit {pit}"
            );
        }
        let mut side = oware_side::South;
        // SAFETY: see the module docs.
        expect(
            unsafe { oware_game_turn(game, &mut side) },
            oware_result::Ok,
        );
        // The Rust API agrees on the position.
        let line = position_string(game);
        let pos: Position = line.parse().unwrap_or_else(|e| panic!("{line:?}: {e}"));
        assert_eq!(ruleset_string(game).parse::<Ruleset>(), Ok(*pos.ruleset()));
        assert_eq!(pos.turn() == oware::Side::South, side == oware_side::South);
        let depth = u32::from(args[1] % 3);
        let mut nodes = 0;
        // SAFETY: see the module docs.
        expect(
            unsafe { oware_game_perft(game, depth, &mut nodes) },
            oware_result::Ok,
        );
        assert_eq!(nodes, oware::perft(&pos, depth as u8));
        // SAFETY: see the module docs.
        expect(
            unsafe { oware_game_perft(game, 256, &mut nodes) },
            oware_result::InvalidArgument,
        );
        // Threats, for each side and one that is not.
        let side = u32::from(args[2] % 3);
        let mut mask = 0;
        // SAFETY: see the module docs.
        let result = unsafe { oware_game_threats(game, side, &mut mask) };
        if side == 2 {
            expect(result, oware_result::InvalidArgument);
        } else {
            expect(result, oware_result::Ok);
            let houses = (1u32 << h) - 1;
            assert_eq!(
                mask & !houses,
                0,
                "threats {mask:#x} past the side's {h} houses"
            );
        }
        // Each ply's report and its lists.
        let played = moves(game);
        let p = usize::from(args[3]) % (played.len() + 2);
        let mut report = core::mem::MaybeUninit::<oware_move_report>::uninit();
        // SAFETY: see the module docs.
        let result = unsafe { oware_game_report(game, p, report.as_mut_ptr()) };
        if p == 0 || p > played.len() {
            expect(result, oware_result::InvalidArgument);
            let mut n = 0;
            // SAFETY: see the module docs.
            let result = unsafe { oware_game_report_sown(game, p, null_mut(), 0, &mut n) };
            expect(result, oware_result::InvalidArgument);
        } else {
            expect(result, oware_result::Ok);
            // SAFETY: written by the call that succeeded.
            let report = unsafe { report.assume_init() };
            assert_eq!((report.ply, report.played), (p, played[p - 1]));
            // SAFETY: see the module docs.
            let sown = read_list(0u8, |b, l, n| unsafe {
                oware_game_report_sown(game, p, b, l, n)
            })
            .unwrap();
            assert_eq!(sown.len(), report.sown_len);
            assert!(sown.iter().all(|&pit| usize::from(pit) < 2 * h + 2));
            let capture = oware_capture {
                pit: 0,
                seeds: 0,
                to: oware_side::South,
            };
            // SAFETY: see the module docs.
            let captures = read_list(capture, |b, l, n| unsafe {
                oware_game_report_captures(game, p, b, l, n)
            })
            .unwrap();
            assert_eq!(captures.len(), report.captures_len);
            let seeds: u32 = captures.iter().map(|c| u32::from(c.seeds)).sum();
            assert_eq!(seeds, report.captured_seeds);
            let relay = oware_relay {
                after: 0,
                pit: 0,
                seeds: 0,
            };
            // SAFETY: see the module docs.
            let relays = read_list(relay, |b, l, n| unsafe {
                oware_game_report_relays(game, p, b, l, n)
            })
            .unwrap();
            assert_eq!(relays.len(), report.relays_len);
        }
        // Move letters both ways.
        let pit = args[0];
        // SAFETY: see the module docs.
        let letter = read_string(|b, l, n| unsafe { oware_game_move_to_str(game, pit, b, l, n) });
        match letter {
            Ok(letter) => {
                assert!(usize::from(pit) < 2 * h);
                let c_letter = cstring(letter.into_bytes());
                let mut back = 0xEE;
                // SAFETY: see the module docs.
                let from_str = |e, l| unsafe {
                    oware_game_move_from_str(game, c_letter.as_ptr(), &mut back, e, l)
                };
                detailed(err_len(args[1]), Ok(()), from_str);
                assert_eq!(back, pit);
            }
            Err(result) => {
                assert_eq!(result, oware_result::InvalidArgument);
                assert!(usize::from(pit) >= 2 * h);
            }
        }
        // The explanation of that move, unplayed: given exactly when the
        // move is legal, and it names the house sown from.
        // SAFETY: see the module docs.
        let explained =
            read_string(|b, l, n| unsafe { oware_game_explain(game, pit, b, l, n, null_mut()) });
        let mut reason = oware_illegal_move_reason::Other;
        // SAFETY: see the module docs.
        let result = unsafe { oware_game_explain(game, pit, null_mut(), 0, &mut 0, &mut reason) };
        let checked = check_move(game, pit);
        assert_eq!(
            reason, checked.1,
            "explain and check_move disagree on {pit}"
        );
        if result != oware_result::InsufficientSize {
            assert_eq!(result, checked.0);
        }
        match (explained, checked.0) {
            (Ok(sentence), oware_result::Ok) => {
                assert!(sentence.contains(" sows "), "{sentence}");
            }
            (Err(result), checked) => assert_eq!(result, checked),
            (Ok(sentence), checked) => {
                panic!("explained an illegal move ({checked:?}): {sentence}")
            }
        }
    }

    fn search(&self, game: *mut oware_game, input: &mut Input<'_>) {
        let searcher = self.searcher.unwrap_or(null_mut());
        let how = input.byte();
        let limits = oware_search_limits {
            depth: [0, 1, 2, 3, 65][usize::from(how) % 5],
            nodes: u64::from(input.byte()) * 8,
            time_ms: 0,
        };
        // All zeros is the default search (8 plies or 1 000 000 positions).
        let valid = limits.depth <= 64;
        // SAFETY: see the module docs.
        let checked = unsafe { oware_search_limits_check(&limits, null_mut(), 0) };
        assert_eq!(checked == oware_result::Ok, valid, "{limits:?}");
        let expected = match () {
            () if searcher.is_null() || game.is_null() => oware_result::NullParameter,
            () if !valid => oware_result::InvalidArgument,
            () if is_over(game) => oware_result::GameOver,
            () => oware_result::Ok,
        };
        if how & 0x80 == 0 {
            let mut out = core::mem::MaybeUninit::<oware_search_result>::uninit();
            // SAFETY: see the module docs.
            let result =
                unsafe { oware_searcher_search(searcher, game, &limits, out.as_mut_ptr()) };
            expect(result, expected);
            if expected == oware_result::Ok {
                // SAFETY: written by the call that succeeded.
                let out = unsafe { out.assume_init() };
                assert_eq!(check_move(game, out.best_move).0, oware_result::Ok);
                assert!(out.pv_len <= OWARE_MAX_PV);
                if out.pv_len > 0 {
                    assert_eq!(out.pv[0], out.best_move);
                }
            }
        } else {
            let len = usize::from(how & 0x0F);
            let fill = oware_move_score {
                pit: 0,
                score: oware_score {
                    kind: oware_score_kind::Loss,
                    centiseeds: 0,
                    plies: 0,
                },
            };
            let mut buf = vec![fill; len];
            let buf_ptr = buffer_ptr(&mut buf);
            let mut n = usize::MAX;
            // SAFETY: see the module docs.
            let result = code(unsafe {
                oware_searcher_analyse(searcher, game, &limits, buf_ptr, len, &mut n)
            });
            if expected != oware_result::Ok {
                return assert_eq!(result, expected);
            }
            let legal = legal_moves(game);
            if legal.len() > len {
                assert_eq!((result, n), (oware_result::InsufficientSize, legal.len()));
            } else {
                assert_eq!((result, n), (oware_result::Ok, legal.len()));
                let mut pits: Vec<u8> = buf[..n].iter().map(|s| s.pit).collect();
                pits.sort_unstable();
                assert_eq!(pits, legal);
            }
        }
    }

    fn probe(&self, endgame: *mut oware_endgame_database, game: *mut oware_game, len: usize) {
        let mut out = core::mem::MaybeUninit::<oware_probe_result>::uninit();
        let mut buf = vec![0xEEu8; len];
        let buf_ptr = buffer_ptr(&mut buf);
        let mut n = usize::MAX;
        // SAFETY: see the module docs.
        let result = code(unsafe {
            oware_endgame_probe(endgame, game, out.as_mut_ptr(), buf_ptr, len, &mut n)
        });
        if endgame.is_null() || game.is_null() {
            return assert_eq!(result, oware_result::NullParameter);
        }
        if is_over(game) {
            return assert_eq!(result, oware_result::GameOver);
        }
        match result {
            oware_result::Ok | oware_result::InsufficientSize => {}
            oware_result::EndgameWrongRuleset | oware_result::EndgameTooManySeeds => return,
            // A position over by the stores alone, that the game has not
            // ended (it cannot: the stores end it).
            other => panic!("probe returned {other:?}"),
        }
        // SAFETY: written in both cases, as the header says.
        let out = unsafe { out.assume_init() };
        let mut max = 0;
        // SAFETY: see the module docs.
        expect(
            unsafe { oware_endgame_max_seeds(endgame, &mut max) },
            oware_result::Ok,
        );
        assert!(out.seeds <= max);
        let seeds = i16::from(out.seeds);
        let (lower, upper) = (i16::from(out.lower), i16::from(out.upper));
        assert!(
            -seeds <= lower && lower <= upper && upper <= seeds,
            "{out:?}"
        );
        assert_eq!(out.exact, lower == upper);
        assert!(
            (1..=OWARE_MAX_HOUSES).contains(&out.best_moves_len),
            "{out:?}"
        );
        assert_eq!(n, out.best_moves_len);
        if result == oware_result::Ok {
            for &m in &buf[..n] {
                assert_eq!(check_move(game, m).0, oware_result::Ok, "best move {m}");
            }
        } else {
            assert!(n > len);
        }
    }
}

/// Saves a database and loads it back, as a file and as a directory.
fn save_and_load(endgame: *mut oware_endgame_database) {
    let dir = std::env::temp_dir().join(format!("oware-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let mut convention = oware_convention::EvenSplit;
    // SAFETY: see the module docs.
    expect(
        unsafe { oware_endgame_convention(endgame, &mut convention) },
        oware_result::Ok,
    );
    let name = match convention {
        oware_convention::EvenSplit => "even-00.owdb",
        oware_convention::EachTakesOwn => "own-00.owdb",
    };
    let path = cstring(dir.join(name).into_os_string().into_encoded_bytes());
    // SAFETY: see the module docs.
    let ruleset =
        read_string(|b, l, n| unsafe { oware_endgame_ruleset_to_str(endgame, b, l, n) }).unwrap();
    let mut max = 0;
    // SAFETY: see the module docs.
    expect(
        unsafe { oware_endgame_max_seeds(endgame, &mut max) },
        oware_result::Ok,
    );
    let pick = ruleset.len() as u8 * 8;
    // SAFETY: see the module docs.
    let save = |e, l| unsafe { oware_endgame_save(endgame, path.as_ptr(), e, l) };
    detailed(err_len(pick), Ok(()), save);
    let mut loaded = null_mut();
    // SAFETY: see the module docs.
    let load = |e, l| unsafe { oware_endgame_load(path.as_ptr(), &mut loaded, e, l) };
    detailed(err_len(pick + 8), Ok(()), load);
    let c_dir = cstring(dir.clone().into_os_string().into_encoded_bytes());
    let c_ruleset = cstring(ruleset.clone().into_bytes());
    let mut from_dir = null_mut();
    // SAFETY: see the module docs.
    let result = unsafe {
        oware_endgame_load_dir(
            c_dir.as_ptr(),
            c_ruleset.as_ptr(),
            convention as u32,
            &mut from_dir,
            null_mut(),
            0,
        )
    };
    expect(result, oware_result::Ok);
    for db in [loaded, from_dir] {
        let mut m = 0;
        // SAFETY: see the module docs.
        expect(
            unsafe { oware_endgame_max_seeds(db, &mut m) },
            oware_result::Ok,
        );
        assert_eq!(m, max);
        // SAFETY: see the module docs.
        let text =
            read_string(|b, l, n| unsafe { oware_endgame_ruleset_to_str(db, b, l, n) }).unwrap();
        assert_eq!(text, ruleset);
        // SAFETY: see the module docs.
        unsafe { oware_endgame_free(db) };
    }
    std::fs::remove_dir_all(&dir).expect("removes the temporary directory");
    let mut missing = dangling_mut::<oware_endgame_database>();
    let file = dir.join(name);
    let error = oware::endgame::Database::load(&file).expect_err("the file is gone");
    let expected = Err((
        oware_result::EndgameIo,
        format!("{}: {error}", file.display()),
    ));
    // SAFETY: see the module docs.
    let load = |e, l| unsafe { oware_endgame_load(path.as_ptr(), &mut missing, e, l) };
    detailed(err_len(pick + 16), expected, load);
    assert!(missing.is_null());
}

/// The functions that return static strings.
fn statics(which: u8, value: u32) {
    let check = |p: *const c_char| {
        assert!(!p.is_null());
        // SAFETY: a non-NULL string from these functions is static and
        // NUL-terminated.
        let s = unsafe { CStr::from_ptr(p) };
        assert!(s.to_str().is_ok_and(|s| !s.is_empty()));
    };
    match which % 4 {
        0 => check(oware_version()),
        1 => check(oware_result_message(value)),
        2 => check(oware_illegal_move_reason_message(value)),
        _ => {
            let index = (value % 8) as usize;
            let name = oware_variant_name(index);
            assert_eq!(name.is_null(), index >= oware::Variant::ALL.len());
            if !name.is_null() {
                // SAFETY: static and NUL-terminated.
                let name = unsafe { CStr::from_ptr(name) }.to_str().unwrap();
                assert_eq!(name, oware::Variant::ALL[index].name());
            }
        }
    }
}

/// A NULL where a pointer is required: `OWARE_RESULT_NULL_PARAMETER`,
/// and the `_free` functions take NULL.
fn nulls(which: u8) {
    let abapa = c"abapa";
    let mut n = 0;
    let mut game = dangling_mut::<oware_game>();
    let null_game: *mut oware_game = null_mut();
    // SAFETY: NULL is what each call is tested with; the rest as the
    // module docs say.
    unsafe {
        match which % 10 {
            0 => {
                expect(
                    oware_game_new(null(), &mut game, null_mut(), 0),
                    oware_result::NullParameter,
                );
                assert!(game.is_null());
            }
            1 => expect(
                oware_game_new(abapa.as_ptr(), null_mut(), null_mut(), 0),
                oware_result::NullParameter,
            ),
            2 => expect(
                oware_game_board(null_game, null_mut(), 5, &mut n),
                oware_result::NullParameter,
            ),
            3 => {
                expect(
                    oware_game_new(abapa.as_ptr(), &mut game, null_mut(), 0),
                    oware_result::Ok,
                );
                expect(
                    oware_game_board(game, null_mut(), 5, &mut n),
                    oware_result::NullParameter,
                );
                expect(
                    oware_game_board(game, null_mut(), 0, null_mut()),
                    oware_result::NullParameter,
                );
                expect(
                    oware_game_position_to_str(game, null_mut(), 3, &mut n),
                    oware_result::NullParameter,
                );
                expect(
                    oware_game_set_tag(game, null(), null(), null_mut(), 0),
                    oware_result::NullParameter,
                );
                expect(
                    oware_game_move_from_str(game, null(), &mut 0, null_mut(), 0),
                    oware_result::NullParameter,
                );
                expect(
                    oware_text_check(0, null(), null_mut(), 0, &mut n),
                    oware_result::NullParameter,
                );
                oware_game_free(game);
            }
            4 => expect(
                oware_game_undo(null_game, null_mut()),
                oware_result::NullParameter,
            ),
            5 => expect(
                oware_searcher_clear(null_mut()),
                oware_result::NullParameter,
            ),
            6 => expect(
                oware_endgame_load(null(), &mut null_mut(), null_mut(), 0),
                oware_result::NullParameter,
            ),
            7 => expect(
                oware_endgame_max_seeds(null(), &mut 0),
                oware_result::NullParameter,
            ),
            8 => expect(
                oware_player_choose(null_mut(), null(), &mut 0),
                oware_result::NullParameter,
            ),
            _ => {
                oware_game_free(null_mut());
                oware_searcher_free(null_mut());
                oware_player_free(null_mut());
                oware_endgame_free(null_mut());
            }
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // SAFETY: every handle in a slot is live and owned by the driver.
        unsafe {
            for game in self.games.iter_mut().filter_map(Option::take) {
                oware_game_free(game.ptr);
            }
            for player in self.players.iter_mut().filter_map(Option::take) {
                oware_player_free(player);
            }
            for endgame in self.endgames.iter_mut().filter_map(Option::take) {
                oware_endgame_free(endgame);
            }
            if let Some(searcher) = self.searcher.take() {
                oware_searcher_free(searcher);
            }
        }
    }
}

/// The threads of this process now.
fn threads() -> usize {
    std::fs::read_dir("/proc/self/task").map_or(0, Iterator::count)
}

fuzz_target!(|data: &[u8]| {
    let before = threads();
    let mut driver = Driver::default();
    driver.run(&mut Input { data });
    drop(driver);
    // Endgame builds run scoped threads, which finish exiting (dropping
    // their handle and thread-local state) after the scope has returned.
    // libFuzzer checks for leaks right after an input whose allocations
    // and frees do not balance, and one that fell during that teardown
    // reported the thread's state as leaked. Wait (a second at most) for
    // them to be gone.
    let start = std::time::Instant::now();
    while threads() > before && start.elapsed() < std::time::Duration::from_secs(1) {
        std::thread::yield_now();
    }
});
