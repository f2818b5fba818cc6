//! The `LanguageServer` implementation: the [`Backend`] and what the
//! client told it at `initialize`, and the dispatch of every LSP method to
//! its handler, one file per request kind in [`crate::requests`] and per
//! notification in [`crate::notifications`], each answering from the
//! newest analysis of its document (see [`crate::state`]). Document
//! notifications are applied by [`crate::ordered`] before they get here.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{
    CodeActionParams, CodeActionResponse, CodeLens, CodeLensParams, DidChangeConfigurationParams,
    DidChangeNotebookDocumentParams, DidChangeTextDocumentParams, DidChangeWatchedFilesParams,
    DidCloseNotebookDocumentParams, DidCloseTextDocumentParams, DidOpenNotebookDocumentParams,
    DidOpenTextDocumentParams, DocumentDiagnosticParams, DocumentDiagnosticReportResult,
    ExecuteCommandParams, Hover, HoverParams, InitializeParams, InitializeResult,
    InitializedParams, InlayHint, InlayHintParams, LSPAny, MessageType, Uri,
    WorkspaceDiagnosticParams, WorkspaceDiagnosticReportResult,
};
use tower_lsp_server::{Client, LanguageServer};

use crate::analysis::FileAnalysis;
use crate::quick_run::{QuickRunParams, QuickRunResult};
use crate::requests::exported_program::{ExportedProgramParams, ExportedProgramResult};
use crate::state::State;
use crate::{notifications, requests};

/// The language server.
pub struct Backend {
    pub(crate) client: Client,
    pub(crate) state: Arc<State>,
    /// The client answers `workspace/configuration`.
    pub(crate) pull_config: AtomicBool,
    /// The client can register `didChangeConfiguration` dynamically.
    pub(crate) dynamic_config: AtomicBool,
    /// The client understands `workspace/diagnostic/refresh`.
    pub(crate) diagnostic_refresh: AtomicBool,
    /// The client can register `didChangeWatchedFiles` dynamically.
    pub(crate) dynamic_watch: AtomicBool,
    /// Warnings about the initialization options, shown once initialized.
    pub(crate) init_warnings: std::sync::Mutex<Vec<String>>,
}

impl Backend {
    pub fn new(client: Client, state: Arc<State>) -> Self {
        Backend {
            client,
            state,
            pull_config: AtomicBool::new(false),
            dynamic_config: AtomicBool::new(false),
            diagnostic_refresh: AtomicBool::new(false),
            dynamic_watch: AtomicBool::new(false),
            init_warnings: std::sync::Mutex::default(),
        }
    }

    /// Logs and shows each warning.
    pub(crate) async fn warn(&self, warnings: &[String]) {
        for w in warnings {
            tracing::warn!("{w}");
            self.client.show_message(MessageType::WARNING, w).await;
        }
    }

    /// The newest analysis of an open document.
    pub(crate) async fn analysis(&self, uri: &Uri) -> Option<Arc<FileAnalysis>> {
        self.state.fresh(uri).await
    }

    /// `exportlens/exportedProgram`.
    pub async fn exported_program(
        &self,
        params: ExportedProgramParams,
    ) -> Result<ExportedProgramResult> {
        requests::exported_program::handle(self, params).await
    }

    /// `exportlens/quickRun`.
    pub async fn quick_run(&self, params: QuickRunParams) -> Result<QuickRunResult> {
        requests::quick_run::handle(self, params).await
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        requests::initialize::handle(self, params).await
    }

    async fn initialized(&self, params: InitializedParams) {
        notifications::initialized::handle(self, params).await;
    }

    async fn shutdown(&self) -> Result<()> {
        self.state.shutdown_requested.store(true, Ordering::SeqCst);
        tracing::info!("shutdown requested");
        Ok(())
    }

    // Applied in order by `crate::ordered`, never reached.
    async fn did_open(&self, _: DidOpenTextDocumentParams) {}
    async fn did_change(&self, _: DidChangeTextDocumentParams) {}
    async fn did_close(&self, _: DidCloseTextDocumentParams) {}
    async fn notebook_did_open(&self, _: DidOpenNotebookDocumentParams) {}
    async fn notebook_did_change(&self, _: DidChangeNotebookDocumentParams) {}
    async fn notebook_did_close(&self, _: DidCloseNotebookDocumentParams) {}

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        self.state.watched_changed(params);
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        notifications::did_change_configuration::handle(self, params).await;
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        requests::hover::handle(self, params).await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        requests::inlay_hint::handle(self, params).await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        requests::code_action::handle(self, params).await
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        requests::code_lens::handle(self, params).await
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        requests::execute_command::handle(self, params).await
    }

    async fn workspace_diagnostic(
        &self,
        params: WorkspaceDiagnosticParams,
    ) -> Result<WorkspaceDiagnosticReportResult> {
        requests::workspace_diagnostic::handle(self, params).await
    }

    async fn diagnostic(
        &self,
        params: DocumentDiagnosticParams,
    ) -> Result<DocumentDiagnosticReportResult> {
        requests::document_diagnostic::handle(self, params).await
    }
}
