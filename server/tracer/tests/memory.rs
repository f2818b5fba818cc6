//! A trace frees everything it created: no value of it outlives the
//! returned result, whatever reference cycles the model's code makes. The
//! file is the witness: every function defined in it holds it, so it is
//! only freed when no function (nor class, object or scope holding one) is
//! left.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tracer::{Budget, Mode, SourceFile, find_entries, trace_entry};

fn python_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            python_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "py") {
            out.push(path);
        }
    }
}

/// How many references to the file are left after tracing every entry of
/// `source` in both modes (1: only the caller's).
fn references_left(source: &str) -> usize {
    let file = SourceFile::parse("model.py", source);
    for entry in find_entries(&file) {
        for mode in [Mode::Strict, Mode::NonStrict] {
            let result = trace_entry(file.clone(), &entry, mode, Budget::default());
            drop(result);
        }
    }
    Arc::strong_count(&file)
}

#[test]
fn cycles_through_scopes_classes_and_objects_are_freed() {
    let source = r#"
import torch

def helper(x):
    return x + 1

class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.act = self.fwd
        self.me = self
        self.l = torch.nn.Linear(3, 3)

    def fwd(self, x):
        def inner(y):
            return helper(y) * 2
        return inner(self.l(x))

    def forward(self, x):
        return self.act(x)

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.b = Block()
        self.b.parent = self

    def forward(self, x):
        return self.b(x)

model = M()
example_args = (torch.randn(2, 3),)
"#;
    assert_eq!(references_left(source), 1);
}

#[test]
fn corpus_traces_free_their_values() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let mut files = Vec::new();
    python_files(&corpus, &mut files);
    files.sort();
    assert!(
        files.len() > 100,
        "corpus not found at {}",
        corpus.display()
    );
    let leaking: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let source = std::fs::read_to_string(path).ok()?;
            let left = references_left(&source);
            (left != 1).then(|| format!("{}: {left} references left", path.display()))
        })
        .collect();
    assert!(leaking.is_empty(), "{leaking:#?}");
}
