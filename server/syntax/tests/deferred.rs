//! `parse_deferring` gives the eager parse: the same statements, ranges and
//! generator flags once every deferred body is lowered, over real Python
//! (the bundled prelude, the library yardstick's repository files, both
//! corpora, and the installed torchvision and timm of `.venv-libs`), and
//! it does defer bodies.

use crate::common;

use std::path::{Path, PathBuf};

use common::python_files;

use syntax::ast::{Stmt, StmtKind};

/// Function definitions whose body is still pending, at any depth reached
/// without lowering a pending body.
fn pending(stmts: &[Stmt]) -> usize {
    stmts
        .iter()
        .map(|s| match &s.kind {
            StmtKind::FunctionDef(def) if def.body_is_pending() => 1,
            StmtKind::FunctionDef(def) => pending(def.body()),
            StmtKind::ClassDef(def) => pending(&def.body),
            _ => s.inner_blocks().into_iter().map(pending).sum(),
        })
        .sum()
}

/// Checks every file: returns (files compared, bodies deferred).
fn check(files: &[PathBuf]) -> (usize, usize) {
    let mut compared = 0;
    let mut deferred = 0;
    let mut mismatches = Vec::new();
    for path in files {
        let Ok(source) = std::fs::read_to_string(path) else {
            continue;
        };
        let eager = syntax::parse(&source);
        if !eager.errors.is_empty() {
            continue;
        }
        let lazy = syntax::parse_deferring(&source);
        deferred += pending(&lazy.module.body);
        compared += 1;
        let (want, got) = (format!("{:?}", eager.module), format!("{:?}", lazy.module));
        if !lazy.errors.is_empty() || want != got {
            let at = want
                .bytes()
                .zip(got.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            let around = |s: &str| {
                s.get(at.saturating_sub(80)..(at + 40).min(s.len()))
                    .unwrap_or_default()
                    .to_owned()
            };
            mismatches.push(format!(
                "{}: errors {:?}, first difference: {:?} vs {:?}",
                path.display(),
                lazy.errors,
                around(&want),
                around(&got)
            ));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    (compared, deferred)
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn deferring_parse_equals_eager_parse_on_project_python() {
    let mut files = Vec::new();
    for dir in [
        "server/tracer/prelude",
        "tests/libs/cases/repos",
        "tests/corpus/cases",
        "../shared/corpus",
    ] {
        python_files(&root().join(dir), &mut files);
    }
    let (compared, deferred) = check(&files);
    assert!(compared > 200, "only {compared} files compared");
    assert!(deferred > 500, "only {deferred} bodies deferred");
}

#[test]
fn deferring_parse_equals_eager_parse_on_installed_libraries() {
    let site = std::fs::read_dir(root().join(".venv-libs/lib"))
        .ok()
        .and_then(|mut d| d.next())
        .map(|e| e.expect("readable entry").path().join("site-packages"))
        .expect(".venv-libs is missing: scripts/test.sh makes it (tests/libs/prepare.sh)");
    let mut files = Vec::new();
    for package in ["torchvision", "timm"] {
        python_files(&site.join(package), &mut files);
    }
    let (compared, deferred) = check(&files);
    assert!(compared > 400, "only {compared} files compared");
    assert!(deferred > 5000, "only {deferred} bodies deferred");
}

#[test]
fn tricky_layouts_defer_exactly() {
    let sources = [
        // Tabs, a one-line def, a nested def, comments at odd indents.
        "def f(x):\n\tif x:\n\t\treturn 1\n# comment at column 0\n\treturn 2\ndef g(): return 3\n",
        // A docstring whose continuation lines are dedented.
        "class A:\n    def m(self):\n        '''Doc.\nstill the doc\n'''\n        return self\n    y = 1\n",
        // Async generator, decorators, a lambda default with a colon.
        "@d(a=1)\n@e\nasync def f(a=lambda: 1, *, b: int = 2) -> dict[str, int]:\n    yield a\n\nx = f\n",
        // A body whose first line continues with brackets and backslashes.
        "def f():\n    return (1,\n 2) + \\\n  3\nz = 1\n",
        // f-strings with nested quotes and braces; the last def at EOF
        // without a newline.
        "def f(x):\n    return f\"{x['a']!r:>{10}} {{}}\"\ndef g():\n    pass",
        // CRLF line endings and non-ASCII names.
        "def f():\r\n    é = 1\r\n    return é\r\nq = 2\r\n",
    ];
    for source in sources {
        let eager = syntax::parse(source);
        assert!(eager.errors.is_empty(), "{source:?}: {:?}", eager.errors);
        let lazy = syntax::parse_deferring(source);
        assert!(
            pending(&lazy.module.body) > 0,
            "{source:?} deferred nothing"
        );
        assert_eq!(
            format!("{:?}", eager.module),
            format!("{:?}", lazy.module),
            "{source:?}"
        );
    }
}

#[test]
fn generator_flags_and_syntax_errors_in_deferred_bodies() {
    let source = "def gen():\n    x = 1\n    yield x\ndef broken():\n    return (\n";
    // The scanner cannot follow the unclosed bracket: nothing is deferred
    // and the error is reported as by the eager parse.
    let lazy = syntax::parse_deferring(source);
    assert_eq!(lazy.errors, syntax::parse(source).errors);
    let source = "def gen():\n    x = 1\n    yield x\ndef plain():\n    return 1\n";
    let lazy = syntax::parse_deferring(source);
    let defs: Vec<_> = lazy
        .module
        .body
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::FunctionDef(def) => Some(def.clone()),
            _ => None,
        })
        .collect();
    assert!(defs.iter().all(|d| d.body_is_pending()));
    assert!(defs[0].is_generator());
    assert!(!defs[1].is_generator());
    assert_eq!(defs[0].body().len(), 2);
    assert!(!defs[0].body_is_pending());
}
