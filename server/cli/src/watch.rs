//! `exportlens check --watch`: checks once, then again whenever a Python
//! file, a notebook or a configuration file under the checked paths
//! changes, until interrupted. Changes that arrive together (an editor's
//! save, `git checkout`) make one re-check.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use anyhow::{Context, Result};
use notify::{RecursiveMode, Watcher};

use crate::analyze;
use crate::check::{self, CheckOptions};

/// How long the tree must stay quiet before a re-check starts.
const SETTLE: Duration = Duration::from_millis(150);

/// Checks `paths` now and after every relevant change; returns only when
/// the watcher stops (its channel closes) or cannot start.
pub fn run(paths: &[PathBuf], opts: &CheckOptions) -> Result<()> {
    // Every change checks again: library state kept by one check serves the next.
    crate::analyze::expect_more_files();
    let (tx, changes) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(tx).context("cannot watch for changes")?;
    for path in paths {
        // A file is watched through its folder: editors save by replacing
        // the file, which ends a watch on the file itself.
        let (target, mode) = if path.is_dir() {
            (path.as_path(), RecursiveMode::Recursive)
        } else {
            (analyze::folder_of(path), RecursiveMode::NonRecursive)
        };
        watcher
            .watch(target, mode)
            .with_context(|| format!("cannot watch {}", target.display()))?;
    }
    loop {
        analyze::forget_environment();
        if let Err(e) = check::run(paths, opts) {
            eprintln!("exportlens: error: {e:#}");
        }
        eprintln!("exportlens: watching for changes (Ctrl-C to stop)");
        if !wait_for_change(&changes) {
            return Ok(());
        }
    }
}

/// Blocks until a relevant change has arrived and the tree has settled;
/// false once the watcher is gone.
fn wait_for_change(changes: &mpsc::Receiver<notify::Result<notify::Event>>) -> bool {
    loop {
        match changes.recv() {
            Ok(Ok(event)) if is_relevant(&event) => break,
            Ok(_) => continue,
            Err(_) => return false,
        }
    }
    while changes.recv_timeout(SETTLE).is_ok() {}
    true
}

/// Whether an event can change what `check` reports: a content change,
/// creation, removal or rename of a checked kind of file.
fn is_relevant(event: &notify::Event) -> bool {
    !event.kind.is_access() && event.paths.iter().any(|p| is_watched_file(p))
}

fn is_watched_file(path: &Path) -> bool {
    let in_ignored_folder = path.components().any(|c| {
        matches!(
            c.as_os_str().to_str(),
            Some(".git" | "__pycache__" | "node_modules")
        )
    });
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let kind = path.extension().and_then(|e| e.to_str());
    !in_ignored_folder && (matches!(kind, Some("py" | "ipynb" | "toml")) || name == ".gitignore")
}

#[cfg(test)]
mod tests {
    use super::is_watched_file;
    use std::path::Path;

    #[test]
    fn sources_and_configuration_are_watched_and_caches_are_not() {
        for p in [
            "m/model.py",
            "nb.ipynb",
            "pyproject.toml",
            "exportlens.toml",
            ".gitignore",
        ] {
            assert!(is_watched_file(Path::new(p)), "{p}");
        }
        for p in [
            "m/__pycache__/model.cpython-311.pyc",
            "m/model.py.swp",
            ".git/index",
            "README.md",
        ] {
            assert!(!is_watched_file(Path::new(p)), "{p}");
        }
    }
}
