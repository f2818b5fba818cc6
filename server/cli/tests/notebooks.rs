//! Jupyter notebooks in `check`: code cells checked as one file,
//! diagnostics placed in their cell (`nb.ipynb:cell 3:3:12`) in every
//! output format, IPython magics, suppressions inside cells, folder walks,
//! and malformed notebooks as located errors.

use crate::common;

use common::{exportlens, workspace};
use serde_json::{Value, json};

/// A notebook with these cells (`("code" | "markdown" | "raw", source)`),
/// each source given as nbformat's list of lines.
fn notebook(cells: &[(&str, &str)]) -> String {
    let cells: Vec<Value> = cells
        .iter()
        .map(|(kind, source)| {
            let lines: Vec<&str> = source.split_inclusive('\n').collect();
            let mut cell = json!({"cell_type": kind, "metadata": {}, "source": lines});
            if *kind == "code" {
                cell["outputs"] = json!([]);
                cell["execution_count"] = Value::Null;
            }
            cell
        })
        .collect();
    serde_json::to_string_pretty(&json!({
        "cells": cells,
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }))
    .expect("serialisable")
}

/// The model class, its forward branching on data on the cell's line 3
/// (column 12).
const MODEL_CELL: &str = "class M(torch.nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n            return x + 1\n        return x - 1\n";

/// A notebook whose third cell (after a markdown cell and the imports)
/// holds the data-dependent branch; `magics` go in the imports cell.
fn branch_notebook(magics: &str, branch_suffix: &str) -> String {
    let model = MODEL_CELL.replace("> 0:\n", &format!("> 0:{branch_suffix}\n"));
    notebook(&[
        ("markdown", "# Exporting M\n\nSome text.\n"),
        ("code", &format!("{magics}import torch")),
        ("code", &model),
        ("markdown", "Export it:"),
        ("code", "model = M()\nexample_args = (torch.randn(3),)"),
    ])
}

fn check(name: &str, files: &[(&str, &str)], args: &[&str]) -> (String, i32) {
    let dir = workspace("notebooks", name, files);
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    let out = exportlens(&dir, &all);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn a_failure_in_cell_3_is_reported_on_that_cell_line() {
    let nb = branch_notebook("", "");
    let (out, code) = check("cell3", &[("nb.ipynb", &nb)], &["--both", "nb.ipynb"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("nb.ipynb:cell 3:3:12: error[GB0170]"),
        "strict: {out}"
    );
    assert!(
        out.contains("nb.ipynb:cell 3:3:12: error[data-dependent]"),
        "non-strict: {out}"
    );
    // The source line shown is the cell's, numbered within the cell.
    assert!(out.contains("  3 |         if x.sum() > 0:"), "{out}");
    assert!(out.contains("1 file(s) checked: 2 error(s)"), "{out}");
}

#[test]
fn machine_formats_carry_the_cell() {
    let nb = branch_notebook("", "");
    let files = [("nb.ipynb", nb.as_str())];
    let (out, code) = check("json", &files, &["--output-format", "json", "nb.ipynb"]);
    assert_eq!(code, 1, "{out}");
    let doc: Value = serde_json::from_str(&out).expect("json");
    let d = &doc["diagnostics"][0];
    assert_eq!(
        (
            &d["file"],
            &d["cell"],
            &d["line"],
            &d["column"],
            &d["end_line"]
        ),
        (
            &json!("nb.ipynb"),
            &json!(3),
            &json!(3),
            &json!(12),
            &json!(3)
        ),
        "{out}"
    );
    let (out, _) = check("sarif", &files, &["--output-format", "sarif", "nb.ipynb"]);
    let doc: Value = serde_json::from_str(&out).expect("sarif");
    let result = &doc["runs"][0]["results"][0];
    assert_eq!(result["properties"]["cell"], json!(3), "{out}");
    let region = &result["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (&region["startLine"], &region["startColumn"]),
        (&json!(3), &json!(12))
    );
    let (out, _) = check("github", &files, &["--output-format", "github", "nb.ipynb"]);
    assert!(
        out.starts_with("::error file=nb.ipynb,line=3,col=12,")
            && out.contains("::cell 3: this Python decision"),
        "{out}"
    );
    let (out, _) = check("junit", &files, &["--output-format", "junit", "nb.ipynb"]);
    assert!(
        out.contains("nb.ipynb:cell 3:3:12: this Python decision"),
        "{out}"
    );
    assert!(
        out.contains(r#"file="nb.ipynb" line="1""#),
        "the entry's cell line: {out}"
    );
}

#[test]
fn magics_do_not_break_parsing() {
    let magics =
        "%matplotlib inline\n%load_ext autoreload\n!pip install torch\nfiles = !ls\ntorch?\n";
    let nb = notebook(&[
        ("code", &format!("{magics}import torch")),
        (
            "code",
            "%%time\nclass M(torch.nn.Module):\n    def forward(self, x):\n        %time y = x\n        return x + 1\n",
        ),
        ("code", "%%bash\necho 'not python (\n"),
        ("code", "model = M()\nexample_args = (torch.randn(3),)\n"),
    ]);
    let (out, code) = check("magics", &[("nb.ipynb", &nb)], &["--both", "nb.ipynb"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("1 file(s) checked: 0 error(s), 0 other"),
        "{out}"
    );
}

#[test]
fn a_syntax_error_is_located_in_its_cell() {
    // A module notebook: text naming neither a module nor an export is
    // not parsed at all (`check`'s pre-filter).
    let nb = notebook(&[
        ("code", "import torch\nfrom torch.nn import Module\n"),
        ("code", "x = 1\ndef f(:\n    pass\n"),
    ]);
    let (out, code) = check(
        "syntax",
        &[("nb.ipynb", &nb)],
        &["--output-format", "concise", "nb.ipynb"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("nb.ipynb:cell 2:2:"), "{out}");
    assert!(out.contains("error[syntax]"), "{out}");
}

#[test]
fn suppressions_work_inside_cells() {
    let nb = branch_notebook("", "  # exportlens: ignore[GB0170, data-dependent]");
    let (out, code) = check(
        "suppressed",
        &[("nb.ipynb", &nb)],
        &["--both", "--report-unused-suppressions", "nb.ipynb"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("0 error(s), 0 other"), "{out}");
    let nb = branch_notebook("", "  # exportlens: ignore[GB0170]");
    let (out, code) = check(
        "half-suppressed",
        &[("nb.ipynb", &nb)],
        &["--both", "--output-format", "concise", "nb.ipynb"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(!out.contains("GB0170"), "{out}");
    assert!(
        out.contains("nb.ipynb:cell 3:3:12: error[data-dependent]"),
        "{out}"
    );
}

#[test]
fn folder_walks_include_notebooks() {
    let nb = branch_notebook("", "");
    let (out, code) = check(
        "walk",
        &[
            ("proj/nb.ipynb", &nb),
            ("proj/.ipynb_checkpoints/nb-checkpoint.ipynb", "{"),
            ("proj/m.py", common::CLEAN),
        ],
        &["--output-format", "concise", "proj"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("proj/nb.ipynb:cell 3:3:12: error[data-dependent]"),
        "{out}"
    );
    assert!(out.contains("2 file(s) checked"), "{out}");
}

#[test]
fn malformed_notebooks_are_located_errors() {
    let broken = "{\n \"cells\": [\n  {\"cell_type\": \"code\", \"source\": [\"x = 1\"],}\n ]\n}\n";
    let (out, code) = check("malformed", &[("nb.ipynb", broken)], &["nb.ipynb"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with(
            "nb.ipynb:3:45: error[invalid-notebook]: invalid notebook: trailing comma\n"
        ),
        "{out}"
    );
    assert!(out.contains("  3 |   {\"cell_type\""), "{out}");
    // Truncated, empty, not a notebook's shape, an old format.
    for (name, text, expected) in [
        (
            "truncated",
            "{\"cells\": [",
            "nb.ipynb:1:11: error[invalid-notebook]",
        ),
        ("empty", "", "nb.ipynb:1:1: error[invalid-notebook]"),
        (
            "shape",
            "{\"cells\": 3}",
            "nb.ipynb:1:11: error[invalid-notebook]",
        ),
        (
            "old",
            "{\"worksheets\": [],\n \"nbformat\": 3}",
            "nb.ipynb:2:2: error[invalid-notebook] unsupported notebook format: nbformat 3",
        ),
    ] {
        let (out, code) = check(
            name,
            &[("nb.ipynb", text)],
            &["--output-format", "concise", "nb.ipynb"],
        );
        assert_eq!(code, 1, "{name}: {out}");
        assert!(out.starts_with(expected), "{name}: {out}");
    }
    // Configuration cannot hide it, as a syntax error.
    let (out, code) = check(
        "ignored",
        &[
            ("nb.ipynb", broken),
            (
                "pyproject.toml",
                "[tool.exportlens]\nignore = [\"invalid-notebook\"]\n",
            ),
        ],
        &["nb.ipynb"],
    );
    assert_eq!(code, 1, "{out}");
}

#[test]
fn notebooks_of_other_languages_are_not_checked() {
    let nb = r#"{"cells": [{"cell_type": "code", "source": "x <- c(1, 2)"}],
        "metadata": {"kernelspec": {"language": "R", "name": "ir"}}, "nbformat": 4, "nbformat_minor": 5}"#;
    let (out, code) = check("r", &[("nb.ipynb", nb)], &["nb.ipynb"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("a notebook in R, not Python"), "{out}");
}
