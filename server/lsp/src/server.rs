//! The `LanguageServer` implementation: capabilities, configuration, and
//! one small handler per LSP method, each answering from the newest
//! analysis of its document (see [`crate::state`]). Document
//! notifications are applied by [`crate::ordered`] before they get here.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};
use serde_json::{Value as Json, json};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{
    CodeActionKind, CodeActionOptions, CodeActionOrCommand, CodeActionParams,
    CodeActionProviderCapability, CodeActionResponse, CodeLens, CodeLensOptions, CodeLensParams,
    ConfigurationItem, DiagnosticOptions, DiagnosticServerCapabilities,
    DidChangeConfigurationParams, DidChangeNotebookDocumentParams, DidChangeTextDocumentParams,
    DidChangeWatchedFilesParams, DidChangeWatchedFilesRegistrationOptions,
    DidCloseNotebookDocumentParams, DidCloseTextDocumentParams, DidOpenNotebookDocumentParams,
    DidOpenTextDocumentParams, DocumentDiagnosticParams, DocumentDiagnosticReport,
    DocumentDiagnosticReportResult, ExecuteCommandOptions, ExecuteCommandParams, FileSystemWatcher,
    FullDocumentDiagnosticReport, GlobPattern, Hover, HoverParams, HoverProviderCapability,
    InitializeParams, InitializeResult, InitializedParams, InlayHint, InlayHintParams, LSPAny,
    MessageType, Notebook, NotebookCellSelector, NotebookDocumentSyncOptions, NotebookSelector,
    OneOf, Range, Registration, RelatedFullDocumentDiagnosticReport,
    RelatedUnchangedDocumentDiagnosticReport, ServerCapabilities, ServerInfo,
    TextDocumentIdentifier, TextDocumentSyncCapability, TextDocumentSyncKind,
    UnchangedDocumentDiagnosticReport, Uri, WorkspaceDiagnosticParams, WorkspaceDiagnosticReport,
    WorkspaceDiagnosticReportResult, WorkspaceDocumentDiagnosticReport,
    WorkspaceFullDocumentDiagnosticReport, WorkspaceUnchangedDocumentDiagnosticReport,
};
use tower_lsp_server::{Client, LanguageServer};

use crate::analysis::{EXPORT_MODULE_COMMAND, FileAnalysis, SHOW_PROGRAM_COMMAND};
use crate::config::{Config, ModeSetting};
use crate::position::Encoding;
use crate::quick_run::{QUICK_RUN_COMMAND, QuickRunParams, QuickRunResult};
use crate::state::State;

/// The language server.
pub struct Backend {
    client: Client,
    state: Arc<State>,
    /// The client answers `workspace/configuration`.
    pull_config: AtomicBool,
    /// The client can register `didChangeConfiguration` dynamically.
    dynamic_config: AtomicBool,
    /// The client understands `workspace/diagnostic/refresh`.
    diagnostic_refresh: AtomicBool,
    /// The client can register `didChangeWatchedFiles` dynamically.
    dynamic_watch: AtomicBool,
    /// Warnings about the initialization options, shown once initialized.
    init_warnings: std::sync::Mutex<Vec<String>>,
}

/// Params of the `exportlens/exportedProgram` request.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportedProgramParams {
    pub text_document: TextDocumentIdentifier,
    /// `strict`, `nonstrict` or `both`; the configured mode when absent.
    #[serde(default)]
    pub mode: Option<String>,
    /// Only the entry point on this 1-based line.
    #[serde(default)]
    pub line: Option<u32>,
}

/// Result of the `exportlens/exportedProgram` request.
#[derive(Debug, Serialize)]
pub struct ExportedProgramResult {
    pub uri: String,
    pub version: i32,
    /// The programs in torch's print format, one per entry point and mode.
    pub text: String,
}

const NO_ENTRIES: &str = "no entry points found (expected `model` + `example_args`, or a torch.export.export(...) call)\n";

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

    async fn warn(&self, warnings: &[String]) {
        for w in warnings {
            tracing::warn!("{w}");
            self.client.show_message(MessageType::WARNING, w).await;
        }
    }

    /// Ask the client for the `exportlens` section and apply it.
    async fn pull_configuration(&self) {
        if !self.pull_config.load(Ordering::SeqCst) {
            return;
        }
        let items = vec![ConfigurationItem {
            scope_uri: None,
            section: Some("exportlens".into()),
        }];
        match self.client.configuration(items).await {
            Ok(values) => {
                let value = values.into_iter().next().unwrap_or(Json::Null);
                self.apply_settings(&value).await;
            }
            Err(e) => tracing::warn!("workspace/configuration failed: {e}"),
        }
    }

    async fn apply_settings(&self, value: &Json) {
        let old = self.state.config();
        let (new, warnings) = old.merged(value);
        self.warn(&warnings).await;
        if new != old {
            tracing::info!("configuration changed: {new:?}");
            self.state.set_config(new);
            self.state.reanalyze_all();
            if !self.state.push() && self.diagnostic_refresh.load(Ordering::SeqCst) {
                let _ = self.client.workspace_diagnostic_refresh().await;
            }
            let _ = self.client.inlay_hint_refresh().await;
        }
    }

    async fn analysis(&self, uri: &Uri) -> Option<Arc<FileAnalysis>> {
        self.state.fresh(uri).await
    }

    /// The text of the exported programs of a document.
    pub async fn exported_program(
        &self,
        p: ExportedProgramParams,
    ) -> Result<ExportedProgramResult> {
        let uri = p.text_document.uri;
        let mode = match p.mode.as_deref().map(str::to_ascii_lowercase).as_deref() {
            None | Some("") => None,
            Some("strict") => Some(ModeSetting::Strict),
            Some("nonstrict" | "non-strict") => Some(ModeSetting::NonStrict),
            Some("both") => Some(ModeSetting::Both),
            Some("auto") => Some(ModeSetting::Auto),
            Some(other) => {
                return Err(Error::invalid_params(format!(
                    "mode must be strict, nonstrict, both or auto, not {other:?}"
                )));
            }
        };
        let analysis = match mode {
            None => self.analysis(&uri).await,
            Some(m) => {
                let config = Config {
                    mode: m,
                    ..self.state.config()
                };
                self.state.compute_with(&uri, config).await
            }
        };
        let Some(a) = analysis else {
            return Err(Error::invalid_params(format!(
                "{} is not open",
                uri.as_str()
            )));
        };
        let mut text = String::new();
        for prog in a.programs.iter().filter(|p| p.reported) {
            if p.line.is_some_and(|l| l != prog.entry_line) {
                continue;
            }
            text.push_str(&prog.text);
            text.push('\n');
        }
        if text.is_empty() {
            text.push_str(NO_ENTRIES);
        }
        Ok(ExportedProgramResult {
            uri: uri.as_str().to_string(),
            version: a.version,
            text,
        })
    }

    /// `exportlens/quickRun`: run the document's entry points with the
    /// interpreter, on a blocking worker.
    /// "Export this module": write the export script of the class on
    /// `line` into a new file (`workspace/applyEdit`); answers with the
    /// file's path and text, and whether the client applied the edit.
    async fn export_module(&self, uri: Uri, line: u32) -> Result<LSPAny> {
        let Some(snap) = self.state.snapshot(&uri) else {
            return Err(Error::invalid_params(format!(
                "{} is not open",
                uri.as_str()
            )));
        };
        let made = tokio::task::spawn_blocking(move || crate::export_module::script(&snap, line))
            .await
            .map_err(|e| {
                tracing::error!(error = %e, "export-module worker failed");
                Error::internal_error()
            })?;
        let Some((path, text)) = made else {
            return Err(Error::invalid_params(format!(
                "no module class that can be built without arguments on line {line}"
            )));
        };
        let target = Uri::from_file_path(&path)
            .ok_or_else(|| Error::invalid_params("the script's path is not a file URI"))?;
        let edit = crate::export_module::create_file_edit(&target, &text);
        let applied = match self.client.apply_edit(edit).await {
            Ok(r) => r.applied,
            Err(e) => {
                tracing::warn!("the client did not apply the export script: {e}");
                false
            }
        };
        Ok(
            json!({"uri": target.as_str(), "path": path.display().to_string(), "text": text, "applied": applied}),
        )
    }

    pub async fn quick_run(&self, p: QuickRunParams) -> Result<QuickRunResult> {
        let uri = p.text_document.uri;
        let Some((text, version)) = self.state.document_text(&uri) else {
            return Err(Error::invalid_params(format!(
                "{} is not open",
                uri.as_str()
            )));
        };
        let path = uri.as_str().to_string();
        let line = p.line;
        let (summary, entries) =
            tokio::task::spawn_blocking(move || crate::quick_run::run(&path, &text, line))
                .await
                .map_err(|e| {
                    tracing::error!(error = %e, "quick run worker failed");
                    Error::internal_error()
                })?;
        Ok(QuickRunResult {
            uri: uri.as_str().to_string(),
            version,
            text: summary,
            entries,
        })
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let caps = &params.capabilities;
        let offered = caps
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_deref());
        let encoding = Encoding::negotiate(offered);
        self.state.set_encoding(encoding);
        let text_caps = caps.text_document.as_ref();
        let pull_diagnostics = text_caps.is_some_and(|t| t.diagnostic.is_some());
        self.state.set_push(!pull_diagnostics);
        let ws = caps.workspace.as_ref();
        self.pull_config.store(
            ws.and_then(|w| w.configuration) == Some(true),
            Ordering::SeqCst,
        );
        self.dynamic_config.store(
            ws.and_then(|w| w.did_change_configuration.as_ref())
                .and_then(|d| d.dynamic_registration)
                == Some(true),
            Ordering::SeqCst,
        );
        self.diagnostic_refresh.store(
            ws.and_then(|w| w.diagnostics.as_ref())
                .and_then(|d| d.refresh_support)
                == Some(true),
            Ordering::SeqCst,
        );
        self.dynamic_watch.store(
            ws.and_then(|w| w.did_change_watched_files.as_ref())
                .and_then(|d| d.dynamic_registration)
                == Some(true),
            Ordering::SeqCst,
        );
        self.state.workspace.set_roots(workspace_roots(&params));
        if let Some(opts) = &params.initialization_options {
            let (cfg, warnings) = self.state.config().merged(opts);
            self.state.set_config(cfg);
            if let Ok(mut w) = self.init_warnings.lock() {
                w.extend(warnings);
            }
        }
        tracing::info!(
            ?encoding,
            pull_diagnostics,
            "initialize from {}",
            params
                .client_info
                .as_ref()
                .map_or("an unnamed client", |c| c.name.as_str())
        );
        Ok(InitializeResult {
            capabilities: ServerCapabilities {
                position_encoding: Some(encoding.kind()),
                text_document_sync: Some(TextDocumentSyncCapability::Kind(
                    TextDocumentSyncKind::INCREMENTAL,
                )),
                // Jupyter notebooks' Python cells (`crate::notebooks`).
                notebook_document_sync: Some(OneOf::Left(NotebookDocumentSyncOptions {
                    notebook_selector: vec![NotebookSelector::ByNotebook {
                        notebook: Notebook::String("jupyter-notebook".into()),
                        cells: Some(vec![NotebookCellSelector {
                            language: "python".into(),
                        }]),
                    }],
                    save: Some(false),
                })),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                inlay_hint_provider: Some(OneOf::Left(true)),
                code_action_provider: Some(CodeActionProviderCapability::Options(
                    CodeActionOptions {
                        code_action_kinds: Some(vec![
                            CodeActionKind::QUICKFIX,
                            CodeActionKind::REFACTOR_REWRITE,
                        ]),
                        resolve_provider: Some(false),
                        work_done_progress_options: Default::default(),
                    },
                )),
                code_lens_provider: Some(CodeLensOptions {
                    resolve_provider: Some(false),
                }),
                execute_command_provider: Some(ExecuteCommandOptions {
                    commands: vec![
                        SHOW_PROGRAM_COMMAND.into(),
                        QUICK_RUN_COMMAND.into(),
                        EXPORT_MODULE_COMMAND.into(),
                    ],
                    work_done_progress_options: Default::default(),
                }),
                diagnostic_provider: pull_diagnostics.then(|| {
                    DiagnosticServerCapabilities::Options(DiagnosticOptions {
                        identifier: Some("exportlens".into()),
                        inter_file_dependencies: false,
                        workspace_diagnostics: true,
                        work_done_progress_options: Default::default(),
                    })
                }),
                ..ServerCapabilities::default()
            },
            server_info: Some(ServerInfo {
                name: "exportlens".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
            ..InitializeResult::default()
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        let warnings = self
            .init_warnings
            .lock()
            .map(|mut w| std::mem::take(&mut *w))
            .unwrap_or_default();
        self.warn(&warnings).await;
        if self.dynamic_config.load(Ordering::SeqCst) {
            let reg = Registration {
                id: "exportlens-configuration".into(),
                method: "workspace/didChangeConfiguration".into(),
                register_options: None,
            };
            if let Err(e) = self.client.register_capability(vec![reg]).await {
                tracing::warn!("could not register for configuration changes: {e}");
            }
        }
        if self.dynamic_watch.load(Ordering::SeqCst) {
            let options = DidChangeWatchedFilesRegistrationOptions {
                // Python files, and what environment discovery reads.
                watchers: ["**/*.py", "**/pyproject.toml", "**/pyvenv.cfg", "**/*.pth"]
                    .into_iter()
                    .map(|glob| FileSystemWatcher {
                        glob_pattern: GlobPattern::String(glob.into()),
                        kind: None,
                    })
                    .collect(),
            };
            let reg = Registration {
                id: "exportlens-watched-files".into(),
                method: "workspace/didChangeWatchedFiles".into(),
                register_options: serde_json::to_value(options).ok(),
            };
            if let Err(e) = self.client.register_capability(vec![reg]).await {
                tracing::warn!("could not register for file changes: {e}");
            }
        }
        // Documents opened before the scan ends get their importers then.
        let state = self.state.clone();
        tokio::spawn(async move {
            let scan = state.clone();
            let n = tokio::task::spawn_blocking(move || scan.workspace.scan()).await;
            tracing::info!("workspace scan: {n:?} files may hold entry points");
            for uri in state.open_uris() {
                state.refresh_importers(&uri, std::time::Duration::ZERO);
            }
        });
        self.pull_configuration().await;
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
        let has_section = params
            .settings
            .as_object()
            .is_some_and(|m| m.get("exportlens").is_some_and(|v| !v.is_null()));
        if has_section {
            self.apply_settings(&params.settings).await;
        } else {
            self.pull_configuration().await;
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let p = params.text_document_position_params;
        let Some(a) = self.analysis(&p.text_document.uri).await else {
            return Ok(None);
        };
        let table = self
            .state
            .workspace
            .hover_with_foreign(&p.text_document.uri, &a.hover);
        Ok(crate::hover::hover(
            &table,
            &a.rope,
            p.position,
            self.state.encoding(),
        ))
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        if !self.state.config().inlay_hints {
            return Ok(Some(Vec::new()));
        }
        let Some(a) = self.analysis(&params.text_document.uri).await else {
            return Ok(None);
        };
        let uri = &params.text_document.uri;
        // A model file other files' entries reach shows what they traced
        // there, besides its own traces.
        let with_foreign = self.state.workspace.has_foreign_hover(uri).then(|| {
            let table = self.state.workspace.hover_with_foreign(uri, &a.hover);
            crate::analysis::inlay_hints(&a.inlay_sites, &table)
        });
        let r = params.range;
        let hints = with_foreign
            .as_ref()
            .unwrap_or(&a.inlay_hints)
            .iter()
            .filter(|h| h.position >= r.start && h.position <= r.end)
            .cloned()
            .collect();
        Ok(Some(hints))
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let Some(a) = self.analysis(&params.text_document.uri).await else {
            return Ok(None);
        };
        let wants = |kind: &CodeActionKind| {
            params
                .context
                .only
                .as_ref()
                .is_none_or(|only| only.iter().any(|k| kind.as_str().starts_with(k.as_str())))
        };
        let r = params.range;
        let overlaps = |x: &Range| x.start <= r.end && r.start <= x.end;
        let mut actions: Vec<CodeActionOrCommand> = Vec::new();
        if wants(&CodeActionKind::QUICKFIX) {
            actions.extend(
                a.actions
                    .iter()
                    .filter(|act| {
                        act.diagnostics
                            .as_ref()
                            .is_some_and(|ds| ds.iter().any(|d| overlaps(&d.range)))
                    })
                    .cloned()
                    .map(CodeActionOrCommand::CodeAction),
            );
        }
        if wants(&CodeActionKind::REFACTOR_REWRITE) {
            actions.extend(
                a.entry_actions
                    .iter()
                    .filter(|(range, _)| overlaps(range))
                    .map(|(_, act)| CodeActionOrCommand::CodeAction(act.clone())),
            );
        }
        Ok(Some(actions))
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        let Some(a) = self.analysis(&params.text_document.uri).await else {
            return Ok(None);
        };
        Ok(Some(a.lenses.clone()))
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        if ![
            SHOW_PROGRAM_COMMAND,
            QUICK_RUN_COMMAND,
            EXPORT_MODULE_COMMAND,
        ]
        .contains(&params.command.as_str())
        {
            return Err(Error::invalid_params(format!(
                "unknown command {:?}",
                params.command
            )));
        }
        let uri = params
            .arguments
            .first()
            .and_then(Json::as_str)
            .and_then(|s| s.parse::<Uri>().ok())
            .ok_or_else(|| {
                Error::invalid_params("expected the document URI as the first argument")
            })?;
        let line = params
            .arguments
            .get(1)
            .and_then(Json::as_u64)
            .and_then(|l| u32::try_from(l).ok());
        if params.command == EXPORT_MODULE_COMMAND {
            let line = line.ok_or_else(|| {
                Error::invalid_params("expected the class's line as the second argument")
            })?;
            return self.export_module(uri, line).await.map(Some);
        }
        if params.command == QUICK_RUN_COMMAND {
            let result = self
                .quick_run(QuickRunParams {
                    text_document: TextDocumentIdentifier { uri },
                    line,
                })
                .await?;
            return Ok(Some(json!(result.text)));
        }
        let result = self
            .exported_program(ExportedProgramParams {
                text_document: TextDocumentIdentifier { uri },
                mode: None,
                line,
            })
            .await?;
        Ok(Some(json!(result.text)))
    }

    /// `workspace/diagnostic`: every open document, and every file where
    /// an analysis found diagnostics (a model imported from a file that is
    /// not open), each `Unchanged` when the client has its result id.
    async fn workspace_diagnostic(
        &self,
        params: WorkspaceDiagnosticParams,
    ) -> Result<WorkspaceDiagnosticReportResult> {
        let previous: HashMap<Uri, String> = params
            .previous_result_ids
            .into_iter()
            .map(|p| (p.uri, p.value))
            .collect();
        let open = self.state.open_uris();
        let mut uris = open.clone();
        for t in self.state.workspace.foreign_targets() {
            if !uris.contains(&t) {
                uris.push(t);
            }
        }
        uris.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        let mut items = Vec::new();
        for uri in uris {
            if self.state.notebooks.is_notebook(&uri) {
                // Reported per cell, in full each time.
                let Some(a) = self.analysis(&uri).await else {
                    continue;
                };
                let all = self.state.with_foreign(&uri, &a.diagnostics);
                for (cell, cell_items) in self.state.notebooks.per_cell(&uri, &all) {
                    items.push(WorkspaceDocumentDiagnosticReport::Full(
                        WorkspaceFullDocumentDiagnosticReport {
                            uri: cell,
                            version: None,
                            full_document_diagnostic_report: FullDocumentDiagnosticReport {
                                result_id: None,
                                items: cell_items,
                            },
                        },
                    ));
                }
                continue;
            }
            let (diagnostics, generation, version) = if open.contains(&uri) {
                let Some(a) = self.analysis(&uri).await else {
                    continue;
                };
                let d = self.state.with_foreign(&uri, &a.diagnostics);
                (d, a.generation, Some(i64::from(a.version)))
            } else {
                (self.state.workspace.foreign_for(&uri), 0, None)
            };
            let id = format!(
                "{generation}-{}-{}",
                diagnostics.len(),
                fingerprint(&diagnostics)
            );
            let report = if previous.get(&uri) == Some(&id) {
                WorkspaceDocumentDiagnosticReport::Unchanged(
                    WorkspaceUnchangedDocumentDiagnosticReport {
                        uri,
                        version,
                        unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport {
                            result_id: id,
                        },
                    },
                )
            } else {
                WorkspaceDocumentDiagnosticReport::Full(WorkspaceFullDocumentDiagnosticReport {
                    uri,
                    version,
                    full_document_diagnostic_report: FullDocumentDiagnosticReport {
                        result_id: Some(id),
                        items: diagnostics,
                    },
                })
            };
            items.push(report);
        }
        Ok(WorkspaceDiagnosticReportResult::Report(
            WorkspaceDiagnosticReport { items },
        ))
    }

    async fn diagnostic(
        &self,
        params: DocumentDiagnosticParams,
    ) -> Result<DocumentDiagnosticReportResult> {
        // A notebook cell's diagnostics come from its notebook's analysis.
        let cell = &params.text_document.uri;
        if let Some(notebook) = self.state.notebooks.owner(cell) {
            let items = match self.analysis(&notebook).await {
                Some(a) => {
                    let all = self.state.with_foreign(&notebook, &a.diagnostics);
                    self.state.notebooks.cell_diagnostics(&notebook, cell, &all)
                }
                None => Vec::new(),
            };
            return Ok(DocumentDiagnosticReportResult::Report(
                DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
                    related_documents: None,
                    full_document_diagnostic_report: FullDocumentDiagnosticReport {
                        result_id: None,
                        items,
                    },
                }),
            ));
        }
        let Some(a) = self.analysis(&params.text_document.uri).await else {
            return Ok(DocumentDiagnosticReportResult::Report(
                DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
                    related_documents: None,
                    full_document_diagnostic_report: FullDocumentDiagnosticReport::default(),
                }),
            ));
        };
        let items = self
            .state
            .with_foreign(&params.text_document.uri, &a.diagnostics);
        let id = format!("{}-{}", a.generation, items.len());
        if params.previous_result_id.as_deref() == Some(id.as_str()) {
            return Ok(DocumentDiagnosticReportResult::Report(
                DocumentDiagnosticReport::Unchanged(RelatedUnchangedDocumentDiagnosticReport {
                    related_documents: None,
                    unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport {
                        result_id: id,
                    },
                }),
            ));
        }
        Ok(DocumentDiagnosticReportResult::Report(
            DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
                related_documents: None::<HashMap<Uri, _>>,
                full_document_diagnostic_report: FullDocumentDiagnosticReport {
                    result_id: Some(id),
                    items,
                },
            }),
        ))
    }
}

/// A cheap content hash of diagnostics, so that a result id changes when
/// a file's foreign diagnostics do.
fn fingerprint(diagnostics: &[tower_lsp_server::ls_types::Diagnostic]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for d in diagnostics {
        d.message.hash(&mut h);
        (d.range.start.line, d.range.start.character).hash(&mut h);
    }
    h.finish()
}

/// The workspace folders of `initialize` (or its `rootUri`), as paths.
#[allow(deprecated)] // `root_uri` is what older clients send.
fn workspace_roots(params: &InitializeParams) -> Vec<std::path::PathBuf> {
    let mut uris: Vec<&Uri> = params
        .workspace_folders
        .iter()
        .flatten()
        .map(|f| &f.uri)
        .collect();
    if uris.is_empty()
        && let Some(root) = &params.root_uri
    {
        uris.push(root);
    }
    uris.into_iter()
        .filter_map(crate::workspace::uri_path)
        .collect()
}
