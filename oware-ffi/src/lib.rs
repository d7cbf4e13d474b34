//! C ABI for the [`oware`] crate: Oware (Abapa and the other Oware rule
//! sets), Kalah and Congkak, with the engine. The generated header is
//! `include/oware.h`; C code links with `-loware_ffi`.
//!
//! The design follows rustls-ffi:
//! - **Names** are `oware_<object>_<verb>`. The objects are opaque handles:
//!   [`oware_game`] (a game: its start, the moves played, the tags of its
//!   record), [`oware_searcher`] (the engine and its table),
//!   [`oware_player`] (a level of play, 1 to 5), [`oware_endgame_database`] (an
//!   endgame database: perfect play with few seeds left) and [`oware_stop`]
//!   (a flag that ends long calls).
//! - **Results.** Every fallible function returns an [`oware_result`];
//!   [`oware_result_message`] gives a static message for each code. Objects
//!   and values come back through out-parameters, which are written only on
//!   success unless a function says otherwise.
//! - **Pits and moves.** A **pit** index numbers the board's pits
//!   counter-clockwise from South's `A`: South's houses are `0..n` (`A`,
//!   `B`, …), North's `n..2n` (`a`, `b`, …), South's store is `2n` and
//!   North's `2n + 1`, where `n` is the ruleset's houses a side
//!   ([`oware_game_houses_per_side`]; 6 in Oware). A move is the pit index
//!   of its origin house, so always below `2n`, and is named `pit` where
//!   no more specific name (`played`, `best_move`) says its role. As in
//!   Rust and Python, a **house** is one of the playing pits, never an
//!   index across the board.
//! - **Buffers are owned by the caller.** A list is written to
//!   `(T *buf, size_t len, size_t *out_n)`: on success `*out_n` is the number
//!   of items written; when `len` is too small the function returns
//!   `OWARE_RESULT_INSUFFICIENT_SIZE` and sets `*out_n` to the number
//!   needed. A string is written to `(char *buf, size_t len, size_t *out_n)`
//!   the same way, NUL-terminated: on success `*out_n` is the length written
//!   without the NUL; when `len` is too small, `*out_n` is the size needed
//!   with the NUL (and `buf[0]` is set to NUL if `len > 0`). `buf` may be
//!   NULL when `len` is 0, to ask for the size alone.
//! - **Strings in** are NUL-terminated UTF-8. Text that is not UTF-8 gives
//!   `OWARE_RESULT_PARSE_ERROR` from every function that takes text (a
//!   record tag's name and value included), as does text that does not
//!   parse. (A file path is bytes on Unix, not text.)
//! - **Error messages.** Every function that parses text or touches a file
//!   ends with an optional message buffer `(char *err, size_t err_len)`:
//!   unless `err` is NULL or `err_len` is 0, it is always left
//!   NUL-terminated, empty on success and on failure holding why, e.g.
//!   `"invalid position: 49 seeds in houses and stores, the ruleset has
//!   48"` or `"games/x.owdb: the database file is truncated"` (the code's
//!   own message when there is nothing more to say). A message is
//!   best-effort: one longer than `err_len - 1` bytes is cut (at a UTF-8
//!   character boundary), never an `OWARE_RESULT_INSUFFICIENT_SIZE` error;
//!   [`OWARE_ERROR_SIZE`] bytes hold every message that does not quote
//!   long text of the caller's. Functions that play or check a move take
//!   an optional `oware_illegal_move_reason *out_reason` instead, set to
//!   why the move cannot be played (`OWARE_ILLEGAL_MOVE_REASON_NONE` when
//!   it can). [`oware_text_check`] writes why text does not parse without
//!   making anything.
//! - **Enums from C arrive as `uint32_t`** and are checked: an out-of-range
//!   value gives `OWARE_RESULT_INVALID_ARGUMENT`. Enums written by this
//!   library (in out-parameters and structs) are typed.
//! - **Pointers.** Every pointer argument must be NULL or valid for the
//!   access the function documents (a handle from this library that has
//!   not been freed, a NUL-terminated string, a buffer of `len` items). A
//!   NULL pointer where one is required gives
//!   `OWARE_RESULT_NULL_PARAMETER`; nothing is read or written then.
//! - **No panic crosses the boundary**: a bug inside the library returns
//!   `OWARE_RESULT_PANIC` (or NULL or 0 from the few functions that return
//!   no result code). A handle passed to a call that returned
//!   `OWARE_RESULT_PANIC` should only be freed.
//! - **Threads.** There is no global state. A handle may be moved to
//!   another thread, but must not be used from two threads at once, with
//!   two exceptions: functions taking `const oware_game *` only read the
//!   game, so any number of threads may call them on one game as long as
//!   none changes it (e.g. a searcher thinking in a background thread while
//!   the interface draws the board); and an endgame database never
//!   changes, so any number of threads may use one (all but
//!   [`oware_endgame_free`]), and an [`oware_stop`] is made to be set from
//!   another thread (all but [`oware_stop_free`]).
//!
//! # Example
//!
//! The calls a C program makes, from Rust (`examples/c/play.c` is the same
//! in C):
//!
//! ```
//! use core::ffi::{CStr, c_char};
//! use core::ptr::null_mut;
//! use oware_ffi::*;
//!
//! let mut game = null_mut();
//! // SAFETY: every pointer is NULL or valid, as the header asks.
//! unsafe {
//!     assert_eq!(oware_game_new(c"abapa".as_ptr(), &mut game, null_mut(), 0), oware_result::Ok);
//!     let mut moves = [0u8; OWARE_MAX_HOUSES];
//!     let mut n = 0;
//!     let code = oware_game_legal_moves(game, moves.as_mut_ptr(), moves.len(), &mut n);
//!     assert_eq!((code, &moves[..n]), (oware_result::Ok, &[0, 1, 2, 3, 4, 5][..]));
//!     assert_eq!(oware_game_play(game, 2, null_mut(), null_mut()), oware_result::Ok); // C
//!     // Too small a buffer: the size needed comes back.
//!     let mut text = [0 as c_char; 8];
//!     let code = oware_game_position_to_str(game, text.as_mut_ptr(), text.len(), &mut n);
//!     assert_eq!((code, n), (oware_result::InsufficientSize, 30));
//!     let mut text = vec![0 as c_char; n];
//!     oware_game_position_to_str(game, text.as_mut_ptr(), text.len(), &mut n);
//!     let position = CStr::from_ptr(text.as_ptr()).to_str().unwrap();
//!     assert_eq!(position, "4,4,0,5,5,5/5,4,4,4,4,4 n 0 0");
//!     oware_game_free(game);
//! }
//! ```
#![allow(non_camel_case_types)]
// The safety contract is the same for every function, and C readers see it
// in the header's preamble: it is stated once above ("Pointers").
#![allow(clippy::missing_safety_doc)]

use core::ffi::{CStr, c_char};
use core::ptr::NonNull;

mod game;
mod search;
mod stop;
#[cfg(test)]
mod tests;
mod types;

// Declared last so that the header lists the endgame databases after the
// games and the engine that use them.
mod endgame;

pub use endgame::*;
pub use game::*;
pub use search::*;
pub use stop::*;
pub use types::*;

/// The most houses a side has in any ruleset: a buffer of this many
/// moves always holds the legal moves.
pub const OWARE_MAX_HOUSES: usize = 9;

/// The most pits (houses and stores) a board has: a buffer of this many
/// bytes always holds [`oware_game_board`]'s output.
pub const OWARE_MAX_PITS: usize = 20;

// The header's constants are literals (cbindgen cannot read the core's).
const _: () = assert!(OWARE_MAX_HOUSES == oware::MAX_HOUSES);
const _: () = assert!(OWARE_MAX_PITS == 2 * oware::MAX_HOUSES + 2);

/// A size of error-message buffer (`err`, `err_len`) that holds every
/// message whole, unless it quotes long text of the caller's (a tag
/// value, a file path).
pub const OWARE_ERROR_SIZE: usize = 256;

/// No move: the value of a move field or out-parameter when there is none.
pub const OWARE_NO_MOVE: u8 = u8::MAX;

/// Result codes returned by fallible `oware_*` functions. Values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oware_result {
    /// Success.
    Ok = 0,
    /// A required pointer argument was NULL.
    NullParameter = 1,
    /// An argument is out of range: an enum value, a ply, a limit, a size.
    InvalidArgument = 2,
    /// A string is not UTF-8 or does not parse as the text asked for (the
    /// call's `err` buffer tells why).
    ParseError = 3,
    /// The move is not legal here (the call's `out_reason` tells why).
    IllegalMove = 4,
    /// The game is over: no move can be played or searched.
    GameOver = 5,
    /// The buffer is too small; `*out_n` holds the size needed.
    InsufficientSize = 6,
    /// There is no move or agreement to take back.
    NothingToUndo = 7,
    /// An endgame database file or directory cannot be opened, read or
    /// written.
    EndgameIo = 8,
    /// The file is not an endgame database (its magic bytes are wrong).
    EndgameNotADatabase = 9,
    /// The endgame database file has a format version this library does
    /// not read.
    EndgameVersion = 10,
    /// The endgame database file ends early: it was cut short.
    EndgameTruncated = 11,
    /// The endgame database file's checksum does not match: it is corrupt.
    EndgameChecksum = 12,
    /// The endgame database file has an impossible header field or value.
    EndgameCorrupt = 13,
    /// The endgame database file is sound but not what was asked for:
    /// another ruleset or convention, or layers that do not follow.
    EndgameMismatch = 14,
    /// The ruleset has no endgame databases (only Oware rulesets in which
    /// a side never passes without a capture have them).
    EndgameUnsupported = 15,
    /// More seeds are on the board than the endgame database holds.
    EndgameTooManySeeds = 16,
    /// The game's ruleset does not move, capture or feed as the endgame
    /// database's.
    EndgameWrongRuleset = 17,
    /// The record tag cannot be set: its name is not ASCII letters, digits
    /// and `_`; the game decides it (`Variant`, `Position`, and `Result` or
    /// `Termination` once the game is over); a `Termination` names how
    /// games end (`agreement`, ...); a `Result` is not `1-0`, `0-1`,
    /// `1/2-1/2` or `*`; or the value holds a line break or another
    /// control character.
    InvalidTag = 18,
    /// An `oware_stop` given to the call was set before the work finished.
    Stopped = 19,
    /// Memory for the work could not be allocated: an endgame build (whose
    /// estimate is reserved before it starts) or a database file too large
    /// for the process's address-space limit or the system's memory.
    OutOfMemory = 20,
    /// The game's record has no tag of that name (`oware_game_tag`).
    NoSuchTag = 21,
    /// A bug inside the library (a Rust panic), caught at the boundary.
    Panic = 255,
}

impl oware_result {
    /// Every code, in value order.
    pub(crate) const ALL: [oware_result; 23] = [
        oware_result::Ok,
        oware_result::NullParameter,
        oware_result::InvalidArgument,
        oware_result::ParseError,
        oware_result::IllegalMove,
        oware_result::GameOver,
        oware_result::InsufficientSize,
        oware_result::NothingToUndo,
        oware_result::EndgameIo,
        oware_result::EndgameNotADatabase,
        oware_result::EndgameVersion,
        oware_result::EndgameTruncated,
        oware_result::EndgameChecksum,
        oware_result::EndgameCorrupt,
        oware_result::EndgameMismatch,
        oware_result::EndgameUnsupported,
        oware_result::EndgameTooManySeeds,
        oware_result::EndgameWrongRuleset,
        oware_result::InvalidTag,
        oware_result::Stopped,
        oware_result::OutOfMemory,
        oware_result::NoSuchTag,
        oware_result::Panic,
    ];

    /// The code with value `value`, if there is one.
    #[must_use]
    pub(crate) fn from_u32(value: u32) -> Option<oware_result> {
        oware_result::ALL.into_iter().find(|&r| r as u32 == value)
    }

    /// The static, NUL-terminated message of the code.
    const fn message(self) -> &'static CStr {
        match self {
            oware_result::Ok => c"ok",
            oware_result::NullParameter => c"a required pointer argument was NULL",
            oware_result::InvalidArgument => c"an argument is out of range",
            oware_result::ParseError => c"the text is not UTF-8 or does not parse",
            oware_result::IllegalMove => c"the move is not legal here",
            oware_result::GameOver => c"the game is over",
            oware_result::InsufficientSize => {
                c"the buffer is too small (*out_n holds the size needed)"
            }
            oware_result::NothingToUndo => c"nothing to undo: no move has been played",
            oware_result::EndgameIo => c"the endgame database cannot be opened, read or written",
            oware_result::EndgameNotADatabase => {
                c"not an oware endgame database (bad magic bytes)"
            }
            oware_result::EndgameVersion => {
                c"the endgame database's format version is not the one this library reads"
            }
            oware_result::EndgameTruncated => c"the endgame database file is truncated",
            oware_result::EndgameChecksum => {
                c"the endgame database file is corrupt (checksum mismatch)"
            }
            oware_result::EndgameCorrupt => {
                c"the endgame database file is corrupt (an impossible field or value)"
            }
            oware_result::EndgameMismatch => {
                c"the endgame database file is another ruleset's or convention's, or its layers do not follow"
            }
            oware_result::EndgameUnsupported => c"this ruleset has no endgame databases",
            oware_result::EndgameTooManySeeds => {
                c"more seeds on the board than the endgame database holds"
            }
            oware_result::EndgameWrongRuleset => {
                c"the game's ruleset is not the endgame database's"
            }
            oware_result::InvalidTag => {
                c"the tag cannot be set: a bad name or a line break, or a tag the game decides"
            }
            oware_result::Stopped => c"stopped before it finished",
            oware_result::OutOfMemory => c"out of memory: the work needs more than can be allocated",
            oware_result::NoSuchTag => c"the game's record has no tag of that name",
            oware_result::Panic => c"internal error: a panic was caught at the C boundary",
        }
    }
}

/// Returns the version of the library, e.g. `"0.1.0"`.
///
/// The string is static and NUL-terminated; it must not be freed.
#[unsafe(no_mangle)]
pub extern "C" fn oware_version() -> *const c_char {
    ffi_boundary! {
        const VERSION: &CStr = match CStr::from_bytes_with_nul(
            concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes(),
        ) {
            Ok(v) => v,
            Err(_) => c"?",
        };
        VERSION.as_ptr()
    }
}

/// Returns the message of a result code, e.g. `"the game is over"`, or
/// `"unknown result code"` for a value that is not an `oware_result`.
///
/// The string is static and NUL-terminated; it must not be freed.
#[unsafe(no_mangle)]
pub extern "C" fn oware_result_message(result: u32) -> *const c_char {
    ffi_boundary! {
        oware_result::from_u32(result)
            .map_or(c"unknown result code", oware_result::message)
            .as_ptr()
    }
}

/// What a function returns when a panic is caught at the boundary.
trait PanicDefault {
    fn on_panic() -> Self;
}

impl PanicDefault for oware_result {
    fn on_panic() -> Self {
        oware_result::Panic
    }
}

impl PanicDefault for () {
    fn on_panic() -> Self {}
}

impl PanicDefault for usize {
    fn on_panic() -> Self {
        0
    }
}

impl PanicDefault for *const c_char {
    fn on_panic() -> Self {
        core::ptr::null()
    }
}

impl PanicDefault for Result<(), Failure> {
    fn on_panic() -> Self {
        Err(oware_result::Panic.into())
    }
}

/// Runs a function body, catching any panic: the body's value, or the
/// return type's [`PanicDefault`] if it panicked.
macro_rules! ffi_boundary {
    ($($body:tt)*) => {
        match ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(|| { $($body)* })) {
            Ok(value) => value,
            Err(_) => $crate::PanicDefault::on_panic(),
        }
    };
}
pub(crate) use ffi_boundary;

/// Runs a body returning `Result<(), oware_result>` (so `?` works), catching
/// any panic, and returns the `oware_result`.
macro_rules! ffi_result {
    ($($body:tt)*) => {
        $crate::ffi_boundary! {
            let run = || -> ::core::result::Result<(), $crate::oware_result> { $($body)* };
            match run() {
                Ok(()) => $crate::oware_result::Ok,
                Err(code) => code,
            }
        }
    };
}
pub(crate) use ffi_result;

/// Runs a body returning `Result<(), Failure>`, catching any panic, writes
/// its message to the error buffer `(err, err_len)` and returns its code.
macro_rules! ffi_detailed {
    ($err:expr, $err_len:expr; $($body:tt)*) => {
        $crate::ErrBuf::new($err, $err_len).report($crate::ffi_boundary! {
            let run = || -> ::core::result::Result<(), $crate::Failure> { $($body)* };
            run()
        })
    };
}
pub(crate) use ffi_detailed;

/// Why a call failed: its code and, when the library can say more than
/// the code's message, why (the core's message, with context).
#[derive(Debug)]
pub(crate) struct Failure {
    code: oware_result,
    message: Option<String>,
}

impl Failure {
    /// A failure with code `code` and message `message`.
    pub(crate) fn new(code: oware_result, message: impl ToString) -> Failure {
        let message = Some(message.to_string());
        Failure { code, message }
    }

    /// A closure making a [`Failure`] of code `code` from an error's message.
    pub(crate) fn with<E: ToString>(code: oware_result) -> impl Fn(E) -> Failure {
        move |e| Failure::new(code, e)
    }
}

impl From<oware_result> for Failure {
    fn from(code: oware_result) -> Failure {
        Failure {
            code,
            message: None,
        }
    }
}

/// The optional error-message buffer `(char *err, size_t err_len)`.
pub(crate) struct ErrBuf {
    ptr: *mut c_char,
    len: usize,
}

impl ErrBuf {
    /// The buffer `(err, err_len)`; NULL or 0 bytes: no message wanted.
    pub(crate) fn new(err: *mut c_char, err_len: usize) -> ErrBuf {
        let len = if err.is_null() { 0 } else { err_len };
        ErrBuf { ptr: err, len }
    }

    /// Writes the outcome's message (empty on success) and returns its code.
    pub(crate) fn report(&self, outcome: Result<(), Failure>) -> oware_result {
        match outcome {
            Ok(()) => {
                self.write("");
                oware_result::Ok
            }
            Err(Failure { code, message }) => {
                match message {
                    Some(message) => self.write(&message),
                    None => self.write(code.message().to_str().unwrap_or_default()),
                }
                code
            }
        }
    }

    /// Writes as much of `text` as fits before a NUL, cut at a character
    /// boundary; nothing when there is no room even for the NUL.
    fn write(&self, text: &str) {
        let Some(room) = self.len.checked_sub(1) else {
            return;
        };
        let mut cut = room.min(text.len());
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        // SAFETY: `ptr` is non-NULL (`len` > 0 only then) and by the pointer
        // contract valid for `len` writes; `cut` + 1 <= `len`, and the
        // caller's buffer cannot overlap `text`, which this library owns.
        unsafe {
            core::ptr::copy_nonoverlapping(text.as_ptr().cast::<c_char>(), self.ptr, cut);
            self.ptr.add(cut).write(0);
        }
    }
}

/// `&T` from a `*const T` argument, or an early `Err(NullParameter)`.
macro_rules! arg_ref {
    ($p:expr) => {
        // SAFETY: by the crate's pointer contract, a pointer argument is NULL
        // (handled here) or points to a live object of its type, not
        // changed by another thread during the call.
        unsafe { $p.as_ref() }.ok_or($crate::oware_result::NullParameter)?
    };
}
pub(crate) use arg_ref;

/// `&mut T` from a `*mut T` argument, or an early `Err(NullParameter)`.
macro_rules! arg_mut {
    ($p:expr) => {
        // SAFETY: by the crate's pointer contract, a mutable handle argument
        // is NULL (handled here) or points to a live object that no one
        // else uses during the call.
        unsafe { $p.as_mut() }.ok_or($crate::oware_result::NullParameter)?
    };
}
pub(crate) use arg_mut;

/// A required out-parameter, checked for NULL before anything is done.
pub(crate) struct Out<T>(NonNull<T>);

impl<T> Out<T> {
    /// The out-parameter `p`, or `Err(NullParameter)`.
    pub(crate) fn new(p: *mut T) -> Result<Out<T>, oware_result> {
        NonNull::new(p).map(Out).ok_or(oware_result::NullParameter)
    }

    /// The out-parameter `p`, or `None` when it is NULL (an optional one).
    pub(crate) fn optional(p: *mut T) -> Option<Out<T>> {
        NonNull::new(p).map(Out)
    }

    /// Writes `value` (without reading or dropping what was there).
    pub(crate) fn set(&self, value: T) {
        // SAFETY: non-NULL, and by the crate's pointer contract an
        // out-parameter points to memory valid for writes of a `T`.
        unsafe { self.0.as_ptr().write(value) }
    }
}

/// A caller-owned buffer of `len` items of `T`, checked before use.
pub(crate) struct Buf<T> {
    ptr: *mut T,
    len: usize,
    out_n: Out<usize>,
}

impl<T: Copy> Buf<T> {
    /// The buffer `(ptr, len, out_n)`: `ptr` may be NULL only when `len` is 0.
    pub(crate) fn new(ptr: *mut T, len: usize, out_n: *mut usize) -> Result<Buf<T>, oware_result> {
        let out_n = Out::new(out_n)?;
        if ptr.is_null() && len > 0 {
            return Err(oware_result::NullParameter);
        }
        Ok(Buf { ptr, len, out_n })
    }

    /// `Err(InsufficientSize)`, with `*out_n` set to `n`, unless `n` items fit.
    pub(crate) fn check_room(&self, n: usize) -> Result<(), oware_result> {
        if n > self.len {
            self.out_n.set(n);
            return Err(oware_result::InsufficientSize);
        }
        Ok(())
    }

    /// Writes `items`, or reports the size needed.
    pub(crate) fn fill(&self, items: &[T]) -> Result<(), oware_result> {
        self.check_room(items.len())?;
        if !items.is_empty() {
            // SAFETY: `ptr` is non-NULL (checked in `new`, as `len` >=
            // `items.len()` > 0) and by the pointer contract valid for
            // writes of `len` items; a caller-owned buffer cannot overlap
            // `items`, which this library owns.
            unsafe { core::ptr::copy_nonoverlapping(items.as_ptr(), self.ptr, items.len()) };
        }
        self.out_n.set(items.len());
        Ok(())
    }
}

/// A caller-owned string buffer `(char *buf, size_t len, size_t *out_n)`.
pub(crate) struct StrBuf(Buf<c_char>);

impl StrBuf {
    /// The buffer `(buf, len, out_n)`: `buf` may be NULL only when `len` is 0.
    pub(crate) fn new(
        buf: *mut c_char,
        len: usize,
        out_n: *mut usize,
    ) -> Result<StrBuf, oware_result> {
        Buf::new(buf, len, out_n).map(StrBuf)
    }

    /// Makes the buffer the empty string, if it has room for the NUL.
    pub(crate) fn clear(&self) {
        if self.0.len > 0 {
            // SAFETY: non-NULL as `len` > 0 (checked in `Buf::new`), valid
            // for `len` writes by the pointer contract.
            unsafe { self.0.ptr.write(0) };
        }
    }

    /// Writes `text` and a NUL; `*out_n` is the length without the NUL. When
    /// it does not fit, `*out_n` is the size needed with the NUL.
    pub(crate) fn write(&self, text: &str) -> Result<(), oware_result> {
        let buf = &self.0;
        let needed = text.len() + 1;
        if needed > buf.len {
            self.clear();
            buf.out_n.set(needed);
            return Err(oware_result::InsufficientSize);
        }
        // SAFETY: `needed` <= `len` bytes, valid for writes by the pointer
        // contract (non-NULL as `len` >= 1); the caller's buffer cannot
        // overlap `text`, which this library owns.
        unsafe {
            core::ptr::copy_nonoverlapping(text.as_ptr().cast::<c_char>(), buf.ptr, text.len());
            buf.ptr.add(text.len()).write(0);
        }
        buf.out_n.set(text.len());
        Ok(())
    }
}

/// A NUL-terminated string argument as UTF-8: `Err(NullParameter)` for
/// NULL, `Err(ParseError)` when it is not UTF-8 (the rule for every text
/// argument, in the crate docs).
pub(crate) fn str_arg<'a>(p: *const c_char) -> Result<&'a str, Failure> {
    let not_utf8 = |_| Failure::new(oware_result::ParseError, NOT_UTF8);
    cstr_arg(p)?.to_str().map_err(not_utf8)
}

/// The message of text that is not UTF-8.
pub(crate) const NOT_UTF8: &str = "not UTF-8 text";

/// A NUL-terminated string argument, or `Err(NullParameter)`.
pub(crate) fn cstr_arg<'a>(p: *const c_char) -> Result<&'a CStr, oware_result> {
    if p.is_null() {
        return Err(oware_result::NullParameter);
    }
    // SAFETY: non-NULL, and by the pointer contract a string argument is
    // NUL-terminated and unchanged during the call.
    Ok(unsafe { CStr::from_ptr(p) })
}

/// Stores a new object in `*out` and hands its ownership to the caller.
pub(crate) fn give<T>(out: &Out<*mut T>, value: T) {
    out.set(Box::into_raw(Box::new(value)));
}

/// Frees an object made by [`give`]; NULL is fine.
pub(crate) fn take_back<T>(p: *mut T) {
    if !p.is_null() {
        // SAFETY: by the ownership contract of the `_free` functions, `p`
        // came from `give` (a `Box`) and is freed once.
        drop(unsafe { Box::from_raw(p) });
    }
}
