//! Every Python file of the shared corpus parses without syntax errors.

use std::path::{Path, PathBuf};

fn python_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    for entry in entries {
        let path = entry.expect("readable directory entry").path();
        if path.is_dir() {
            python_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "py") {
            out.push(path);
        }
    }
}

#[test]
fn whole_corpus_parses_without_errors() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let mut files = Vec::new();
    python_files(&corpus, &mut files);
    assert!(
        !files.is_empty(),
        "no Python files under {}",
        corpus.display()
    );
    let failures: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let source = std::fs::read_to_string(path).expect("corpus files are UTF-8");
            let parsed = syntax::parse(&source);
            (!parsed.errors.is_empty() || parsed.module.body.is_empty())
                .then(|| format!("{}: {:?}", path.display(), parsed.errors))
        })
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}
