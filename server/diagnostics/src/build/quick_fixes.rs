//! The quick fixes a failure in the analysed file offers, in the order an
//! editor lists them: torch's suggested `dynamic_shapes` fixes (all at
//! once, then each), or exportlens's own where torch suggests none;
//! `Dim.DYNAMIC` replaced where the code specialized; `strict=False` when
//! only strict mode fails; the `torch.cond` rewrite of a data-dependent
//! `if`; a `torch._check(...)` before a data-dependent line.

use tracer::entry::EntryKind;
use tracer::{EntryPoint, Failure, FailureKind, Mode, SourceFile};

use crate::fixes::{self, ByteEdit};
use crate::model::Fix;

fn fix(title: impl Into<String>, edits: Vec<ByteEdit>, preferred: bool) -> Fix {
    Fix {
        title: title.into(),
        edits,
        preferred,
    }
}

/// torch's suggested fixes as source edits (shared with `check --fix`).
fn suggested_edits(file: &SourceFile, fixes: &[String]) -> Vec<ByteEdit> {
    export::fixes::fix_edits(file, fixes)
        .into_iter()
        .map(|e| ByteEdit {
            start: e.range.start as usize,
            end: e.range.end as usize,
            text: e.new_text,
        })
        .collect()
}

/// The fixes of an entry point's failure in `mode`; `nonstrict_exports`:
/// the entry exports in non-strict mode.
pub(super) fn for_entry(
    file: &SourceFile,
    entry: &EntryPoint,
    mode: Mode,
    fl: &Failure,
    nonstrict_exports: bool,
) -> Vec<Fix> {
    let call = match &entry.kind {
        EntryKind::ExportCall { call, .. } => Some(call.as_ref()),
        EntryKind::ExportDb | EntryKind::Module(_) => None,
    };
    let mut offered = Vec::new();
    if fl.kind == FailureKind::ConstraintViolation {
        offered = spec_fixes(file, call, fl);
    }
    if mode == Mode::Strict
        && nonstrict_exports
        && let Some(e) = call.and_then(fixes::strict_false)
    {
        let preferred = offered.is_empty();
        offered.push(fix(
            "Export with strict=False (only strict mode fails)",
            vec![e],
            preferred,
        ));
    }
    offered.extend(cond_fix(file, fl));
    let line = fl
        .line
        .or(fl
            .range
            .filter(|r| r.end > 0)
            .map(|r| file.line_of(r.start)))
        .unwrap_or(entry.line);
    if fl.kind == FailureKind::DataDependent
        && let Some(e) = fixes::insert_check(file, line)
    {
        offered.push(fix(
            "Insert torch._check(...) before this line",
            vec![e],
            false,
        ));
    }
    offered
}

/// A constraint violation's fixes: the `dynamic_shapes` edits torch
/// suggests (or exportlens's own), and `Dim.DYNAMIC` replaced.
fn spec_fixes(file: &SourceFile, call: Option<&syntax::ast::Expr>, fl: &Failure) -> Vec<Fix> {
    let mut offered = Vec::new();
    for one in &fl.suggested_fixes {
        let edits = suggested_edits(file, std::slice::from_ref(one));
        if !edits.is_empty() {
            offered.push(fix(format!("Apply suggested fix `{one}`"), edits, false));
        }
    }
    if fl.suggested_fixes.is_empty() {
        // torch suggests nothing; exportlens's own fix of the same form.
        for one in &fl.further_fixes {
            let edits = suggested_edits(file, std::slice::from_ref(one));
            if !edits.is_empty() {
                offered.push(fix(format!("Apply exportlens's fix `{one}`"), edits, false));
            }
        }
    }
    if offered.len() > 1 && !fl.suggested_fixes.is_empty() {
        let all = suggested_edits(file, &fl.suggested_fixes);
        let title = format!(
            "Apply all suggested fixes ({})",
            fl.suggested_fixes.join("; ")
        );
        offered.insert(0, fix(title, all, true));
    } else if let Some(first) = offered.first_mut() {
        first.preferred = true;
    }
    if let Some((input, dim)) = fixes::marked_dynamic_dim(&fl.message) {
        for (repl, preferred) in [("STATIC", true), ("AUTO", false)] {
            if let Some(e) = fixes::replace_dynamic(file, call, &input, dim, repl) {
                let preferred = preferred && offered.is_empty();
                offered.push(fix(
                    format!("Replace Dim.DYNAMIC with Dim.{repl} for `{input}` dimension {dim}"),
                    vec![e],
                    preferred,
                ));
            }
        }
    }
    offered
}

/// The `torch.cond` rewrite of the `if` a data-dependent failure is on.
pub(super) fn cond_fix(file: &SourceFile, fl: &Failure) -> Option<Fix> {
    let data_dependent_if = fl.kind == FailureKind::DataDependent || fl.gb_code == Some("GB0170");
    let e = fixes::cond_skeleton(file, fl.range.filter(|_| data_dependent_if)?.start)?;
    Some(fix(
        "Rewrite the data-dependent `if` with torch.cond",
        vec![e],
        false,
    ))
}
