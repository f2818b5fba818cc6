//! `initialize`: the client's capabilities (position encoding, pull
//! diagnostics, configuration and file-watching support) remembered, the
//! workspace folders and initialization options applied, and the server's
//! capabilities answered.

use std::sync::atomic::{AtomicBool, Ordering};

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CodeLensOptions,
    DiagnosticOptions, DiagnosticServerCapabilities, ExecuteCommandOptions,
    HoverProviderCapability, InitializeParams, InitializeResult, Notebook, NotebookCellSelector,
    NotebookDocumentSyncOptions, NotebookSelector, OneOf, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};

use crate::analysis::{EXPORT_MODULE_COMMAND, SHOW_PROGRAM_COMMAND};
use crate::position::Encoding;
use crate::quick_run::QUICK_RUN_COMMAND;
use crate::server::Backend;

/// Remembers what the client can do and answers what the server can.
pub(crate) async fn handle(
    backend: &Backend,
    params: InitializeParams,
) -> Result<InitializeResult> {
    let caps = &params.capabilities;
    let offered = caps
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_deref());
    let encoding = Encoding::negotiate(offered);
    backend.state.set_encoding(encoding);
    let text_caps = caps.text_document.as_ref();
    let pull_diagnostics = text_caps.is_some_and(|t| t.diagnostic.is_some());
    backend.state.set_push(!pull_diagnostics);
    let ws = caps.workspace.as_ref();
    let set = |flag: &AtomicBool, on: Option<bool>| flag.store(on == Some(true), Ordering::SeqCst);
    set(&backend.pull_config, ws.and_then(|w| w.configuration));
    set(
        &backend.dynamic_config,
        ws.and_then(|w| w.did_change_configuration.as_ref())
            .and_then(|d| d.dynamic_registration),
    );
    set(
        &backend.diagnostic_refresh,
        ws.and_then(|w| w.diagnostics.as_ref())
            .and_then(|d| d.refresh_support),
    );
    set(
        &backend.dynamic_watch,
        ws.and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|d| d.dynamic_registration),
    );
    backend.state.workspace.set_roots(workspace_roots(&params));
    if let Some(opts) = &params.initialization_options {
        let (cfg, warnings) = backend.state.config().merged(opts);
        backend.state.set_config(cfg);
        if let Ok(mut w) = backend.init_warnings.lock() {
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
            code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                code_action_kinds: Some(vec![
                    CodeActionKind::QUICKFIX,
                    CodeActionKind::REFACTOR_REWRITE,
                ]),
                resolve_provider: Some(false),
                work_done_progress_options: Default::default(),
            })),
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
