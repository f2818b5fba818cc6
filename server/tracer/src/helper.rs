//! The process's helper thread: one long-lived thread that runs traces
//! beside the caller's (the second mode of an entry while the first
//! traces on the calling thread). It is started on first use and kept, so
//! that its allocator heap, its parser and its stack are warm for every
//! later trace; a fresh thread per trace costs more than a small model's
//! whole trace.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{LazyLock, Mutex};

type Job = Box<dyn FnOnce() + Send>;

/// The helper's stack: the main thread's usual 8 MiB (the interpreter
/// grows its stack on demand beyond that for deep recursion).
const STACK: usize = 8 << 20;

static HELPER: LazyLock<Mutex<Option<Sender<Job>>>> = LazyLock::new(|| Mutex::new(start()));

fn start() -> Option<Sender<Job>> {
    let (jobs, queue) = channel::<Job>();
    std::thread::Builder::new()
        .name("exportlens-helper".to_owned())
        .stack_size(STACK)
        .spawn(move || {
            for job in queue {
                // A job that panics loses its result (its caller sees the
                // channel closed) but not the thread.
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
            }
        })
        .ok()?;
    Some(jobs)
}

/// Runs `f` on the helper thread; its result arrives on the receiver
/// (closed without a value if `f` panicked). `None` when no helper thread
/// could be started.
pub fn spawn<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<Receiver<T>> {
    let (result, receiver) = channel();
    let job: Job = Box::new(move || {
        let _ = result.send(f());
    });
    let mut helper = HELPER.lock().unwrap_or_else(|p| p.into_inner());
    let job = match helper.as_ref()?.send(job) {
        Ok(()) => return Some(receiver),
        // The thread is gone: start another once.
        Err(failed) => failed.0,
    };
    *helper = start();
    helper.as_ref()?.send(job).ok()?;
    Some(receiver)
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs_jobs_and_survives_a_panicking_one() {
        let value = super::spawn(|| 6 * 7).expect("a helper thread");
        assert_eq!(value.recv(), Ok(42));
        let lost = super::spawn(|| -> i32 { panic!("a job that fails") }).expect("a helper thread");
        assert!(lost.recv().is_err());
        let again = super::spawn(|| "still serving").expect("a helper thread");
        assert_eq!(again.recv(), Ok("still serving"));
    }
}
