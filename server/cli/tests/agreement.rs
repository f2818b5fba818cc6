//! `check` and the language server report the same diagnostics: for every
//! file of the shared corpus (and of `tests/agreement_models/`), what `check` reports of it (in process: the
//! file analysed, its unreached modules traced, `check::report_with`) and
//! what the language server publishes for it (its analysis function, with
//! UTF-8 columns) are the same set of (file, range, severity, code,
//! message), in the default modes and in both. The editor has no place for
//! a diagnostic about the whole file ("no entry point"), and shows help
//! and notes as lines of the message; a note naming a place in the checked
//! file is its related information instead.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use cli::check::ModeChoice;
use lsp::config::{Config, ModeSetting};
use tower_lsp_server::ls_types::{DiagnosticSeverity, NumberOrString};
use tracer::Mode;

/// (file, line, column, end line, end column, severity, code, message):
/// 1-based lines, byte columns.
type Key = (String, u32, u32, u32, u32, &'static str, String, String);

/// The shared corpus's models, and this test's own (`tests/agreement_models/`:
/// kinds of diagnostic the shared corpus no longer gives).
fn corpus() -> Vec<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("../../../shared/corpus");
    let mut dirs = vec![manifest.join("tests/agreement_models")];
    for dir in std::fs::read_dir(&root).expect("the shared corpus") {
        let dir = dir.expect("a corpus folder").path();
        if dir.is_dir() {
            dirs.push(dir);
        }
    }
    let mut files = Vec::new();
    for dir in dirs {
        for f in std::fs::read_dir(&dir).expect("a corpus folder") {
            let f = f.expect("a corpus file").path();
            if f.extension().is_some_and(|e| e == "py") {
                files.push(f.canonicalize().expect("a corpus file"));
            }
        }
    }
    files.sort();
    files
}

/// What `check` reports of `path`, as keys; the editor's message is the
/// message with its help and notes on lines of their own.
fn cli_keys(path: &Path, text: &str, choice: ModeChoice) -> BTreeSet<Key> {
    let shown = path.display().to_string();
    let mut analysis = cli::analyze::analyze(&shown, text, &[Mode::Strict, Mode::NonStrict]);
    cli::check::analyze_modules(&mut analysis, choice, &[]);
    let settings = pyenv::settings::Settings::default();
    let report = cli::check::report_with(&analysis, choice, &settings, false);
    report
        .visible()
        .filter(|d| d.line > 0)
        .map(|d| {
            let mut message = d.message.clone();
            if let Some(help) = &d.help {
                message.push_str(&format!("\nhelp: {help}"));
            }
            if let Some(note) = d
                .note
                .as_ref()
                .filter(|n| !n.starts_with(&format!("{shown}:")))
            {
                message.push_str(&format!("\n{note}"));
            }
            (
                d.path.clone(),
                d.line,
                d.col,
                d.end_line,
                d.end_col,
                d.severity.as_str(),
                d.code.clone(),
                message,
            )
        })
        .collect()
}

fn severity(s: Option<DiagnosticSeverity>) -> &'static str {
    match s {
        Some(DiagnosticSeverity::ERROR) => "error",
        Some(DiagnosticSeverity::WARNING) => "warning",
        Some(DiagnosticSeverity::INFORMATION) => "info",
        Some(DiagnosticSeverity::HINT) => "hint",
        _ => "none",
    }
}

/// What the language server publishes for `path` (and for the files its
/// analysis found diagnostics in), as keys.
fn lsp_keys(path: &Path, text: &str, mode: ModeSetting) -> BTreeSet<Key> {
    let shown = path.display().to_string();
    let uri = tower_lsp_server::ls_types::Uri::from_file_path(path).expect("a file URI");
    let doc = lsp::document::Document::new(text, 1, 1, "python".into());
    let folder = path.parent().expect("a folder");
    let roots = cli::analyze::resolution(folder).roots.clone();
    let snap = lsp::analysis::Snapshot {
        encoding: lsp::position::Encoding::Utf8,
        config: Config {
            mode,
            ..Config::default()
        },
        imports: Some(lsp::workspace::Imports {
            read: Arc::new(lsp::workspace::disk_read),
            open: Arc::new(|_: &Path| false),
            roots,
        }),
        programs: false,
        ..lsp::analysis::Snapshot::of_document(uri, shown.clone(), &doc)
    };
    let (analysis, _) = lsp::analysis::analyze(&snap);
    let own = analysis.diagnostics.iter().map(|d| (shown.clone(), d));
    let foreign = analysis.foreign.iter().map(|(uri, d)| {
        let p = uri.to_file_path().expect("a file path");
        (p.display().to_string(), d)
    });
    own.chain(foreign)
        .map(|(file, d)| {
            let code = match &d.code {
                Some(NumberOrString::String(c)) => c.clone(),
                other => format!("{other:?}"),
            };
            (
                file,
                d.range.start.line + 1,
                d.range.start.character + 1,
                d.range.end.line + 1,
                d.range.end.character + 1,
                severity(d.severity),
                code,
                d.message.clone(),
            )
        })
        .collect()
}

#[test]
fn check_and_the_language_server_report_the_same_diagnostics_on_the_corpus() {
    let files = corpus();
    assert!(files.len() >= 100, "only {} corpus files", files.len());
    let mut disagreements = Vec::new();
    let mut severities = BTreeSet::new();
    for (choice, mode) in [
        (ModeChoice::Default, ModeSetting::Auto),
        (ModeChoice::Both, ModeSetting::Both),
    ] {
        for path in &files {
            let text = std::fs::read_to_string(path).expect("a corpus file");
            let cli = cli_keys(path, &text, choice);
            let lsp = lsp_keys(path, &text, mode);
            severities.extend(cli.iter().map(|k| k.5));
            if cli != lsp {
                disagreements.push(format!(
                    "{} ({choice:?}):\n  check only: {:#?}\n  editor only: {:#?}",
                    path.display(),
                    cli.difference(&lsp).collect::<Vec<_>>(),
                    lsp.difference(&cli).collect::<Vec<_>>(),
                ));
            }
        }
    }
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    // The corpus has failures (errors; "analysis incomplete", a warning),
    // guards and notes: a comparison of empty sets would prove nothing.
    assert_eq!(
        severities,
        BTreeSet::from(["error", "hint", "info", "warning"]),
        "the severities compared"
    );
}
