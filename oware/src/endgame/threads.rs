//! Running a build's parts on threads, or on the calling thread when no
//! thread can be started.

use std::sync::{Mutex, PoisonError};

/// Runs every job, each on a thread of its own where one can be started,
/// and on the calling thread otherwise (the first job always runs there):
/// a process at its thread limit builds more slowly, with the same result.
/// Each job runs exactly once; a job that panics makes this panic, as
/// [`std::thread::scope`] does.
pub(crate) fn run_all<F: FnOnce() + Send>(jobs: impl IntoIterator<Item = F>) {
    let jobs: Vec<Mutex<Option<F>>> = jobs.into_iter().map(|j| Mutex::new(Some(j))).collect();
    std::thread::scope(|scope| {
        for job in jobs.iter().skip(1) {
            // A thread that cannot start leaves its job to the loop below.
            let _ = std::thread::Builder::new().spawn_scoped(scope, move || take_and_run(job));
        }
        for job in &jobs {
            take_and_run(job);
        }
    });
}

/// Runs the job in `slot` unless another thread took it first.
fn take_and_run<F: FnOnce()>(slot: &Mutex<Option<F>>) {
    let job = slot.lock().unwrap_or_else(PoisonError::into_inner).take();
    if let Some(job) = job {
        job();
    }
}

#[cfg(test)]
mod tests {
    use super::run_all;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_job_runs_once() {
        let mut parts = vec![0u32; 100];
        let calls = AtomicUsize::new(0);
        run_all(parts.chunks_mut(7).enumerate().map(|(k, part)| {
            let calls = &calls;
            move || {
                calls.fetch_add(1, Ordering::Relaxed);
                part.iter_mut().for_each(|p| *p += k as u32 + 1);
            }
        }));
        assert_eq!(calls.load(Ordering::Relaxed), 15);
        let expected: Vec<u32> = (0..100).map(|i| i / 7 + 1).collect();
        assert_eq!(parts, expected);
    }
}
