//! What one entry point's traces say, mode by mode: its failure (an
//! error; "analysis incomplete" a warning), or the issues draft export
//! tolerates (warnings); the guards it added (info, or as the editor
//! asks); the notes about what the tracer did not understand (hints).
//! Each is located in the file it is in: a failure inside an imported
//! model file is that file's, related to the entry point that reaches it.

use std::sync::Arc;

use syntax::TextRange;
use tracer::failure::NoteKind;
use tracer::{EntryPoint, Failure, Mode, SourceFile, TraceOutcome, TraceResult};

use super::{FileInput, Found, quick_fixes};
use crate::files::{line_span, nonempty};
use crate::model::{Diagnostic, Related, Severity, Verdict};

/// The diagnostics and verdicts of one entry point.
pub(super) fn entry(input: &FileInput, entry: &EntryPoint, runs: &[TraceResult], out: &mut Found) {
    let wanted = input.options.modes.for_entry(entry);
    let nonstrict_exports = runs
        .iter()
        .any(|r| r.mode == Mode::NonStrict && matches!(r.outcome, TraceOutcome::Exported(_)));
    let draft = export::draft::is_draft(entry);
    for r in runs.iter().filter(|r| wanted.contains(&r.mode)) {
        let mut verdict = Verdict::Exports;
        // draft_export completes despite these: its issues are warnings.
        if let Some(issues) = draft.then(|| export::draft::tolerated(r)).flatten() {
            for issue in issues {
                let (path, file, line) = match (readable(input, issue.path.as_deref()), issue.line)
                {
                    (Some((path, file)), Some(line)) => (path, file, line),
                    _ => {
                        let file = input.files.analysed().clone();
                        (file.path.clone(), file, entry.line)
                    }
                };
                let mut d = Diagnostic::new(
                    path,
                    Some(line_span(&file, line)),
                    Severity::Warning,
                    "draft-export",
                    format!("{}: {}", issue.kind, issue.message),
                );
                about(&mut d, entry, r.mode);
                out.add(d);
            }
        } else if let TraceOutcome::Failed(fl) = &r.outcome {
            let error = fl.is_verdict() || input.options.strict_analysis;
            let mut d = failure(input, entry, fl, error);
            if fl.path.is_none() {
                let file = input.files.analysed();
                d.fixes = quick_fixes::for_entry(file, entry, r.mode, fl, nonstrict_exports);
            }
            about(&mut d, entry, r.mode);
            let index = out.add(d);
            verdict = if error {
                Verdict::Fails(index)
            } else {
                Verdict::Unjudged(fl.message.clone())
            };
        }
        out.verdict(entry.name.clone(), entry.line, r.mode, verdict);
        if let Some(severity) = input.options.guards {
            guards(input, entry, r, severity, out);
        }
        notes(input, entry, r, out);
    }
}

/// Marks `d` as found by `entry` in `mode`.
fn about(d: &mut Diagnostic, entry: &EntryPoint, mode: Mode) {
    d.modes = vec![mode];
    d.entry = Some(entry.name.clone());
}

/// Where a failure is: its range when it is on torch's line, else that
/// line; `fallback_line` when it says neither.
pub(super) fn failure_range(file: &SourceFile, fl: &Failure, fallback_line: u32) -> TextRange {
    let range = fl.range.filter(|r| r.end > 0);
    match (range, fl.line) {
        (Some(r), Some(line)) if file.line_of(r.start) != line => line_span(file, line),
        (Some(r), _) => nonempty(file, r),
        (None, Some(line)) => line_span(file, line),
        (None, None) => line_span(file, fallback_line),
    }
}

/// torch's suggested fixes, else the failure's hint.
pub(super) fn failure_help(fl: &Failure) -> Option<String> {
    if fl.suggested_fixes.is_empty() {
        fl.hint.clone()
    } else {
        Some(format!(
            "suggested fixes: {}",
            fl.suggested_fixes.join("; ")
        ))
    }
}

/// An entry's failure, in the file it is in (an imported one when the
/// tracer says so and says where), related to the entry point.
fn failure(input: &FileInput, entry: &EntryPoint, fl: &Failure, error: bool) -> Diagnostic {
    let analysed = input.files.analysed();
    let elsewhere = fl
        .path
        .as_deref()
        .filter(|_| fl.line.is_some() || fl.range.is_some_and(|r| r.end > 0))
        .and_then(|p| Some((p.to_string(), input.files.get(p)?)));
    let (path, range) = match &elsewhere {
        Some((path, file)) => (path.clone(), failure_range(file, fl, entry.line)),
        None if fl.path.is_some() => (analysed.path.clone(), line_span(analysed, entry.line)),
        None => (
            analysed.path.clone(),
            failure_range(analysed, fl, entry.line),
        ),
    };
    let severity = if error {
        Severity::Error
    } else {
        Severity::Warning
    };
    let mut d = Diagnostic::new(path, Some(range), severity, fl.code(), fl.message.clone());
    d.help = failure_help(fl);
    d.related = vec![Related {
        path: analysed.path.clone(),
        range: entry.range,
        message: format!("export entry point `{}` reaches this", entry.name),
    }];
    d
}

/// The guards a trace added, on their lines.
fn guards(
    input: &FileInput,
    entry: &EntryPoint,
    r: &TraceResult,
    severity: Severity,
    out: &mut Found,
) {
    for g in &r.guards {
        let Some(line) = g.line else { continue };
        let Some((path, file)) = readable(input, g.path.as_deref()) else {
            continue;
        };
        let mut d = Diagnostic::new(
            path,
            Some(line_span(&file, line)),
            severity,
            "guard",
            format!("guard `{}`", g.expr),
        );
        about(&mut d, entry, r.mode);
        out.add(d);
    }
}

/// What the tracer did not understand (or warns about), where.
fn notes(input: &FileInput, entry: &EntryPoint, r: &TraceResult, out: &mut Found) {
    for n in &r.notes {
        let Some((path, file)) = readable(input, n.path.as_deref()) else {
            continue;
        };
        let (severity, code) = match n.kind {
            NoteKind::Incomplete => (Severity::Hint, "incomplete"),
            NoteKind::Warning => (Severity::Info, "note"),
        };
        let range = nonempty(&file, n.range);
        let mut d = Diagnostic::new(path, Some(range), severity, code, n.message.clone());
        about(&mut d, entry, r.mode);
        out.add(d);
    }
}

/// The file at `path` (the analysed one for `None`), if it can be read.
fn readable(input: &FileInput, path: Option<&str>) -> Option<(String, Arc<SourceFile>)> {
    match path {
        None => {
            let file = input.files.analysed().clone();
            Some((file.path.clone(), file))
        }
        Some(p) => Some((p.to_string(), input.files.get(p)?)),
    }
}
