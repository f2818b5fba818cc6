//! From a traced graph to an ExportedProgram: torch's node naming and
//! ordering, dead-code elimination, the graph signature (`p_`/`b_`/`c_`
//! placeholders), the JSON report of `report-schema.md`, and the program
//! printed in torch's own text format, and the `.pt2` archive
//! `torch.export.save` writes.

pub mod draft;
pub mod fixes;
pub mod modules;
pub mod names;
pub mod print;
pub mod pt2;
pub mod report;
pub mod schema;

pub use names::{NamedProgram, name_program};
pub use print::{print_partial, print_program};
pub use report::{entry_report, file_report, run_report};
