//! State that Python threads take turns with.
//!
//! A mutable `#[pyclass]` used from two threads at once raises PyO3's bare
//! "Already borrowed" in the second while the first has released the GIL
//! (a player thinking, a batch stepping). The classes with such state are
//! `frozen` and keep it in a [`Shared`]: the second caller waits, without
//! the GIL, for the first to finish.

use std::sync::{Mutex, MutexGuard, TryLockError};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// A value guarded for Python threads: see the [module docs](self).
#[derive(Debug)]
pub(crate) struct Shared<T> {
    value: Mutex<T>,
    /// What the value is, for the error after a panic in another thread.
    what: &'static str,
}

impl<T: Send> Shared<T> {
    /// `value`, named `what` in errors ("the player failed ...").
    pub(crate) fn new(value: T, what: &'static str) -> Shared<T> {
        Shared {
            value: Mutex::new(value),
            what,
        }
    }

    /// The value, once no other thread holds it: a thread that finds it
    /// held waits with the GIL released, so the holder can finish.
    ///
    /// # Errors
    /// RuntimeError if a call panicked while holding it.
    pub(crate) fn lock(&self, py: Python<'_>) -> PyResult<MutexGuard<'_, T>> {
        loop {
            match self.value.try_lock() {
                Ok(guard) => return Ok(guard),
                Err(TryLockError::Poisoned(_)) => {
                    return Err(PyRuntimeError::new_err(format!(
                        "the {} failed in another thread",
                        self.what
                    )));
                }
                // Wait for the holder to let go, then try again with the GIL.
                Err(TryLockError::WouldBlock) => py.detach(|| drop(self.value.lock())),
            }
        }
    }
}
