//! What a module traced on assumed inputs says: the failures that hold
//! whatever was assumed (`export::modules::shown_failure`: data-dependent
//! decisions, graph breaks) as warnings, never errors, and the equalities
//! its code requires of any input as hints; each says what was assumed.

use std::collections::{BTreeSet, HashSet};

use export::modules::ModuleAnalysis;
use tracer::{EntryPoint, SourceFile, TraceOutcome, TraceResult};

use super::entries::{failure_help, failure_range};
use super::{FileInput, Found, quick_fixes};
use crate::ModeChoice;
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
    let reported = input.options.modes.for_modules();
    for r in a.runs.iter().filter(|r| reported.contains(&r.mode)) {
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

/// Whether an entry point's reported traces ran a module class's
/// `forward` (recorded ops on one of its lines): its lines then show that
/// entry's shapes. Strict mode records a submodule's ops on the
/// submodule's lines; non-strict mode on the top-level `forward`'s.
pub fn traced_by_entries<'a>(
    file: &'a SourceFile,
    entries: &[(EntryPoint, Vec<TraceResult>)],
    modes: ModeChoice,
) -> impl Fn(&EntryPoint) -> bool + 'a {
    let lines = traced_lines(entries, modes);
    move |e: &EntryPoint| traced(file, &lines, &e.name)
}

/// Whether an entry point reaches a module class: its traces ran the
/// class's `forward`, or the entry point's statement builds the class
/// (`model = Net()`, even when its export fails before `forward` runs),
/// or such a class builds it (`Name(...)`, transitively). Such a class is
/// not reported as traced on assumed inputs: the entry point exports it.
pub fn reached_by_entries<'a>(
    file: &'a SourceFile,
    entries: &[(EntryPoint, Vec<TraceResult>)],
    modes: ModeChoice,
) -> impl Fn(&EntryPoint) -> bool + 'a {
    let lines = traced_lines(entries, modes);
    let classes: Vec<&str> = file
        .module
        .body
        .iter()
        .filter_map(|s| match &s.kind {
            syntax::ast::StmtKind::ClassDef(c) => Some(c.name.as_str()),
            _ => None,
        })
        .collect();
    let built: HashSet<String> = entries
        .iter()
        .flat_map(|(e, _)| export::modules::names_called_in(file.slice(e.range)))
        .collect();
    let mut reached: HashSet<String> = classes
        .iter()
        .filter(|c| built.contains(**c) || traced(file, &lines, c))
        .map(|c| c.to_string())
        .collect();
    let mut todo: Vec<String> = reached.iter().cloned().collect();
    while let Some(parent) = todo.pop() {
        for built in export::modules::called_names(file, &parent) {
            if classes.contains(&built.as_str()) && reached.insert(built.clone()) {
                todo.push(built);
            }
        }
    }
    move |e: &EntryPoint| reached.contains(&e.name)
}

/// The 1-based lines of the analysed file the entries' reported traces
/// recorded ops on.
fn traced_lines(entries: &[(EntryPoint, Vec<TraceResult>)], modes: ModeChoice) -> BTreeSet<u32> {
    let mut lines = BTreeSet::new();
    for (entry, runs) in entries {
        let wanted = modes.for_entry(entry);
        for r in runs.iter().filter(|r| wanted.contains(&r.mode)) {
            lines.extend(export::modules::traced_lines(r));
        }
    }
    lines
}

/// Whether `lines` has a line of class `name`'s `forward`.
fn traced(file: &SourceFile, lines: &BTreeSet<u32>, name: &str) -> bool {
    export::modules::forward_lines(file, name)
        .is_some_and(|(lo, hi)| lines.range(lo..=hi).next().is_some())
}
