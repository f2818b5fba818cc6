//! Where one analysis spends its time: parse, entry discovery and tracing,
//! then the whole LSP analysis, from scratch and after a one-line edit
//! (incremental parse), for a file given on the command line. Then, with
//! EDITS > 0, the language server's per-edit work in a loop (for profilers,
//! and per-phase medians): the edits of `scripts/bench-lsp.py` (a comment
//! typed at the end of line 1 and deleted again), each followed by one
//! analysis with the document's edited tree and lowered statements.
//! `cargo run --release -p lsp --example analysis_timing -- FILE [ROUNDS] [EDITS]`

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use lsp::analysis::{Snapshot, analyze};
use lsp::document::Document;
use lsp::position::Encoding;
use ropey::Rope;
use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent, Uri};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: analysis_timing FILE [ROUNDS] [EDITS]");
        std::process::exit(2);
    };
    let rounds: usize = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let edits: usize = std::env::args()
        .nth(3)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let Ok(uri) = "file:///bench.py".parse::<Uri>() else {
        std::process::exit(2);
    };
    for round in 0..rounds {
        let t = Instant::now();
        let file = tracer::SourceFile::parse(&path, &text);
        let parse = t.elapsed();
        let t = Instant::now();
        let entries = tracer::find_entries(&file);
        for e in &entries {
            let _ = tracer::trace_entry(
                file.clone(),
                e,
                tracer::Mode::NonStrict,
                tracer::Budget::default(),
            );
        }
        let trace = t.elapsed();

        let mut doc = Document::new(&text, 1, 1, "python".into());
        let snap = |doc: &Document| Snapshot {
            uri: uri.clone(),
            path: path.clone(),
            version: doc.version,
            generation: doc.generation,
            rope: doc.rope.clone(),
            encoding: lsp::position::Encoding::Utf16,
            config: lsp::config::Config::default(),
            tree: doc.tree.clone(),
            imports: None,
            lowered: doc.lowered.clone(),
            modules: doc.modules.clone(),
            traces: doc.traces.clone(),
            parsed: None,
            programs: true,
            project: Default::default(),
        };
        let t = Instant::now();
        let (a, tree) = analyze(&snap(&doc));
        let full = t.elapsed();
        doc.tree = tree;
        let end = Position::new(0, 1000);
        doc.apply_change(
            &TextDocumentContentChangeEvent {
                range: Some(Range::new(end, end)),
                range_length: None,
                text: "  # edit".into(),
            },
            lsp::position::Encoding::Utf16,
        );
        let t = Instant::now();
        let (b, _) = analyze(&snap(&doc));
        let incremental = t.elapsed();
        let _ = Rope::new();
        eprintln!(
            "round {round}: SourceFile::parse {parse:?}, find_entries+trace {trace:?} ({} entries); lsp analysis from scratch {full:?} ({} diagnostics), after an edit {incremental:?} {:?}",
            entries.len(),
            a.diagnostics.len(),
            b.timings
        );
    }
    if edits > 0 {
        edit_loop(&path, &text, &uri, edits);
    }
}

fn edit_loop(path: &str, text: &str, uri: &Uri, edits: usize) {
    let line_len = text.lines().next().map_or(0, |l| l.encode_utf16().count()) as u32;
    let mut doc = Document::new(text, 1, 1, "python".into());
    let mut totals: Vec<Duration> = Vec::new();
    let mut phases: BTreeMap<&'static str, Vec<Duration>> = BTreeMap::new();
    for i in 0..=edits {
        if i > 0 {
            let (end, insert) = if i % 2 == 1 {
                (line_len, "  # x")
            } else {
                (line_len + 5, "")
            };
            doc.apply_change(
                &TextDocumentContentChangeEvent {
                    range: Some(Range::new(
                        Position::new(0, line_len),
                        Position::new(0, end),
                    )),
                    range_length: None,
                    text: insert.into(),
                },
                Encoding::Utf16,
            );
            doc.version += 1;
            doc.lowered.get_or_insert_default();
        }
        let snap = Snapshot {
            uri: uri.clone(),
            path: path.to_string(),
            version: doc.version,
            generation: doc.generation,
            rope: doc.rope.clone(),
            encoding: Encoding::Utf16,
            config: lsp::config::Config::default(),
            tree: doc.tree.clone(),
            imports: None,
            lowered: doc.lowered.clone(),
            modules: doc.modules.clone(),
            traces: doc.traces.clone(),
            parsed: None,
            programs: true,
            project: Default::default(),
        };
        let t = Instant::now();
        let (a, tree) = analyze(&snap);
        if i > 0 {
            totals.push(t.elapsed());
            for (name, d) in a.timings {
                phases.entry(name).or_default().push(d);
            }
        }
        doc.tree = tree;
    }
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        v.get(v.len() / 2).copied().unwrap_or_default()
    };
    let p99 = |v: &Vec<Duration>| {
        v.get((v.len() * 99 / 100).min(v.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    let m = median(&mut totals);
    eprintln!(
        "{} edits: analysis median {m:?}, p99 {:?}",
        totals.len(),
        p99(&totals)
    );
    for (name, mut v) in phases {
        let m = median(&mut v);
        eprintln!("  {name}: median {m:?}");
    }
}
