//! Jupyter notebooks in `check`: a `.ipynb` file is read with the
//! `notebook` crate and analysed as the Python text of its code cells;
//! once the file's diagnostics are filtered and suppressed (suppression
//! comments work inside cells: the text keeps every cell line as written),
//! their positions are moved from lines of that text to lines of cells
//! ([`map_to_cells`]). A notebook that is not valid nbformat 4 JSON is one
//! `invalid-notebook` error at the JSON's line and column; a notebook of
//! another kernel language is not checked (an info diagnostic says so).

use std::path::Path;

use anyhow::{Context, Result, bail};
use notebook::{Notebook, PythonText};

use crate::fix::Original;
use crate::report::{Diagnostic, Report, Severity};

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
    Ok(match Notebook::parse(&json) {
        Err(e) => {
            let (line, column) = e.location();
            let mut d = Diagnostic::on_line(
                shown,
                line,
                (column, column + 1),
                Severity::Error,
                "invalid-notebook",
                e.to_string(),
            );
            d.source_line = json
                .lines()
                .nth(line.saturating_sub(1) as usize)
                .unwrap_or("")
                .trim_end()
                .to_string();
            Source::Unchecked(d)
        }
        Ok(nb) if !nb.is_python() => Source::Unchecked(Diagnostic::on_line(
            shown,
            0,
            (0, 0),
            Severity::Info,
            "no-entry",
            format!(
                "a notebook in {}, not Python: nothing to check",
                nb.language.as_deref().unwrap_or("another language")
            ),
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

    #[test]
    fn diagnostics_move_to_their_cells() {
        let cells = PythonText::from_cells([(0, "a = 1\nb = 2\n"), (2, "c = 3\nd = 4")]);
        let mut report = Report::default();
        let mut d = Diagnostic::on_line("nb.ipynb", 4, (1, 6), Severity::Error, "x", "m");
        d.note = Some("nb.ipynb:3:1: export entry point `m` reaches this".into());
        report.push(d);
        let mut across = Diagnostic::on_line("nb.ipynb", 2, (1, 3), Severity::Error, "x", "m");
        across.end_line = 3;
        across.source_line = "b = 2".into();
        report.push(across);
        report.push(Diagnostic::on_line(
            "m.py",
            4,
            (1, 2),
            Severity::Error,
            "x",
            "m",
        ));
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
