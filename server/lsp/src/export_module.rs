//! "Export this module": the `exportlens.exportModule` command writes an
//! export script for the module class under the code lens (its inputs
//! from annotations, shape comments or the sizes its trace settled on, a
//! `Dim("batch")` where the batch stays free; see `export::modules`) into
//! a new file beside the model, through `workspace/applyEdit`.

use std::path::PathBuf;

use tower_lsp_server::ls_types::{
    CreateFile, CreateFileOptions, DocumentChangeOperation, DocumentChanges, OneOf,
    OptionalVersionedTextDocumentIdentifier, Position, Range, ResourceOp, TextDocumentEdit,
    TextEdit, Uri, WorkspaceEdit,
};
use tracer::{SourceFile, TraceOptions};

use crate::analysis::Snapshot;

/// The script for the class defined on `line` (1-based) of the snapshot,
/// and a path for it that no file has yet. Blocking.
pub fn script(snap: &Snapshot, line: u32) -> Option<(PathBuf, String)> {
    let text = snap.rope.to_string();
    let file = SourceFile::parse(&snap.path, &text);
    let imports = snap.imports.clone();
    let options = |p: &std::path::Path| TraceOptions {
        budget: snap.config.budget(),
        workspace: imports.as_ref().map(|i| i.workspace(p)),
        ..TraceOptions::default()
    };
    let is_package = |d: &std::path::Path| match &imports {
        Some(i) => (i.read)(&d.join("__init__.py")).is_some(),
        None => d.join("__init__.py").is_file(),
    };
    let (path, script) = export::modules::module_script(
        &file,
        line,
        &snap.project.modules,
        &options(std::path::Path::new(&snap.path)),
        &options,
        &is_package,
    )?;
    Some((unused_path(path), script))
}

/// `export_block.py`, else `export_block_2.py`, ... : the first that does
/// not exist.
fn unused_path(path: PathBuf) -> PathBuf {
    if !path.exists() {
        return path;
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    (2..1000)
        .map(|n| path.with_file_name(format!("{stem}_{n}.py")))
        .find(|p| !p.exists())
        .unwrap_or(path)
}

/// The workspace edit that creates `uri` holding `text`.
pub fn create_file_edit(uri: &Uri, text: &str) -> WorkspaceEdit {
    let create = DocumentChangeOperation::Op(ResourceOp::Create(CreateFile {
        uri: uri.clone(),
        options: Some(CreateFileOptions {
            overwrite: Some(false),
            ignore_if_exists: Some(false),
        }),
        annotation_id: None,
    }));
    let fill = DocumentChangeOperation::Edit(TextDocumentEdit {
        text_document: OptionalVersionedTextDocumentIdentifier {
            uri: uri.clone(),
            version: None,
        },
        edits: vec![OneOf::Left(TextEdit {
            range: Range::new(Position::new(0, 0), Position::new(0, 0)),
            new_text: text.to_string(),
        })],
    });
    WorkspaceEdit {
        document_changes: Some(DocumentChanges::Operations(vec![create, fill])),
        ..WorkspaceEdit::default()
    }
}
