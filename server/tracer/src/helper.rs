//! Where traces run. The process's helper thread: one long-lived thread
//! that runs traces beside the caller's (the second mode of an entry while
//! the first traces on the calling thread). It is started on first use and
//! kept, so that its allocator heap, its parser and its stack are warm for
//! every later trace; a fresh thread per trace costs more than a small
//! model's whole trace. And [`guarded`], which every trace runs inside, on
//! whatever thread: a known amount of stack to start from, and a panic
//! caught as an error, so that one file never takes the process down.

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

/// The stack a trace starts with at least, whatever thread calls it (the
/// main thread's size depends on `ulimit -s`): with less left, the trace
/// runs on a fresh segment of [`TRACE_SEGMENT`].
const TRACE_STACK_MIN: usize = 4 << 20;
const TRACE_SEGMENT: usize = 8 << 20;

/// Runs `f` with at least [`TRACE_STACK_MIN`] of stack, a panic caught and
/// returned as its message (the tracer never panics on user input by
/// design; this is the net under that design, for check, export and the
/// language server alike).
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    stacker::maybe_grow(TRACE_STACK_MIN, TRACE_SEGMENT, || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|payload| {
            payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_owned())
        })
    })
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

    #[test]
    fn a_guarded_panic_is_its_message_and_a_deep_one_has_the_stack_it_needs() {
        let caught = super::guarded(|| -> i32 { panic!("lost {}", 42) });
        assert_eq!(caught, Err("lost 42".to_owned()));
        // 3 MiB of frames on a test thread of 2 MiB: the guard's segment.
        fn deep(n: u32) -> u32 {
            let frame = std::hint::black_box([n as u8; 1024]);
            if n == 0 {
                u32::from(frame[0])
            } else {
                deep(n - 1) + u32::from(frame[1] & 1)
            }
        }
        assert_eq!(super::guarded(|| deep(3 * 1024)), Ok(1536));
    }
}
