//! The Python files of `tests/python/` (and of `tests/numpy/`, numpy's
//! arrays) run through the tracer: each is a module of asserts that CPython
//! also runs (`tests/test_python_semantics.py` at the repository root; the
//! numpy files with a Python that has numpy), so the tracer's Python and
//! numpy semantics are checked against the real ones. A file passes when its module code runs
//! with no statement failing (a failed `assert` is a module statement that
//! fails: an "incomplete" note) and nothing unknown.

use std::path::{Path, PathBuf};

use tracer::failure::NoteKind;
use tracer::{Mode, SourceFile, TraceOutcome, find_entries, trace_entry};

/// An entry point after the file's code, so that its module code runs.
const ENTRY: &str = "
import torch
class _Model(torch.nn.Module):
    def forward(self, x):
        return x + 1
model = _Model()
example_args = (torch.randn(2),)
";

/// What went wrong running `source` through the tracer: each failed
/// statement's note, with its line, or the failed trace.
fn problems(path: &str, source: &str) -> Vec<String> {
    let text = format!("{source}\n{ENTRY}");
    let file = SourceFile::parse(path, &text);
    let entries = find_entries(&file);
    assert_eq!(entries.len(), 1, "{path}: the appended entry point");
    let result = trace_entry(
        file.clone(),
        &entries[0],
        Mode::NonStrict,
        tracer::Budget::default(),
    );
    let mut found: Vec<String> = result
        .notes
        .iter()
        .filter(|n| n.kind == NoteKind::Incomplete)
        .map(|n| format!("line {}: {}", file.line_of(n.range.start), n.message))
        .collect();
    if let TraceOutcome::Failed(f) = &result.outcome {
        found.push(format!("the trace failed: {}", f.message));
    }
    found
}

fn python_files_in(folder: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_python_file_runs_as_cpython_runs_it() {
    let files = python_files_in("tests/python");
    assert!(files.len() >= 4, "the Python semantics files: {files:?}");
    assert_files_run(&files);
}

#[test]
fn every_numpy_file_runs_as_numpy_runs_it() {
    let files = python_files_in("tests/numpy");
    assert!(!files.is_empty(), "the numpy semantics files: {files:?}");
    assert_files_run(&files);
}

fn assert_files_run(files: &[PathBuf]) {
    let mut failures = Vec::new();
    for path in files {
        let source = std::fs::read_to_string(path).expect("readable");
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        for p in problems(name, &source) {
            failures.push(format!("{name}: {p}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_false_assert_is_reported() {
    let found = problems(
        "false.py",
        "assert [1, 2].index(2) == 0\nassert 'a'.upper() == 'A'\n",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("line 1: "), "{found:?}");
}

#[test]
fn an_unmodelled_function_is_reported() {
    let found = problems("unknown.py", "import math\nassert math.lgamma(1) == 0.0\n");
    assert!(!found.is_empty());
}
