//! Where one analysis spends its time: parse, entry discovery and tracing,
//! then the whole LSP analysis, from scratch and after a one-line edit
//! (incremental parse), for a file given on the command line.
//! `cargo run --release -p lsp --example analysis_timing -- FILE [ROUNDS]`

use std::time::Instant;

use lsp::analysis::{Snapshot, analyze};
use lsp::document::Document;
use ropey::Rope;
use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent, Uri};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: analysis_timing FILE [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: usize = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
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
}
