//! The exportlens language server: LSP 3.17 over stdio, on
//! tower-lsp-server and tokio.
//!
//! Layout (one concern per module):
//! - [`ordered`]: applies `didOpen`/`didChange`/`didClose` in arrival order,
//!   before tower-lsp's concurrent handlers run;
//! - [`document`] and [`position`]: ropey documents, incremental edits,
//!   UTF-16/UTF-8 positions;
//! - [`state`]: the document store and the debounced, versioned analysis
//!   scheduler (stale results are dropped);
//! - [`analysis`]: one analysis on a worker thread, turning the tracer's
//!   results into plain `Send` data (the diagnostics and quick fixes the
//!   shared `diagnostics` crate builds, converted to LSP; hover table, inlay
//!   hints, code lenses, program text), panics caught;
//! - [`framing`]: the input filter that drops malformed messages, which
//!   would otherwise end tower-lsp's input stream;
//! - [`hover`]: what hover shows;
//! - [`notebooks`]: notebook document sync: a notebook analysed as one
//!   virtual document, its diagnostics published per cell;
//! - [`config`]: settings and their validation;
//! - [`workspace`]: imports across the workspace (search roots and the
//!   Python environment from the `pyenv` crate, as the CLI finds them),
//!   diagnostics found in other files, re-analysis of the files that
//!   import an edited one;
//! - [`server`]: the `LanguageServer` implementation, dispatching each
//!   method to its handler: one file per request kind in [`requests`], per
//!   notification in [`notifications`].
//!
//! Architecture invariant: stdout belongs to the protocol. Nothing here
//! prints; logs go through `tracing` (the binary sends them to stderr).

pub mod analysis;
pub mod analysts;
pub mod config;
pub mod document;
pub mod export_module;
pub mod framing;
pub mod hover;
pub mod notebooks;
pub mod notifications;
pub mod ordered;
pub mod position;
pub mod quick_run;
pub mod requests;
pub mod server;
pub mod state;
pub mod workspace;

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tower_lsp_server::{LspService, Server};

use crate::ordered::Ordered;
use crate::server::Backend;
use crate::state::State;

/// Stack size of the runtime's threads: analysis of deeply nested code
/// recurses, and a stack overflow cannot be caught.
pub(crate) const THREAD_STACK: usize = 64 << 20;

/// How long handlers still running at `exit` may take to finish.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// Serve LSP over stdin/stdout until `exit`. Returns whether the client
/// asked for `shutdown` before (the exit code is 0 then, 1 otherwise, as
/// the protocol says).
/// `python` is `--python` (see the `pyenv` crate for the other sources).
pub async fn run_stdio(python: Option<std::path::PathBuf>) -> bool {
    serve(tokio::io::stdin(), tokio::io::stdout(), python).await
}

/// [`run_stdio`] over any pair of byte streams (in-memory pipes in the
/// tests that drive the server in-process).
pub async fn serve<I, O>(input: I, output: O, python: Option<std::path::PathBuf>) -> bool
where
    I: tokio::io::AsyncRead + Unpin,
    O: tokio::io::AsyncWrite,
{
    let state = Arc::new(State::default());
    state.workspace.resolver.set_python(python);
    state.install_reader();
    let (service, socket) = LspService::build(|client| {
        let _ = state.client.set(client.clone());
        Backend::new(client, state.clone())
    })
    .custom_method("exportlens/exportedProgram", Backend::exported_program)
    .custom_method("exportlens/quickRun", Backend::quick_run)
    .finish();
    let service = Ordered::new(service, state.clone());
    let serving = Server::new(framing::Reframe::new(input), output, socket).serve(service);
    // tower-lsp-server returns once every handler has finished; the
    // protocol wants the server gone at `exit`, so what is still running
    // then (a handler waiting for a reply the client will not send) gets a
    // short grace period and is abandoned.
    let exited = async {
        state.exit_requested.notified().await;
        tokio::time::sleep(EXIT_GRACE).await;
    };
    tokio::select! {
        () = serving => {}
        () = exited => tracing::warn!("handlers still running at `exit` were abandoned"),
    }
    let clean = state.shutdown_requested.load(Ordering::SeqCst);
    tracing::info!(clean, "exiting");
    clean
}

/// Build a tokio runtime and run [`run_stdio`]; for `exportlens lsp`.
pub fn main_stdio(python: Option<std::path::PathBuf>) -> ExitCode {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(THREAD_STACK)
        .thread_name("exportlens-lsp")
        .build();
    let runtime = match runtime {
        Ok(r) => r,
        Err(e) => {
            tracing::error!("cannot start the async runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let clean = runtime.block_on(run_stdio(python));
    // Analyses still running on the blocking pool are abandoned.
    runtime.shutdown_timeout(Duration::from_millis(100));
    if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
