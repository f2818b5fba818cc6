//! One handler per LSP request kind, as `server.rs` dispatches them; each
//! answers from the newest analysis of its document.

pub mod code_action;
pub mod code_lens;
pub mod document_diagnostic;
pub mod execute_command;
pub mod exported_program;
pub mod hover;
pub mod initialize;
pub mod inlay_hint;
pub mod quick_run;
pub mod workspace_diagnostic;
