//! In-order document notifications.
//!
//! tower-lsp-server runs handlers concurrently, so an `async fn did_change`
//! is not guaranteed to run before the next message's handler. This
//! middleware sits between the transport and the `LspService`: the
//! transport calls [`tower::Service::call`] once per message, in arrival
//! order, and this wrapper applies `didOpen`/`didChange`/`didClose` (of
//! text documents and of notebooks, [`crate::notebooks`]) to the
//! document store right there, synchronously, before the next message is
//! even read. Every other message goes to the service as usual.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use serde::de::DeserializeOwned;
use tower::Service;
use tower_lsp_server::jsonrpc::{Request, Response};
use tower_lsp_server::ls_types::{DidChangeTextDocumentParams, DidOpenTextDocumentParams};

use crate::state::State;

/// The wrapper; see the module docs.
pub struct Ordered<S> {
    inner: S,
    state: Arc<State>,
}

impl<S> Ordered<S> {
    pub fn new(inner: S, state: Arc<State>) -> Self {
        Ordered { inner, state }
    }
}

fn parse<T: DeserializeOwned>(method: &str, params: Option<serde_json::Value>) -> Option<T> {
    match serde_json::from_value(params.unwrap_or(serde_json::Value::Null)) {
        Ok(p) => Some(p),
        Err(e) => {
            tracing::warn!("ignoring {method} with invalid params: {e}");
            None
        }
    }
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

impl<S> Service<Request> for Ordered<S>
where
    S: Service<Request, Response = Option<Response>>,
    S::Future: Send + 'static,
{
    type Response = Option<Response>;
    type Error = S::Error;
    type Future = BoxFuture<Result<Option<Response>, S::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        if req.method() == "exit" {
            self.state.exit_requested.notify_one();
        }
        let is_doc_notification = req.id().is_none()
            && matches!(
                req.method(),
                "textDocument/didOpen"
                    | "textDocument/didChange"
                    | "textDocument/didClose"
                    | "notebookDocument/didOpen"
                    | "notebookDocument/didChange"
                    | "notebookDocument/didClose"
            );
        if !is_doc_notification {
            return Box::pin(self.inner.call(req));
        }
        let (method, _, params) = req.into_parts();
        match &*method {
            "textDocument/didOpen" => {
                if let Some(p) = parse::<DidOpenTextDocumentParams>(&method, params) {
                    let uri = p.text_document.uri.clone();
                    self.state.open(p);
                    self.state.refresh_importers(&uri, Duration::ZERO);
                }
            }
            "textDocument/didChange" => {
                if let Some(p) = parse::<DidChangeTextDocumentParams>(&method, params) {
                    let uri = p.text_document.uri.clone();
                    self.state.change(p);
                    let debounce = Duration::from_millis(self.state.config().debounce_ms);
                    self.state.refresh_importers(&uri, debounce);
                }
            }
            "notebookDocument/didOpen" => {
                if let Some(p) = parse(&method, params) {
                    crate::notebooks::open(&self.state, p);
                }
            }
            "notebookDocument/didChange" => {
                if let Some(p) = parse(&method, params) {
                    crate::notebooks::change(&self.state, p);
                }
            }
            "notebookDocument/didClose" => {
                if let Some(p) = parse(&method, params) {
                    crate::notebooks::close(&self.state, p);
                }
            }
            _ => {
                if let Some(p) = parse(&method, params) {
                    self.state.close(p);
                }
            }
        }
        Box::pin(async { Ok(None) })
    }
}
