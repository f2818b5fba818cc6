//! The threads analyses run on: long-lived, one per core, each analysis
//! on the thread that last analysed its document when that one is free.
//!
//! The tracer keeps installed libraries' interpreter state per thread
//! between traces (`tracer::interp::reuse`): a trace on a thread that
//! already ran transformers' modules starts from them, a trace on another
//! runs them again (tens of milliseconds for a small Llama, against a few
//! for the edit itself). tokio's blocking pool hands a job to whichever
//! thread is idle (its stdin and stdout run there too) and ends threads
//! idle for ten seconds, so successive analyses of one document landed on
//! threads without that state. Here a document's analyses go back to the
//! same thread, which lives as long as the server; a thread whose job
//! panics stays (the job's caller gets `None`).

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, MutexGuard};

use tower_lsp_server::ls_types::Uri;

/// A job; it is given its thread's count of pending jobs, to take itself
/// off before its caller hears back (the caller's next job then finds the
/// thread free).
type Job = Box<dyn FnOnce(&AtomicUsize) + Send>;

/// One analysis thread: its queue and how many jobs it has to run.
struct Analyst {
    jobs: mpsc::Sender<Job>,
    pending: Arc<AtomicUsize>,
}

/// The analysis threads, started on first use.
pub struct Analysts {
    threads: Mutex<Vec<Analyst>>,
    /// The thread each document was last analysed on.
    last: Mutex<HashMap<Uri, usize>>,
    count: usize,
    stack: usize,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Analysts {
    /// `count` threads (at least one) of `stack` bytes of stack each.
    pub fn new(count: usize, stack: usize) -> Analysts {
        Analysts {
            threads: Mutex::default(),
            last: Mutex::default(),
            count: count.max(1),
            stack,
        }
    }

    /// Run `job` for document `uri` on an analysis thread and wait for
    /// its result; `None` when it panicked or no thread could be started.
    pub async fn run<T: Send + 'static>(
        &self,
        uri: &Uri,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move |pending: &AtomicUsize| {
            let value = catch_unwind(AssertUnwindSafe(job));
            pending.fetch_sub(1, Ordering::SeqCst);
            if let Ok(value) = value {
                let _ = tx.send(value);
            }
        });
        self.dispatch(uri, job)?;
        rx.await.ok()
    }

    /// Queue `job` on the document's last thread if it is free, else on
    /// the first free one (starting it if need be), else on the
    /// document's last (or the first) thread.
    fn dispatch(&self, uri: &Uri, job: Job) -> Option<()> {
        let mut threads = lock(&self.threads);
        let mut last = lock(&self.last);
        let free = |threads: &[Analyst], i: usize| {
            threads
                .get(i)
                .is_none_or(|t| t.pending.load(Ordering::SeqCst) == 0)
        };
        let previous = last.get(uri).copied().filter(|&i| i < self.count);
        let at = match previous {
            Some(i) if free(&threads, i) => i,
            _ => (0..self.count)
                .find(|&i| free(&threads, i))
                .or(previous)
                .unwrap_or(0),
        };
        while threads.len() <= at {
            let (jobs, queue) = mpsc::channel::<Job>();
            let pending = Arc::new(AtomicUsize::new(0));
            let left = pending.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("exportlens-analysis-{}", threads.len()))
                .stack_size(self.stack)
                .spawn(move || {
                    while let Ok(job) = queue.recv() {
                        job(&left);
                    }
                });
            if let Err(e) = spawned {
                tracing::error!("cannot start an analysis thread: {e}");
                return None;
            }
            threads.push(Analyst { jobs, pending });
        }
        let t = &threads[at];
        t.pending.fetch_add(1, Ordering::SeqCst);
        if t.jobs.send(job).is_err() {
            t.pending.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        last.insert(uri.clone(), at);
        Some(())
    }

    /// Forget a closed document.
    pub fn forget(&self, uri: &Uri) {
        lock(&self.last).remove(uri);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(s: &str) -> Uri {
        s.parse().expect("a uri")
    }

    #[test]
    fn a_documents_analyses_return_to_its_thread() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        let pool = Analysts::new(2, 1 << 20);
        let name = || std::thread::current().name().map(str::to_string);
        rt.block_on(async {
            let a = uri("file:///a.py");
            let first = pool.run(&a, name).await.flatten();
            for _ in 0..20 {
                assert_eq!(pool.run(&a, name).await.flatten(), first);
            }
            // A panicking job leaves the thread working.
            let panicked: Option<()> = pool.run(&a, || panic!("a job panics")).await;
            assert!(panicked.is_none());
            assert_eq!(pool.run(&a, name).await.flatten(), first);
        });
    }
}
