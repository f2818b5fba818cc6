//! A trace's results moved onto another text of its file: one whose code
//! has the same tokens at the same lines and columns
//! ([`syntax::code_fingerprint`]), differing only in comments outside
//! brackets and blank space (the language server's edits that type a
//! comment). Such a text traces to the same results but for where they
//! point: byte ranges in the traced file move to the same line and column
//! of the new text, and the source lines graph nodes quote (FX's `code:`
//! comments, which include a line's comment) are read again.

use syntax::TextRange;

use crate::SourceFile;
use crate::entry::{TraceOutcome, TraceResult};
use crate::failure::Failure;
use crate::graph::{Graph, NodeId};

impl TraceResult {
    /// Move this result from `old`, the text it was traced on, to `new`,
    /// which has the same code fingerprint: afterwards it is what tracing
    /// `new` gives.
    pub fn rebase(&mut self, old: &SourceFile, new: &SourceFile) {
        let moved = |r: TextRange| TextRange {
            start: moved_offset(old, new, r.start),
            end: moved_offset(old, new, r.end),
        };
        match &mut self.outcome {
            TraceOutcome::Failed(f) => rebase_failure(f, &moved),
            TraceOutcome::Exported(p) => requote(&mut p.graph, new),
        }
        if let Some(f) = &mut self.retraced_after {
            rebase_failure(f, &moved);
        }
        if let Some(p) = &mut self.partial {
            requote(&mut p.graph, new);
        }
        for n in self.notes.iter_mut().filter(|n| n.path.is_none()) {
            n.range = moved(n.range);
        }
    }
}

/// `offset` in `old` as the same line and column of `new`.
fn moved_offset(old: &SourceFile, new: &SourceFile, offset: u32) -> u32 {
    let at = old.index.line_col(offset);
    new.index
        .line_start(at.line)
        .map_or(offset, |start| start + at.col_utf8)
}

fn rebase_failure(f: &mut Failure, moved: &impl Fn(TextRange) -> TextRange) {
    if f.path.is_none() {
        f.range = f.range.map(moved);
    }
}

/// Read again the source line each node of the traced file quotes (a
/// node recorded in another file, or a runtime assertion placed after
/// one, quotes that file's line).
fn requote(g: &mut Graph, new: &SourceFile) {
    let elsewhere: std::collections::HashSet<NodeId> = g
        .node_paths
        .keys()
        .copied()
        .chain(
            g.anchors
                .iter()
                .filter(|(_, anchor)| g.node_paths.contains_key(anchor))
                .map(|(node, _)| *node),
        )
        .collect();
    for (i, n) in g.nodes.iter_mut().enumerate() {
        if n.code.is_none() || elsewhere.contains(&NodeId(i as u32)) {
            continue;
        }
        if let Some(line) = n.line {
            n.code = Some(new.line_text(line).to_string());
        }
    }
    for sub in &mut g.subgraphs {
        requote(sub, new);
    }
}
