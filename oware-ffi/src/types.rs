//! The C-visible enums and structs, converted from the core's types.

use oware::search::{MoveScore, Score, SearchLimits, SearchLimitsError, SearchResult};
use oware::{
    Captured, IllegalMoveReason, MoveReport, Outcome, Pit, Position, Relay, Side, Termination,
};

use crate::{OWARE_NO_MOVE, oware_result};

/// A side: South owns houses `A`–`F` (pits `0..n`) and moves first,
/// North owns `a`–`f` (pits `n..2n`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oware_side {
    /// The side that owns houses `A`–`F` and moves first.
    South = 0,
    /// The side that owns houses `a`–`f`.
    North = 1,
}

impl From<Side> for oware_side {
    fn from(side: Side) -> oware_side {
        match side {
            Side::South => oware_side::South,
            Side::North => oware_side::North,
        }
    }
}

impl TryFrom<u32> for oware_side {
    type Error = oware_result;

    fn try_from(value: u32) -> Result<oware_side, oware_result> {
        match value {
            0 => Ok(oware_side::South),
            1 => Ok(oware_side::North),
            _ => Err(oware_result::InvalidArgument),
        }
    }
}

impl From<oware_side> for Side {
    fn from(side: oware_side) -> Side {
        match side {
            oware_side::South => Side::South,
            oware_side::North => Side::North,
        }
    }
}

/// Why a game ended (`NONE` while it goes on).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oware_termination {
    /// The game goes on.
    None = 0,
    /// A side captured more than half the seeds (Abapa R9), or both half (R10).
    Majority = 1,
    /// The side to move has no legal move (Abapa R8).
    NoMoves = 2,
    /// A position came back as often as the ruleset allows (Abapa R11).
    Cycle = 3,
    /// The no-capture or total ply limit was reached (Abapa R11: 100 plies).
    MoveLimit = 4,
    /// The players agreed to end the game (`oware_game_end_by_agreement`).
    Agreement = 5,
    /// A row of houses is empty (Kalah K4).
    EmptyRow = 6,
    /// Every house is empty (Congkak C7).
    EmptyBoard = 7,
    /// A termination this version of the header does not name.
    Other = 255,
}

impl From<Termination> for oware_termination {
    fn from(t: Termination) -> oware_termination {
        match t {
            Termination::Majority => oware_termination::Majority,
            Termination::NoMoves => oware_termination::NoMoves,
            Termination::Cycle => oware_termination::Cycle,
            Termination::MoveLimit => oware_termination::MoveLimit,
            Termination::Agreement => oware_termination::Agreement,
            Termination::EmptyRow => oware_termination::EmptyRow,
            Termination::EmptyBoard => oware_termination::EmptyBoard,
            _ => oware_termination::Other,
        }
    }
}

/// Who won (`NONE` while the game goes on).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oware_winner {
    /// The game goes on.
    None = 0,
    /// South won.
    South = 1,
    /// North won.
    North = 2,
    /// A draw.
    Draw = 3,
}

/// How a game stands: how it ended and the final scores, or, while it goes
/// on, `OWARE_TERMINATION_NONE`, `OWARE_WINNER_NONE` and the stores.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct oware_outcome {
    /// Why the game ended; `OWARE_TERMINATION_NONE` while it goes on.
    pub termination: oware_termination,
    /// Who won; `OWARE_WINNER_NONE` while the game goes on.
    pub winner: oware_winner,
    /// South's score: its store, plus the seeds on its row where the
    /// termination gives them out. While the game goes on, its store.
    pub south_score: u8,
    /// North's score, as `south_score`.
    pub north_score: u8,
}

impl oware_outcome {
    /// The outcome, or the running scores of `pos` while the game goes on.
    pub(crate) fn new(outcome: Option<Outcome>, pos: &Position) -> oware_outcome {
        match outcome {
            Some(o) => oware_outcome {
                termination: o.termination.into(),
                winner: match o.winner {
                    Some(Side::South) => oware_winner::South,
                    Some(Side::North) => oware_winner::North,
                    None => oware_winner::Draw,
                },
                south_score: o.scores.south,
                north_score: o.scores.north,
            },
            None => oware_outcome {
                termination: oware_termination::None,
                winner: oware_winner::None,
                south_score: pos.board().store(Side::South),
                north_score: pos.board().store(Side::North),
            },
        }
    }
}

/// Why a move is not legal (`NONE` when it is).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oware_illegal_move_reason {
    /// The move is legal.
    None = 0,
    /// The game is over.
    GameOver = 1,
    /// The house belongs to the side not to move.
    WrongSide = 2,
    /// The pit is not a house of this ruleset: its index is `2n` or more
    /// (a store, or beyond the board).
    NoSuchHouse = 3,
    /// The house is empty.
    EmptyHouse = 4,
    /// The opponent has no seeds and this move does not feed it (Abapa R7).
    MustFeed = 5,
    /// A grand slam, which the ruleset forbids while another move is legal.
    GrandSlam = 6,
    /// The sowing would never end (a guard for custom rulesets).
    EndlessSowing = 7,
    /// A reason this version of the header does not name.
    Other = 255,
}

impl oware_illegal_move_reason {
    /// Every reason, in value order.
    pub(crate) const ALL: [oware_illegal_move_reason; 9] = [
        oware_illegal_move_reason::None,
        oware_illegal_move_reason::GameOver,
        oware_illegal_move_reason::WrongSide,
        oware_illegal_move_reason::NoSuchHouse,
        oware_illegal_move_reason::EmptyHouse,
        oware_illegal_move_reason::MustFeed,
        oware_illegal_move_reason::GrandSlam,
        oware_illegal_move_reason::EndlessSowing,
        oware_illegal_move_reason::Other,
    ];

    /// The static message; the core's description for the reasons it has.
    pub(crate) const fn message(self) -> &'static core::ffi::CStr {
        match self.reason() {
            Some(reason) => reason.c_description(),
            None if matches!(self, oware_illegal_move_reason::None) => c"the move is legal",
            None => c"illegal move",
        }
    }

    /// The core's reason, for every value but `None` and `Other`.
    const fn reason(self) -> Option<IllegalMoveReason> {
        Some(match self {
            oware_illegal_move_reason::GameOver => IllegalMoveReason::GameOver,
            oware_illegal_move_reason::WrongSide => IllegalMoveReason::WrongSide,
            oware_illegal_move_reason::NoSuchHouse => IllegalMoveReason::NoSuchHouse,
            oware_illegal_move_reason::EmptyHouse => IllegalMoveReason::EmptyHouse,
            oware_illegal_move_reason::MustFeed => IllegalMoveReason::MustFeed,
            oware_illegal_move_reason::GrandSlam => IllegalMoveReason::GrandSlam,
            oware_illegal_move_reason::EndlessSowing => IllegalMoveReason::EndlessSowing,
            oware_illegal_move_reason::None | oware_illegal_move_reason::Other => return None,
        })
    }
}

impl From<IllegalMoveReason> for oware_illegal_move_reason {
    fn from(reason: IllegalMoveReason) -> oware_illegal_move_reason {
        match reason {
            IllegalMoveReason::GameOver => oware_illegal_move_reason::GameOver,
            IllegalMoveReason::WrongSide => oware_illegal_move_reason::WrongSide,
            IllegalMoveReason::NoSuchHouse => oware_illegal_move_reason::NoSuchHouse,
            IllegalMoveReason::EmptyHouse => oware_illegal_move_reason::EmptyHouse,
            IllegalMoveReason::MustFeed => oware_illegal_move_reason::MustFeed,
            IllegalMoveReason::GrandSlam => oware_illegal_move_reason::GrandSlam,
            IllegalMoveReason::EndlessSowing => oware_illegal_move_reason::EndlessSowing,
            _ => oware_illegal_move_reason::Other,
        }
    }
}

/// What a played move did, apart from its lists. The lists (each seed
/// sown, the captures, the relays) are read with `oware_game_report_sown`,
/// `oware_game_report_captures` and `oware_game_report_relays` for the
/// same `ply`, into buffers of `sown_len`, `captures_len` and `relays_len`
/// items.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct oware_move_report {
    /// The move's ply number in the game, from 1.
    pub ply: usize,
    /// The pit index of the origin house.
    pub played: u8,
    /// The side that played the move.
    pub mover: oware_side,
    /// The number of seeds sown: one pit a seed, in order (a lap lists a
    /// house again; Kalah and Congkak sow into stores too).
    pub sown_len: usize,
    /// The number of relays (Congkak C4: the last seed fell in a house
    /// holding seeds, which were lifted and sown on).
    pub relays_len: usize,
    /// The number of pits captured.
    pub captures_len: usize,
    /// The seeds the captures took in all, to either store.
    pub captured_seeds: u32,
    /// The move would have captured every seed in the opponent's row and
    /// the ruleset annulled the capture (Abapa R6).
    pub grand_slam: bool,
    /// The opponent had no seeds and the move sowed into its row (Abapa R7).
    pub fed: bool,
    /// The last seed fell in the mover's store: another move (Kalah K2,
    /// Congkak C3).
    pub extra_turn: bool,
    /// The side due to move next had no seeds and passed (Congkak C7).
    pub passed: bool,
    /// How the game ended if this move ended it; else
    /// `OWARE_TERMINATION_NONE` and the stores after the move.
    pub outcome: oware_outcome,
}

impl oware_move_report {
    /// The summary of `report`, the move `ply` of a game, which led to `after`.
    pub(crate) fn new(report: &MoveReport, ply: usize, after: &Position) -> oware_move_report {
        let h = after.ruleset().houses_per_side();
        oware_move_report {
            ply,
            played: move_index(report.played, h),
            mover: report.played.side().into(),
            sown_len: report.sown.len(),
            relays_len: report.relays.len(),
            captures_len: report.captures.len(),
            captured_seeds: u32::from(report.captured_seeds()),
            grand_slam: report.grand_slam,
            fed: report.fed,
            extra_turn: report.extra_turn,
            passed: report.passed,
            outcome: oware_outcome::new(report.outcome, after),
        }
    }
}

/// One pit captured by a move.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct oware_capture {
    /// The pit captured from (a house, or in Congkak the capturing seed's
    /// house), as a pit index.
    pub pit: u8,
    /// The seeds it held.
    pub seeds: u8,
    /// The side whose store they went to: the mover's, except the seeds a
    /// `grand_slam=left-to-opponent` ruleset gives the opponent.
    pub to: oware_side,
}

impl oware_capture {
    pub(crate) fn new(c: &Captured, h: usize) -> oware_capture {
        oware_capture {
            pit: pit_index(c.pit, h),
            seeds: c.seeds,
            to: c.to.into(),
        }
    }
}

/// One relay of a Congkak move (C4).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct oware_relay {
    /// How many of the move's sown pits came before the lift.
    pub after: usize,
    /// The house lifted, as a pit index.
    pub pit: u8,
    /// The seeds lifted (the last seed sown included).
    pub seeds: u8,
}

impl oware_relay {
    pub(crate) fn new(r: &Relay, h: usize) -> oware_relay {
        oware_relay {
            after: r.after,
            pit: pit_index(r.pit, h),
            seeds: r.seeds,
        }
    }
}

/// The kind of a search score.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oware_score_kind {
    /// An estimate in hundredths of a seed (`centiseeds`).
    Centiseeds = 0,
    /// A forced win for the side to move in `plies` plies.
    Win = 1,
    /// A forced loss for the side to move in `plies` plies.
    Loss = 2,
}

/// A search score from the view of the side to move (or, in an analysis,
/// of the side playing the move).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct oware_score {
    /// An estimate, or a win or loss the search has seen to the end.
    pub kind: oware_score_kind,
    /// With `OWARE_SCORE_KIND_CENTISEEDS`: the store difference to expect,
    /// in hundredths of a seed (`+350` is 3.5 seeds ahead); 0 otherwise.
    pub centiseeds: i32,
    /// With `OWARE_SCORE_KIND_WIN` or `_LOSS`: the plies to the end of the
    /// game; 0 otherwise.
    pub plies: u32,
}

impl From<Score> for oware_score {
    fn from(score: Score) -> oware_score {
        match (score.centiseeds(), score.plies_to_end()) {
            (Some(centiseeds), _) => oware_score {
                kind: oware_score_kind::Centiseeds,
                centiseeds,
                plies: 0,
            },
            (None, plies) => oware_score {
                kind: if score.is_win() {
                    oware_score_kind::Win
                } else {
                    oware_score_kind::Loss
                },
                centiseeds: 0,
                plies: plies.map_or(0, u32::from),
            },
        }
    }
}

/// When a search stops; 0 turns a limit off. Every limit set applies;
/// with none set (all zeros) the search stops by the library's default,
/// the same as Rust's and Python's: `OWARE_DEFAULT_SEARCH_DEPTH` (8) plies
/// or `OWARE_DEFAULT_SEARCH_NODES` (1 000 000) positions, whichever comes
/// first. Depth and node limits give the same result every time (with a
/// fresh or cleared searcher); a time limit does not.
/// `oware_search_limits_check` says why limits are refused.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct oware_search_limits {
    /// The deepest iteration in plies, 1 to 64; 0 for none.
    pub depth: u32,
    /// The most positions to visit; 0 for no limit.
    pub nodes: u64,
    /// The most wall-clock time in milliseconds; 0 for no limit.
    pub time_ms: u64,
}

impl TryFrom<&oware_search_limits> for SearchLimits {
    type Error = SearchLimitsError;

    /// The core's limits, checked by the core ([`SearchLimits::check`]):
    /// a C zero is no limit, so only a depth over 64 is refused.
    fn try_from(l: &oware_search_limits) -> Result<SearchLimits, SearchLimitsError> {
        let depth = match l.depth {
            0 => None,
            d => Some(u8::try_from(d).map_err(|_| SearchLimitsError::Depth(d))?),
        };
        SearchLimits {
            depth,
            nodes: (l.nodes > 0).then_some(l.nodes),
            time_ms: (l.time_ms > 0).then_some(l.time_ms),
        }
        .check()
    }
}

/// The longest principal variation a search result holds.
pub const OWARE_MAX_PV: usize = 64;

/// What a search found.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct oware_search_result {
    /// The best move, as the pit index of its origin house.
    pub best_move: u8,
    /// Its score, from the side to move's view.
    pub score: oware_score,
    /// The last iteration completed, in plies.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The length of `pv`.
    pub pv_len: usize,
    /// The principal variation, the best line, starting with `best_move`
    /// (pit indices; the side to move changes as the moves are played).
    /// Entries from `pv_len` on are `OWARE_NO_MOVE`.
    pub pv: [u8; OWARE_MAX_PV],
}

impl oware_search_result {
    pub(crate) fn new(r: &SearchResult, h: usize) -> oware_search_result {
        let mut pv = [OWARE_NO_MOVE; OWARE_MAX_PV];
        let pv_len = r.pv.len().min(OWARE_MAX_PV);
        for (slot, &m) in pv.iter_mut().zip(&r.pv) {
            *slot = move_index(m, h);
        }
        oware_search_result {
            best_move: r.best_move.map_or(OWARE_NO_MOVE, |m| move_index(m, h)),
            score: r.score.into(),
            depth: u32::from(r.depth),
            nodes: r.nodes,
            pv_len,
            pv,
        }
    }
}

/// One legal move and its score, from an analysis.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct oware_move_score {
    /// The move, as the pit index of its origin house.
    pub pit: u8,
    /// Its score, from the view of the side that plays it.
    pub score: oware_score,
}

impl oware_move_score {
    pub(crate) fn new(s: &MoveScore, h: usize) -> oware_move_score {
        oware_move_score {
            pit: move_index(s.m, h),
            score: s.score.into(),
        }
    }
}

/// The kinds of text `oware_text_check` checks.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum oware_text_kind {
    /// A ruleset's text, e.g. `"abapa"`, `"kalah(6,5)"` (`oware_game_new`).
    Ruleset = 0,
    /// A position string, e.g. `"4,4,4,4,4,4/4,4,4,4,4,4 s 0 0"`
    /// (`oware_game_from_position`).
    Position = 1,
    /// A game record, e.g. `"1. C f 2. B a"` (`oware_game_from_record`).
    Record = 2,
}

impl TryFrom<u32> for oware_text_kind {
    type Error = oware_result;

    fn try_from(value: u32) -> Result<oware_text_kind, oware_result> {
        match value {
            0 => Ok(oware_text_kind::Ruleset),
            1 => Ok(oware_text_kind::Position),
            2 => Ok(oware_text_kind::Record),
            _ => Err(oware_result::InvalidArgument),
        }
    }
}

/// The pit index of a move's origin house with `h` houses a side
/// ([`oware::Move::to_index`]).
pub(crate) fn move_index(m: oware::Move, h: usize) -> u8 {
    m.to_index(h) as u8
}

/// The pit index of `pit` with `h` houses a side ([`Pit::to_index`]).
pub(crate) fn pit_index(pit: Pit, h: usize) -> u8 {
    pit.to_index(h) as u8
}
