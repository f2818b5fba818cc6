//! Snapshots (insta) of what the `exportlens` binary prints: the exported
//! program of three corpus cases and `check` diagnostics for two. The
//! binary runs from `../shared/corpus` with relative paths so the output
//! holds no machine paths. Review changes with `cargo insta review`;
//! never edit a `.snap` by hand.

use std::path::PathBuf;
use std::process::{Command, Stdio};

fn corpus() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    assert!(
        dir.is_dir(),
        "the shared corpus is missing at {}",
        dir.display()
    );
    dir
}

/// Run the binary in the corpus folder; stdout, then the exit code.
fn exportlens(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_exportlens"))
        .args(args)
        .current_dir(corpus())
        .env_remove("EXPORTLENS_LOG")
        .stdin(Stdio::null())
        .output()
        .expect("run exportlens");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.trim().is_empty(),
        "exportlens {args:?} wrote to stderr:\n{stderr}"
    );
    format!(
        "{}\n[exit code: {}]\n",
        String::from_utf8_lossy(&out.stdout),
        out.status.code().map_or("signal".into(), |c| c.to_string())
    )
}

#[test]
fn export_dynamic_model_guards() {
    insta::assert_snapshot!(
        "export_dynamic_model_guards",
        exportlens(&["export", "tutorial/dynamic_model_guards.py"])
    );
}

#[test]
fn export_cnn_residual_downsample_strict() {
    insta::assert_snapshot!(
        "export_cnn_residual_downsample_strict",
        exportlens(&["export", "--strict", "models/cnn_residual_downsample.py"])
    );
}

#[test]
fn export_cond_branch_class_method() {
    insta::assert_snapshot!(
        "export_cond_branch_class_method",
        exportlens(&["export", "exportdb/cond_branch_class_method.py"])
    );
}

#[test]
fn check_data_dependent_if() {
    insta::assert_snapshot!(
        "check_data_dependent_if",
        exportlens(&["check", "--both", "tutorial/break_data_dependent_if.py"])
    );
}

#[test]
fn check_constraint_violation_fixes() {
    insta::assert_snapshot!(
        "check_constraint_violation_fixes",
        exportlens(&["check", "tutorial/constraint_violation_fixes.py"])
    );
}
