//! Python bindings for the [`oware`] crate (PyO3 + maturin, module `oware._oware`).
//!
//! This crate is a placeholder that builds: the bindings arrive with the
//! Python issue.

/// The version of the `oware` core crate these bindings wrap, e.g. `"0.1.0"`.
pub const OWARE_CORE_VERSION: &str = env!("CARGO_PKG_VERSION");
