//! Inlay hints: the tensor type after an assignment's target (`: f32[s0, 4]`)
//! and a returned value (`-> ...`), from what the hover table recorded on
//! the statement's lines.

use syntax::ast::{ExprKind, StmtKind};
use tower_lsp_server::ls_types::{InlayHint, InlayHintKind, InlayHintLabel};

use super::Ctx;
use super::facts::{HoverTable, Scope, body_statements, last_type};
use crate::position::byte_to_position;

/// Where a shape hint may go: after a simple assignment's target (`: `)
/// or a returned value (`-> `), for the statement on lines `first..=last`
/// (1-based).
#[derive(Clone, Debug)]
pub struct InlaySite {
    first: u32,
    last: u32,
    position: tower_lsp_server::ls_types::Position,
    label: &'static str,
}

/// The inlay sites of every function of the file.
pub(super) fn inlay_sites(ctx: &Ctx, scopes: &[Scope<'_>]) -> Vec<InlaySite> {
    let file = ctx.file;
    let mut sites = Vec::new();
    for (_, _, f) in scopes {
        let mut stmts = Vec::new();
        body_statements(f.body(), &mut stmts, 0);
        for s in stmts {
            let (target_end, label) = match &s.kind {
                StmtKind::Assign { targets, .. } if targets.len() == 1 => match &targets[0].kind {
                    ExprKind::Name(_) => (targets[0].range.end, ": "),
                    _ => continue,
                },
                StmtKind::AugAssign { target, .. } => match &target.kind {
                    ExprKind::Name(_) => (target.range.end, ": "),
                    _ => continue,
                },
                StmtKind::Return(Some(v)) => (v.range.end, "-> "),
                _ => continue,
            };
            sites.push(InlaySite {
                first: file.line_of(s.range.start),
                last: file.line_of(s.range.end.saturating_sub(1).max(s.range.start)),
                position: byte_to_position(&ctx.snap.rope, target_end as usize, ctx.snap.encoding),
                label,
            });
        }
    }
    sites
}

/// Shapes after assignment targets and returned values: at each site, the
/// last tensor type `hover` has on the statement's lines (this file's
/// traces, or with what other files' entries recorded here added).
pub fn inlay_hints(sites: &[InlaySite], hover: &HoverTable) -> Vec<InlayHint> {
    let mut hints: Vec<InlayHint> = sites
        .iter()
        .filter_map(|site| {
            let ty = last_type(hover, site.first, site.last)?;
            Some(InlayHint {
                position: site.position,
                label: InlayHintLabel::String(format!("{}{ty}", site.label)),
                kind: Some(InlayHintKind::TYPE),
                text_edits: None,
                tooltip: None,
                padding_left: Some(site.label.starts_with('-')),
                padding_right: None,
                data: None,
            })
        })
        .collect();
    hints.sort_by_key(|h| (h.position.line, h.position.character));
    hints
}
