//! `check` over many files: files are checked in parallel and reported in
//! the walk's order; files whose text cannot hold an entry point or a
//! module are not parsed; `--watch` checks again after a change.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{BRANCH, CLEAN, exportlens, workspace};

#[test]
fn a_parallel_run_reports_every_file_in_walk_order() {
    let files: Vec<(String, &str)> = (0..40)
        .map(|i| {
            let text = match i % 3 {
                0 => BRANCH,
                1 => CLEAN,
                _ => "import os\n\nROOT = os.getcwd()\n",
            };
            (format!("pkg/m{i:02}.py"), text)
        })
        .collect();
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    let dir = workspace("repos", "order", &refs);
    let (out, code) = exportlens(&dir, &["check", "--output-format", "concise", "pkg"]);
    assert_eq!(code, 1, "{out}");
    let failing: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("error[data-dependent]"))
        .map(|l| l.split(':').next().unwrap_or(""))
        .collect();
    let expected: Vec<String> = (0..40)
        .step_by(3)
        .map(|i| format!("pkg/m{i:02}.py"))
        .collect();
    assert_eq!(failing, expected, "{out}");
    assert!(out.contains("40 file(s) checked"), "{out}");
    // The same run again prints the same report, whichever worker took
    // which file.
    assert_eq!(
        exportlens(&dir, &["check", "--output-format", "concise", "pkg"]).0,
        out
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn only_files_that_may_hold_an_entry_or_a_module_are_parsed() {
    // Both have a syntax error; only the one naming `Module` is parsed.
    let dir = workspace(
        "repos",
        "prefilter",
        &[
            ("util.py", "def f(:\n    return 1\n"),
            (
                "layers.py",
                "import torch.nn as nn\n\nclass A(nn.Module)\n    pass\n",
            ),
        ],
    );
    let (out, code) = exportlens(&dir, &["check", "--output-format", "concise", "."]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("layers.py:3:19: error[syntax]"), "{out}");
    assert!(!out.contains("util.py:1"), "{out}");
    assert!(out.contains("2 file(s) checked"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn watch_checks_again_after_a_change() {
    let dir = workspace("repos", "watch", &[("model.py", CLEAN)]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_exportlens"))
        .args(["check", "--watch", "--output-format", "concise", "."])
        .current_dir(&dir)
        .env_remove("VIRTUAL_ENV")
        .env_remove("CONDA_PREFIX")
        .env("PATH", "")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start exportlens --watch");
    let stdout = child.stdout.take().expect("stdout");
    let (lines, summaries) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if line.contains("file(s) checked") && lines.send(line).is_err() {
                break;
            }
        }
    });
    let wait = Duration::from_secs(60);
    let first = summaries.recv_timeout(wait).expect("a first check");
    assert!(first.contains("0 error(s)"), "{first}");
    // Give the watcher its start before the change.
    std::thread::sleep(Duration::from_millis(300));
    std::fs::write(dir.join("model.py"), BRANCH).expect("edit the model");
    let second = summaries.recv_timeout(wait);
    let _ = child.kill();
    let _ = child.wait();
    let second = second.expect("a check after the edit");
    assert!(second.contains("1 error(s)"), "{second}");
    let _ = std::fs::remove_dir_all(&dir);
}
