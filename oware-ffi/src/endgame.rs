//! `oware_endgame_database`: an endgame database (perfect play with few seeds left),
//! loaded, built, probed, and given to a level-5 `oware_player`.

use core::ffi::{CStr, c_char};
use std::path::PathBuf;
use std::sync::Arc;

use oware::Ruleset;
use oware::endgame::{Convention, Database, DirError, EndgameError, LoadError, ProbeError};

use crate::types::move_index;
use crate::{
    Buf, Failure, Out, StrBuf, arg_mut, arg_ref, cstr_arg, ffi_boundary, ffi_detailed, ffi_result,
    give, oware_game, oware_player, oware_result, oware_stop, str_arg, take_back,
};

/// The value `oware_endgame_max_seeds` writes for a database without any
/// layer (e.g. from `oware_endgame_load_dir` on a directory without the
/// layer of 0 seeds): no position can be probed in it.
pub const OWARE_ENDGAME_NO_LAYERS: u8 = u8::MAX;

/// What endless play (a cycle without captures) is worth to an endgame
/// database: the convention its values are computed under.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oware_convention {
    /// Endless play splits the seeds left evenly (the computer-Awari
    /// convention): every value is exact. The convention of rulesets whose
    /// seeds left at the end are not counted.
    EvenSplit = 0,
    /// Each side takes the seeds in its own row when the game is cut (Abapa
    /// R11, OpenSpiel): the convention of Abapa. A value a cycle can change
    /// is given as bounds, not exact.
    EachTakesOwn = 1,
}

impl TryFrom<u32> for oware_convention {
    type Error = oware_result;

    fn try_from(value: u32) -> Result<oware_convention, oware_result> {
        match value {
            0 => Ok(oware_convention::EvenSplit),
            1 => Ok(oware_convention::EachTakesOwn),
            _ => Err(oware_result::InvalidArgument),
        }
    }
}

impl From<oware_convention> for Convention {
    fn from(c: oware_convention) -> Convention {
        match c {
            oware_convention::EvenSplit => Convention::EvenSplit,
            oware_convention::EachTakesOwn => Convention::EachTakesOwn,
        }
    }
}

impl From<Convention> for oware_convention {
    fn from(c: Convention) -> oware_convention {
        match c {
            Convention::EvenSplit => oware_convention::EvenSplit,
            Convention::EachTakesOwn => oware_convention::EachTakesOwn,
        }
    }
}

/// An endgame database: the exact value (or, where a cycle can change it,
/// bounds) of every position of one Oware ruleset with up to
/// `oware_endgame_max_seeds` seeds on the board, and the moves that
/// realise it. Kalah and Congkak have none.
///
/// Create one with `oware_endgame_load_dir`, `oware_endgame_load` or
/// `oware_endgame_build`; free it with `oware_endgame_free`. Read it with
/// `oware_endgame_probe`; give it to a level-5 player with
/// `oware_player_set_endgame`.
///
/// Ownership: the handle holds one reference to the database, and each
/// player given it holds another, so the handle may be freed while those
/// players live (they keep the database until they are freed).
///
/// Thread safety: a database never changes once made. Any number of
/// threads may call the functions taking `const oware_endgame_database *` on one
/// database at once, and players in several threads may share it; only
/// `oware_endgame_free` must not run while another call uses the handle.
#[derive(Debug)]
pub struct oware_endgame_database {
    db: Arc<Database>,
}

/// What `oware_endgame_probe` found about a game's position.
///
/// The value is, for the side to move, the final difference of captures
/// from now on (its captures minus the opponent's) that it can force, both
/// sides playing best; its final score is then its store plus
/// `(seeds + value) / 2`. Under `OWARE_CONVENTION_EVEN_SPLIT` the value is
/// always exact. Under `OWARE_CONVENTION_EACH_TAKES_OWN` it is exact unless
/// a cycle cut by the repetition rule could change it: then `lower` is what
/// the side to move can force by play that does not cycle and `upper` what
/// the opponent can hold it to the same way.
///
/// Best play secures `lower` in `plies` plies at most (when the opponent
/// keeps the value too), unless the game's own history rules cut the line
/// first (the no-capture limit, 100 plies in Abapa, which the longest lines
/// of 12 and 13 seeds pass; or a repetition of an earlier position): `safe`
/// says whether they can.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct oware_probe_result {
    /// The value the side to move can force (the value, when exact).
    pub lower: i8,
    /// The value the opponent can hold it to (`upper >= lower`).
    pub upper: i8,
    /// `lower == upper`: no cycle can change the value.
    pub exact: bool,
    /// The seeds on the board (at most the database's `max_seeds`).
    pub seeds: u8,
    /// At most how many plies best play takes to reach the capture (or the
    /// end of the game) that secures `lower`, when the opponent keeps the
    /// value too; 65535 when more than 254; 0 where keeping the value needs
    /// no progress (a value of 0 or less under
    /// `OWARE_CONVENTION_EVEN_SPLIT`; a lower bound of minus the seeds, or
    /// one no line forces, under `OWARE_CONVENTION_EACH_TAKES_OWN`).
    pub plies: u16,
    /// The game's history rules cannot cut best play before it secures
    /// `lower`: the `plies` fit under its no-capture and ply limits, and no
    /// earlier position is one occurrence from ending the game. With
    /// `exact`, playing the first best move at every turn is perfect play;
    /// without, a search should choose (a level-5 player does).
    pub safe: bool,
    /// The number of best moves: the moves that keep `lower` and make
    /// progress towards it, best first (highest `upper`, then the
    /// quickest). At least 1, at most `OWARE_MAX_HOUSES`.
    pub best_moves_len: usize,
}

/// The result code of a refused database file.
fn load_error(e: &LoadError) -> oware_result {
    match e {
        LoadError::Io(_) => oware_result::EndgameIo,
        LoadError::NotADatabase => oware_result::EndgameNotADatabase,
        LoadError::Version { .. } => oware_result::EndgameVersion,
        LoadError::Truncated => oware_result::EndgameTruncated,
        LoadError::Checksum => oware_result::EndgameChecksum,
        LoadError::Mismatch(_) => oware_result::EndgameMismatch,
        LoadError::OutOfMemory { .. } => oware_result::OutOfMemory,
        // Corrupt, and any refusal this version does not name.
        _ => oware_result::EndgameCorrupt,
    }
}

/// A refused database file or directory, with its path and why.
fn refused(e: &DirError) -> Failure {
    Failure::new(load_error(&e.error), e)
}

/// The result code of a probe that failed.
fn probe_error(e: ProbeError) -> oware_result {
    match e {
        ProbeError::Ruleset => oware_result::EndgameWrongRuleset,
        // An empty database holds no position: every one has too many seeds.
        ProbeError::TooManySeeds { .. } | ProbeError::Empty => oware_result::EndgameTooManySeeds,
        ProbeError::GameOver => oware_result::GameOver,
        _ => oware_result::InvalidArgument,
    }
}

/// A database that cannot be made: the code, and the core's message.
fn build_error(e: EndgameError) -> Failure {
    let code = match e {
        EndgameError::Unsupported => oware_result::EndgameUnsupported,
        EndgameError::OutOfMemory { .. } => oware_result::OutOfMemory,
        EndgameError::Stopped => oware_result::Stopped,
        // Full, TooLarge: more seeds than the ruleset has or a layer holds.
        _ => oware_result::InvalidArgument,
    };
    Failure::new(code, e)
}

/// A file path argument: NUL-terminated bytes, taken as they are on Unix
/// (a path need not be UTF-8 there), UTF-8 elsewhere
/// (`Err(InvalidArgument)` if not).
fn path_arg(p: *const c_char) -> Result<PathBuf, oware_result> {
    let path: &CStr = cstr_arg(p)?;
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Ok(PathBuf::from(std::ffi::OsStr::from_bytes(path.to_bytes())))
    }
    #[cfg(not(unix))]
    {
        path.to_str()
            .map(PathBuf::from)
            .map_err(|_| oware_result::InvalidArgument)
    }
}

/// The ruleset and convention arguments of `load_dir` and `build`, checked
/// in argument order, and an empty database for them.
fn empty_database(ruleset: *const c_char, convention: u32) -> Result<Database, Failure> {
    let text = str_arg(ruleset)?;
    let convention = oware_convention::try_from(convention)?;
    let ruleset = text
        .parse::<Ruleset>()
        .map_err(Failure::with(oware_result::ParseError))?;
    Database::new(&ruleset, convention.into()).map_err(build_error)
}

/// The message of a file `path` that cannot be read or written, naming it.
fn io_failure(path: &std::path::Path, e: impl std::fmt::Display) -> Failure {
    Failure::new(oware_result::EndgameIo, format!("{}: {e}", path.display()))
}

/// Hands a new endgame handle for `db` to the caller.
fn give_endgame(out: &Out<*mut oware_endgame_database>, db: Database) {
    give(out, oware_endgame_database { db: Arc::new(db) });
}

/// Loads the database of the ruleset given as text (as `oware_game_new`
/// takes it, e.g. `"abapa"`) under `convention` (an `oware_convention`)
/// from the directory `dir`, one file a layer of seeds, as the `endgame`
/// example's `build` writes them: `even-00.owdb`, `even-01.owdb`, … for
/// `OWARE_CONVENTION_EVEN_SPLIT`, `own-00.owdb`, … for
/// `OWARE_CONVENTION_EACH_TAKES_OWN`. The layers are read from 0 seeds up
/// to the first file missing (a file may hold several layers: one saved by
/// `oware_endgame_save` and named `even-00.owdb` holds them all); a
/// directory without the layer of 0 seeds gives an empty database
/// (`oware_endgame_max_seeds` writes `OWARE_ENDGAME_NO_LAYERS`), one that
/// does not exist `OWARE_RESULT_ENDGAME_IO` (a mistyped path is not an
/// empty database). A corrupt or unreadable layer file is an error, not
/// the end of the database. The files may come from any ruleset that
/// moves, captures and feeds alike (an Abapa directory serves
/// `"openspiel"`). `dir` is a path: bytes on Unix,
/// UTF-8 elsewhere.
///
/// On success the caller owns `*out` and must free it with
/// `oware_endgame_free`. On failure `*out` is set to NULL:
/// `OWARE_RESULT_PARSE_ERROR` when the ruleset text is not UTF-8 or not a
/// ruleset, `OWARE_RESULT_INVALID_ARGUMENT` when `convention` is out of
/// range, `OWARE_RESULT_ENDGAME_UNSUPPORTED` when the ruleset has no
/// endgame databases, and for a layer file present but refused
/// `OWARE_RESULT_ENDGAME_IO`, `_NOT_A_DATABASE`, `_VERSION`, `_TRUNCATED`,
/// `_CHECKSUM`, `_CORRUPT` or `_MISMATCH` (another ruleset or convention,
/// or layers that do not follow the ones before).
/// Unless `err` is NULL, the message buffer `err` of `err_len` bytes is
/// set to why (empty on success), e.g. `"endgame/own-03.owdb: the database file is truncated"`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_endgame_load_dir(
    dir: *const c_char,
    ruleset: *const c_char,
    convention: u32,
    out: *mut *mut oware_endgame_database,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len;
        let out = Out::new(out)?;
        out.set(core::ptr::null_mut());
        let dir = path_arg(dir)?;
        let mut db = empty_database(ruleset, convention)?;
        db.read_layer_dir(&dir).map_err(|e| refused(&e))?;
        give_endgame(&out, db);
        Ok(())
    }
}

/// Loads a database from one file holding its layers from 0 seeds up (as
/// `oware_endgame_save` writes it); the ruleset and convention are the
/// file's (`oware_endgame_ruleset_to_str`, `oware_endgame_convention`).
/// `path` is bytes on Unix, UTF-8 elsewhere.
///
/// On success the caller owns `*out` and must free it with
/// `oware_endgame_free`. On failure `*out` is set to NULL:
/// `OWARE_RESULT_ENDGAME_IO` when the file cannot be opened or read, and
/// when it is refused `OWARE_RESULT_ENDGAME_NOT_A_DATABASE`, `_VERSION`,
/// `_TRUNCATED`, `_CHECKSUM`, `_CORRUPT` or `_MISMATCH` (its layers do not
/// start at 0 seeds).
/// Unless `err` is NULL, the message buffer `err` of `err_len` bytes is
/// set to why (empty on success), e.g. `"abapa.owdb: cannot read the database: No such file or directory (os error 2)"`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_endgame_load(
    path: *const c_char,
    out: *mut *mut oware_endgame_database,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len;
        let out = Out::new(out)?;
        out.set(core::ptr::null_mut());
        let path = path_arg(path)?;
        let db = Database::load(&path).map_err(|error| refused(&DirError { path, error }))?;
        give_endgame(&out, db);
        Ok(())
    }
}

/// Builds the database of the ruleset given as text under `convention`
/// (an `oware_convention`), every layer from 0 to `max_seeds` seeds on the
/// board, using every core of the machine. The cost grows fast with
/// `max_seeds` (the layer of `k` seeds holds C(k + 11, 11) positions in
/// Oware): 6 seeds take about 10 ms, 10 seeds about a second, 12 seeds
/// a few seconds (an optimised build on two cores); larger databases are
/// built once (the `endgame` example), saved, and loaded.
///
/// On success the caller owns `*out` and must free it with
/// `oware_endgame_free`. On failure `*out` is set to NULL:
/// `OWARE_RESULT_PARSE_ERROR` when the ruleset text is not UTF-8 or not a
/// ruleset, `OWARE_RESULT_INVALID_ARGUMENT` when `convention` is out of
/// range or `max_seeds` is more than the ruleset's seeds (48 in Oware) or
/// than a layer can hold (2^31 positions), `OWARE_RESULT_ENDGAME_UNSUPPORTED`
/// when the ruleset has no endgame databases, `OWARE_RESULT_OUT_OF_MEMORY`
/// when the memory the build needs (reserved before it starts: about 2 or
/// 3 bytes a position of the layers below the last and 8 of the last)
/// cannot be had, or an array cannot be allocated later.
/// Unless `err` is NULL, the message buffer `err` of `err_len` bytes is
/// set to why (empty on success), e.g. `"endgame databases need an Oware ruleset in which a side never passes without a capture"`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_endgame_build(
    ruleset: *const c_char,
    convention: u32,
    max_seeds: u32,
    out: *mut *mut oware_endgame_database,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    let stop = core::ptr::null();
    // SAFETY: the caller's pointers, passed on under the same contract.
    unsafe {
        oware_endgame_build_with_stop(ruleset, convention, max_seeds, stop, out, err, err_len)
    }
}

/// As `oware_endgame_build`, stopped by `stop` (may be NULL: never
/// stopped): the flag is looked at every few thousand positions, and a
/// stop returns `OWARE_RESULT_STOPPED` with `*out` set to NULL (at once if
/// it is set when the call starts).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_endgame_build_with_stop(
    ruleset: *const c_char,
    convention: u32,
    max_seeds: u32,
    stop: *const oware_stop,
    out: *mut *mut oware_endgame_database,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len;
        let out = Out::new(out)?;
        out.set(core::ptr::null_mut());
        let db = empty_database(ruleset, convention)?;
        // Refuse a layer out of reach before building the ones below it.
        let max_seeds = u8::try_from(max_seeds)
            .ok()
            .filter(|&k| k <= db.ruleset().total_seeds())
            .filter(|&k| (1..1 << 31).contains(&db.positions(k)))
            .ok_or(oware_result::InvalidArgument)?;
        let stop = oware_stop::of(stop);
        let db = Database::build_with_stop(db.ruleset(), db.convention(), max_seeds, &stop)
            .map_err(build_error)?;
        give_endgame(&out, db);
        Ok(())
    }
}

/// Frees an endgame handle. Calling with NULL is fine. Must not be called
/// twice with the same value. Players given the database keep it until
/// they are freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_endgame_free(endgame: *mut oware_endgame_database) {
    ffi_boundary! { take_back(endgame) }
}

/// Writes the most seeds on the board of a position the database holds to
/// `*out_max_seeds`, or `OWARE_ENDGAME_NO_LAYERS` when it holds none.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_endgame_max_seeds(
    endgame: *const oware_endgame_database,
    out_max_seeds: *mut u8,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out_max_seeds)?;
        let endgame = arg_ref!(endgame);
        out.set(endgame.db.max_seeds().unwrap_or(OWARE_ENDGAME_NO_LAYERS));
        Ok(())
    }
}

/// Writes the database's convention for endless play to `*out`. A level-5
/// player uses the database only in games whose ruleset plays by it:
/// `OWARE_CONVENTION_EACH_TAKES_OWN` for Abapa and OpenSpiel,
/// `OWARE_CONVENTION_EVEN_SPLIT` where the seeds left are not counted.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_endgame_convention(
    endgame: *const oware_endgame_database,
    out: *mut oware_convention,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out)?;
        let endgame = arg_ref!(endgame);
        out.set(endgame.db.convention().into());
        Ok(())
    }
}

/// Writes the text of the ruleset the database was built for, e.g.
/// `"abapa"`. It holds the positions of any ruleset that moves, captures
/// and feeds as this one (its cycle rules may differ).
///
/// `buf` is written up to `len` bytes, NUL-terminated; `*out_n` is set to
/// the length written, or the size needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_endgame_ruleset_to_str(
    endgame: *const oware_endgame_database,
    buf: *mut c_char,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = StrBuf::new(buf, len, out_n)?;
        let endgame = arg_ref!(endgame);
        buf.write(&endgame.db.ruleset().to_string())
    }
}

/// Saves the whole database to one file at `path` (created or replaced),
/// which `oware_endgame_load` reads back. `path` is bytes on Unix, UTF-8
/// elsewhere.
///
/// Returns `OWARE_RESULT_INVALID_ARGUMENT` for a database without layers
/// (no file is touched), `OWARE_RESULT_ENDGAME_IO` when the file cannot be
/// created or written.
/// Unless `err` is NULL, the message buffer `err` of `err_len` bytes is
/// set to why (empty on success), e.g. `"/no/such/dir/abapa.owdb: No such file or directory (os error 2)"`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_endgame_save(
    endgame: *const oware_endgame_database,
    path: *const c_char,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len;
        let endgame = arg_ref!(endgame);
        let path = path_arg(path)?;
        if endgame.db.max_seeds().is_none() {
            let message = "the database holds no layer: nothing to save";
            return Err(Failure::new(oware_result::InvalidArgument, message));
        }
        endgame.db.save(&path).map_err(|e| io_failure(&path, e))
    }
}

/// Probes the database for the game's current position: writes its value
/// to `*out` and its best moves (pit indices, best first) to
/// `best_moves`. A buffer of `OWARE_MAX_HOUSES` bytes always suffices.
///
/// `*out_n` is set to the number of moves written, or needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`); unlike other out-parameters, `*out`
/// is written in that case too, so `(NULL, 0, &n)` asks for the value
/// alone. Returns `OWARE_RESULT_GAME_OVER` when the game is over
/// (`oware_game_outcome` says how it ended),
/// `OWARE_RESULT_ENDGAME_WRONG_RULESET` when the game's ruleset does not
/// move, capture or feed as the database's, and
/// `OWARE_RESULT_ENDGAME_TOO_MANY_SEEDS` when more seeds are on the board
/// than the database holds (`oware_endgame_max_seeds`).
///
/// Where the value is not exact or not safe in this game (`out->exact`,
/// `out->safe`), the game's history decides, and a search
/// (`oware_searcher_search`, or a level-5 player with the database) should
/// choose the move.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_endgame_probe(
    endgame: *const oware_endgame_database,
    game: *const oware_game,
    out: *mut oware_probe_result,
    best_moves: *mut u8,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out)?;
        let buf = Buf::new(best_moves, len, out_n)?;
        let endgame = arg_ref!(endgame);
        let game = arg_ref!(game);
        if game.game().is_game_over() {
            return Err(oware_result::GameOver);
        }
        let probe = endgame.db.probe(game.game().position()).map_err(probe_error)?;
        let h = game.houses();
        let moves: Vec<u8> = probe.best_moves.iter().map(|&m| move_index(m, h)).collect();
        out.set(oware_probe_result {
            lower: probe.value.lower,
            upper: probe.value.upper,
            exact: probe.value.exact().is_some(),
            seeds: probe.seeds,
            plies: probe.plies.unwrap_or(0),
            safe: probe.safe_in(game.game()),
            best_moves_len: moves.len(),
        });
        buf.fill(&moves)
    }
}

/// Gives the player the endgame database, which a level-5 player uses
/// (players of levels 1 to 4 keep it but play as before): in a game whose
/// ruleset moves, captures and feeds as the database's and plays by its
/// convention (`oware_endgame_convention`), where the database holds the
/// position with an exact value that the game's history rules cannot cut
/// (`oware_probe_result`'s `exact` and `safe`), the player plays its first
/// best move (perfect play); elsewhere its search ends lines at the
/// database's exact values, and keeps within its bounds where a repetition
/// can change the value. A database given before is replaced; a player
/// cannot be made to drop one (create a new player instead).
///
/// The player takes its own reference to the database: `endgame` may be
/// freed at once, and one database may be given to any number of players,
/// in any threads.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_player_set_endgame(
    player: *mut oware_player,
    endgame: *const oware_endgame_database,
) -> oware_result {
    ffi_result! {
        let player = arg_mut!(player);
        let endgame = arg_ref!(endgame);
        player.set_endgame(Arc::clone(&endgame.db));
        Ok(())
    }
}
