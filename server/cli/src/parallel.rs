//! Running `check`'s per-file work on every core: a fixed set of worker
//! threads takes files off a shared counter, results come back in input
//! order, and a progress bar shows on a terminal once a run has lasted a
//! second.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A worker's stack: the main thread's usual 8 MiB (the interpreter grows
/// its stack on demand beyond that for deep recursion).
const WORKER_STACK: usize = 8 << 20;

/// How long a run goes before its progress bar appears.
const QUIET_START: Duration = Duration::from_secs(1);

/// `f` applied to every item, on as many threads as there are cores (at
/// most one per item), in the items' order.
pub fn map_in_order<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(items.len());
    if workers <= 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<R>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    let progress = Progress::new(items.len());
    std::thread::scope(|scope| {
        let (done, arrived) = mpsc::channel();
        for i in 0..workers {
            let done = done.clone();
            let (next, f) = (&next, &f);
            let spawned = std::thread::Builder::new()
                .name(format!("exportlens-check-{i}"))
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, move || {
                    loop {
                        let at = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(at) else { break };
                        if done.send((at, f(item))).is_err() {
                            break;
                        }
                    }
                });
            if spawned.is_err() {
                // Fewer threads than asked for: the others (or the
                // caller, below) take their share.
                break;
            }
        }
        drop(done);
        loop {
            match arrived.recv_timeout(Duration::from_millis(100)) {
                Ok((at, r)) => {
                    results[at] = Some(r);
                    progress.advance();
                }
                Err(mpsc::RecvTimeoutError::Timeout) => progress.tick(),
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    });
    progress.finish();
    // Items no worker took (no thread could be started) run here.
    results
        .into_iter()
        .zip(items)
        .map(|(r, item)| r.unwrap_or_else(|| f(item)))
        .collect()
}

/// The progress bar of one run: hidden until the run has lasted
/// [`QUIET_START`], and always when stderr is not a terminal.
struct Progress {
    bar: ProgressBar,
    started: Instant,
    visible: std::cell::Cell<bool>,
}

impl Progress {
    fn new(len: usize) -> Self {
        let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
            bar.set_style(style);
        }
        Progress {
            bar,
            started: Instant::now(),
            visible: std::cell::Cell::new(false),
        }
    }

    fn advance(&self) {
        self.bar.inc(1);
        self.tick();
    }

    fn tick(&self) {
        if !self.visible.get()
            && self.started.elapsed() >= QUIET_START
            && std::io::stderr().is_terminal()
        {
            self.visible.set(true);
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::map_in_order;

    #[test]
    fn results_come_back_in_input_order() {
        let items: Vec<u64> = (0..500).collect();
        let squares = map_in_order(&items, |&n| {
            // Uneven work, so workers finish out of order.
            std::thread::sleep(std::time::Duration::from_micros((n * 7919) % 300));
            n * n
        });
        assert_eq!(squares, items.iter().map(|n| n * n).collect::<Vec<_>>());
    }

    #[test]
    fn no_items_and_one_item() {
        assert!(map_in_order(&[] as &[u8], |_| 0).is_empty());
        assert_eq!(map_in_order(&[3], |n| n + 1), vec![4]);
    }
}
