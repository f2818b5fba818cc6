//! Shared by the export crate's tests: the program of a model file's only
//! entry.

use tracer::entry::TracedProgram;
use tracer::{Budget, Mode, SourceFile, TraceOutcome, find_entries, trace_entry};

/// The program `src`'s first entry exports in `mode` (panics if the trace
/// fails: the tests read programs torch exports).
pub fn exported(src: &str, mode: Mode) -> Box<TracedProgram> {
    let file = SourceFile::parse("m.py", src);
    let entry = find_entries(&file).remove(0);
    match trace_entry(file, &entry, mode, Budget::default()).outcome {
        TraceOutcome::Exported(p) => p,
        TraceOutcome::Failed(f) => panic!("{mode:?}: expected a program, got: {}", f.message),
    }
}

/// The final `(name, target)` of each node of that program, in order.
#[allow(dead_code)]
pub fn named_nodes(src: &str, mode: tracer::Mode) -> Vec<(String, String)> {
    let p = exported(src, mode);
    let named = export::name_program(&p, mode);
    named
        .order
        .iter()
        .map(|id| {
            let target = p.graph.node(*id).target().unwrap_or_default().to_string();
            (named.name(*id).to_string(), target)
        })
        .collect()
}

/// The final name of each node of that program, in order.
#[allow(dead_code)]
pub fn node_names(src: &str, mode: tracer::Mode) -> Vec<String> {
    named_nodes(src, mode)
        .into_iter()
        .map(|(name, _)| name)
        .collect()
}
