//! Every Python file of the shared corpus parses without syntax errors.

use crate::common;

use std::path::Path;

use common::python_files;

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

/// For every corpus file: after an edit at its start and one in its middle,
/// parsing with the statements lowered before gives what a fresh parse gives.
#[test]
fn whole_corpus_reparses_with_reused_statements_like_a_fresh_parse() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let mut files = Vec::new();
    python_files(&corpus, &mut files);
    for path in files {
        let source = std::fs::read_to_string(&path).expect("corpus files are UTF-8");
        let mut cache = syntax::StmtCache::default();
        let _ = syntax::parse_reusing(&source, None, &mut cache);
        let middle = source.len() / 2;
        let middle = (middle..source.len())
            .find(|&i| source.is_char_boundary(i))
            .unwrap_or(source.len());
        for edited in [
            format!("# edited\n\n{source}"),
            format!("{}x = 1\n{}", &source[..middle], &source[middle..]),
        ] {
            let (reused, _) = syntax::parse_reusing(&edited, None, &mut cache);
            let fresh = syntax::parse(&edited);
            assert_eq!(
                format!("{:?}", reused.module),
                format!("{:?}", fresh.module),
                "{}",
                path.display()
            );
            assert_eq!(reused.errors, fresh.errors, "{}", path.display());
        }
    }
}
