//! What the editor offers on an entry point's line besides diagnostics:
//! the code lenses ("Show exported program" with each mode's outcome,
//! "Quick run", "Export this module" on a module class), the printed
//! program behind the first, and the "make the batch dimension dynamic"
//! refactoring.

use std::collections::HashMap;

use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeLens, Command, Range, WorkspaceEdit,
};
use tracer::entry::EntryKind;
use tracer::graph::{InputKind, MetaVal, NodeOp};
use tracer::{EntryPoint, Mode, TraceOutcome, TraceResult};

use super::{Ctx, SHOW_PROGRAM_COMMAND};
use diagnostics::fixes;

/// The printed program (or failure) of one entry point in one mode.
#[derive(Clone, Debug)]
pub struct ProgramText {
    /// 1-based line of the entry point.
    pub entry_line: u32,
    pub mode: Mode,
    /// Whether this mode is one the settings report for this entry.
    pub reported: bool,
    pub text: String,
}

/// The command behind the "Export this module" code lens.
pub const EXPORT_MODULE_COMMAND: &str = "exportlens.exportModule";

pub(super) fn export_module_lens(ctx: &Ctx, entry: &EntryPoint) -> CodeLens {
    lens(
        ctx,
        entry,
        "Export this module".into(),
        EXPORT_MODULE_COMMAND,
    )
}

/// The printed program of one trace, or its failure (with torch's
/// suggested fixes and the partial graph recorded before it).
pub(super) fn program_text(entry: &EntryPoint, r: &TraceResult, path: &str) -> String {
    let mut out = format!("# {} ({}), line {}\n", entry.name, r.mode.key(), entry.line);
    match &r.outcome {
        TraceOutcome::Exported(p) => {
            let named = export::name_program(p, r.mode);
            out.push_str(&export::print_program(&named, path));
        }
        TraceOutcome::Failed(f) => {
            out.push_str(&format!(
                "export fails ({}{}): {}\n",
                f.kind.category(),
                f.gb_code.map(|c| format!(" {c}")).unwrap_or_default(),
                f.message
            ));
            if !f.suggested_fixes.is_empty() {
                out.push_str("Suggested fixes:\n");
                for s in &f.suggested_fixes {
                    out.push_str(&format!("  {s}\n"));
                }
            }
            if let Some(p) = &r.partial {
                let named = export::name_program(p, r.mode);
                out.push('\n');
                out.push_str(&export::print_partial(&named, path, f.line));
            }
        }
    }
    out
}

/// "Make the batch dimension dynamic" on an entry exported without a
/// spec, from the example inputs' sizes in the first exported program.
pub(super) fn batch_dynamic_action(
    ctx: &Ctx,
    entry: &EntryPoint,
    runs: &[TraceResult],
) -> Option<(Range, CodeAction)> {
    let program = runs.iter().find_map(|r| match &r.outcome {
        TraceOutcome::Exported(p) => Some(p),
        TraceOutcome::Failed(_) => None,
    })?;
    let dim0: Vec<Option<i64>> = program
        .inputs
        .iter()
        .map(|id| program.graph.node(*id))
        .filter(|n| matches!(n.op, NodeOp::Placeholder(InputKind::User(_))))
        .map(|n| match &n.val {
            MetaVal::Tensor { shape, .. } => shape.first().and_then(shapes::SymExpr::as_const),
            _ => None,
        })
        .collect();
    let call = match &entry.kind {
        EntryKind::ExportCall { call, .. } => Some(call.as_ref()),
        EntryKind::ExportDb | EntryKind::Module(_) => None,
    };
    let edits = fixes::batch_dynamic(ctx.file, call, &dim0)?;
    let mut changes = HashMap::new();
    changes.insert(
        ctx.snap.uri.clone(),
        edits.iter().map(|e| ctx.edit(e)).collect(),
    );
    let action = CodeAction {
        title:
            "Make the batch dimension dynamic (dynamic_shapes with Dim(\"batch\") on dimension 0)"
                .into(),
        kind: Some(CodeActionKind::REFACTOR_REWRITE),
        edit: Some(WorkspaceEdit {
            changes: Some(changes),
            ..WorkspaceEdit::default()
        }),
        ..CodeAction::default()
    };
    Some((ctx.line(entry.line), action))
}

/// A lens on the entry's line.
fn lens(ctx: &Ctx, entry: &EntryPoint, title: String, command: &str) -> CodeLens {
    let start = ctx.line(entry.line).start;
    CodeLens {
        range: Range::new(start, start),
        command: Some(Command {
            title,
            command: command.into(),
            arguments: Some(vec![
                serde_json::json!(ctx.snap.uri.as_str()),
                serde_json::json!(entry.line),
            ]),
        }),
        data: None,
    }
}

/// "Show exported program (nonstrict: exports)" and "Quick run" on an
/// entry point: the outcome of each reported mode.
pub(super) fn entry_lenses(
    ctx: &Ctx,
    entry: &EntryPoint,
    runs: &[TraceResult],
    wanted: &[Mode],
) -> [CodeLens; 2] {
    let status = runs
        .iter()
        .filter(|r| wanted.contains(&r.mode))
        .map(|r| match &r.outcome {
            TraceOutcome::Exported(_) => format!("{}: exports", r.mode.key()),
            TraceOutcome::Failed(f) => {
                format!("{}: fails ({})", r.mode.key(), f.kind.category())
            }
        })
        .collect::<Vec<_>>()
        .join(", ");
    [
        lens(
            ctx,
            entry,
            format!("Show exported program ({status})"),
            SHOW_PROGRAM_COMMAND,
        ),
        lens(
            ctx,
            entry,
            "Quick run".into(),
            crate::quick_run::QUICK_RUN_COMMAND,
        ),
    ]
}
