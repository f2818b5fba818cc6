//! `exportlens check`: diagnostics printed as a compiler prints them
//! (`file:line:col: severity[code]: message`, the source line with carets,
//! the suggested rewrite), or as JSON; exit code 1 when an entry fails.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use serde_json::json;
use tracer::{Mode, TraceOutcome};

use crate::OutputFormat;
use crate::analyze::{analyze, read_source};

#[derive(Clone, Copy, Debug)]
pub enum ModeChoice {
    /// What each export call asks for, else torch's default (non-strict).
    Default,
    Strict,
    NonStrict,
    Both,
}

impl ModeChoice {
    pub fn from_flags(strict: bool, non_strict: bool, both: bool) -> Self {
        match (strict, non_strict, both) {
            (_, _, true) | (true, true, _) => ModeChoice::Both,
            (true, false, _) => ModeChoice::Strict,
            (false, true, _) => ModeChoice::NonStrict,
            _ => ModeChoice::Default,
        }
    }
}

/// One diagnostic, located in a file.
pub struct Diagnostic {
    pub path: String,
    pub line: u32,
    pub col: u32,
    pub end_col: u32,
    pub severity: &'static str,
    pub code: String,
    pub message: String,
    pub help: Option<String>,
    pub source_line: String,
    /// For a failure in another file: where the entry point that reaches
    /// it is (`export_model.py:12:6: ...`).
    pub note: Option<String>,
}

fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if !p.exists() {
            bail!("{}: no such file or folder", p.display());
        }
        if p.is_dir() {
            let mut visited = HashSet::new();
            walk(p, &mut visited, &mut out)
                .with_context(|| format!("cannot read folder {}", p.display()))?;
        } else {
            if p.extension().and_then(|e| e.to_str()) != Some("py") {
                bail!("{} is not a Python file (expected .py)", p.display());
            }
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// The `.py` files under `dir`, each folder once: a symbolic link back to
/// a folder already walked (a link loop) is reported and not followed, and
/// what is not a regular file (a fifo, a socket, a device) is reported and
/// skipped (opening a fifo would wait for a writer).
fn walk(dir: &Path, visited: &mut HashSet<PathBuf>, out: &mut Vec<PathBuf>) -> Result<()> {
    if let Ok(real) = dir.canonicalize()
        && !visited.insert(real.clone())
    {
        eprintln!(
            "{}: warning: a symbolic link back to {}, which is already checked; not followed",
            dir.display(),
            real.display()
        );
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        let hidden = p
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.') || n == "node_modules" || n == "target");
        if hidden {
            continue;
        }
        if p.is_dir() {
            walk(&p, visited, out)?;
        } else if p.extension().and_then(|e| e.to_str()) == Some("py") {
            match std::fs::metadata(&p) {
                Ok(meta) if !meta.is_file() => eprintln!(
                    "{}: warning: not a regular file (a fifo, socket or device); skipped",
                    p.display()
                ),
                _ => out.push(p),
            }
        }
    }
    Ok(())
}

/// A source line as written (1-based), without its newline.
fn raw_line(file: &tracer::SourceFile, line: u32) -> String {
    file.index
        .line_text(&file.text, line.saturating_sub(1))
        .trim_end()
        .to_string()
}

/// What `check` says of a file without an entry point.
const NO_ENTRY: &str = "no export entry point: nothing to check";

/// How many times `check --fix` re-analyses a file it fixed.
const FIX_ROUNDS: usize = 3;

/// The fixes to apply: torch's suggested ones, or where torch suggests
/// none, exportlens's further ones.
fn fixes_of(analysis: &crate::analyze::Analysis) -> Vec<String> {
    let mut fixes: Vec<String> = Vec::new();
    for (_, runs) in &analysis.entries {
        for r in runs {
            if let TraceOutcome::Failed(fl) = &r.outcome {
                let own = if fl.suggested_fixes.is_empty() {
                    &fl.further_fixes
                } else {
                    &fl.suggested_fixes
                };
                for x in own {
                    if !fixes.contains(x) {
                        fixes.push(x.clone());
                    }
                }
            }
        }
    }
    fixes
}

/// What `check` was asked for.
pub struct CheckOptions {
    pub modes: ModeChoice,
    pub format: OutputFormat,
    /// Apply the suggested `dynamic_shapes` fixes in place.
    pub fix: bool,
    /// Count "analysis incomplete" as an error (exit 1), for CI that wants
    /// every entry point judged.
    pub strict_analysis: bool,
}

pub fn run(paths: &[PathBuf], opts: &CheckOptions) -> Result<ExitCode> {
    let (choice, format, fix) = (opts.modes, opts.format, opts.fix);
    let files = collect_files(paths)?;
    let mut diagnostics = Vec::new();
    let mut failed = false;
    let mut unread = 0;
    for f in &files {
        // One file that cannot be read does not stop the others.
        let mut text = match read_source(f) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{}: error: {e:#}", f.display());
                failed = true;
                unread += 1;
                continue;
            }
        };
        let path = f.display().to_string();
        let all = [Mode::Strict, Mode::NonStrict];
        let mut analysis = analyze(&path, &text, &all);
        // A fix can uncover the next violation (torch's `min=5` leaves a
        // guard that excludes 5): fix again while fixes apply.
        for _ in 0..if fix { FIX_ROUNDS } else { 0 } {
            let fixes = fixes_of(&analysis);
            let edits = export::fixes::fix_edits(&analysis.file, &fixes);
            if edits.is_empty() {
                break;
            }
            text = export::fixes::apply_edits(&text, &edits);
            std::fs::write(f, &text).with_context(|| format!("cannot write {}", f.display()))?;
            eprintln!("fixed {}: {}", f.display(), fixes.join("; "));
            analysis = analyze(&path, &text, &all);
        }
        failed |= report_file(
            &analysis,
            &path,
            choice,
            opts.strict_analysis,
            &mut diagnostics,
        );
    }
    print_diagnostics(&mut diagnostics, files.len() - unread, format)?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The file a failure, guard or note is located in: the analysed file, or
/// one it imports (`path` set by the tracer).
fn located(
    analysis: &crate::analyze::Analysis,
    path: &str,
    other: Option<&str>,
) -> (String, Arc<tracer::SourceFile>) {
    other
        .and_then(|p| {
            analysis
                .workspace
                .load(Path::new(p))
                .map(|f| (p.to_string(), f))
        })
        .unwrap_or_else(|| (path.to_string(), analysis.file.clone()))
}

/// Turn one file's analysis into diagnostics; true when an entry fails
/// (or, with `strict_analysis`, cannot be judged).
fn report_file(
    analysis: &crate::analyze::Analysis,
    path: &str,
    choice: ModeChoice,
    strict_analysis: bool,
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    let file = &analysis.file;
    let path = path.to_string();
    let mut failed = false;
    {
        for e in &file.syntax_errors {
            let lc = file.index.line_col(e.range.start);
            diagnostics.push(Diagnostic {
                path: path.clone(),
                line: lc.line + 1,
                col: lc.col_utf8 + 1,
                end_col: lc.col_utf8 + 1 + e.range.len().max(1),
                severity: "error",
                code: "syntax".into(),
                message: e.message.clone(),
                help: None,
                source_line: raw_line(file, lc.line + 1),
                note: None,
            });
        }
        if analysis.entries.is_empty() {
            // Said once per file, so that a checked folder shows what was
            // not checked; not a failure.
            diagnostics.push(Diagnostic {
                path: path.clone(),
                line: 0,
                col: 0,
                end_col: 0,
                severity: "info",
                code: "no-entry".into(),
                message: NO_ENTRY.into(),
                help: None,
                source_line: String::new(),
                note: None,
            });
        }
        for (entry, runs) in &analysis.entries {
            let wanted: Vec<Mode> = match choice {
                ModeChoice::Strict => vec![Mode::Strict],
                ModeChoice::NonStrict => vec![Mode::NonStrict],
                ModeChoice::Both => vec![Mode::Strict, Mode::NonStrict],
                ModeChoice::Default => match entry.strict_request() {
                    Some(true) => vec![Mode::Strict],
                    _ => vec![Mode::NonStrict],
                },
            };
            let label = |m: Mode| {
                if wanted.len() > 1 {
                    format!(" ({})", m.key())
                } else {
                    String::new()
                }
            };
            for r in runs.iter().filter(|r| wanted.contains(&r.mode)) {
                if let TraceOutcome::Failed(fl) = &r.outcome {
                    let error = fl.is_verdict() || strict_analysis;
                    failed |= error;
                    let (fpath, file) = located(analysis, &path, fl.path.as_deref());
                    let file = &file;
                    let (line, col, end_col) = match fl.range {
                        Some(range) if range.end > 0 => {
                            let lc = file.index.line_col(range.start);
                            let end = file.index.line_col(range.end);
                            let end_col = if end.line == lc.line {
                                end.col_utf8 + 1
                            } else {
                                lc.col_utf8 + 2
                            };
                            (fl.line.unwrap_or(lc.line + 1), lc.col_utf8 + 1, end_col)
                        }
                        _ => (fl.line.unwrap_or(entry.line), 1, 2),
                    };
                    let code = fl.code();
                    let mut help = fl.hint.clone();
                    if !fl.suggested_fixes.is_empty() {
                        help = Some(format!(
                            "suggested fixes: {}",
                            fl.suggested_fixes.join("; ")
                        ));
                    }
                    let note = (fpath != path).then(|| {
                        let col = analysis.file.index.line_col(entry.range.start).col_utf8 + 1;
                        format!(
                            "{path}:{}:{col}: export entry point `{}` reaches this",
                            entry.line, entry.name
                        )
                    });
                    diagnostics.push(Diagnostic {
                        path: fpath,
                        line,
                        col,
                        end_col,
                        severity: if error { "error" } else { "warning" },
                        code,
                        message: format!("{}{}", fl.message, label(r.mode)),
                        help,
                        source_line: raw_line(file, line),
                        note,
                    });
                }
                for g in &r.guards {
                    let Some(line) = g.line else { continue };
                    let (gpath, file) = located(analysis, &path, g.path.as_deref());
                    let file = &file;
                    diagnostics.push(Diagnostic {
                        path: gpath,
                        line,
                        col: 1,
                        end_col: 2,
                        severity: "info",
                        code: "guard".into(),
                        message: format!("guard `{}`{}", g.expr, label(r.mode)),
                        help: None,
                        source_line: raw_line(file, line),
                        note: None,
                    });
                }
                for n in &r.notes {
                    let (npath, file) = located(analysis, &path, n.path.as_deref());
                    let file = &file;
                    let lc = file.index.line_col(n.range.start);
                    diagnostics.push(Diagnostic {
                        path: npath,
                        line: lc.line + 1,
                        col: lc.col_utf8 + 1,
                        end_col: lc.col_utf8 + 2,
                        severity: "hint",
                        code: "incomplete".into(),
                        message: n.message.clone(),
                        help: None,
                        source_line: raw_line(file, lc.line + 1),
                        note: None,
                    });
                }
            }
        }
    }
    failed
}

/// Diagnostics that only know their line underline the line's code.
fn widen_to_line(d: &mut Diagnostic) {
    if d.col == 1 && d.end_col <= 2 && !d.source_line.trim().is_empty() {
        let indent = d.source_line.len() - d.source_line.trim_start().len();
        d.col = indent as u32 + 1;
        d.end_col = d.source_line.trim_end().len() as u32 + 1;
    }
}

fn print_diagnostics(
    diagnostics: &mut [Diagnostic],
    files: usize,
    format: OutputFormat,
) -> Result<()> {
    diagnostics.iter_mut().for_each(widen_to_line);
    // Notes about the analysis itself repeat once per mode: show each once.
    let mut seen = std::collections::HashSet::new();
    let diagnostics: Vec<&Diagnostic> = diagnostics
        .iter()
        .filter(|d| {
            d.severity != "hint" || seen.insert((d.path.clone(), d.line, d.col, d.message.clone()))
        })
        .collect();
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match format {
        OutputFormat::Json => {
            let items: Vec<serde_json::Value> = diagnostics
                .iter()
                .map(|d| {
                    let mut item = json!({"file": d.path, "line": d.line, "column": d.col, "severity": d.severity,
                           "code": d.code, "message": d.message, "help": d.help});
                    if let Some(n) = &d.note {
                        item["note"] = json!(n);
                    }
                    item
                })
                .collect();
            writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&json!({"diagnostics": items}))?
            )?;
        }
        OutputFormat::Text => {
            for d in &diagnostics {
                if d.line == 0 {
                    // About the whole file (no entry point): no position.
                    writeln!(out, "{}: {}", d.path, d.message)?;
                    continue;
                }
                writeln!(
                    out,
                    "{}:{}:{}: {}[{}]: {}",
                    d.path, d.line, d.col, d.severity, d.code, d.message
                )?;
                if !d.source_line.is_empty() {
                    let trimmed_at = d.source_line.len();
                    let _ = trimmed_at;
                    writeln!(out, "    |")?;
                    writeln!(out, "{:>3} | {}", d.line, d.source_line)?;
                    // Carets under the failing range (the source line is shown trimmed).
                    let indent = d.source_line.len().min(d.col.saturating_sub(1) as usize);
                    let width = d.end_col.saturating_sub(d.col).max(1) as usize;
                    writeln!(
                        out,
                        "    | {}{}",
                        " ".repeat(indent),
                        "^".repeat(width.min(120))
                    )?;
                }
                if let Some(h) = &d.help {
                    writeln!(out, "    = help: {h}")?;
                }
                if let Some(n) = &d.note {
                    writeln!(out, "    = note: {n}")?;
                }
            }
            let errors = diagnostics.iter().filter(|d| d.severity == "error").count();
            writeln!(
                out,
                "{files} file(s) checked: {errors} error(s), {} other diagnostic(s)",
                diagnostics.len() - errors
            )?;
        }
    }
    Ok(())
}
