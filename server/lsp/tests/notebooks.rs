//! Notebook document sync end to end, over `lsp::serve` and in-memory
//! pipes: a notebook opened with `notebookDocument/didOpen` gets its
//! diagnostics published on the cell that holds them
//! (`vscode-notebook-cell:` URIs), at the line within that cell; cell edits
//! and cell insertions move them; `didClose` clears them.

use std::time::Duration;

use serde_json::{Value as Json, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;

pub(crate) fn message(value: &Json) -> Vec<u8> {
    let body = value.to_string();
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body.as_bytes());
    out
}

/// Forwards the server's notifications and replies to `out` (and answers
/// nothing).
pub(crate) async fn read_server<R: tokio::io::AsyncRead + Unpin>(
    mut from_server: R,
    out: mpsc::UnboundedSender<Json>,
) {
    let mut buffer = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        while let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            let header = String::from_utf8_lossy(&buffer[..end]).to_string();
            let length = header
                .lines()
                .find_map(|l| l.strip_prefix("Content-Length:"))
                .and_then(|v| v.trim().parse::<usize>().ok())
                .unwrap_or(0);
            if buffer.len() < end + 4 + length {
                break;
            }
            let body: Json =
                serde_json::from_slice(&buffer[end + 4..end + 4 + length]).unwrap_or(Json::Null);
            buffer.drain(..end + 4 + length);
            let _ = out.send(body);
        }
        match from_server.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => buffer.extend_from_slice(&chunk[..n]),
        }
    }
}

const NOTEBOOK: &str = "file:///nbtest/model.ipynb";

fn cell_uri(n: u32) -> String {
    format!("vscode-notebook-cell:/nbtest/model.ipynb#W{n}sZmlsZQ%3D%3D")
}

const IMPORTS: &str = "%matplotlib inline\nimport torch\n";
const MODEL: &str = "class M(torch.nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n            return x + 1\n        return x - 1\n";
const ENTRY: &str = "model = M()\nexample_args = (torch.randn(3),)\n";

/// Waits for the next `publishDiagnostics` on `uri` whose list satisfies
/// `want`; panics with what came when none does within the time.
async fn diagnostics_for(
    rx: &mut mpsc::UnboundedReceiver<Json>,
    uri: &str,
    want: impl Fn(&[Json]) -> bool,
) -> Vec<Json> {
    let mut seen = Vec::new();
    let found = tokio::time::timeout(Duration::from_secs(60), async {
        while let Some(m) = rx.recv().await {
            if m["method"] == "textDocument/publishDiagnostics" {
                let diagnostics = m["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                seen.push(m["params"].clone());
                if m["params"]["uri"] == uri && want(&diagnostics) {
                    return Some(diagnostics);
                }
            }
        }
        None
    })
    .await;
    match found {
        Ok(Some(d)) => d,
        _ => panic!("no matching diagnostics for {uri}; got {seen:#?}"),
    }
}

fn errors(d: &[Json]) -> Vec<&Json> {
    d.iter().filter(|d| d["severity"] == 1).collect()
}

/// A runtime like the server's own: two workers with 64 MiB stacks.
pub fn server_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .thread_stack_size(64 << 20)
        .build()
        .expect("a runtime")
}

#[test]
fn notebook_diagnostics_are_published_on_their_cells() {
    let runtime = server_runtime();
    runtime.block_on(async {
        let (client_side, server_side) = tokio::io::duplex(1 << 20);
        let (server_read, server_write) = tokio::io::split(server_side);
        let (client_read, mut client_write) = tokio::io::split(client_side);
        let server = tokio::spawn(lsp::serve(server_read, server_write, None));
        let (tx, mut rx) = mpsc::unbounded_channel();
        let reader = tokio::spawn(read_server(client_read, tx));
        let mut send = async |m: Json| client_write.write_all(&message(&m)).await.expect("write");

        send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                     "params": {"capabilities": {}, "rootUri": null}}))
        .await;
        let init = tokio::time::timeout(Duration::from_secs(20), async {
            loop {
                let m = rx.recv().await.expect("a reply");
                if m["id"] == 1 {
                    return m;
                }
            }
        })
        .await
        .expect("initialize answered");
        let sync = &init["result"]["capabilities"]["notebookDocumentSync"];
        assert_eq!(sync["notebookSelector"][0]["notebook"], "jupyter-notebook", "{init}");
        assert_eq!(sync["notebookSelector"][0]["cells"][0]["language"], "python");
        send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}})).await;

        // Cell 0 is markdown (not synced as text); 1, 2, 3 are Python.
        let cell = |n: u32, kind: u32| json!({"kind": kind, "document": cell_uri(n)});
        let text = |n: u32, t: &str| {
            json!({"uri": cell_uri(n), "languageId": "python", "version": 1, "text": t})
        };
        send(json!({"jsonrpc": "2.0", "method": "notebookDocument/didOpen", "params": {
            "notebookDocument": {"uri": NOTEBOOK, "notebookType": "jupyter-notebook", "version": 1,
                "cells": [cell(0, 1), cell(1, 2), cell(2, 2), cell(3, 2)]},
            "cellTextDocuments": [text(1, IMPORTS), text(2, MODEL), text(3, ENTRY)]}}))
        .await;
        let d = diagnostics_for(&mut rx, &cell_uri(2), |d| !errors(d).is_empty()).await;
        let e = errors(&d)[0];
        assert_eq!(e["code"], "data-dependent", "{e}");
        assert_eq!(e["range"]["start"], json!({"line": 2, "character": 11}), "{e}");

        // Insert a cell before the model: the failure stays on the model's
        // cell, at the same line.
        send(json!({"jsonrpc": "2.0", "method": "notebookDocument/didChange", "params": {
            "notebookDocument": {"uri": NOTEBOOK, "version": 2},
            "change": {"cells": {"structure": {
                "array": {"start": 1, "deleteCount": 0, "cells": [cell(4, 2)]},
                "didOpen": [text(4, "y = 1\nz = 2\n")]}}}}}))
        .await;
        let d = diagnostics_for(&mut rx, &cell_uri(2), |d| !errors(d).is_empty()).await;
        assert_eq!(errors(&d)[0]["range"]["start"]["line"], 2, "{d:#?}");

        // Edit the model cell: `if x.sum() > 0:` becomes `if x.shape[0] > 0:`
        // (a static decision), so the error goes away.
        send(json!({"jsonrpc": "2.0", "method": "notebookDocument/didChange", "params": {
            "notebookDocument": {"uri": NOTEBOOK, "version": 3},
            "change": {"cells": {"textContent": [{
                "document": {"uri": cell_uri(2), "version": 2},
                "changes": [{"range": {"start": {"line": 2, "character": 13},
                                        "end": {"line": 2, "character": 18}},
                             "text": "shape[0]"}]}]}}}}))
        .await;
        diagnostics_for(&mut rx, &cell_uri(2), |d| errors(d).is_empty()).await;

        // Close: every cell's diagnostics are cleared.
        send(json!({"jsonrpc": "2.0", "method": "notebookDocument/didClose", "params": {
            "notebookDocument": {"uri": NOTEBOOK},
            "cellTextDocuments": [{"uri": cell_uri(1)}, {"uri": cell_uri(2)}, {"uri": cell_uri(3)}, {"uri": cell_uri(4)}]}}))
        .await;
        diagnostics_for(&mut rx, &cell_uri(3), <[Json]>::is_empty).await;

        send(json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})).await;
        send(json!({"jsonrpc": "2.0", "method": "exit"})).await;
        let stopped = tokio::time::timeout(Duration::from_secs(10), server).await;
        reader.abort();
        assert!(stopped.is_ok(), "the server did not stop after `exit`");
    });
}
