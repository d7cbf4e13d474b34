//! C ABI for the [`oware`] crate; the generated header is `include/oware.h`.
//!
//! This crate is a placeholder that builds: the C functions arrive with the
//! C ABI issue (opaque handles, `oware_result` codes, caller-owned buffers).

/// The version of the `oware` core crate this library wraps, e.g. `"0.1.0"`.
pub const OWARE_CORE_VERSION: &str = env!("CARGO_PKG_VERSION");
