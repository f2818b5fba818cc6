//! Where one analysis spends its time: parse, entry discovery and tracing,
//! then the whole LSP analysis, for a file given on the command line.
//! `cargo run --release -p lsp --example analysis_timing -- FILE`

use std::time::Instant;

use ropey::Rope;
use tower_lsp_server::ls_types::Uri;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: analysis_timing FILE");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    for round in 0..3 {
        let t = Instant::now();
        let parsed = syntax::parse(&text);
        let parse = t.elapsed();
        let t = Instant::now();
        let file = tracer::SourceFile::parse(&path, &text);
        let source_file = t.elapsed();
        let t = Instant::now();
        let entries = tracer::find_entries(&file);
        let find = t.elapsed();
        let t = Instant::now();
        for e in &entries {
            let _ = tracer::trace_entry(
                file.clone(),
                e,
                tracer::Mode::NonStrict,
                tracer::Budget::default(),
            );
        }
        let trace = t.elapsed();
        let snap = lsp::analysis::Snapshot {
            uri: "file:///bench.py".parse::<Uri>().expect("a valid uri"),
            path: path.clone(),
            version: 1,
            generation: 1,
            rope: Rope::from_str(&text),
            encoding: lsp::position::Encoding::Utf16,
            config: lsp::config::Config::default(),
        };
        let t = Instant::now();
        let a = lsp::analysis::analyze(&snap);
        let whole = t.elapsed();
        eprintln!(
            "round {round}: parse {parse:?} ({} stmts), SourceFile::parse {source_file:?}, find_entries {find:?} ({}), trace {trace:?}, lsp analysis {whole:?} ({} diagnostics)",
            parsed.module.body.len(),
            entries.len(),
            a.diagnostics.len()
        );
    }
}
