//! `initialized`: warnings about the initialization options shown, the
//! configuration and file-watching registrations made, the workspace
//! scanned for files that may hold entry points, the configuration pulled.

use std::sync::atomic::Ordering;

use tower_lsp_server::ls_types::{
    DidChangeWatchedFilesRegistrationOptions, FileSystemWatcher, GlobPattern, InitializedParams,
    Registration,
};

use crate::server::Backend;

/// Finishes the start once the client is ready.
pub(crate) async fn handle(backend: &Backend, _: InitializedParams) {
    let warnings = backend
        .init_warnings
        .lock()
        .map(|mut w| std::mem::take(&mut *w))
        .unwrap_or_default();
    backend.warn(&warnings).await;
    if backend.dynamic_config.load(Ordering::SeqCst) {
        let reg = Registration {
            id: "exportlens-configuration".into(),
            method: "workspace/didChangeConfiguration".into(),
            register_options: None,
        };
        if let Err(e) = backend.client.register_capability(vec![reg]).await {
            tracing::warn!("could not register for configuration changes: {e}");
        }
    }
    if backend.dynamic_watch.load(Ordering::SeqCst) {
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
        if let Err(e) = backend.client.register_capability(vec![reg]).await {
            tracing::warn!("could not register for file changes: {e}");
        }
    }
    // Documents opened before the scan ends get their importers then.
    let state = backend.state.clone();
    tokio::spawn(async move {
        let scan = state.clone();
        let n = tokio::task::spawn_blocking(move || scan.workspace.scan()).await;
        tracing::info!("workspace scan: {n:?} files may hold entry points");
        for uri in state.open_uris() {
            state.refresh_importers(&uri, std::time::Duration::ZERO);
        }
    });
    crate::notifications::did_change_configuration::pull(backend).await;
}
