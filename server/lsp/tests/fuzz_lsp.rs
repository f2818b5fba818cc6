//! Fuzzing the language server's message handling in-process
//! ([`lsp::serve`] over in-memory pipes): sessions of random messages,
//! malformed JSON-RPC (bad framing, bodies that are not JSON or not
//! JSON-RPC, unknown methods, wrong parameter types), edits to documents
//! never opened, out-of-range positions and ranges, interleaved edits and
//! requests on several documents, random settings, documents holding deep
//! and self-referential values and star-import cycles. Every session must end
//! with its `shutdown` answered and the server stopped, and no panic may
//! happen anywhere in the process (a panic hook counts them, including the
//! ones the server catches around analyses).
//!
//! `EXPORTLENS_FUZZ_SECONDS` (default 20) and `EXPORTLENS_FUZZ_SEED` as in
//! the pipeline fuzzer; `scripts/fuzz.sh` runs it long.

#![allow(clippy::print_stdout)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{Value as Json, json};
use spec_tests::fuzz::{self, env_u64};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

fn message(value: &Json) -> Vec<u8> {
    frame(value.to_string().as_bytes())
}

const URIS: &[&str] = &[
    "file:///fuzz/a.py",
    "file:///fuzz/b.py",
    "file:///fuzz/pkg/__init__.py",
    "file:///fuzz/never_opened.py",
    "untitled:Untitled-1",
    "file:///",
    "not a uri",
];

fn position(rng: &mut fuzz::Rng) -> Json {
    let line = match rng.below(4) {
        0 => rng.below(5) as u64,
        1 => rng.below(60) as u64,
        2 => u64::from(u32::MAX),
        _ => 1_000_000,
    };
    let character = match rng.below(4) {
        0 => rng.below(10) as u64,
        1 => rng.below(200) as u64,
        2 => u64::from(u32::MAX),
        _ => 7,
    };
    json!({"line": line, "character": character})
}

fn range(rng: &mut fuzz::Rng) -> Json {
    json!({"start": position(rng), "end": position(rng)})
}

fn text_doc(rng: &mut fuzz::Rng) -> Json {
    json!({"uri": URIS[rng.below(URIS.len())]})
}

/// One random message of a session (already framed).
fn random_message(rng: &mut fuzz::Rng, seeds: &[String], next_id: &mut i64) -> Vec<u8> {
    let mut id = || {
        *next_id += 1;
        *next_id
    };
    let seed_text = |rng: &mut fuzz::Rng| seeds[rng.below(seeds.len())].clone();
    let snippets = [
        "x",
        "\n",
        "(",
        "    return x\n",
        "import torch\n",
        "",
        "é",
        "\u{1f600}",
        "def f(:\n",
    ];
    match rng.below(20) {
        0..=2 => message(
            &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": URIS[rng.below(URIS.len())], "languageId": "python",
                             "version": rng.below(5), "text": seed_text(rng)}}}),
        ),
        3..=6 => {
            let mut changes = Vec::new();
            for _ in 0..=rng.below(3) {
                if rng.chance(15) {
                    changes.push(json!({"text": seed_text(rng)}));
                } else {
                    changes.push(json!({"range": range(rng),
                        "text": snippets[rng.below(snippets.len())]}));
                }
            }
            message(
                &json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": URIS[rng.below(URIS.len())], "version": rng.below(100) as i64 - 3},
                "contentChanges": changes}}),
            )
        }
        7 => message(&json!({"jsonrpc": "2.0", "method": "textDocument/didClose",
            "params": {"textDocument": text_doc(rng)}})),
        8 => message(
            &json!({"jsonrpc": "2.0", "id": id(), "method": "textDocument/hover",
            "params": {"textDocument": text_doc(rng), "position": position(rng)}}),
        ),
        9 => message(
            &json!({"jsonrpc": "2.0", "id": id(), "method": "textDocument/inlayHint",
            "params": {"textDocument": text_doc(rng), "range": range(rng)}}),
        ),
        10 => message(
            &json!({"jsonrpc": "2.0", "id": id(), "method": "textDocument/codeAction",
            "params": {"textDocument": text_doc(rng), "range": range(rng),
                       "context": {"diagnostics": []}}}),
        ),
        11 => message(
            &json!({"jsonrpc": "2.0", "id": id(), "method": "textDocument/codeLens",
            "params": {"textDocument": text_doc(rng)}}),
        ),
        12 => message(
            &json!({"jsonrpc": "2.0", "id": id(), "method": "textDocument/diagnostic",
            "params": {"textDocument": text_doc(rng)}}),
        ),
        13 => {
            let method = ["exportlens/exportedProgram", "exportlens/quickRun"][rng.below(2)];
            message(&json!({"jsonrpc": "2.0", "id": id(), "method": method,
                "params": {"textDocument": text_doc(rng)}}))
        }
        14 => {
            let values = [
                json!("both"),
                json!(3),
                json!(null),
                json!({"a": []}),
                json!(-1),
                json!("strict"),
            ];
            let mut settings = serde_json::Map::new();
            for key in [
                "mode",
                "guards",
                "debounceMs",
                "analysisSteps",
                "inlayHints",
                "guardSeverity",
            ] {
                if rng.chance(50) {
                    settings.insert(key.into(), values[rng.below(values.len())].clone());
                }
            }
            message(
                &json!({"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration",
                "params": {"settings": {"exportlens": settings}}}),
            )
        }
        15 => {
            // Well framed, not JSON-RPC.
            let bodies: [&[u8]; 9] = [
                b"{", b"null", b"[]", b"{\"jsonrpc\": \"2.0\"}", b"\xff\xfe\x00",
                b"{\"jsonrpc\": \"2.0\", \"id\": {}, \"method\": \"textDocument/hover\"}",
                b"{\"jsonrpc\": \"1.0\", \"id\": 1, \"method\": \"shutdown\", \"params\": 5}",
                b"{\"jsonrpc\": \"2.0\", \"method\": \"textDocument/didChange\", \"params\": {\"textDocument\": 3}}",
                b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
            ];
            frame(bodies[rng.below(bodies.len())])
        }
        16 => {
            // Badly framed.
            let body = json!({"jsonrpc": "2.0", "method": "textDocument/didClose",
                "params": {"textDocument": {"uri": "file:///fuzz/a.py"}}})
            .to_string();
            match rng.below(4) {
                0 => format!(
                    "Content-Length: {}\r\n\r\n{body}",
                    body.len().saturating_sub(rng.below(10) + 1)
                )
                .into_bytes(),
                1 => format!("Content-Type: x\r\n\r\n{body}").into_bytes(),
                2 => format!("Content-Length: nope\r\n\r\n{body}").into_bytes(),
                _ => b"\r\n\r\n".to_vec(),
            }
        }
        17 => message(
            &json!({"jsonrpc": "2.0", "id": id(), "method": "no/suchMethod", "params": [1, 2]}),
        ),
        18 => message(
            &json!({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": rng.below(50)}}),
        ),
        _ => message(
            &json!({"jsonrpc": "2.0", "id": id(), "method": "textDocument/hover",
            "params": {"textDocument": {"uri": "file:///fuzz/a.py"}, "position": "here"}}),
        ),
    }
}

/// Reads framed messages from the server: answers its requests with
/// `null`, and reports the ids of responses it gets.
async fn read_server<R: tokio::io::AsyncRead + Unpin>(
    mut from_server: R,
    to_server: Option<mpsc::UnboundedSender<Vec<u8>>>,
    responses: mpsc::UnboundedSender<Json>,
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
            if body.get("method").is_some() {
                if let (Some(id), Some(to_server)) = (body.get("id"), &to_server) {
                    let _ = to_server.send(message(
                        &json!({"jsonrpc": "2.0", "id": id, "result": null}),
                    ));
                }
            } else if let Some(id) = body.get("id") {
                let _ = responses.send(id.clone());
            }
        }
        match from_server.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => buffer.extend_from_slice(&chunk[..n]),
        }
    }
}

/// One session: a server, `count` random messages, then `shutdown` and
/// `exit`. Returns how many messages were sent, or why the session hung.
async fn session(
    rng: &mut fuzz::Rng,
    seeds: &[String],
    count: usize,
    limit: Duration,
) -> Result<u64, String> {
    let (client_side, server_side) = tokio::io::duplex(1 << 20);
    let (server_read, server_write) = tokio::io::split(server_side);
    let (client_read, mut client_write) = tokio::io::split(client_side);
    let server = tokio::spawn(lsp::serve(server_read, server_write, None));
    let (to_server, mut outgoing) = mpsc::unbounded_channel::<Vec<u8>>();
    let (responses_tx, mut responses) = mpsc::unbounded_channel();
    let reader = tokio::spawn(read_server(
        client_read,
        Some(to_server.clone()),
        responses_tx,
    ));
    let writer = tokio::spawn(async move {
        while let Some(bytes) = outgoing.recv().await {
            if client_write.write_all(&bytes).await.is_err() {
                break;
            }
        }
    });
    let mut next_id = 1000;
    let mut sent = 0u64;
    if !rng.chance(5) {
        let _ = to_server.send(message(
            &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"capabilities": {}, "rootUri": null,
                       "initializationOptions": {"mode": "both", "debounceMs": rng.below(30)}}}),
        ));
        let _ = to_server.send(message(
            &json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        ));
        sent += 2;
    }
    let mut asked: std::collections::HashMap<Json, String> = std::collections::HashMap::new();
    for _ in 0..count {
        let bytes = random_message(rng, seeds, &mut next_id);
        if let Some(start) = bytes.windows(4).position(|w| w == b"\r\n\r\n")
            && let Ok(body) = serde_json::from_slice::<Json>(&bytes[start + 4..])
            && let (Some(id), Some(method)) = (body.get("id"), body["method"].as_str())
        {
            asked.insert(id.clone(), method.to_owned());
        }
        let _ = to_server.send(bytes);
        sent += 1;
        if rng.chance(10) {
            tokio::time::sleep(Duration::from_millis(rng.below(20) as u64)).await;
        }
    }
    // Resynchronise after a truncated frame, then stop the server.
    let _ = to_server.send(b"\r\n\r\n".to_vec());
    let _ = to_server.send(message(
        &json!({"jsonrpc": "2.0", "id": 9_999_999, "method": "shutdown"}),
    ));
    sent += 1;
    let answered = tokio::time::timeout(limit, async {
        while let Some(id) = responses.recv().await {
            asked.remove(&id);
            if id == json!(9_999_999) {
                return true;
            }
        }
        false
    })
    .await;
    if !matches!(answered, Ok(true)) {
        server.abort();
        reader.abort();
        writer.abort();
        let mut open: Vec<&String> = asked.values().collect();
        open.sort();
        return Err(format!(
            "`shutdown` not answered within {limit:?} after {sent} messages; requests never answered: {open:?}"
        ));
    }
    let _ = to_server.send(message(&json!({"jsonrpc": "2.0", "method": "exit"})));
    sent += 1;
    let stopped = tokio::time::timeout(limit, server).await;
    while let Ok(id) = responses.try_recv() {
        asked.remove(&id);
    }
    reader.abort();
    writer.abort();
    match stopped {
        Ok(_) => Ok(sent),
        Err(_) => {
            let mut open: Vec<&String> = asked.values().collect();
            open.sort();
            Err(format!(
                "the server did not stop within {limit:?} after `exit`; requests never answered: {open:?}"
            ))
        }
    }
}

fn seeds() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in ["examples", "tests/corpus/cases"] {
        if let Ok(entries) = std::fs::read_dir(root.join(dir)) {
            files.extend(
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "py")),
            );
        }
    }
    files.sort();
    files.truncate(60);
    let mut texts: Vec<String> = files
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    texts.push(String::new());
    // Deep and self-referential values (which once overflowed the
    // server's stack), and star-import cycles between open documents
    // (`pkg/__init__.py` and `a.py` opened with these texts).
    let mut rng = fuzz::Rng::new(43);
    texts.extend((0..12).map(|_| fuzz::generate_deep_model(&mut rng)));
    texts.push("from . import *\nfrom .a import *\n".into());
    texts.push("from pkg import *\nfrom .a import *\nimport torch\n\nmodel = torch.nn.Linear(2, 2)\nexample_args = (torch.randn(2),)\n".into());
    texts.push("import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n            return x\n        return -x\n\nmodel = M()\nexample_args = (torch.randn(3),)\n".into());
    texts
}

#[test]
fn language_server_survives_random_and_malformed_messages() {
    fuzz::count_panics();
    let seconds = env_u64("EXPORTLENS_FUZZ_SECONDS", 20);
    let seed = env_u64("EXPORTLENS_FUZZ_SEED", 16);
    let limit = Duration::from_secs(env_u64("EXPORTLENS_FUZZ_HANG_SECONDS", 60));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_stack_size(64 << 20)
        .enable_all()
        .build()
        .expect("a runtime");
    let texts = seeds();
    let mut rng = fuzz::Rng::new(seed);
    let start = Instant::now();
    let (mut sessions, mut messages) = (0u64, 0u64);
    let mut hangs = Vec::new();
    while start.elapsed() < Duration::from_secs(seconds) {
        let count = 10 + rng.below(120);
        match runtime.block_on(session(&mut rng, &texts, count, limit)) {
            Ok(sent) => messages += sent,
            Err(why) => hangs.push(format!("session {sessions}: {why}")),
        }
        sessions += 1;
    }
    runtime.shutdown_timeout(Duration::from_secs(1));
    let _ = std::panic::take_hook();
    let seen = fuzz::panics_seen();
    let panics = seen.len();
    println!(
        "lsp fuzz (seed {seed}): {messages} messages in {sessions} sessions in {:.1} s; {} hangs, {panics} panics",
        start.elapsed().as_secs_f64(),
        hangs.len()
    );
    assert!(panics == 0, "panics:\n{}", seen.join("\n"));
    assert!(hangs.is_empty(), "{}", hangs.join("\n"));
    assert!(sessions > 0);
}

/// `exit` stops the server promptly even while handlers wait for replies
/// the client never sends (`workspace/configuration`, refreshes): a fuzz
/// session once saw the server still running 30 s after `exit`, and the
/// server now abandons what is still running half a second after it.
#[test]
fn exit_while_the_server_waits_for_the_client_stops_the_server() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let (client_side, server_side) = tokio::io::duplex(1 << 20);
        let (server_read, server_write) = tokio::io::split(server_side);
        let (client_read, mut client_write) = tokio::io::split(client_side);
        let server = tokio::spawn(lsp::serve(server_read, server_write, None));
        let (responses_tx, mut responses) = mpsc::unbounded_channel();
        // This client never answers the server's requests.
        let reader = tokio::spawn(read_server(client_read, None, responses_tx));
        for msg in [
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {
                "workspace": {"configuration": true, "inlayHint": {"refreshSupport": true},
                              "diagnostics": {"refreshSupport": true},
                              "didChangeConfiguration": {"dynamicRegistration": true},
                              "didChangeWatchedFiles": {"dynamicRegistration": true}}}}}),
            json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
            json!({"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": {"settings": null}}),
            json!({"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration",
                   "params": {"settings": {"exportlens": {"mode": "strict", "inlayHints": false}}}}),
            json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}),
        ] {
            client_write.write_all(&message(&msg)).await.expect("write");
        }
        let answered = tokio::time::timeout(Duration::from_secs(20), async {
            while let Some(id) = responses.recv().await {
                if id == json!(2) {
                    return true;
                }
            }
            false
        })
        .await;
        assert!(matches!(answered, Ok(true)), "shutdown not answered");
        client_write
            .write_all(&message(&json!({"jsonrpc": "2.0", "method": "exit"})))
            .await
            .expect("write");
        let stopped = tokio::time::timeout(Duration::from_secs(10), server).await;
        reader.abort();
        assert!(stopped.is_ok(), "the server did not stop after `exit`");
    });
}
