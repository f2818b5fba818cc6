//! Inputs on disk that must not hang or flood `exportlens check`: a folder
//! with a symbolic link loop, a fifo (opening it would wait for a writer),
//! a file that cannot be read, files that import themselves or each other.
//! Each gets one clear message naming the file; a generous hang guard
//! kills a run that does not end.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const HANG_GUARD: Duration = Duration::from_secs(120);

const MODEL: &str = "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x + 1\n\n\nmodel = M()\nexample_args = (torch.randn(2),)\n";

/// `exportlens ARGS` in `cwd`: (stdout, stderr, exit code), or a test
/// failure if it runs past the hang guard.
fn run_guarded(cwd: &Path, args: &[&str]) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_exportlens"))
        .args(args)
        .current_dir(cwd)
        .env("PATH", "")
        .env_remove("VIRTUAL_ENV")
        .env_remove("CONDA_PREFIX")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run exportlens");
    let started = Instant::now();
    loop {
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            panic!("exportlens {args:?} did not end within {HANG_GUARD:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("its output");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(made.success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn a_folder_with_a_link_loop_a_fifo_and_an_unreadable_file() {
    let dir = common::workspace("pathological", "folder", &[("pkg/model.py", MODEL)]);
    let pkg = dir.join("pkg");
    std::os::unix::fs::symlink("..", pkg.join("up")).expect("symlink");
    mkfifo(&pkg.join("pipe.py"));
    // A link to nothing cannot be read, whoever runs the test.
    std::os::unix::fs::symlink("missing.py", pkg.join("broken.py")).expect("symlink");
    let (stdout, stderr, code) = run_guarded(&dir, &["check", "pkg"]);
    assert!(
        stderr.contains(
            "pkg/pipe.py: warning: not a regular file (a fifo, socket or device); skipped"
        ),
        "{stderr}"
    );
    // `pkg/up` is the workspace folder, whose `pkg` is the one being walked.
    assert!(
        stderr.contains("pkg/up/pkg: warning: a symbolic link back to")
            && stderr.contains("which is already checked; not followed"),
        "{stderr}"
    );
    assert!(
        stderr.contains("pkg/broken.py: error: cannot read"),
        "{stderr}"
    );
    // The model is checked once, not once per trip around the loop.
    assert!(stdout.contains("1 file(s) checked"), "{stdout}");
    assert_eq!(code, 1, "an unreadable file fails the check");
}

#[cfg(unix)]
#[test]
fn a_fifo_named_on_the_command_line_is_refused() {
    let dir = common::workspace("pathological", "fifo", &[]);
    std::fs::create_dir_all(&dir).expect("folder");
    mkfifo(&dir.join("pipe.py"));
    let (_, stderr, code) = run_guarded(&dir, &["check", "pipe.py"]);
    assert!(
        stderr.contains("pipe.py is not a regular file (a fifo, socket or device): not read"),
        "{stderr}"
    );
    assert_eq!(code, 1);
    let (_, stderr, code) = run_guarded(&dir, &["export", "pipe.py"]);
    assert!(stderr.contains("is not a regular file"), "{stderr}");
    assert_ne!(code, 0);
}

#[test]
fn files_that_import_themselves_or_each_other() {
    let dir = common::workspace(
        "pathological",
        "imports",
        &[
            ("self_import.py", &format!("import self_import\n{MODEL}")),
            (
                "a_mod.py",
                "from b_mod import g\n\n\ndef f(x):\n    return g(x)\n",
            ),
            (
                "b_mod.py",
                "from a_mod import f\n\n\ndef g(x):\n    return f(x)\n",
            ),
            (
                "mutual.py",
                "import torch\nfrom a_mod import f\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return f(x)\n\n\nmodel = M()\nexample_args = (torch.randn(2),)\n",
            ),
        ],
    );
    let (stdout, stderr, code) = run_guarded(&dir, &["check", "self_import.py"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("0 error(s), 0 other diagnostic(s)"),
        "{stdout}"
    );
    let (stdout, _, code) = run_guarded(&dir, &["check", "mutual.py"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("b_mod.py:5:12: warning[analysis-incomplete]: analysis incomplete: call depth limit (64) reached calling `f`"),
        "{stdout}"
    );
}
