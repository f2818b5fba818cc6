//! Jupyter notebooks as one Python file.
//!
//! A notebook (nbformat 4 JSON: `cells[].cell_type`, `cells[].source` as a
//! string or a list of strings) is checked as the concatenation of its code
//! cells, in order; markdown and raw cells contribute nothing. IPython
//! syntax that is not Python (line magics `%time f()`, shell escapes
//! `!pip install x`, help `obj?`, cell magics `%%bash`) is rewritten line
//! for line by [`magics::python_lines`], so that line `k` of a cell is
//! line `first_line + k` of the text. [`PythonText::locate`] maps a line
//! of the text back to its cell and the line within it.
//!
//! The language server builds the same text from the cells a client syncs
//! ([`PythonText::from_cells`]); the CLI reads the file
//! ([`Notebook::parse`]). Parsing never panics: a malformed notebook is a
//! [`NotebookError`] with the line and column where the JSON went wrong.

pub mod magics;

use serde::Deserialize;

/// What kind of cell a notebook cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    Code,
    Markdown,
    Raw,
}

/// One cell of a notebook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub kind: CellKind,
    pub source: String,
}

/// A parsed notebook: its cells in order and the kernel's language, when
/// the metadata names one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notebook {
    pub cells: Vec<Cell>,
    /// `metadata.language_info.name`, else `metadata.kernelspec.language`.
    pub language: Option<String>,
}

/// Why a notebook could not be read. Lines and columns are 1-based
/// positions in the notebook's JSON text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotebookError {
    /// Not JSON, or JSON without the shape of a notebook.
    #[error("invalid notebook: {message}")]
    Json {
        line: u32,
        column: u32,
        message: String,
    },
    /// A notebook in a format older than nbformat 4.
    #[error(
        "unsupported notebook format: nbformat {version} (exportlens reads nbformat 4; convert it with `jupyter nbconvert --to notebook`)"
    )]
    Version { line: u32, version: u64 },
}

impl NotebookError {
    /// Where in the JSON text the problem is (1-based line and column).
    pub fn location(&self) -> (u32, u32) {
        match self {
            NotebookError::Json { line, column, .. } => (*line, *column),
            NotebookError::Version { line, .. } => (*line, 1),
        }
    }
}

/// The JSON of a notebook, as far as checking needs it.
#[derive(Deserialize)]
struct RawNotebook {
    cells: Vec<RawCell>,
    #[serde(default)]
    metadata: serde_json::Value,
    #[serde(default)]
    nbformat: Option<u64>,
}

/// Just the format version, to recognise older notebooks.
#[derive(Deserialize)]
struct VersionOnly {
    #[serde(default)]
    nbformat: Option<u64>,
}

#[derive(Deserialize)]
struct RawCell {
    cell_type: String,
    #[serde(default)]
    source: RawSource,
}

/// `source`: one string, or the lines as a list of strings.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawSource {
    One(String),
    Lines(Vec<String>),
}

impl Default for RawSource {
    fn default() -> Self {
        RawSource::One(String::new())
    }
}

impl Notebook {
    /// Parses a notebook's JSON text.
    pub fn parse(json: &str) -> Result<Notebook, NotebookError> {
        let json = json.strip_prefix('\u{feff}').unwrap_or(json);
        let old_version = |nbformat: Option<u64>| {
            nbformat
                .filter(|v| *v < 4)
                .map(|version| NotebookError::Version {
                    line: line_of(json, "\"nbformat\""),
                    version,
                })
        };
        let raw: RawNotebook = match serde_json::from_str(json) {
            Ok(raw) => raw,
            Err(e) => {
                // An older format has another shape: say so rather than
                // what is missing.
                let version = serde_json::from_str::<VersionOnly>(json).ok();
                return Err(old_version(version.and_then(|v| v.nbformat)).unwrap_or(
                    NotebookError::Json {
                        line: u32::try_from(e.line()).unwrap_or(u32::MAX).max(1),
                        column: u32::try_from(e.column()).unwrap_or(u32::MAX).max(1),
                        message: without_position(&e),
                    },
                ));
            }
        };
        if let Some(e) = old_version(raw.nbformat) {
            return Err(e);
        }
        let cells = raw
            .cells
            .into_iter()
            .map(|c| Cell {
                kind: match c.cell_type.as_str() {
                    "code" => CellKind::Code,
                    "markdown" => CellKind::Markdown,
                    _ => CellKind::Raw,
                },
                source: match c.source {
                    RawSource::One(s) => s,
                    RawSource::Lines(lines) => lines.concat(),
                },
            })
            .collect();
        let language = ["language_info/name", "kernelspec/language"]
            .iter()
            .find_map(|p| {
                let mut v = &raw.metadata;
                for key in p.split('/') {
                    v = v.get(key)?;
                }
                v.as_str().map(str::to_string)
            });
        Ok(Notebook { cells, language })
    }

    /// Whether the kernel runs Python (or the metadata does not say).
    pub fn is_python(&self) -> bool {
        self.language
            .as_deref()
            .is_none_or(|l| l.eq_ignore_ascii_case("python") || l.starts_with("python"))
    }

    /// The Python text of the code cells.
    pub fn python(&self) -> PythonText {
        PythonText::from_cells(
            self.cells
                .iter()
                .enumerate()
                .filter(|(_, c)| c.kind == CellKind::Code)
                .map(|(i, c)| (i, c.source.as_str())),
        )
    }
}

/// serde_json's message without its ` at line L column C` (the error
/// carries the position).
fn without_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    text.strip_suffix(&suffix).unwrap_or(&text).to_string()
}

/// The 1-based line of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> u32 {
    let at = text.find(needle).unwrap_or(0);
    u32::try_from(text[..at].matches('\n').count() + 1).unwrap_or(u32::MAX)
}

/// Where one cell's lines are in a [`PythonText`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellSpan {
    /// The cell's position among the cells given (for a notebook file:
    /// among all its cells, markdown included), 0-based.
    pub cell: usize,
    /// The 0-based line of the text where the cell starts.
    pub first_line: u32,
    /// How many lines the cell has (0 for an empty cell).
    pub lines: u32,
}

/// A position inside a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellPosition {
    /// The cell, as in [`CellSpan::cell`].
    pub cell: usize,
    /// 0-based line within the cell.
    pub line: u32,
}

/// Code cells concatenated into one Python text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PythonText {
    pub text: String,
    /// One span per cell given, in order.
    pub cells: Vec<CellSpan>,
}

impl PythonText {
    /// Concatenates the cells (each with its position, and its source as
    /// the user wrote it), each ending with a newline, IPython syntax
    /// rewritten ([`magics::python_lines`]).
    pub fn from_cells<'a>(cells: impl IntoIterator<Item = (usize, &'a str)>) -> PythonText {
        let mut out = PythonText::default();
        let mut line = 0u32;
        for (cell, source) in cells {
            let mut python = magics::python_lines(source);
            if !python.is_empty() && !python.ends_with('\n') {
                python.push('\n');
            }
            let lines = u32::try_from(python.matches('\n').count()).unwrap_or(u32::MAX);
            out.cells.push(CellSpan {
                cell,
                first_line: line,
                lines,
            });
            line = line.saturating_add(lines);
            out.text.push_str(&python);
        }
        out
    }

    /// The cell and line within it of `line` (0-based) of the text. A line
    /// past the end (an error at the end of the file) is placed on the
    /// last line of the last non-empty cell; `None` when no cell has a line.
    pub fn locate(&self, line: u32) -> Option<CellPosition> {
        let span = self
            .cells
            .iter()
            .filter(|s| s.lines > 0)
            .take_while(|s| s.first_line <= line)
            .last()
            .or_else(|| self.cells.iter().find(|s| s.lines > 0))?;
        let within = line.saturating_sub(span.first_line).min(span.lines - 1);
        Some(CellPosition {
            cell: span.cell,
            line: within,
        })
    }

    /// The span of the cell at position `cell`, if it was given.
    pub fn span(&self, cell: usize) -> Option<&CellSpan> {
        self.cells.iter().find(|s| s.cell == cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NB: &str = r##"{
 "cells": [
  {"cell_type": "markdown", "metadata": {}, "source": ["# Title\n", "text"]},
  {"cell_type": "code", "metadata": {}, "execution_count": 1, "outputs": [],
   "source": ["import torch\n", "%matplotlib inline\n", "x = 1"]},
  {"cell_type": "code", "metadata": {}, "outputs": [], "source": ""},
  {"cell_type": "raw", "metadata": {}, "source": "raw text"},
  {"cell_type": "code", "metadata": {}, "outputs": [], "source": "y = x\nz = y\n"}
 ],
 "metadata": {"kernelspec": {"language": "python", "name": "python3"}},
 "nbformat": 4,
 "nbformat_minor": 5
}"##;

    #[test]
    fn code_cells_are_concatenated_and_lines_map_back() {
        let nb = Notebook::parse(NB).unwrap();
        assert_eq!(nb.cells.len(), 5);
        assert!(nb.is_python());
        let py = nb.python();
        assert_eq!(
            py.text,
            "import torch\npass  # %matplotlib inline\nx = 1\ny = x\nz = y\n"
        );
        assert_eq!(py.locate(0), Some(CellPosition { cell: 1, line: 0 }));
        assert_eq!(py.locate(2), Some(CellPosition { cell: 1, line: 2 }));
        assert_eq!(py.locate(3), Some(CellPosition { cell: 4, line: 0 }));
        assert_eq!(py.locate(4), Some(CellPosition { cell: 4, line: 1 }));
        // Past the end: the last line of the last cell.
        assert_eq!(py.locate(9), Some(CellPosition { cell: 4, line: 1 }));
        assert_eq!(PythonText::default().locate(0), None);
    }

    #[test]
    fn malformed_notebooks_are_located_errors() {
        let err =
            Notebook::parse("{\n \"cells\": [\n  {\"cell_type\": \"code\",}\n ]\n}").unwrap_err();
        assert_eq!(err.location(), (3, 24));
        assert_eq!(err.to_string(), "invalid notebook: trailing comma");
        let err = Notebook::parse("{\"metadata\": {}}").unwrap_err();
        assert!(err.to_string().contains("missing field `cells`"), "{err}");
        let err =
            Notebook::parse("{\"cells\": [{\"cell_type\": \"code\", \"source\": 3}]}").unwrap_err();
        assert_eq!(err.location().0, 1);
        let err = Notebook::parse("{\n\"cells\": [],\n\"nbformat\": 3}").unwrap_err();
        assert_eq!(err.location(), (3, 1));
        let err = Notebook::parse("{\"worksheets\": [],\n\"nbformat\": 3}").unwrap_err();
        assert!(
            matches!(
                err,
                NotebookError::Version {
                    line: 2,
                    version: 3
                }
            ),
            "{err}"
        );
        assert!(Notebook::parse("").is_err());
        assert!(Notebook::parse("\u{feff}{\"cells\": []}").is_ok());
    }

    #[test]
    fn other_languages_are_recognised() {
        let nb = Notebook::parse(r#"{"cells": [], "metadata": {"language_info": {"name": "R"}}}"#)
            .unwrap();
        assert!(!nb.is_python());
    }
}
