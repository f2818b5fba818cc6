//! Notebook documents (LSP 3.17 notebook document sync).
//!
//! A client that syncs notebooks sends `notebookDocument/didOpen`,
//! `didChange` (cell text edits, cells added, removed or moved) and
//! `didClose`, applied in arrival order by [`crate::ordered`]. The server
//! keeps each notebook's Python cells (a [`Document`] per cell, edited
//! incrementally) and analyses the notebook as one virtual document under
//! the notebook's URI: the code cells concatenated, IPython syntax
//! rewritten line for line (the `notebook` crate). When that analysis is
//! published, its diagnostics are split by cell ([`Notebooks::split`]) and
//! published on each cell's URI (`vscode-notebook-cell:...`); a cell that
//! lost its diagnostics, or left the notebook, gets an empty list. Pull
//! clients asking for a cell's diagnostics get the same split.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use notebook::PythonText;
use tower_lsp_server::ls_types::{
    Diagnostic, DidChangeNotebookDocumentParams, DidChangeTextDocumentParams,
    DidCloseNotebookDocumentParams, DidCloseTextDocumentParams, DidOpenNotebookDocumentParams,
    DidOpenTextDocumentParams, NotebookCell, NotebookCellKind, Position,
    TextDocumentContentChangeEvent, TextDocumentIdentifier, TextDocumentItem, Uri,
    VersionedTextDocumentIdentifier,
};

use crate::analysis::FileAnalysis;
use crate::document::Document;
use crate::state::State;

/// One cell of an open notebook.
struct Cell {
    uri: Uri,
    code: bool,
    /// The cell's text, once the client has sent it (cells the notebook
    /// selector does not sync have none).
    doc: Option<Document>,
}

impl Cell {
    fn new(c: &NotebookCell) -> Cell {
        Cell {
            uri: c.document.clone(),
            code: c.kind == NotebookCellKind::CODE,
            doc: None,
        }
    }

    fn is_python(&self) -> bool {
        self.code
            && self
                .doc
                .as_ref()
                .is_some_and(|d| d.language_id.eq_ignore_ascii_case("python"))
    }
}

/// One open notebook.
struct Notebook {
    cells: Vec<Cell>,
    /// The text of the virtual document and where each cell is in it
    /// (`CellSpan::cell` indexes `cells`).
    layout: PythonText,
    /// The cells diagnostics were last published on.
    published: Vec<Uri>,
}

impl Notebook {
    fn relayout(&mut self) {
        let texts: Vec<(usize, String)> = self
            .cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.is_python())
            .filter_map(|(i, c)| Some((i, c.doc.as_ref()?.text())))
            .collect();
        self.layout = PythonText::from_cells(texts.iter().map(|(i, t)| (*i, t.as_str())));
    }

    fn open_cell_text(&mut self, item: TextDocumentItem) {
        if let Some(cell) = self.cells.iter_mut().find(|c| c.uri == item.uri) {
            cell.doc = Some(Document::new(&item.text, item.version, 0, item.language_id));
        }
    }

    /// The diagnostics of the virtual document `own` (positions in
    /// `layout.text`), per Python cell.
    fn per_cell(&self, own: &[Diagnostic]) -> Vec<(Uri, Vec<Diagnostic>)> {
        let mut out: Vec<(Uri, Vec<Diagnostic>)> = self
            .layout
            .cells
            .iter()
            .map(|s| (self.cells[s.cell].uri.clone(), Vec::new()))
            .collect();
        for d in own {
            let Some(at) = self.layout.locate(d.range.start.line) else {
                continue;
            };
            let Some(span) = self.layout.span(at.cell) else {
                continue;
            };
            let mut d = d.clone();
            let end = d.range.end.line.saturating_sub(span.first_line);
            d.range.start.line = at.line;
            d.range.end = if end < span.lines && d.range.end.line >= span.first_line {
                Position::new(end, d.range.end.character)
            } else {
                // The range runs into the next cell: one character.
                Position::new(at.line, d.range.start.character + 1)
            };
            let uri = &self.cells[at.cell].uri;
            if let Some((_, list)) = out.iter_mut().find(|(u, _)| u == uri) {
                list.push(d);
            }
        }
        out
    }
}

/// The open notebooks, by notebook URI.
#[derive(Default)]
pub struct Notebooks {
    open: Mutex<HashMap<Uri, Notebook>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Notebooks {
    /// Whether `uri` is an open notebook.
    pub fn is_notebook(&self, uri: &Uri) -> bool {
        lock(&self.open).contains_key(uri)
    }

    /// The notebook a cell URI belongs to.
    pub fn owner(&self, cell: &Uri) -> Option<Uri> {
        lock(&self.open)
            .iter()
            .find(|(_, nb)| nb.cells.iter().any(|c| c.uri == *cell))
            .map(|(uri, _)| uri.clone())
    }

    /// The diagnostics of notebook `uri` per cell, for publishing: every
    /// Python cell (an empty list for one without diagnostics) and every
    /// cell published before that is gone now (empty). `None` when `uri`
    /// is not a notebook, or `analysed` is not the notebook's current text
    /// (a newer analysis will publish).
    pub fn split(
        &self,
        uri: &Uri,
        analysed: Option<&FileAnalysis>,
        own: &[Diagnostic],
    ) -> Option<Vec<(Uri, Vec<Diagnostic>)>> {
        let mut open = lock(&self.open);
        let nb = open.get_mut(uri)?;
        if analysed.is_some_and(|a| a.rope != nb.layout.text.as_str()) {
            return Some(Vec::new());
        }
        let mut out = nb.per_cell(own);
        for gone in &nb.published {
            if !out.iter().any(|(u, _)| u == gone) {
                out.push((gone.clone(), Vec::new()));
            }
        }
        nb.published = out
            .iter()
            .filter(|(_, d)| !d.is_empty())
            .map(|(u, _)| u.clone())
            .collect();
        Some(out)
    }

    /// The diagnostics of notebook `notebook` per Python cell (for pull
    /// clients); nothing when it is not open.
    pub fn per_cell(&self, notebook: &Uri, own: &[Diagnostic]) -> Vec<(Uri, Vec<Diagnostic>)> {
        lock(&self.open)
            .get(notebook)
            .map(|nb| nb.per_cell(own))
            .unwrap_or_default()
    }

    /// The diagnostics of one cell, from its notebook's analysis (for pull
    /// clients).
    pub fn cell_diagnostics(
        &self,
        notebook: &Uri,
        cell: &Uri,
        own: &[Diagnostic],
    ) -> Vec<Diagnostic> {
        self.per_cell(notebook, own)
            .into_iter()
            .find(|(u, _)| u == cell)
            .map(|(_, d)| d)
            .unwrap_or_default()
    }
}

/// `notebookDocument/didOpen`: keep the cells, open the virtual document.
pub fn open(state: &Arc<State>, p: DidOpenNotebookDocumentParams) {
    let nb_doc = p.notebook_document;
    let mut nb = Notebook {
        cells: nb_doc.cells.iter().map(Cell::new).collect(),
        layout: PythonText::default(),
        published: Vec::new(),
    };
    for item in p.cell_text_documents {
        nb.open_cell_text(item);
    }
    nb.relayout();
    let text = nb.layout.text.clone();
    lock(&state.notebooks.open).insert(nb_doc.uri.clone(), nb);
    state.open(DidOpenTextDocumentParams {
        text_document: TextDocumentItem {
            uri: nb_doc.uri,
            language_id: "python".into(),
            version: nb_doc.version,
            text,
        },
    });
}

/// `notebookDocument/didChange`: apply cell structure, data and text
/// changes in order, then replace the virtual document's text.
pub fn change(state: &Arc<State>, p: DidChangeNotebookDocumentParams) {
    let enc = state.encoding();
    let uri = p.notebook_document.uri;
    let text = {
        let mut open = lock(&state.notebooks.open);
        let Some(nb) = open.get_mut(&uri) else {
            tracing::warn!(
                uri = uri.as_str(),
                "notebookDocument/didChange for a notebook that is not open"
            );
            return;
        };
        if let Some(cells) = p.change.cells {
            if let Some(structure) = cells.structure {
                let a = structure.array;
                let start = (a.start as usize).min(nb.cells.len());
                let end = start
                    .saturating_add(a.delete_count as usize)
                    .min(nb.cells.len());
                let new: Vec<Cell> = a.cells.iter().flatten().map(Cell::new).collect();
                nb.cells.splice(start..end, new);
                for item in structure.did_open.into_iter().flatten() {
                    nb.open_cell_text(item);
                }
                for closed in structure.did_close.into_iter().flatten() {
                    if let Some(c) = nb.cells.iter_mut().find(|c| c.uri == closed.uri) {
                        c.doc = None;
                    }
                }
            }
            for data in cells.data.into_iter().flatten() {
                if let Some(c) = nb.cells.iter_mut().find(|c| c.uri == data.document) {
                    c.code = data.kind == NotebookCellKind::CODE;
                }
            }
            for edit in cells.text_content.into_iter().flatten() {
                let cell = nb
                    .cells
                    .iter_mut()
                    .find(|c| c.uri == edit.document.uri)
                    .and_then(|c| c.doc.as_mut());
                let Some(doc) = cell else {
                    tracing::warn!(
                        uri = edit.document.uri.as_str(),
                        "text change for a cell that is not open"
                    );
                    continue;
                };
                for change in &edit.changes {
                    doc.apply_change(change, enc);
                }
                doc.version = edit.document.version;
            }
        }
        nb.relayout();
        nb.layout.text.clone()
    };
    state.change(DidChangeTextDocumentParams {
        text_document: VersionedTextDocumentIdentifier {
            uri,
            version: p.notebook_document.version,
        },
        content_changes: vec![TextDocumentContentChangeEvent {
            range: None,
            range_length: None,
            text,
        }],
    });
}

/// `notebookDocument/didClose`: forget the notebook and clear its cells'
/// diagnostics.
pub fn close(state: &Arc<State>, p: DidCloseNotebookDocumentParams) {
    let uri = p.notebook_document.uri;
    let Some(nb) = lock(&state.notebooks.open).remove(&uri) else {
        return;
    };
    state.close(DidCloseTextDocumentParams {
        text_document: TextDocumentIdentifier { uri },
    });
    let mut cells: Vec<Uri> = nb.cells.into_iter().map(|c| c.uri).collect();
    for gone in nb.published {
        if !cells.contains(&gone) {
            cells.push(gone);
        }
    }
    if state.push()
        && let Some(client) = state.client.get().cloned()
    {
        tokio::spawn(async move {
            for cell in cells {
                client.publish_diagnostics(cell, Vec::new(), None).await;
            }
        });
    }
}
