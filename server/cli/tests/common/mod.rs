//! Helpers shared by the CLI integration tests: a temporary workspace and
//! a run of the built binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A fresh folder (unique to this test binary's `suite` and `name`) with
/// `files` written in it.
pub fn workspace(suite: &str, name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("exportlens-{suite}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().expect("a parent")).expect("create folder");
        std::fs::write(&p, text).expect("write file");
    }
    dir
}

/// Run the binary in `cwd`, outside any Python environment the test runner
/// may have activated: stdout and the exit code.
pub fn exportlens(cwd: &Path, args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_exportlens"))
        .args(args)
        .current_dir(cwd)
        .env_remove("EXPORTLENS_LOG")
        .env_remove("VIRTUAL_ENV")
        .env_remove("CONDA_PREFIX")
        .stdin(Stdio::null())
        .output()
        .expect("run exportlens");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}
