//! One diagnostics model for both front ends: what a file's analysis
//! (its parse, its entry points' traces per mode, its modules traced on
//! assumed inputs) says, as protocol-neutral [`Diagnostic`]s located by
//! byte ranges, with their help, notes, related locations and quick fixes.
//! `exportlens check` renders them into its report formats and the language
//! server converts them into LSP diagnostics and code actions; neither
//! composes a diagnostic itself, so the two cannot drift apart.
//!
//! - [`model`]: the diagnostic, its fixes and the entry verdicts;
//! - [`mod@build`]: the one builder, [`build()`], from a [`FileInput`];
//! - [`modes`]: which modes are reported (`--strict`, `mode = "both"`, ...);
//! - [`files`]: the analysed file and the files it imports, by path, and
//!   the byte span of a line's code;
//! - [`suppress`]: suppression comments applied, unused ones found;
//! - [`fixes`]: the source edits behind the quick fixes;
//! - [`settings`]: what a project's configuration says of one file.

pub mod build;
pub mod files;
pub mod fixes;
pub mod model;
pub mod modes;
pub mod settings;
pub mod suppress;

pub use build::{FileInput, Options, build};
pub use model::{Diagnostic, EntryVerdict, FileDiagnostics, Fix, Related, Severity, Verdict};
pub use modes::ModeChoice;
