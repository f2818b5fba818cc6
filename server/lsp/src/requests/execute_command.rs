//! `workspace/executeCommand`: the commands behind the code lenses (show
//! the exported program, quick run, export a module into a script).

use serde_json::{Value as Json, json};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{ExecuteCommandParams, LSPAny, TextDocumentIdentifier, Uri};

use crate::analysis::{EXPORT_MODULE_COMMAND, SHOW_PROGRAM_COMMAND};
use crate::quick_run::{QUICK_RUN_COMMAND, QuickRunParams};
use crate::requests::exported_program::ExportedProgramParams;
use crate::server::Backend;

/// Runs one of the server's commands.
pub(crate) async fn handle(
    backend: &Backend,
    params: ExecuteCommandParams,
) -> Result<Option<LSPAny>> {
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
        .ok_or_else(|| Error::invalid_params("expected the document URI as the first argument"))?;
    let line = params
        .arguments
        .get(1)
        .and_then(Json::as_u64)
        .and_then(|l| u32::try_from(l).ok());
    if params.command == EXPORT_MODULE_COMMAND {
        let line = line.ok_or_else(|| {
            Error::invalid_params("expected the class's line as the second argument")
        })?;
        return export_module(backend, uri, line).await.map(Some);
    }
    if params.command == QUICK_RUN_COMMAND {
        let result = backend
            .quick_run(QuickRunParams {
                text_document: TextDocumentIdentifier { uri },
                line,
            })
            .await?;
        return Ok(Some(json!(result.text)));
    }
    let result = backend
        .exported_program(ExportedProgramParams {
            text_document: TextDocumentIdentifier { uri },
            mode: None,
            line,
        })
        .await?;
    Ok(Some(json!(result.text)))
}

/// "Export this module": write the export script of the class on
/// `line` into a new file (`workspace/applyEdit`); answers with the
/// file's path and text, and whether the client applied the edit.
async fn export_module(backend: &Backend, uri: Uri, line: u32) -> Result<LSPAny> {
    let Some(snap) = backend.state.snapshot(&uri) else {
        return Err(Error::invalid_params(format!(
            "{} is not open",
            uri.as_str()
        )));
    };
    let made = backend
        .state
        .on_analyst(&uri, move || crate::export_module::script(&snap, line))
        .await
        .ok_or_else(|| {
            tracing::error!("export-module worker failed");
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
    let applied = match backend.client.apply_edit(edit).await {
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
