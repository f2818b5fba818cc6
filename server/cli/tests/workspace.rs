//! `exportlens check`/`export` on a temporary workspace: a model imported
//! from another file (failure printed in that file, with a note at the
//! export call), packages with relative imports, `import pkg.mod as L`,
//! and an entry file inside a package.

use crate::common;

use common::{exportlens, workspace};

const MODELS: &str = "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        y = x * 2\n        if y.sum() > 0:\n            return y\n        return -y\n";

#[test]
fn failure_in_an_imported_model_is_printed_in_its_file() {
    let dir = workspace(
        "ws",
        "failure",
        &[
            ("models.py", MODELS),
            (
                "export_model.py",
                "import torch\nfrom models import M\n\nep = torch.export.export(M(), (torch.randn(3, 4),), strict=True)\n",
            ),
        ],
    );
    let (out, code) = exportlens(&dir, &["check", "export_model.py"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("models.py:7:12: error[GB0170]: data-dependent branching"),
        "{out}"
    );
    assert!(out.contains("  7 |         if y.sum() > 0:\n"), "{out}");
    assert!(
        out.contains("= note: export_model.py:4:6: export entry point `torch.export.export(M()"),
        "{out}"
    );
    assert!(!out.contains("incomplete"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn packages_resolve_from_any_current_directory() {
    let dir = workspace(
        "ws",
        "packages",
        &[
            ("proj/mypkg/__init__.py", ""),
            (
                "proj/mypkg/blocks.py",
                "import torch\n\nclass ResBlock(torch.nn.Module):\n    def __init__(self, n):\n        super().__init__()\n        self.lin = torch.nn.Linear(n, n)\n\n    def forward(self, x):\n        return x + self.lin(x)\n",
            ),
            (
                "proj/mypkg/layers.py",
                "import torch\nfrom .blocks import ResBlock\n\ndef make(n):\n    return torch.nn.Sequential(ResBlock(n), torch.nn.Linear(n, 2))\n",
            ),
            (
                "proj/export_model.py",
                "import torch\nimport mypkg.layers as L\n\nep = torch.export.export(L.make(4), (torch.randn(3, 4),))\n",
            ),
            ("proj/mypkg/sub/__init__.py", ""),
            (
                "proj/mypkg/sub/run.py",
                "import torch\nfrom mypkg.blocks import ResBlock\n\nep = torch.export.export(ResBlock(4), (torch.randn(3, 4),))\n",
            ),
        ],
    );
    for entry in ["proj/export_model.py", "proj/mypkg/sub/run.py"] {
        let (out, code) = exportlens(&dir, &["check", entry]);
        assert_eq!(code, 0, "{entry}: {out}");
        assert!(!out.contains("incomplete"), "{entry}: {out}");
    }
    let (out, code) = exportlens(&dir, &["export", "proj/export_model.py"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("# File: proj/mypkg/blocks.py:9 in forward, code: return x + self.lin(x)"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

const UNFOLLOWED_LIBRARY: &str = "import torch\nimport not_installed_lib\n\nmodel = not_installed_lib.build(10)\nexample_args = (torch.randn(1, 3),)\n";

#[test]
fn analysis_incomplete_is_a_warning_unless_strict_analysis() {
    let dir = workspace("ws", "incomplete", &[("m.py", UNFOLLOWED_LIBRARY)]);
    let (out, code) = exportlens(&dir, &["check", "m.py"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("m.py:4:1: warning[analysis-incomplete]: analysis incomplete"),
        "{out}"
    );
    assert!(out.contains("0 error(s)"), "{out}");
    let (out, code) = exportlens(&dir, &["check", "--strict-analysis", "m.py"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("m.py:4:1: error[analysis-incomplete]"),
        "{out}"
    );
}

#[test]
fn analysis_incomplete_has_no_verdict_in_the_report() {
    let dir = workspace("ws", "incomplete-json", &[("m.py", UNFOLLOWED_LIBRARY)]);
    let (out, code) = exportlens(&dir, &["export", "--json", "m.py"]);
    assert_eq!(code, 0, "{out}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON report");
    for mode in ["strict", "nonstrict"] {
        let run = &doc["entries"][0]["runs"][mode];
        assert!(run["ok"].is_null(), "{run}");
        assert_eq!(run["error_category"], "incomplete", "{run}");
        assert_eq!(run["incomplete"]["line"], 4, "{run}");
    }
}

#[test]
fn installed_packages_resolve_through_the_environment() {
    let dir = workspace(
        "ws",
        "venv",
        &[
            (".venv/pyvenv.cfg", "version = 3.11.7\n"),
            (
                ".venv/lib/python3.11/site-packages/fakelib/__init__.py",
                "from .layers import Double\n",
            ),
            (
                ".venv/lib/python3.11/site-packages/fakelib/layers.py",
                "import torch\n\nclass Double(torch.nn.Module):\n    def forward(self, x):\n        return x * 2\n",
            ),
            (
                "proj/m.py",
                "import torch\nfrom fakelib import Double\nmodel = Double()\nexample_args = (torch.randn(2, 3),)\n",
            ),
        ],
    );
    let proj = dir.join("proj");
    let (out, code) = exportlens(&proj, &["export", "--json", "m.py"]);
    assert_eq!(code, 0, "{out}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON report");
    assert_eq!(doc["entries"][0]["runs"]["nonstrict"]["ok"], true, "{out}");
    let (env, _) = exportlens(&proj, &["env", "m.py"]);
    assert!(env.starts_with("environment from .venv at "), "{env}");
    // `--python` elsewhere: the package is not found, the verdict is
    // "analysis incomplete", not an export failure.
    let (out, code) = exportlens(
        &proj,
        &[
            "--python",
            "/nonexistent/bin/python",
            "export",
            "--json",
            "m.py",
        ],
    );
    assert_eq!(code, 0, "{out}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON report");
    assert!(
        doc["entries"][0]["runs"]["nonstrict"]["ok"].is_null(),
        "{out}"
    );
}
