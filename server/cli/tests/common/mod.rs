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

/// What a run of the binary printed and returned.
pub struct Run {
    pub stdout: String,
    /// Read by the suites that check what goes to stderr only.
    #[allow(dead_code)]
    pub stderr: String,
    pub code: i32,
}

/// Run the binary in `cwd`, outside any Python environment the test runner
/// may have activated (no `VIRTUAL_ENV`, `CONDA_PREFIX`, nor a `python3` on
/// `PATH`) but with `vars` set.
pub fn run(cwd: &Path, args: &[&str], vars: &[(&str, &std::ffi::OsStr)]) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_exportlens"));
    cmd.args(args)
        .current_dir(cwd)
        .env_remove("EXPORTLENS_LOG")
        .env_remove("VIRTUAL_ENV")
        .env_remove("CONDA_PREFIX")
        .env("PATH", "")
        .stdin(Stdio::null());
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run exportlens");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
    }
}

/// [`run`] without variables: stdout and the exit code.
#[allow(dead_code)] // not every suite uses it
pub fn exportlens(cwd: &Path, args: &[&str]) -> (String, i32) {
    let r = run(cwd, args, &[]);
    (r.stdout, r.code)
}

/// A model whose `forward` branches on tensor data (line 6, column 12):
/// GB0170 in strict mode, a data-dependent failure in non-strict mode.
#[allow(dead_code)] // not every suite uses it
pub const BRANCH: &str = "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n            return x + 1\n        return x - 1\n\n\nmodel = M()\nexample_args = (torch.randn(3),)\n";

/// A model that exports in both modes (its entry on line 9).
#[allow(dead_code)] // not every suite uses it
pub const CLEAN: &str = "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x + 1\n\n\nmodel = M()\nexample_args = (torch.randn(3),)\n";
