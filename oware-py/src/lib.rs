//! Python bindings for the [`oware`] crate: the module `oware._oware`,
//! re-exported by the pure-Python package `oware` (`python/oware/`).
//!
//! The Python API follows python-chess: `Board` (a game: position, move
//! stack and history) with `push`/`pop`/`legal_moves`/`outcome`, frozen
//! value types (`Move`, `Ruleset`, `Outcome`, ...), and exceptions that
//! subclass `ValueError`. The docs for Python users live in the
//! hand-written stub `python/oware/_oware.pyi`; the Rust items here carry
//! short lines only.
//!
//! Everything that can take more than about a millisecond (search,
//! analysis, perft, matches, batch play, building, reading and solving
//! with endgame databases) runs with the Python thread detached from the
//! interpreter (`Python::detach`), so other threads run meanwhile. The
//! classes whose state such a call changes (`Player`, `BoardBatch`) are
//! frozen and keep it in a `sync::Shared`: a second thread waits its
//! turn instead of failing with "Already borrowed".

mod batch;
mod board;
mod common;
mod endgame;
mod engine;
mod errors;
mod moves;
mod search;
mod sync;
mod values;

use pyo3::prelude::*;

/// The native module `oware._oware`.
#[pymodule]
mod _oware {
    #[pymodule_export]
    use crate::batch::{PyBoardBatch, random_games};
    #[pymodule_export]
    use crate::board::{_board_from_state, PyBoard};
    #[pymodule_export]
    use crate::endgame::{PyEndgameDatabase, PyEndgameLayerSlice, PyEndgameProbe, PyEndgameValue};
    #[pymodule_export]
    use crate::engine::{PyMatchResult, PyPlayer, PySearcher, play_match};
    #[pymodule_export]
    use crate::errors::{
        DatabaseFileError, EndgameError, IllegalMoveError, InvalidMoveError, InvalidPositionError,
        InvalidRecordError, InvalidRulesetError, InvalidTagError, OwareError, ProbeError,
    };
    #[pymodule_export]
    use crate::moves::{PyCaptured, PyMove, PyMoveReport, PyPit, PyRelay};
    #[pymodule_export]
    use crate::search::{_score_from_raw, PyScore, PySearchResult};
    #[pymodule_export]
    use crate::values::{PyOutcome, PyRuleset, PySide, PyTermination, PyVariant};

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        m.add("MAX_HOUSES", oware::MAX_HOUSES)?;
        m.add(
            "DEFAULT_SEARCH_DEPTH",
            oware::search::SearchLimits::DEFAULT_DEPTH,
        )?;
        m.add(
            "DEFAULT_SEARCH_NODES",
            oware::search::SearchLimits::DEFAULT_NODES,
        )?;
        crate::errors::add_detail_defaults(m.py())
    }
}
