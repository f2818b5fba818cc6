//! `check` on a model file without an export entry point: each module
//! class is traced on assumed inputs and constructor arguments (as the
//! editor does), and what fails whatever was assumed is a warning naming
//! the assumption; exit 0; `modules = false` and suppression comments
//! silence it.

use crate::common;

use common::{exportlens, workspace};

/// A reusable block as people write it: constructor arguments without
/// defaults, and a branch on tensor data in `forward`.
const ATTENTION: &str = "import torch\nfrom torch import nn\n\n\nclass Attention(nn.Module):\n    def __init__(self, dim, heads=4):\n        super().__init__()\n        assert dim % heads == 0\n        self.qkv = nn.Linear(dim, dim * 3)\n        self.proj = nn.Linear(dim, dim)\n\n    def forward(self, x):\n        q, k, v = self.qkv(x).chunk(3, dim=-1)\n        y = (q @ k.transpose(-2, -1)).softmax(-1) @ v\n        if y.sum() > 0:\n            y = y * 2\n        return self.proj(y)\n";

#[test]
fn a_model_file_reports_its_data_dependent_branch_as_a_warning() {
    let dir = workspace("model_files", "attention", &[("attention.py", ATTENTION)]);
    let (out, code) = exportlens(&dir, &["check", "attention.py"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("attention.py:15:12: warning[data-dependent]"),
        "{out}"
    );
    assert!(
        out.contains("`Attention(dim=64)` (assumed dim = 64)"),
        "{out}"
    );
    // `dim` was chosen: no shape requirement that may be the choice's.
    assert!(!out.contains("shape-requirement"), "{out}");
    // Every output format carries it.
    let (json, _) = exportlens(&dir, &["check", "--output-format", "json", "attention.py"]);
    let doc: serde_json::Value = serde_json::from_str(&json).expect("json");
    let found = doc["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .any(|d| d["code"] == "data-dependent" && d["line"] == 15 && d["severity"] == "warning");
    assert!(found, "{json}");
    let (sarif, _) = exportlens(&dir, &["check", "--output-format", "sarif", "attention.py"]);
    assert!(sarif.contains("\"ruleId\": \"data-dependent\""), "{sarif}");
    let (junit, _) = exportlens(&dir, &["check", "--output-format", "junit", "attention.py"]);
    assert!(junit.contains("Attention (module) (nonstrict)"), "{junit}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A class another class of the file builds is traced through that
/// caller, with the arguments it passes (as the editor and `exportlens
/// modules` do): its failure is reported once, under the caller's
/// assumption, and nothing is assumed of its constructor.
#[test]
fn a_class_the_file_builds_is_checked_through_its_caller() {
    let text = format!(
        "{ATTENTION}\n\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.block = Attention(32, heads=8)\n\n    def forward(self, x):\n        return self.block(x)\n"
    );
    let dir = workspace("model_files", "called", &[("net.py", &text)]);
    let (out, code) = exportlens(&dir, &["check", "net.py"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("net.py:15:12: warning[data-dependent]"),
        "{out}"
    );
    assert_eq!(out.matches("warning[data-dependent]").count(), 1, "{out}");
    assert!(out.contains("assuming `Net()` called with x"), "{out}");
    assert!(!out.contains("assumed dim"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn modules_false_and_suppressions_silence_module_findings() {
    let dir = workspace(
        "model_files",
        "off",
        &[
            ("attention.py", ATTENTION),
            ("pyproject.toml", "[tool.exportlens]\nmodules = false\n"),
        ],
    );
    let (out, code) = exportlens(&dir, &["check", "attention.py"]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("data-dependent"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
    let suppressed = ATTENTION.replace(
        "if y.sum() > 0:",
        "if y.sum() > 0:  # exportlens: ignore[data-dependent]",
    );
    let dir = workspace(
        "model_files",
        "suppressed",
        &[("attention.py", &suppressed)],
    );
    let (out, code) = exportlens(&dir, &["check", "attention.py"]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("warning[data-dependent]"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A script beside the model that builds the class passes the arguments
/// the model is analysed with, resolved from its constants: nothing is
/// assumed of the constructor, so the size the first Linear requires is
/// reported too.
#[test]
fn a_script_beside_the_model_gives_the_constructor_arguments() {
    let dir = workspace(
        "model_files",
        "script",
        &[
            ("attention.py", ATTENTION),
            (
                "train.py",
                "import torch\nfrom attention import Attention\n\nWIDTH = 96\nmodel = Attention(WIDTH, heads=WIDTH // 32)\n",
            ),
        ],
    );
    let (out, code) = exportlens(&dir, &["check", "attention.py"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("attention.py:15:12: warning[data-dependent]"),
        "{out}"
    );
    assert!(
        out.contains("`Attention(dim=96, heads=3)` (as called at train.py:5)"),
        "{out}"
    );
    assert!(out.contains("requires `x.size(3) == 96`"), "{out}");
    let (modules, _) = exportlens(&dir, &["modules", "--json", "attention.py"]);
    let doc: serde_json::Value = serde_json::from_str(&modules).expect("json");
    assert_eq!(doc[0]["init"], "dim=96, heads=3", "{modules}");
    assert_eq!(doc[0]["init_assumed"], serde_json::json!([]), "{modules}");
    let _ = std::fs::remove_dir_all(&dir);
}
