//! One file can never take the language server down: a file whose
//! analysis overflowed the native stack (a self-referential list printed
//! and compared, values nested 100,000 deep) is analysed and answered like
//! any other, and the server goes on answering for the other files.

use std::time::Duration;

use serde_json::{Value as Json, json};
use tokio::io::AsyncWriteExt;
use tokio::sync::mpsc;

use crate::notebooks::{message, read_server};

/// `stack-overflow-selfref-nested` of the reliability reproducers, in one
/// file: each of these statements aborted the server.
const HOSTILE: &str = "\
import copy
import torch

a = []
a.append(a)
s = str(a)
b = []
b.append(b)
e = a == b
c = copy.deepcopy(a)
t = ()
u = ()
for i in range(100000):
    t = (t,)
    u = (u,)
same = t == u
n = []
for i in range(50000):
    n = [n]
n = None


class M(torch.nn.Module):
    def forward(self, x):
        return x


model = M()
example_args = (torch.randn(2),)
";

const MODEL: &str = "\
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 4)

    def forward(self, x):
        h = self.fc(x)
        return torch.relu(h)


model = M()
example_args = (torch.randn(2, 8),)
";

const HOSTILE_URI: &str = "file:///survival/hostile.py";
const MODEL_URI: &str = "file:///survival/model.py";

/// The next message satisfying `want`, within the time given.
async fn next(rx: &mut mpsc::UnboundedReceiver<Json>, want: impl Fn(&Json) -> bool) -> Json {
    let found = tokio::time::timeout(Duration::from_secs(120), async {
        while let Some(m) = rx.recv().await {
            if want(&m) {
                return Some(m);
            }
        }
        None
    })
    .await;
    match found {
        Ok(Some(m)) => m,
        Ok(None) => panic!("the server went away"),
        Err(_) => panic!("no answer in time"),
    }
}

fn published_for(uri: &'static str) -> impl Fn(&Json) -> bool {
    move |m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
}

#[test]
fn a_file_that_overflowed_the_stack_does_not_stop_hover_in_another() {
    // The server's own runtime gives its threads 64 MiB; a test thread
    // has 2 MiB, which the analysis must not need more of either.
    let runtime = crate::notebooks::server_runtime();
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
        next(&mut rx, |m| m["id"] == 1).await;
        send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}})).await;

        let open = |uri: &str, text: &str| {
            json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}})
        };
        send(open(HOSTILE_URI, HOSTILE)).await;
        // First what the text gives without tracing (no syntax error here),
        // then the traced diagnostics.
        let first = next(&mut rx, published_for(HOSTILE_URI)).await;
        assert_eq!(first["params"]["diagnostics"], json!([]), "{first:#}");
        let hostile = next(&mut rx, published_for(HOSTILE_URI)).await;
        // Comparing two self-referential lists is CPython's RecursionError,
        // at its line (module code that fails is a note, not a verdict).
        let text = hostile.to_string();
        assert!(text.contains("RecursionError"), "{hostile:#}");

        send(open(MODEL_URI, MODEL)).await;
        next(&mut rx, published_for(MODEL_URI)).await;
        // `h = self.fc(x)`: line 10, 0-based 9.
        send(
            json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": MODEL_URI}, "position": {"line": 9, "character": 8}}}),
        )
        .await;
        let hover = next(&mut rx, |m| m["id"] == 2).await;
        let shown = hover["result"]["contents"]["value"].as_str().unwrap_or("");
        assert!(shown.contains("aten.linear.default"), "{hover:#}");
        assert!(shown.contains("f32[2, 4]"), "{hover:#}");

        send(json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})).await;
        send(json!({"jsonrpc": "2.0", "method": "exit"})).await;
        let stopped = tokio::time::timeout(Duration::from_secs(10), server).await;
        reader.abort();
        assert!(stopped.is_ok(), "the server did not stop after `exit`");
    });
}
