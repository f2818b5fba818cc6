//! Jupyter notebooks in `check`: a `.ipynb` file is read with the
//! `notebook` crate and analysed as the Python text of its code cells;
//! once the file's diagnostics are filtered and suppressed (suppression
//! comments work inside cells: the text keeps every cell line as written),
//! their positions are moved from lines of that text to lines of cells
//! ([`map_to_cells`]). A notebook that is not valid nbformat 4 JSON is one
//! `invalid-notebook` error at the JSON's line and column; a notebook of
//! another kernel language is not checked (an info diagnostic says so).

use std::path::Path;

use std::sync::Arc;

use anyhow::{Context, Result, bail};
use diagnostics::files::{line_span, nonempty};
use notebook::{Notebook, PythonText};
use syntax::TextRange;
use tracer::SourceFile;

use crate::fix::Original;
use crate::report::{Diagnostic, Report};

/// What `check` analyses for one file.
pub enum Source {
    /// A Python file's bytes and text.
    Python(Original),
    /// A notebook's code cells as one text.
    Notebook(PythonText),
    /// Nothing to analyse: this diagnostic says why.
    Unchecked(Diagnostic),
}

/// Whether `path` names a notebook.
pub fn is_notebook(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()) == Some("ipynb")
}

/// Reads a file `check` was given or found: Python files as
/// [`crate::analyze::read_source_bytes`] reads them, notebooks parsed.
pub fn read(path: &Path) -> Result<Source> {
    if !is_notebook(path) {
        return crate::analyze::read_source_bytes(path).map(|b| Source::Python(Original::new(b)));
    }
    if std::fs::metadata(path).is_ok_and(|meta| !meta.is_file()) {
        bail!(
            "{} is not a regular file (a fifo, socket or device): not read",
            path.display()
        );
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let json = String::from_utf8_lossy(&bytes);
    let shown = path.display().to_string();
    // Not Python: the JSON's lines, for locating its problems.
    let file = Arc::new(SourceFile {
        path: shown.clone(),
        index: syntax::LineIndex::new(&json),
        text: json.into_owned(),
        module: syntax::ast::Module::default(),
        syntax_errors: Vec::new(),
    });
    let unchecked = |d: diagnostics::Diagnostic| {
        Source::Unchecked(Diagnostic::located(&d, &|_| Some(file.clone())))
    };
    Ok(match Notebook::parse(&file.text) {
        Err(e) => {
            let (line, column) = e.location();
            let range = match e {
                // An unsupported version is about its line.
                notebook::NotebookError::Version { .. } => line_span(&file, line),
                _ => {
                    let line0 = line.saturating_sub(1);
                    let at = file.index.offset_utf8(line0, column.saturating_sub(1));
                    let at = at.unwrap_or(file.text.len() as u32);
                    nonempty(&file, TextRange::new(at, at))
                }
            };
            unchecked(diagnostics::build::invalid_notebook(
                &shown,
                range,
                e.to_string(),
            ))
        }
        Ok(nb) if !nb.is_python() => unchecked(diagnostics::build::not_python(
            &shown,
            nb.language.as_deref(),
        )),
        Ok(nb) => Source::Notebook(nb.python()),
    })
}

/// Moves the diagnostics from `first` on that are in the notebook `path`
/// from lines of its Python text to lines of its cells, and the entry
/// points' lines with them.
pub fn map_to_cells(report: &mut Report, first: usize, path: &str, cells: &PythonText) {
    for d in &mut report.diagnostics[first..] {
        if d.path == path && d.line > 0 {
            map_diagnostic(d, cells);
        }
        if let Some(note) = d.note.take() {
            d.note = Some(map_note(&note, path, cells));
        }
    }
    for run in report.entries.iter_mut().filter(|r| r.path == path) {
        if let Some(at) = cells.locate(run.line.saturating_sub(1)) {
            run.cell = Some(at.cell as u32 + 1);
            run.line = at.line + 1;
        }
    }
}

fn map_diagnostic(d: &mut Diagnostic, cells: &PythonText) {
    let Some(at) = cells.locate(d.line - 1) else {
        return;
    };
    let span_lines = cells.span(at.cell).map_or(1, |s| s.lines);
    let line = at.line + 1;
    let end_line = line.saturating_add(d.end_line.saturating_sub(d.line));
    if end_line > span_lines {
        // The range runs past the cell (into the next one): stop it at
        // the end of the line.
        d.end_line = line;
        d.end_col = (d.source_line.len() as u32 + 1).max(d.col + 1);
    } else {
        d.end_line = end_line;
    }
    d.line = line;
    d.cell = Some(at.cell as u32 + 1);
}

/// A note naming a place in the notebook (`nb.ipynb:12:6: export entry
/// point ...`), with that place in cell terms.
fn map_note(note: &str, path: &str, cells: &PythonText) -> String {
    let Some(rest) = note.strip_prefix(path).and_then(|r| r.strip_prefix(':')) else {
        return note.to_string();
    };
    let Some((line, rest)) = rest.split_once(':') else {
        return note.to_string();
    };
    match line
        .parse::<u32>()
        .ok()
        .and_then(|l| cells.locate(l.checked_sub(1)?))
    {
        Some(at) => format!("{path}:cell {}:{}:{rest}", at.cell + 1, at.line + 1),
        None => note.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Severity;

    /// An error on 1-based `line` of `path`, columns `col..end_col`.
    fn error_at(path: &str, line: u32, (col, end_col): (u32, u32)) -> Diagnostic {
        Diagnostic {
            path: path.into(),
            cell: None,
            line,
            col,
            end_line: line,
            end_col,
            severity: Severity::Error,
            code: "x".into(),
            message: "m".into(),
            help: None,
            source_line: String::new(),
            note: None,
            mode: None,
            entry: None,
        }
    }

    #[test]
    fn diagnostics_move_to_their_cells() {
        let cells = PythonText::from_cells([(0, "a = 1\nb = 2\n"), (2, "c = 3\nd = 4")]);
        let mut report = Report::default();
        let mut d = error_at("nb.ipynb", 4, (1, 6));
        d.note = Some("nb.ipynb:3:1: export entry point `m` reaches this".into());
        report.push(d);
        let mut across = error_at("nb.ipynb", 2, (1, 3));
        across.end_line = 3;
        across.source_line = "b = 2".into();
        report.push(across);
        report.push(error_at("m.py", 4, (1, 2)));
        map_to_cells(&mut report, 0, "nb.ipynb", &cells);
        let d = &report.diagnostics;
        assert_eq!(d[0].location(), "nb.ipynb:cell 3:2:1");
        assert_eq!(
            d[0].note.as_deref(),
            Some("nb.ipynb:cell 3:1:1: export entry point `m` reaches this")
        );
        assert_eq!(
            (d[1].cell, d[1].line, d[1].end_line, d[1].end_col),
            (Some(1), 2, 2, 6)
        );
        assert_eq!(d[2].location(), "m.py:4:1");
    }
}
