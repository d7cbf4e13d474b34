//! `oware_game`: a game with its history, the object a frontend plays on.

use core::ffi::c_char;

use oware::{
    Explanation, Game, IllegalMoveReason, Move, MoveReport, Position, Record, Ruleset, Termination,
    Variant,
};

use crate::types::{move_index, pit_index};
use crate::{
    Buf, Failure, NOT_UTF8, OWARE_NO_MOVE, Out, StrBuf, arg_mut, arg_ref, cstr_arg, ffi_boundary,
    ffi_detailed, ffi_result, give, oware_capture, oware_illegal_move_reason, oware_move_report,
    oware_outcome, oware_relay, oware_result, oware_side, oware_stop, oware_text_kind, str_arg,
    take_back,
};

/// A game: its starting position and ruleset, the moves played with what
/// each did, how it ended, and the tags of its record (players, event, …).
///
/// Create one with `oware_game_new`, `oware_game_from_position`,
/// `oware_game_from_record` or `oware_game_clone`; free it with
/// `oware_game_free`.
///
/// Thread safety: a game may be moved to another thread. Functions taking
/// `const oware_game *` only read it, so several threads may call them at
/// once; a function taking `oware_game *` must have the game to itself.
#[derive(Clone, Debug)]
pub struct oware_game {
    record: Record,
}

impl oware_game {
    /// A handle for `record`.
    fn new(record: Record) -> oware_game {
        oware_game { record }
    }

    pub(crate) fn game(&self) -> &Game {
        &self.record.game
    }

    /// The ruleset's houses a side.
    pub(crate) fn houses(&self) -> usize {
        self.game().ruleset().houses_per_side()
    }

    /// The move sowing the house at pit index `pit`, or why there is none:
    /// the game is over or the pit is not one of the ruleset's houses.
    fn to_move(&self, pit: u8) -> Result<Move, oware_illegal_move_reason> {
        if self.game().is_game_over() {
            return Err(oware_illegal_move_reason::GameOver);
        }
        Move::from_index(usize::from(pit), self.houses())
            .ok_or(oware_illegal_move_reason::NoSuchHouse)
    }

    /// Why the move sowing pit `pit` is not legal now, if it is not.
    fn check(&self, pit: u8) -> Result<(), oware_illegal_move_reason> {
        let m = self.to_move(pit)?;
        self.game()
            .position()
            .check(m)
            .map_err(oware_illegal_move_reason::from)
    }

    /// Plays the move sowing pit `pit`, or says why it cannot.
    fn play(&mut self, pit: u8) -> Result<oware_move_report, oware_illegal_move_reason> {
        let m = self.to_move(pit)?;
        let report = self.record.game.play(m).map_err(|e| e.reason)?;
        Ok(oware_move_report::new(
            &report,
            self.game().ply(),
            self.game().position(),
        ))
    }

    /// What the move sowing pit `pit` would do, or why it cannot be played.
    fn explain(&self, pit: u8) -> Result<Explanation, oware_illegal_move_reason> {
        let m = self.to_move(pit)?;
        Ok(self.game().explain(m).map_err(|e| e.reason)?)
    }

    /// The report of ply `ply` (from 1, the core's [`Game::report`]) and
    /// its summary, or `Err(InvalidArgument)`.
    fn report(&self, ply: usize) -> Result<(MoveReport, oware_move_report), oware_result> {
        let report = self
            .game()
            .report(ply)
            .ok_or(oware_result::InvalidArgument)?;
        let summary = oware_move_report::new(&report, ply, &self.game().positions()[ply]);
        Ok((report, summary))
    }
}

/// The result code of an illegal move's reason.
fn illegal(reason: oware_illegal_move_reason) -> oware_result {
    match reason {
        oware_illegal_move_reason::GameOver => oware_result::GameOver,
        _ => oware_result::IllegalMove,
    }
}

/// `outcome` as a result code's, first setting the optional out-parameter
/// `out_reason` to why the move cannot be played (`NONE` when it can).
fn with_reason<T>(
    out_reason: *mut oware_illegal_move_reason,
    outcome: Result<T, oware_illegal_move_reason>,
) -> Result<T, oware_result> {
    if let Some(out) = Out::optional(out_reason) {
        out.set(
            outcome
                .as_ref()
                .err()
                .copied()
                .unwrap_or(oware_illegal_move_reason::None),
        );
    }
    outcome.map_err(illegal)
}

/// Parses `text` as a ruleset, a position string or a record: the parsed
/// game, or the error's message.
fn parse(kind: oware_text_kind, text: &str) -> Result<Record, String> {
    match kind {
        oware_text_kind::Ruleset => text
            .parse::<Ruleset>()
            .map(|r| Record::new(Game::new(r)))
            .map_err(|e| e.to_string()),
        oware_text_kind::Position => text
            .parse::<Position>()
            .map(|p| Record::new(Game::from_position(p)))
            .map_err(|e| e.to_string()),
        oware_text_kind::Record => text.parse::<Record>().map_err(|e| e.to_string()),
    }
}

/// Makes a game from text of `kind`.
fn game_from_text(
    kind: oware_text_kind,
    text: *const c_char,
    out: *mut *mut oware_game,
) -> Result<(), Failure> {
    let out = Out::new(out)?;
    out.set(core::ptr::null_mut());
    let text = str_arg(text)?;
    let record = parse(kind, text).map_err(Failure::with(oware_result::ParseError))?;
    give(&out, oware_game::new(record));
    Ok(())
}

/// Returns the name of preset number `index` (from 0), e.g. `"abapa"`,
/// `"openspiel"`, `"awale"`, `"kalah"`, `"kalah-irving"`, `"congkak"`, or
/// NULL when `index` is past the last: loop until NULL to list them.
///
/// The string is static and NUL-terminated; it must not be freed.
#[unsafe(no_mangle)]
pub extern "C" fn oware_variant_name(index: usize) -> *const c_char {
    ffi_boundary! {
        const NAMES: [&core::ffi::CStr; 6] =
            [c"abapa", c"openspiel", c"awale", c"kalah", c"kalah-irving", c"congkak"];
        // The core's presets, in its order (a test checks the names).
        const _: () = assert!(Variant::ALL.len() == NAMES.len());
        NAMES.get(index).map_or(core::ptr::null(), |n| n.as_ptr())
    }
}

/// Checks `text` as the kind of text `kind` names (an `oware_text_kind`):
/// writes why it does not parse, e.g. `"invalid game record: ply 3:
/// illegal move c: house is empty"`, or an empty string if it parses.
///
/// Returns `OWARE_RESULT_OK` when the text parses, `OWARE_RESULT_PARSE_ERROR`
/// when it does not (the message is then in `buf`), or
/// `OWARE_RESULT_INSUFFICIENT_SIZE` when the message does not fit in
/// `len` bytes (`*out_n` is then the size needed). `buf` is written up to
/// `len` bytes, NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_text_check(
    kind: u32,
    text: *const c_char,
    buf: *mut c_char,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = StrBuf::new(buf, len, out_n)?;
        let text = cstr_arg(text)?;
        let kind = oware_text_kind::try_from(kind)?;
        let error = match text.to_str() {
            Ok(text) => parse(kind, text).err(),
            Err(_) => Some(NOT_UTF8.to_owned()),
        };
        match error {
            None => buf.write(""),
            Some(message) => {
                buf.write(&message)?;
                Err(oware_result::ParseError)
            }
        }
    }
}

/// Creates a game from the starting position of a ruleset given as text:
/// a preset (`"abapa"`, `"openspiel"`, `"awale"`, `"kalah"`,
/// `"kalah-irving"`, `"congkak"`, case ignored, aliases such as `"oware"`
/// accepted) optionally followed by options, e.g. `"kalah(6,5)"`,
/// `"congkak(5,5,relay=off)"`, `"abapa(grand_slam=capture-all)"`.
///
/// On success the caller owns `*out` and must free it with
/// `oware_game_free`. On failure `*out` is set to NULL:
/// `OWARE_RESULT_PARSE_ERROR` when the text is not UTF-8 or not a ruleset.
/// Unless `err` is NULL, the message buffer `err` of `err_len` bytes is
/// set to why (empty on success), e.g. `"invalid ruleset text: unknown
/// preset (abapa, openspiel, awale, kalah, kalah-irving or congkak)"`; see
/// the crate docs.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_new(
    ruleset: *const c_char,
    out: *mut *mut oware_game,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len; game_from_text(oware_text_kind::Ruleset, ruleset, out) }
}

/// Creates a game that starts from a position string, e.g.
/// `"4,4,4,4,4,4/4,4,4,4,4,4 s 0 0"` (Abapa) or
/// `"0,7,7,7,7,7/6,6,6,6,6,6 s 1 0 kalah(6,6)"`: the houses of South
/// (`A`…) and North (`a`…), the side to move (`s` or `n`), the stores, and
/// the ruleset unless it is Abapa.
///
/// On success the caller owns `*out` and must free it with
/// `oware_game_free`. On failure `*out` is set to NULL:
/// `OWARE_RESULT_PARSE_ERROR` when the text is not UTF-8 or not a position.
/// Unless `err` is NULL, the message buffer `err` of `err_len` bytes is
/// set to why (empty on success), e.g. `"invalid position: 49 seeds in
/// houses and stores, the ruleset has 48"`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_from_position(
    position: *const c_char,
    out: *mut *mut oware_game,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len; game_from_text(oware_text_kind::Position, position, out) }
}

/// Creates a game from a game record: PGN-like tag pairs (`[Variant
/// "kalah"]`, `[Position "..."]`, players, …) and movetext (`1. C f 2. B
/// a`), or a bare move string such as `"CfBa"`. Every move is checked; the
/// tags are kept for `oware_game_record_to_str`.
///
/// On success the caller owns `*out` and must free it with
/// `oware_game_free`. On failure `*out` is set to NULL:
/// `OWARE_RESULT_PARSE_ERROR` when the text is not UTF-8 or not a valid
/// record. Unless `err` is NULL, the message buffer `err` of `err_len`
/// bytes is set to why (empty on success), e.g. `"invalid game record: ply
/// 3: illegal move f: house is not the side to move's"`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_from_record(
    record: *const c_char,
    out: *mut *mut oware_game,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len; game_from_text(oware_text_kind::Record, record, out) }
}

/// Copies a game, with its history and tags.
///
/// On success the caller owns `*out` and must free it with
/// `oware_game_free`; on failure `*out` is set to NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_clone(
    game: *const oware_game,
    out: *mut *mut oware_game,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out)?;
        out.set(core::ptr::null_mut());
        let game = arg_ref!(game);
        give(&out, game.clone());
        Ok(())
    }
}

/// Frees a game. Calling with NULL is fine. Must not be called twice with
/// the same value.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_free(game: *mut oware_game) {
    ffi_boundary! { take_back(game) }
}

/// Returns the number of houses a side has in the game's ruleset (6 in
/// Oware, 7 in Congkak), or 0 when `game` is NULL. With `n` this number,
/// the houses are pits `0..2n` and the stores pits `2n` and `2n + 1`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_houses_per_side(game: *const oware_game) -> usize {
    ffi_boundary! {
        // SAFETY: by the pointer contract, NULL or a live game.
        unsafe { game.as_ref() }.map_or(0, oware_game::houses)
    }
}

/// Returns the number of plies played (0 at the start), or 0 when `game`
/// is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_ply(game: *const oware_game) -> usize {
    ffi_boundary! {
        // SAFETY: by the pointer contract, NULL or a live game.
        unsafe { game.as_ref() }.map_or(0, |g| g.game().ply())
    }
}

/// Writes the side to move to `*out`. (Once the game is over, it is the
/// side that would have moved.)
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_turn(
    game: *const oware_game,
    out: *mut oware_side,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out)?;
        let game = arg_ref!(game);
        out.set(game.game().position().turn().into());
        Ok(())
    }
}

/// Writes the seeds in every pit, by pit index: South's houses, North's
/// houses, South's store, North's store (`2n + 2` values; 14 in Oware).
/// A buffer of `OWARE_MAX_PITS` bytes always suffices.
///
/// `*out_n` is set to the number written, or needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_board(
    game: *const oware_game,
    buf: *mut u8,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = Buf::new(buf, len, out_n)?;
        let game = arg_ref!(game);
        let board = game.game().position().board();
        let stores = board.stores();
        let mut pits = board.all_houses().to_vec();
        pits.extend([stores.south, stores.north]);
        buf.fill(&pits)
    }
}

/// Writes the legal moves, as pit indices in increasing order;
/// none once the game is over. A buffer of `OWARE_MAX_HOUSES` bytes always
/// suffices.
///
/// `*out_n` is set to the number written, or needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_legal_moves(
    game: *const oware_game,
    buf: *mut u8,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = Buf::new(buf, len, out_n)?;
        let game = arg_ref!(game);
        let h = game.houses();
        let moves: Vec<u8> = game.game().legal_moves().iter().map(|&m| move_index(m, h)).collect();
        buf.fill(&moves)
    }
}

/// Checks the move that sows `pit` (a house: `0..2n`): returns
/// `OWARE_RESULT_OK` if it is legal, `OWARE_RESULT_GAME_OVER` if the game
/// is over, else `OWARE_RESULT_ILLEGAL_MOVE`. Unless `out_reason` is NULL,
/// `*out_reason` is set to why (`OWARE_ILLEGAL_MOVE_REASON_NONE` when
/// legal).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_check_move(
    game: *const oware_game,
    pit: u8,
    out_reason: *mut oware_illegal_move_reason,
) -> oware_result {
    ffi_result! {
        let game = arg_ref!(game);
        with_reason(out_reason, game.check(pit))
    }
}

/// Returns the static message of an `oware_illegal_move_reason`, e.g.
/// `"house is empty"`, or `"unknown reason"` for any other value.
///
/// The string is static and NUL-terminated; it must not be freed.
#[unsafe(no_mangle)]
pub extern "C" fn oware_illegal_move_reason_message(reason: u32) -> *const c_char {
    ffi_boundary! {
        oware_illegal_move_reason::ALL
            .into_iter()
            .find(|&r| r as u32 == reason)
            .map_or(c"unknown reason", oware_illegal_move_reason::message)
            .as_ptr()
    }
}

/// Plays the move that sows `pit` (a house: `0..2n`) and, unless
/// `out_report` is NULL, writes what it did to `*out_report`.
///
/// Returns `OWARE_RESULT_ILLEGAL_MOVE` or `OWARE_RESULT_GAME_OVER` when
/// the move cannot be played; the game is then unchanged. Unless
/// `out_reason` is NULL, `*out_reason` is set to why
/// (`OWARE_ILLEGAL_MOVE_REASON_NONE` when the move is played), as
/// `oware_game_check_move` gives it. The report's lists are read with
/// `oware_game_report_sown`, `oware_game_report_captures` and
/// `oware_game_report_relays` for ply `out_report->ply`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_play(
    game: *mut oware_game,
    pit: u8,
    out_report: *mut oware_move_report,
    out_reason: *mut oware_illegal_move_reason,
) -> oware_result {
    ffi_result! {
        let out = Out::optional(out_report);
        let game = arg_mut!(game);
        let summary = with_reason(out_reason, game.play(pit))?;
        if let Some(out) = out {
            out.set(summary);
        }
        Ok(())
    }
}

/// Writes, without playing it, what the move that sows `pit` (a house:
/// `0..2n`) would do, as one English sentence in the field's words, e.g.
/// `"F sows 3 seeds into a, b, c; the last seed makes c 2: captures c (2)
/// and b (3) = 5"`: the seeds sown lap by lap, where the last seed falls
/// and what it makes there, the captures and their total, and the rules
/// that apply (a grand slam that captures nothing, feeding a starved
/// opponent, Kalah's extra turn, Congkak's relays), citing the rule
/// numbers of the rules specification (R4, K2, C4, ...).
///
/// `buf` is written up to `len` bytes, NUL-terminated; `*out_n` is set to
/// the length written, or the size needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`). Returns `OWARE_RESULT_ILLEGAL_MOVE`
/// or `OWARE_RESULT_GAME_OVER` when the move cannot be played, writing
/// nothing to `buf`. Unless `out_reason` is NULL, `*out_reason` is set to
/// why the move cannot be played (`OWARE_ILLEGAL_MOVE_REASON_NONE` when it
/// can, whether or not the explanation fits), as `oware_game_play` sets it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_explain(
    game: *const oware_game,
    pit: u8,
    buf: *mut c_char,
    len: usize,
    out_n: *mut usize,
    out_reason: *mut oware_illegal_move_reason,
) -> oware_result {
    ffi_result! {
        let buf = StrBuf::new(buf, len, out_n)?;
        let game = arg_ref!(game);
        let explanation = with_reason(out_reason, game.explain(pit))?;
        buf.write(&explanation.to_string())
    }
}

/// Writes what ply `ply` (from 1 to `oware_game_ply`) did to `*out`, as
/// `oware_game_play` reported it; moves read from a record are reported
/// too. Returns `OWARE_RESULT_INVALID_ARGUMENT` for any other `ply`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_report(
    game: *const oware_game,
    ply: usize,
    out: *mut oware_move_report,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out)?;
        let game = arg_ref!(game);
        out.set(game.report(ply)?.1);
        Ok(())
    }
}

/// Writes the pits ply `ply` sowed, one pit index a seed, in order (the
/// origin house is never listed when the ruleset skips it on laps).
///
/// `*out_n` is set to the number written, or needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`; it is the report's `sown_len`).
/// Returns `OWARE_RESULT_INVALID_ARGUMENT` when `ply` is not from 1 to
/// `oware_game_ply`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_report_sown(
    game: *const oware_game,
    ply: usize,
    buf: *mut u8,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = Buf::new(buf, len, out_n)?;
        let game = arg_ref!(game);
        let h = game.houses();
        let sown: Vec<u8> = game.report(ply)?.0.sown.iter().map(|&p| pit_index(p, h)).collect();
        buf.fill(&sown)
    }
}

/// Writes the pits ply `ply` captured, in the order the capture took them
/// (in Oware the last house sown first, then backwards); none when a grand
/// slam annulled the capture.
///
/// `*out_n` is set to the number written, or needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`). Returns
/// `OWARE_RESULT_INVALID_ARGUMENT` when `ply` is not from 1 to
/// `oware_game_ply`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_report_captures(
    game: *const oware_game,
    ply: usize,
    buf: *mut oware_capture,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = Buf::new(buf, len, out_n)?;
        let game = arg_ref!(game);
        let h = game.houses();
        let captures: Vec<oware_capture> = game
            .report(ply)?
            .0
            .captures
            .iter()
            .map(|c| oware_capture::new(c, h))
            .collect();
        buf.fill(&captures)
    }
}

/// Writes the relays of ply `ply` (Congkak's relay sowing), in order.
///
/// `*out_n` is set to the number written, or needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`). Returns
/// `OWARE_RESULT_INVALID_ARGUMENT` when `ply` is not from 1 to
/// `oware_game_ply`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_report_relays(
    game: *const oware_game,
    ply: usize,
    buf: *mut oware_relay,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = Buf::new(buf, len, out_n)?;
        let game = arg_ref!(game);
        let h = game.houses();
        let relays: Vec<oware_relay> = game
            .report(ply)?
            .0
            .relays
            .iter()
            .map(|r| oware_relay::new(r, h))
            .collect();
        buf.fill(&relays)
    }
}

/// Writes the moves played, as pit indices, in order.
///
/// `*out_n` is set to the number written, or needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`; it is `oware_game_ply`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_moves(
    game: *const oware_game,
    buf: *mut u8,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = Buf::new(buf, len, out_n)?;
        let game = arg_ref!(game);
        let h = game.houses();
        let moves: Vec<u8> = game.game().moves().iter().map(|&m| move_index(m, h)).collect();
        buf.fill(&moves)
    }
}

/// Takes back the last thing done: an agreement to end the game, if that
/// came last, else the last move.
///
/// Unless `out_move` is NULL, `*out_move` is set to the move taken back
/// (its pit index), or `OWARE_NO_MOVE` when an agreement was.
/// Returns `OWARE_RESULT_NOTHING_TO_UNDO` at the start of the game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_undo(game: *mut oware_game, out_move: *mut u8) -> oware_result {
    ffi_result! {
        let out = Out::optional(out_move);
        let game = arg_mut!(game);
        let agreed = game
            .game()
            .outcome()
            .is_some_and(|o| o.termination == Termination::Agreement);
        if !agreed && game.game().ply() == 0 {
            return Err(oware_result::NothingToUndo);
        }
        let h = game.houses();
        let undone = game.record.game.undo();
        if let Some(out) = out {
            out.set(undone.map_or(OWARE_NO_MOVE, |m| move_index(m, h)));
        }
        Ok(())
    }
}

/// Writes how the game stands to `*out`: how it ended, the winner and the
/// scores, or, while it goes on, `OWARE_TERMINATION_NONE`,
/// `OWARE_WINNER_NONE` and the stores.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_outcome(
    game: *const oware_game,
    out: *mut oware_outcome,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out)?;
        let game = arg_ref!(game);
        out.set(oware_outcome::new(game.game().outcome(), game.game().position()));
        Ok(())
    }
}

/// Ends the game by agreement (Abapa R11): the seeds left are credited by
/// the ruleset (in Abapa each side takes those on its row).
/// `oware_game_undo` takes the agreement back.
///
/// Unless `out` is NULL, the outcome is written to `*out`. Returns
/// `OWARE_RESULT_GAME_OVER` if the game is already over.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_end_by_agreement(
    game: *mut oware_game,
    out: *mut oware_outcome,
) -> oware_result {
    ffi_result! {
        let out = Out::optional(out);
        let game = arg_mut!(game);
        let outcome = game
            .record
            .game
            .end_by_agreement()
            .map_err(|_| oware_result::GameOver)?;
        if let Some(out) = out {
            out.set(oware_outcome::new(Some(outcome), game.game().position()));
        }
        Ok(())
    }
}

/// Writes the houses of `side` (an `oware_side`) that its opponent could
/// capture with its next move, were the opponent to move now, as a bit
/// mask of house numbers within `side` (bit `k` set: `side`'s house `k`,
/// `A` or `a` for 0, is under threat; for South that is pit `k`, for
/// North pit `n + k`): the houses a frontend rings as threatened. It is
/// the encoding of Rust's `HouseSet::bits`, and Python's
/// `Board.threats(side)` lists the same numbers.
///
/// Returns `OWARE_RESULT_INVALID_ARGUMENT` when `side` is not an
/// `oware_side`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_threats(
    game: *const oware_game,
    side: u32,
    out_mask: *mut u32,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out_mask)?;
        let game = arg_ref!(game);
        let side: oware::Side = oware_side::try_from(side)?.into();
        let threats = game.game().position().threats(side);
        out.set(u32::from(threats.bits()));
        Ok(())
    }
}

/// Writes the current position string, e.g.
/// `"4,4,0,5,5,5/5,4,4,4,4,4 n 0 0"` (the ruleset follows unless it is
/// Abapa). `oware_game_from_position` reads it back.
///
/// `buf` is written up to `len` bytes, NUL-terminated; `*out_n` is set to
/// the length written, or the size needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_position_to_str(
    game: *const oware_game,
    buf: *mut c_char,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = StrBuf::new(buf, len, out_n)?;
        let game = arg_ref!(game);
        buf.write(&game.game().position().to_string())
    }
}

/// Writes the game record: the tag pairs (`Variant`, the tags set, the
/// `Result` and, once the game is over, `Termination`), then the numbered
/// moves. `oware_game_from_record` reads it back.
///
/// `buf` is written up to `len` bytes, NUL-terminated; `*out_n` is set to
/// the length written, or the size needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_record_to_str(
    game: *const oware_game,
    buf: *mut c_char,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = StrBuf::new(buf, len, out_n)?;
        let game = arg_ref!(game);
        buf.write(&game.record.to_string())
    }
}

/// Writes the text of the game's ruleset, e.g. `"abapa"` or
/// `"kalah(6,5)"`. `oware_game_new` reads it back.
///
/// `buf` is written up to `len` bytes, NUL-terminated; `*out_n` is set to
/// the length written, or the size needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_ruleset_to_str(
    game: *const oware_game,
    buf: *mut c_char,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = StrBuf::new(buf, len, out_n)?;
        let game = arg_ref!(game);
        buf.write(&game.game().ruleset().to_string())
    }
}

/// Writes the letter of the move that sows `pit` (a house: `0..2n`): `A`,
/// `B`, … for South's houses, `a`, `b`, … for North's.
///
/// `buf` is written up to `len` bytes, NUL-terminated (2 bytes suffice);
/// `*out_n` is set to the length written, or the size needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`). Returns
/// `OWARE_RESULT_INVALID_ARGUMENT` when `pit` is not a house of the
/// ruleset (`2n` or more).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_move_to_str(
    game: *const oware_game,
    pit: u8,
    buf: *mut c_char,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = StrBuf::new(buf, len, out_n)?;
        let game = arg_ref!(game);
        let m = Move::from_index(usize::from(pit), game.houses())
            .ok_or(oware_result::InvalidArgument)?;
        buf.write(&m.to_string())
    }
}

/// Reads a move letter (`"C"`, `"f"`) and writes the pit index of its
/// origin house to `*out_move`. Whether the move is legal is not checked.
///
/// Returns `OWARE_RESULT_PARSE_ERROR` unless `text` is exactly one letter
/// of a house of the game's ruleset; unless `err` is NULL, the message
/// buffer `err` of `err_len` bytes is set to why (empty on success), e.g.
/// `"g: no such house in this ruleset"`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_move_from_str(
    game: *const oware_game,
    text: *const c_char,
    out_move: *mut u8,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len;
        let out = Out::new(out_move)?;
        let game = arg_ref!(game);
        let text = cstr_arg(text)?;
        let m = Move::from_ascii_on(text.to_bytes(), game.houses())
            .map_err(Failure::with(oware_result::ParseError))?;
        if m.house().index() >= game.houses() {
            let message = format!("{m}: {}", IllegalMoveReason::NoSuchHouse);
            return Err(Failure::new(oware_result::ParseError, message));
        }
        out.set(move_index(m, game.houses()));
        Ok(())
    }
}

/// Sets the record tag `name` to `value` (e.g. `"South"`, `"Ama"`), or
/// removes it when `value` is NULL. The tags appear in
/// `oware_game_record_to_str`, which writes `Result` and `Termination`
/// from the outcome once the game is over.
///
/// Returns `OWARE_RESULT_INVALID_TAG`, and changes nothing, when the
/// record could not be read back as set or the game decides the tag:
/// `name` is empty or holds anything but ASCII letters, digits and `_`;
/// it is `Variant` or `Position` (which come from the game's start); it is
/// `Result` or `Termination` and the game is over; a `Termination` names
/// how games end (`"agreement"`, `"majority"`, ...: end the game with
/// `oware_game_end_by_agreement` instead); a `Result` is not `"1-0"`,
/// `"0-1"`, `"1/2-1/2"` or `"*"` (`"*"` removes it); or `value` holds a
/// line break or another control character (a tab is fine). Returns
/// `OWARE_RESULT_PARSE_ERROR` when `name` or `value` is not UTF-8 (as every
/// function taking text does), and changes nothing. Unless `err` is NULL,
/// the message buffer `err` of `err_len` bytes is set to why (empty on
/// success), e.g. `"invalid tag: Position comes from the game's start"`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_set_tag(
    game: *mut oware_game,
    name: *const c_char,
    value: *const c_char,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len;
        let game = arg_mut!(game);
        let name = str_arg(name)?;
        let invalid_tag = Failure::with(oware_result::InvalidTag);
        if value.is_null() {
            oware::record::check_tag_name(name).map_err(&invalid_tag)?;
            game.record.remove_tag(name);
            return Ok(());
        }
        let value = str_arg(value)?;
        game.record.set_tag(name, value).map_err(invalid_tag)
    }
}

/// Writes the value of the record tag `name` (e.g. `"South"`), as
/// `oware_game_record_to_str` writes it: a tag set with
/// `oware_game_set_tag` or read by `oware_game_from_record`; `Result`,
/// which is `"*"` while the game goes on and no result was set; and, once
/// the game is over, `Result` and `Termination` from the outcome (e.g.
/// `"0-1"`, `"majority"`) in place of those set.
///
/// `buf` is written up to `len` bytes, NUL-terminated; `*out_n` is set to
/// the length written, or the size needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`). Returns `OWARE_RESULT_NO_SUCH_TAG`
/// when the record has no tag `name` (with `buf[0]` set to NUL if `len >
/// 0`), `OWARE_RESULT_INVALID_TAG` when `name` is empty, holds anything
/// but ASCII letters, digits and `_`, or is `Variant` or `Position`
/// (which come from the game's start: `oware_game_ruleset_to_str`), and
/// `OWARE_RESULT_PARSE_ERROR` when `name` is not UTF-8. Unless `err` is
/// NULL, the message buffer `err` of `err_len` bytes is set to why (empty
/// on success), e.g. `"invalid tag: Variant comes from the game's start"`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_tag(
    game: *const oware_game,
    name: *const c_char,
    buf: *mut c_char,
    len: usize,
    out_n: *mut usize,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len;
        let buf = StrBuf::new(buf, len, out_n)?;
        let game = arg_ref!(game);
        let name = str_arg(name)?;
        oware::record::check_tag_name(name).map_err(Failure::with(oware_result::InvalidTag))?;
        let record = &game.record;
        let value = match (name, record.game.outcome()) {
            ("Result", Some(outcome)) => Some(outcome.result_str()),
            ("Termination", Some(outcome)) => Some(outcome.termination.name()),
            ("Result", None) => Some(record.tag(name).unwrap_or("*")),
            _ => record.tag(name),
        };
        match value {
            Some(value) => Ok(buf.write(value)?),
            None => {
                buf.clear();
                Err(oware_result::NoSuchTag.into())
            }
        }
    }
}

/// Counts the move paths of `depth` plies from the current position
/// (perft), by the position's own rules (the history rules, repetition
/// and ply limits, are not applied), and writes the count to `*out_nodes`.
/// From the Abapa start, depth 5 gives 5219.
///
/// Returns `OWARE_RESULT_INVALID_ARGUMENT` when `depth` is over 255. The
/// time taken grows about sixfold a ply, and depths past about 14 take
/// hours: `oware_game_perft_with_stop` can be stopped.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_perft(
    game: *const oware_game,
    depth: u32,
    out_nodes: *mut u64,
) -> oware_result {
    // SAFETY: the caller's pointers, passed on under the same contract.
    unsafe { oware_game_perft_with_stop(game, depth, core::ptr::null(), out_nodes) }
}

/// As `oware_game_perft`, stopped by `stop` (may be NULL: never stopped):
/// the flag is looked at every few thousand positions, and a stop returns
/// `OWARE_RESULT_STOPPED` (at once if it is set when the call starts),
/// with `*out_nodes` not written.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_game_perft_with_stop(
    game: *const oware_game,
    depth: u32,
    stop: *const oware_stop,
    out_nodes: *mut u64,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out_nodes)?;
        let game = arg_ref!(game);
        let depth = u8::try_from(depth).map_err(|_| oware_result::InvalidArgument)?;
        let nodes = oware::perft_with_stop(game.game().position(), depth, &oware_stop::of(stop))
            .map_err(|oware::Stopped| oware_result::Stopped)?;
        out.set(nodes);
        Ok(())
    }
}
