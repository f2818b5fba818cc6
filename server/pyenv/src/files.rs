//! Which Python files a check covers: the `.py` files and Jupyter
//! notebooks (`.ipynb`) named, and those found by walking the folders named, skipping what `.gitignore` (and
//! `.ignore`) files exclude, hidden entries, virtual environments (a folder
//! holding a `pyvenv.cfg`), the default excluded folders ([`DEFAULT_EXCLUDES`])
//! and the configuration's `exclude` / `extend-exclude` globs. A file
//! named explicitly is always checked. Symbolic links are followed once: a
//! link back to a folder already being walked is reported and skipped, and
//! so is a `.py` entry that is not a regular file (a fifo would block).
//!
//! Globs are matched relative to the configuration's folder ([`GlobList`]):
//! a pattern without `/` matches any single path component (`build`,
//! `test_*.py`), a pattern with `/` the relative path or any of its parent
//! folders (`src/generated/**`, `tests/fixtures`).

use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};

use crate::settings::Settings;

/// Folder and file names skipped when walking, unless `exclude` replaces
/// the list.
pub const DEFAULT_EXCLUDES: &[&str] = &[
    ".git",
    ".hg",
    ".svn",
    ".venv",
    "venv",
    ".tox",
    ".nox",
    "__pycache__",
    "node_modules",
    "site-packages",
    "__pypackages__",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    "target",
];

/// A glob, compiled as [`GlobList`] compiles it; the error is globset's
/// message.
pub fn compile_glob(pattern: &str) -> Result<Glob, String> {
    GlobBuilder::new(pattern.trim_start_matches("./"))
        .literal_separator(pattern.contains('/'))
        .build()
        .map_err(|e| e.kind().to_string())
}

/// Globs matched against paths relative to a folder.
#[derive(Clone, Debug)]
pub struct GlobList {
    root: PathBuf,
    /// Patterns without `/`: matched against each path component.
    names: GlobSet,
    /// Patterns with `/`: matched against the relative path and its parents.
    paths: GlobSet,
}

impl GlobList {
    /// `patterns` relative to `root`; patterns that do not compile are
    /// left out (the settings parser reports them).
    pub fn new(root: &Path, patterns: &[String]) -> Self {
        let mut names = GlobSetBuilder::new();
        let mut paths = GlobSetBuilder::new();
        for pattern in patterns {
            if let Ok(glob) = compile_glob(pattern) {
                if pattern.contains('/') {
                    paths.add(glob);
                } else {
                    names.add(glob);
                }
            }
        }
        GlobList {
            root: root.to_path_buf(),
            names: names.build().unwrap_or_else(|_| GlobSet::empty()),
            paths: paths.build().unwrap_or_else(|_| GlobSet::empty()),
        }
    }

    /// Whether `path` (absolute, or relative to the current folder) or one
    /// of its folders below the root matches.
    pub fn matches(&self, path: &Path) -> bool {
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let relative = absolute.strip_prefix(&self.root).unwrap_or(&absolute);
        relative
            .components()
            .any(|c| self.names.is_match(c.as_os_str()))
            || relative
                .ancestors()
                .filter(|p| !p.as_os_str().is_empty())
                .any(|p| self.paths.is_match(p))
    }
}

/// How folders are walked.
#[derive(Clone, Debug)]
pub struct WalkOptions {
    /// What is not walked into nor checked.
    pub exclude: GlobList,
    /// Honour `.gitignore`, `.git/info/exclude` and `.ignore` files (also
    /// outside a git repository, as ruff does).
    pub respect_gitignore: bool,
}

impl WalkOptions {
    /// The walk `settings` ask for (their `exclude`, `extend-exclude` and
    /// `respect-gitignore`), or the defaults.
    pub fn from_settings(settings: Option<&Settings>, fallback_root: &Path) -> Self {
        let root = settings.map_or(fallback_root, |s| s.root.as_path());
        let root = std::path::absolute(root).unwrap_or_else(|_| root.to_path_buf());
        let mut patterns: Vec<String> = match settings.and_then(|s| s.exclude.clone()) {
            Some(exclude) => exclude,
            None => DEFAULT_EXCLUDES.iter().map(|s| s.to_string()).collect(),
        };
        patterns.extend(
            settings
                .iter()
                .flat_map(|s| s.extend_exclude.iter().cloned()),
        );
        WalkOptions {
            exclude: GlobList::new(&root, &patterns),
            respect_gitignore: settings.and_then(|s| s.respect_gitignore).unwrap_or(true),
        }
    }
}

/// A path given that cannot be checked at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    #[error("{}: no such file or folder", .0.display())]
    Missing(PathBuf),
    #[error("{} is not a Python file (expected .py or .ipynb)", .0.display())]
    NotPython(PathBuf),
}

/// Something met while walking that was skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skipped {
    /// A symbolic link back to a folder being walked.
    LinkLoop { link: PathBuf, target: PathBuf },
    /// A `.py` entry that is a fifo, socket or device.
    NotRegular(PathBuf),
    /// A folder or entry that could not be read.
    Unreadable { path: PathBuf, message: String },
}

impl Skipped {
    pub fn path(&self) -> &Path {
        match self {
            Skipped::LinkLoop { link, .. } => link,
            Skipped::NotRegular(path) | Skipped::Unreadable { path, .. } => path,
        }
    }
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skipped::LinkLoop { target, .. } => write!(
                f,
                "a symbolic link back to {}, which is already checked; not followed",
                target.display()
            ),
            Skipped::NotRegular(_) => {
                f.write_str("not a regular file (a fifo, socket or device); skipped")
            }
            Skipped::Unreadable { message, .. } => write!(f, "cannot read: {message}"),
        }
    }
}

/// The files found, in order, and what was skipped on the way.
#[derive(Clone, Debug, Default)]
pub struct Discovered {
    pub files: Vec<PathBuf>,
    pub skipped: Vec<Skipped>,
}

/// A Python file or a Jupyter notebook.
fn is_python(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("py" | "ipynb")
    )
}

/// The `.py` files directly in the folder `dir` (regular files, not
/// following links to folders), each with its size in bytes, at most
/// `max` of them in the order the folder lists them; none when `dir` is
/// not a folder or is a virtual environment's or an installed package's
/// (a [`DEFAULT_EXCLUDES`] name such as `site-packages` on its path). The
/// tracer's providers list a model file's neighbours with it.
pub fn python_files_in(dir: &Path, max: usize) -> Vec<(PathBuf, u64)> {
    let excluded = dir.components().any(|c| {
        let name = c.as_os_str().to_string_lossy();
        DEFAULT_EXCLUDES.contains(&name.as_ref()) && name != "target" || name == "dist-packages"
    });
    if excluded || dir.join("pyvenv.cfg").exists() {
        return Vec::new();
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "py"))
        .filter_map(|e| {
            let meta = e.metadata().ok().filter(std::fs::Metadata::is_file)?;
            Some((e.path(), meta.len()))
        })
        .take(max)
        .collect()
}

/// The Python files of `path`: itself when it is a file, else those found
/// walking it with `options`.
pub fn python_files(
    path: &Path,
    options: &WalkOptions,
    out: &mut Discovered,
) -> Result<(), PathError> {
    if !path.exists() && std::fs::symlink_metadata(path).is_err() {
        return Err(PathError::Missing(path.to_path_buf()));
    }
    if !path.is_dir() {
        if !is_python(path) {
            return Err(PathError::NotPython(path.to_path_buf()));
        }
        out.files.push(path.to_path_buf());
        return Ok(());
    }
    let exclude = Arc::new(options.exclude.clone());
    // Each folder is walked once: a symbolic link to a folder already
    // walked (a loop, or two links to one folder) is reported instead.
    let visited: Arc<Mutex<HashSet<PathBuf>>> =
        Arc::new(Mutex::new(path.canonicalize().into_iter().collect()));
    let loops: Arc<Mutex<Vec<Skipped>>> = Arc::default();
    let (seen, found_loops) = (visited.clone(), loops.clone());
    let walk = ignore::WalkBuilder::new(path)
        .follow_links(true)
        .hidden(true)
        .parents(options.respect_gitignore)
        .ignore(options.respect_gitignore)
        .git_ignore(options.respect_gitignore)
        .git_exclude(options.respect_gitignore)
        .git_global(false)
        .require_git(false)
        .sort_by_file_name(|a, b| a.cmp(b))
        .filter_entry(move |entry| {
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            if entry.depth() > 0
                && ((is_dir && entry.path().join("pyvenv.cfg").is_file())
                    || exclude.matches(entry.path()))
            {
                return false;
            }
            if is_dir && let Ok(real) = entry.path().canonicalize() {
                let first = lock(&seen).insert(real.clone());
                if !first {
                    lock(&found_loops).push(Skipped::LinkLoop {
                        link: entry.path().to_path_buf(),
                        target: real,
                    });
                    return false;
                }
            }
            true
        })
        .build();
    for entry in walk {
        match entry {
            Ok(entry) => {
                let p = entry.path();
                if entry.depth() == 0 || !is_python(p) {
                    continue;
                }
                match entry.file_type() {
                    Some(t) if t.is_file() => out.files.push(p.to_path_buf()),
                    Some(t) if t.is_dir() => {}
                    _ => out.skipped.push(Skipped::NotRegular(p.to_path_buf())),
                }
            }
            Err(e) => skipped(e, out),
        }
    }
    out.skipped.append(&mut lock(&loops));
    Ok(())
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Records a walk error: a link loop, or an entry that cannot be read (a
/// `.py` one is kept as a file, so that reading it reports why).
fn skipped(error: ignore::Error, out: &mut Discovered) {
    let mut path = None;
    let mut e = &error;
    loop {
        match e {
            ignore::Error::WithPath { path: p, err } => {
                path.get_or_insert_with(|| p.clone());
                e = err;
            }
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                e = err;
            }
            ignore::Error::Loop { ancestor, child } => {
                out.skipped.push(Skipped::LinkLoop {
                    link: child.clone(),
                    target: std::fs::canonicalize(ancestor).unwrap_or_else(|_| ancestor.clone()),
                });
                return;
            }
            _ => break,
        }
    }
    match path {
        Some(path) if is_python(&path) => out.files.push(path),
        Some(path) => out.skipped.push(Skipped::Unreadable {
            path,
            message: e.to_string(),
        }),
        // An ignore file that does not parse: the walk goes on without it.
        None => out.skipped.push(Skipped::Unreadable {
            path: PathBuf::new(),
            message: error.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{temp, write};

    fn found(root: &Path, options: &WalkOptions) -> Vec<String> {
        let mut out = Discovered::default();
        python_files(root, options, &mut out).expect("walk");
        out.files
            .iter()
            .map(|f| {
                f.strip_prefix(root)
                    .expect("under root")
                    .display()
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn gitignored_venvs_and_default_excludes_are_skipped() {
        let root = temp("walk");
        for f in [
            "a.py",
            "pkg/b.py",
            "pkg/gen/c.py",
            "ignored/d.py",
            "env/lib/e.py",
            "venv/f.py",
            "__pycache__/g.py",
            ".hidden/h.py",
            "notes.txt",
        ] {
            write(&root.join(f), "");
        }
        write(&root.join("env/pyvenv.cfg"), "home = /usr/bin\n");
        write(&root.join(".gitignore"), "ignored/\n");
        let defaults = WalkOptions::from_settings(None, &root);
        assert_eq!(
            found(&root, &defaults),
            ["a.py", "pkg/b.py", "pkg/gen/c.py"]
        );
        let settings = Settings {
            root: root.clone(),
            extend_exclude: vec!["pkg/gen".into()],
            respect_gitignore: Some(false),
            ..Settings::default()
        };
        let options = WalkOptions::from_settings(Some(&settings), &root);
        assert_eq!(found(&root, &options), ["a.py", "ignored/d.py", "pkg/b.py"]);
        // `exclude` replaces the defaults; a venv folder stays skipped.
        let settings = Settings {
            root: root.clone(),
            exclude: Some(vec!["b.py".into()]),
            ..Settings::default()
        };
        let options = WalkOptions::from_settings(Some(&settings), &root);
        assert_eq!(
            found(&root, &options),
            ["__pycache__/g.py", "a.py", "pkg/gen/c.py", "venv/f.py"]
        );
    }

    #[test]
    fn notebooks_are_found_and_their_checkpoints_skipped() {
        let root = temp("walk-notebooks");
        for f in [
            "a.py",
            "nb.ipynb",
            "sub/other.ipynb",
            ".ipynb_checkpoints/nb-checkpoint.ipynb",
            "data.json",
        ] {
            write(&root.join(f), "");
        }
        let defaults = WalkOptions::from_settings(None, &root);
        assert_eq!(
            found(&root, &defaults),
            ["a.py", "nb.ipynb", "sub/other.ipynb"]
        );
        let mut out = Discovered::default();
        assert!(python_files(&root.join("nb.ipynb"), &defaults, &mut out).is_ok());
        assert_eq!(
            python_files(&root.join("data.json"), &defaults, &mut out),
            Err(PathError::NotPython(root.join("data.json")))
        );
    }

    #[test]
    fn globs_match_components_or_relative_paths() {
        let root = PathBuf::from("/r");
        let globs = GlobList::new(
            &root,
            &["test_*.py".into(), "src/gen/**".into(), "docs".into()],
        );
        assert!(globs.matches(Path::new("/r/a/test_x.py")));
        assert!(globs.matches(Path::new("/r/src/gen/deep/m.py")));
        assert!(globs.matches(Path::new("/r/docs/conf.py")));
        assert!(!globs.matches(Path::new("/r/src/model.py")));
        assert!(!globs.matches(Path::new("/r/srcx/gen/m.py")));
        assert!(compile_glob("a[").is_err());
    }

    #[test]
    fn named_paths_that_cannot_be_checked_are_errors() {
        let root = temp("named");
        write(&root.join("notes.txt"), "");
        let options = WalkOptions::from_settings(None, &root);
        let mut out = Discovered::default();
        assert_eq!(
            python_files(&root.join("gone.py"), &options, &mut out),
            Err(PathError::Missing(root.join("gone.py")))
        );
        assert_eq!(
            python_files(&root.join("notes.txt"), &options, &mut out),
            Err(PathError::NotPython(root.join("notes.txt")))
        );
    }

    #[test]
    fn a_folders_own_python_files_are_listed_but_not_an_installed_packages() {
        let root = temp("neighbours");
        write(&root.join("model.py"), "x = 1\n");
        write(&root.join("train.py"), "import model\n");
        write(&root.join("notes.txt"), "");
        write(&root.join("sub/deeper.py"), "");
        let mut found: Vec<(String, u64)> = python_files_in(&root, 10)
            .into_iter()
            .map(|(p, n)| (p.file_name().unwrap().to_string_lossy().into_owned(), n))
            .collect();
        found.sort();
        assert_eq!(
            found,
            [("model.py".to_string(), 6), ("train.py".to_string(), 13)]
        );
        assert_eq!(python_files_in(&root, 1).len(), 1);
        let site = root.join("lib/python3.11/site-packages/pkg");
        write(&site.join("m.py"), "");
        assert!(python_files_in(&site, 10).is_empty());
        assert!(python_files_in(&root.join("missing"), 10).is_empty());
    }
}
