//! `workspace/didChangeConfiguration`: the `exportlens` section applied
//! when the notification carries it, else pulled from the client.

use std::sync::atomic::Ordering;

use serde_json::Value as Json;
use tower_lsp_server::ls_types::{ConfigurationItem, DidChangeConfigurationParams};

use crate::server::Backend;

/// Applies the settings the notification carries, or pulls them.
pub(crate) async fn handle(backend: &Backend, params: DidChangeConfigurationParams) {
    let has_section = params
        .settings
        .as_object()
        .is_some_and(|m| m.get("exportlens").is_some_and(|v| !v.is_null()));
    if has_section {
        apply(backend, &params.settings).await;
    } else {
        pull(backend).await;
    }
}

/// Ask the client for the `exportlens` section and apply it.
pub(crate) async fn pull(backend: &Backend) {
    if !backend.pull_config.load(Ordering::SeqCst) {
        return;
    }
    let items = vec![ConfigurationItem {
        scope_uri: None,
        section: Some("exportlens".into()),
    }];
    match backend.client.configuration(items).await {
        Ok(values) => {
            let value = values.into_iter().next().unwrap_or(Json::Null);
            apply(backend, &value).await;
        }
        Err(e) => tracing::warn!("workspace/configuration failed: {e}"),
    }
}

async fn apply(backend: &Backend, value: &Json) {
    let old = backend.state.config();
    let (new, warnings) = old.merged(value);
    backend.warn(&warnings).await;
    if new != old {
        tracing::info!("configuration changed: {new:?}");
        backend.state.set_config(new);
        backend.state.reanalyze_all();
        if !backend.state.push() && backend.diagnostic_refresh.load(Ordering::SeqCst) {
            let _ = backend.client.workspace_diagnostic_refresh().await;
        }
        let _ = backend.client.inlay_hint_refresh().await;
    }
}
