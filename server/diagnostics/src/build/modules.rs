//! What a module traced on assumed inputs says: the failures that hold
//! whatever was assumed (`export::modules::shown_failure`: data-dependent
//! decisions, graph breaks) as warnings, never errors, and the equalities
//! its code requires of any input as hints; each says what was assumed.

use export::modules::ModuleAnalysis;
use tracer::TraceOutcome;

use super::entries::{failure_help, failure_range};
use super::{FileInput, Found, quick_fixes};
use crate::files::line_span;
use crate::model::{Diagnostic, Related, Severity, Verdict};

/// The diagnostics and verdicts of one module.
pub(super) fn module(input: &FileInput, a: &ModuleAnalysis, out: &mut Found) {
    let Some(m) = a.module() else { return };
    let file = input.files.analysed();
    let assumed = format!(
        "assuming {} (no export entry point reaches this module)",
        m.assumption()
    );
    let name = format!("{} (module)", a.entry.name);
    for r in &a.runs {
        let mut verdict = Verdict::Exports;
        if let TraceOutcome::Failed(fl) = &r.outcome {
            if fl.path.is_none() && export::modules::shown_failure(m, fl) {
                let range = failure_range(file, fl, a.entry.line);
                let mut d = Diagnostic::new(
                    &file.path,
                    Some(range),
                    Severity::Warning,
                    fl.code(),
                    fl.message.clone(),
                );
                d.help = failure_help(fl);
                d.notes = vec![assumed.clone()];
                d.related = vec![Related {
                    path: file.path.clone(),
                    range: line_span(file, a.entry.line),
                    message: format!("module `{}`, analysed on assumed inputs", a.entry.name),
                }];
                d.fixes.extend(quick_fixes::cond_fix(file, fl));
                d.modes = vec![r.mode];
                d.entry = Some(name.clone());
                verdict = Verdict::Fails(out.add(d));
            } else {
                verdict =
                    Verdict::Unjudged(format!("analysed on assumed inputs: {}", m.assumption()));
            }
        }
        out.verdict(name.clone(), a.entry.line, r.mode, verdict);
        for (line, requirement) in export::modules::requirements(a, r) {
            let mut d = Diagnostic::new(
                &file.path,
                Some(line_span(file, line)),
                Severity::Hint,
                "shape-requirement",
                format!("this line requires `{requirement}` for any input; {assumed}"),
            );
            d.modes = vec![r.mode];
            d.entry = Some(name.clone());
            out.add(d);
        }
    }
}

/// Whether a module class is one an entry point's reported traces already
/// ran (ops recorded on a line of its `forward`): it shows that entry's
/// shapes, and is not traced on assumed inputs.
pub fn reached_by_entries<'a>(
    file: &'a tracer::SourceFile,
    entries: &[(tracer::EntryPoint, Vec<tracer::TraceResult>)],
    modes: crate::ModeChoice,
) -> impl Fn(&tracer::EntryPoint) -> bool + 'a {
    let mut lines = std::collections::BTreeSet::new();
    for (entry, runs) in entries {
        let wanted = modes.for_entry(entry);
        for r in runs.iter().filter(|r| wanted.contains(&r.mode)) {
            lines.extend(export::modules::traced_lines(r));
        }
    }
    move |e: &tracer::EntryPoint| {
        export::modules::forward_lines(file, &e.name)
            .is_some_and(|(lo, hi)| lines.range(lo..=hi).next().is_some())
    }
}
