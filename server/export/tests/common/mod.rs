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
