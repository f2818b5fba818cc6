//! The in-process pipeline of `exportlens export --json FILE`, minus reading
//! the file and writing stdout: parse, find entries, trace every entry in
//! strict and non-strict mode, build the JSON report and serialize it. Each
//! layer is also exposed on its own so benches can split the cost.

use serde_json::Value as Json;
use std::sync::Arc;
use tracer::{EntryPoint, Mode, SourceFile, TraceOptions, TraceResult};

/// The modes `exportlens export` traces (both, always).
pub const MODES: [Mode; 2] = [Mode::Strict, Mode::NonStrict];

/// Text appended to a case to make every dim static: rebinding the global
/// after the module-level spec overrides it.
pub const STATIC_SUFFIX: &str = "\ndynamic_shapes = None\n";

/// The syntax layer: tree-sitter parse, lowering to the AST, line index.
pub fn parse(path: &str, text: &str) -> Arc<SourceFile> {
    SourceFile::parse(path, text)
}

/// tree-sitter alone (no lowering, no line index): the floor under
/// [`parse`]. Returns the node count so the tree is not optimized away.
pub fn raw_tree_sitter(text: &str) -> usize {
    thread_local! {
        static PARSER: std::cell::RefCell<Option<tree_sitter::Parser>> =
            const { std::cell::RefCell::new(None) };
    }
    PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let parser = slot.get_or_insert_with(|| {
            let mut p = tree_sitter::Parser::new();
            let _ = p.set_language(&tree_sitter_python::LANGUAGE.into());
            p
        });
        parser
            .parse(text, None)
            .map_or(0, |t| t.root_node().descendant_count())
    })
}

/// Entry points plus every trace, as `analyze::analyze` in the CLI.
pub fn trace(file: &Arc<SourceFile>) -> Vec<(EntryPoint, Vec<TraceResult>)> {
    tracer::find_entries(file)
        .into_iter()
        .map(|e| {
            let options: tracer::OptionsFactory = Arc::new(TraceOptions::default);
            let runs = tracer::trace_entry_modes(file, &e, &MODES, &options);
            (e, runs)
        })
        .collect()
}

/// The JSON report of traced entries (report-schema.md).
pub fn report(file: &SourceFile, entries: &[(EntryPoint, Vec<TraceResult>)]) -> Json {
    let entries = entries
        .iter()
        .map(|(e, runs)| export::entry_report(&file.path, e, runs))
        .collect();
    export::file_report(&file.path, entries)
}

/// Everything `export --json` does in process, ending with the pretty
/// printed document it would write.
pub fn export_json(path: &str, text: &str) -> String {
    let file = parse(path, text);
    let entries = trace(&file);
    let doc = report(&file, &entries);
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// The source with every dim static (see [`STATIC_SUFFIX`]).
pub fn static_variant(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + STATIC_SUFFIX.len());
    s.push_str(text);
    s.push_str(STATIC_SUFFIX);
    s
}

/// Counts over a report, to check a bench measured real work: (entries,
/// runs exported ok, symbolic dims named in range constraints).
pub fn summarize(json_text: &str) -> (usize, usize, usize) {
    let Ok(doc) = serde_json::from_str::<Json>(json_text) else {
        return (0, 0, 0);
    };
    let entries = doc["entries"].as_array().cloned().unwrap_or_default();
    let mut ok = 0;
    let mut syms = 0;
    for e in &entries {
        if let Some(runs) = e["runs"].as_object() {
            for r in runs.values() {
                if r["ok"] == Json::Bool(true) {
                    ok += 1;
                }
                syms += r["range_constraints"].as_object().map_or(0, |m| m.len());
            }
        }
    }
    (entries.len(), ok, syms)
}

/// Reads imported modules from disk, as the CLI does.
struct Disk;

impl tracer::SourceProvider for Disk {
    fn read(&self, path: &std::path::Path) -> Option<std::sync::Arc<str>> {
        pyenv::sources::read_source(path, u64::MAX)
    }
}

/// `exportlens check --both --python PYTHON FILE` in process, minus
/// printing: the file's imports resolve through `pyenv` (its folder, then
/// the environment's site-packages) and are read from disk, every entry is
/// traced in both modes. Parses of imported files stay in the per-thread
/// cache, so a second call in the same thread parses only what changed.
/// Returns the number of traces that exported.
pub fn check_with_imports(path: &str, text: &str, python: &std::path::Path) -> usize {
    let file = SourceFile::parse(path, text);
    let options = library_options(path, python, false);
    tracer::find_entries(&file)
        .iter()
        .flat_map(|e| tracer::trace_entry_modes(&file, e, &MODES, &options))
        .filter(|r| matches!(r.outcome, tracer::TraceOutcome::Exported(_)))
        .count()
}

/// `export --json` in process for a file importing installed packages
/// from `python`; `fresh` runs library code afresh instead of reusing the
/// state earlier traces on the thread kept ([`TraceOptions::fresh_libraries`]).
pub fn export_json_with_imports(
    path: &str,
    text: &str,
    python: &std::path::Path,
    fresh: bool,
) -> String {
    let file = SourceFile::parse(path, text);
    let options = library_options(path, python, fresh);
    let entries: Vec<_> = tracer::find_entries(&file)
        .into_iter()
        .map(|e| {
            let runs = tracer::trace_entry_modes(&file, &e, &MODES, &options);
            (e, runs)
        })
        .collect();
    serde_json::to_string_pretty(&report(&file, &entries)).unwrap_or_default()
}

/// The options `exportlens` traces `path` with, imports resolved against
/// the environment of `python` (the folder of `path` first).
fn library_options(path: &str, python: &std::path::Path, fresh: bool) -> tracer::OptionsFactory {
    let folder = std::path::Path::new(path)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let resolution = pyenv::Resolver::new(pyenv::Options {
        python: Some(python.to_path_buf()),
        workspace_roots: vec![std::path::PathBuf::from(".")],
        config: None,
    })
    .resolve(folder);
    let mut roots = vec![folder.to_path_buf()];
    roots.extend(resolution.roots.iter().cloned());
    Arc::new(move || tracer::TraceOptions {
        workspace: Some(tracer::Workspace::new(Box::new(Disk), roots.clone())),
        fresh_libraries: fresh,
        ..tracer::TraceOptions::default()
    })
}
