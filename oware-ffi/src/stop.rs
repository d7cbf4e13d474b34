//! `oware_stop`: a flag that ends long calls from another thread.

use oware::StopHandle;

use crate::{Out, arg_ref, ffi_boundary, ffi_result, give, oware_result, take_back};

/// A stop flag: set it with `oware_stop_request` (from any thread) and the
/// calls given it end at their next look at it, within milliseconds, with
/// `OWARE_RESULT_STOPPED`: `oware_game_perft_with_stop` and
/// `oware_endgame_build_with_stop`; a searcher or player given it with
/// `oware_searcher_set_stop` or `oware_player_set_stop` ends its search
/// and returns the best move of its last completed iteration. The flag
/// stays set until `oware_stop_reset`.
///
/// Create one with `oware_stop_new`; free it with `oware_stop_free`, after
/// every call using it has returned and no searcher or player given it
/// still needs it (they hold their own reference: freeing the handle is
/// then fine, but requests can no longer reach them).
///
/// Thread safety: unlike the other handles, any number of threads may use
/// one stop at once (all calls but `oware_stop_free`): that is its
/// purpose.
#[derive(Debug)]
pub struct oware_stop {
    inner: StopHandle,
}

impl oware_stop {
    /// The flag of a nullable `const oware_stop *` argument: a fresh flag,
    /// never set, for NULL.
    pub(crate) fn of(stop: *const oware_stop) -> StopHandle {
        // SAFETY: by the crate's pointer contract, NULL (handled here) or
        // a live stop handle.
        unsafe { stop.as_ref() }.map_or_else(StopHandle::new, |s| s.inner.clone())
    }
}

/// Creates a stop flag, not set.
///
/// On success the caller owns `*out` and must free it with
/// `oware_stop_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_stop_new(out: *mut *mut oware_stop) -> oware_result {
    ffi_result! {
        let out = Out::new(out)?;
        give(&out, oware_stop { inner: StopHandle::new() });
        Ok(())
    }
}

/// Frees a stop handle. Calling with NULL is fine. Must not be called twice
/// with the same value, nor while a call given it is running.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_stop_free(stop: *mut oware_stop) {
    ffi_boundary! { take_back(stop) }
}

/// Sets the flag: every call watching it stops at its next look. Safe from
/// any thread, and from a signal handler (e.g. for SIGINT): it makes one
/// atomic store, with no lock and no allocation.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_stop_request(stop: *const oware_stop) -> oware_result {
    ffi_result! {
        arg_ref!(stop).inner.stop();
        Ok(())
    }
}

/// Clears the flag, so that it can stop the next call. Safe from any
/// thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_stop_reset(stop: *const oware_stop) -> oware_result {
    ffi_result! {
        arg_ref!(stop).inner.reset();
        Ok(())
    }
}

/// Writes whether the flag is set to `*out_stopped`. Safe from any thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_stop_is_requested(
    stop: *const oware_stop,
    out_stopped: *mut bool,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out_stopped)?;
        out.set(arg_ref!(stop).inner.is_stopped());
        Ok(())
    }
}
