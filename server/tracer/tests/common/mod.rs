//! Shared by the integration tests: run module-level Python checks through
//! the tracer and read back whether they held, and trace a source's first
//! entry point.

#![allow(dead_code)]

use tracer::{Mode, SourceFile, TraceOutcome, find_entries, trace_entry};

/// Traces `prelude` followed by a small model whose hidden width is
/// `width` (a Python expression over the prelude's names).
pub fn outcome(prelude: &str, width: &str) -> TraceOutcome {
    trace(prelude, width).outcome
}

/// The whole trace result of [`outcome`]'s program.
pub fn trace(prelude: &str, width: &str) -> tracer::TraceResult {
    let src = format!(
        "import math\nimport torch\nimport torch.nn as nn\n{prelude}\n\
class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        \
self.l = nn.Linear(4, {width})\n    def forward(self, x):\n        return self.l(x)\n\n\
model = M()\nexample_args = (torch.randn(2, 4),)\n"
    );
    let file = SourceFile::parse("m.py", &src);
    let entries = find_entries(&file);
    assert_eq!(entries.len(), 1, "one entry");
    trace_entry(
        file,
        &entries[0],
        Mode::NonStrict,
        tracer::Budget::default(),
    )
}

/// The placeholders' metadata (the Linear's weight is `[width, 4]`) when
/// `prelude` runs without error.
pub fn width(prelude: &str, width: &str) -> String {
    match outcome(prelude, width) {
        TraceOutcome::Exported(p) => p
            .inputs
            .iter()
            .map(|id| format!("{:?}", p.graph.node(*id).val))
            .collect::<Vec<_>>()
            .join(" "),
        TraceOutcome::Failed(f) => panic!("{} (line {:?})", f.message, f.line),
    }
}

/// Whether every `assert COND` line of `prelude` holds: each becomes a
/// check the model's width depends on (8 when all hold, else 16), so that
/// a wrong value shows in the exported program.
pub fn holds(prelude: &str) -> bool {
    let checks: String = prelude
        .lines()
        .map(|l| match l.strip_prefix("assert ") {
            Some(cond) => format!("_ok.append(bool({cond}))\n"),
            None => format!("{l}\n"),
        })
        .collect();
    // A check line that raises is skipped by the module run: count them.
    let count = prelude.lines().filter(|l| l.starts_with("assert ")).count();
    let prelude = format!("_ok = []\n{checks}");
    let width_expr = format!("8 if all(_ok) and len(_ok) == {count} else 16");
    // A check on a value the tracer could not follow is taken as true with
    // an "incomplete" note: no pass.
    let followed = trace(&prelude, &width_expr)
        .notes
        .iter()
        .all(|n| n.kind != tracer::failure::NoteKind::Incomplete);
    let w = width(&prelude, &width_expr);
    assert!(w.contains('8') != w.contains("16"), "{w}");
    followed && !w.contains("16")
}

pub fn exports(prelude: &str) {
    if holds(prelude) {
        return;
    }
    // Name the first check that fails: the shortest failing prefix.
    let lines: Vec<&str> = prelude.lines().collect();
    let first = (1..=lines.len())
        .find(|n| lines[n - 1].starts_with("assert ") && !holds(&lines[..*n].join("\n")))
        .map_or("(none alone)", |n| lines[n - 1]);
    panic!("a check failed: {first}\nin:\n{prelude}");
}

/// The trace of the first entry point of `src` in `mode`, with the
/// default budget.
pub fn trace_first_entry(src: &str, mode: Mode) -> tracer::TraceResult {
    let file = SourceFile::parse("m.py", src);
    let entry = find_entries(&file).remove(0);
    trace_entry(file, &entry, mode, tracer::Budget::default())
}

/// The guards of [`trace_first_entry`], as their logged texts.
pub fn guard_texts(src: &str, mode: Mode) -> Vec<String> {
    trace_first_entry(src, mode)
        .guards
        .into_iter()
        .map(|g| g.expr)
        .collect()
}

/// The guards of [`trace_first_entry`] that were not suppressed, as
/// (logged text, line).
pub fn unsuppressed_guard_lines(src: &str, mode: Mode) -> Vec<(String, Option<u32>)> {
    trace_first_entry(src, mode)
        .guards
        .into_iter()
        .filter(|g| !g.expr.starts_with("[guard suppressed]"))
        .map(|g| (g.expr, g.line))
        .collect()
}

/// The program [`trace_first_entry`] exports; panics when it fails.
pub fn exported_program(src: &str, mode: Mode) -> Box<tracer::entry::TracedProgram> {
    match trace_first_entry(src, mode).outcome {
        TraceOutcome::Exported(p) => p,
        TraceOutcome::Failed(f) => panic!("{mode:?}: {}", f.message),
    }
}

/// The shapes of the nodes of `p` calling `target`, each as its sizes
/// rendered and joined by ", " (a non-tensor value as its debug text).
pub fn node_shapes(p: &tracer::entry::TracedProgram, target: &str) -> Vec<String> {
    p.graph
        .nodes
        .iter()
        .filter(|n| n.target() == Some(target))
        .map(|n| match &n.val {
            tracer::graph::MetaVal::Tensor { shape, .. } => shape
                .iter()
                .map(|d| p.env.render(d))
                .collect::<Vec<_>>()
                .join(", "),
            other => format!("{other:?}"),
        })
        .collect()
}
