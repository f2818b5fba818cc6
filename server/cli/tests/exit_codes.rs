//! `check`'s exit status, as ruff's: 0 when nothing fails to export
//! (analysis-incomplete and information diagnostics included), 1 when an
//! entry fails or a file has a syntax error, 2 for usage and configuration
//! errors; `--exit-zero` turns 1 into 0, never 2. And where a syntax error
//! is reported.

use crate::common;

use common::{BRANCH, CLEAN, exportlens, run, workspace};

const UNKNOWN_LIBRARY: &str = "import torch\nimport not_installed_anywhere\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return not_installed_anywhere.scale(x)\n\n\nmodel = M()\nexample_args = (torch.randn(3),)\n";
const MISSING_COLON: &str =
    "import torch.nn as nn\n\nclass A(nn.Module)\n    def forward(self, x):\n        return x\n";

#[test]
fn a_clean_export_exits_0_and_a_failing_one_1_unless_exit_zero() {
    let dir = workspace(
        "exit",
        "verdicts",
        &[("clean.py", CLEAN), ("branch.py", BRANCH)],
    );
    assert_eq!(exportlens(&dir, &["check", "clean.py"]).1, 0);
    let (out, code) = exportlens(&dir, &["check", "branch.py"]);
    assert_eq!(code, 1, "{out}");
    let (out, code) = exportlens(&dir, &["check", "--exit-zero", "branch.py"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("error[data-dependent]"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analysis_incomplete_exits_0_unless_strict_analysis() {
    let dir = workspace("exit", "incomplete", &[("m.py", UNKNOWN_LIBRARY)]);
    let (out, code) = exportlens(&dir, &["check", "m.py"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning[analysis-incomplete]"), "{out}");
    let (out, code) = exportlens(&dir, &["check", "--strict-analysis", "m.py"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("error[analysis-incomplete]"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_syntax_error_exits_1_at_the_missing_colon() {
    let dir = workspace("exit", "syntax", &[("bad.py", MISSING_COLON)]);
    let (out, code) = exportlens(&dir, &["check", "--output-format", "concise", "bad.py"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("bad.py:3:19: error[syntax] expected `:`\n"),
        "{out}"
    );
    let (out, _) = exportlens(&dir, &["check", "bad.py"]);
    assert!(
        out.contains("  3 | class A(nn.Module)\n    |                   ^\n"),
        "{out}"
    );
    // A suppression comment cannot hide a syntax error.
    let dir2 = workspace(
        "exit",
        "syntax-suppressed",
        &[(
            "bad.py",
            "import torch.nn as nn\n\nclass A(nn.Module)  # exportlens: ignore\n    def forward(self, x):\n        return x\n",
        )],
    );
    assert_eq!(exportlens(&dir2, &["check", "bad.py"]).1, 1);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}

#[test]
fn usage_and_configuration_errors_exit_2_even_with_exit_zero() {
    let dir = workspace(
        "exit",
        "usage",
        &[
            ("m.py", CLEAN),
            ("bad/exportlens.toml", "modee = \"strict\"\n"),
            ("bad/m.py", CLEAN),
        ],
    );
    for args in [
        &["check", "--no-such-flag", "m.py"][..],
        &["check", "--output-format", "xml", "m.py"],
        &["check", "--exit-zero", "missing.py"],
        &["check", "--exit-zero", "--config", "nope.toml", "m.py"],
        &["check", "--exit-zero", "bad/m.py"],
        &["rule", "E501"],
    ] {
        let r = run(&dir, args, &[]);
        assert_eq!(r.code, 2, "{args:?}: {}{}", r.stdout, r.stderr);
        assert!(!r.stderr.is_empty(), "{args:?}: says why");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
