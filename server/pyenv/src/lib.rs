//! Where a Python file's imports resolve, found as type checkers find it
//! and without running Python: the project settings (`[tool.exportlens]`
//! of the nearest `pyproject.toml`, [`project`]), the Python environment
//! ([`environment`]: `--python`, the pyproject's `python`, `VIRTUAL_ENV`,
//! `CONDA_PREFIX`, a `.venv`/`venv` folder beside the file or above it,
//! then the `python3` on `PATH`), and from both the ordered import roots
//! ([`Resolution::roots`]). The CLI and the language server both resolve
//! through a [`Resolver`], so they follow the same libraries.
//!
//! Nothing here fails: a setting that cannot be used becomes an
//! [`Error`] in [`Resolution::warnings`] and the rest still resolves.

pub mod environment;
pub mod files;
pub mod filter;
pub mod project;
pub mod settings;
pub mod sources;

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};

pub use environment::Environment;
pub use project::Project;
pub use settings::Settings;

/// Which rule found the environment.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// `--python PATH`.
    Flag,
    /// `python = "..."` under `[tool.exportlens]` of this pyproject.toml.
    Pyproject(PathBuf),
    VirtualEnv,
    CondaPrefix,
    /// A `.venv` or `venv` folder beside the file or in an ancestor.
    Folder,
    /// The first `python3` on `PATH` (this one).
    PathPython(PathBuf),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Flag => f.write_str("--python"),
            Source::Pyproject(p) => write!(f, "[tool.exportlens] python in {}", p.display()),
            Source::VirtualEnv => f.write_str("VIRTUAL_ENV"),
            Source::CondaPrefix => f.write_str("CONDA_PREFIX"),
            Source::Folder => f.write_str(".venv"),
            Source::PathPython(p) => write!(f, "python3 on PATH ({})", p.display()),
        }
    }
}

/// A setting or file that could not be used; resolution goes on without it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("{}: not valid TOML: {message}", path.display())]
    InvalidToml { path: PathBuf, message: String },
    #[error("{}: cannot read: {message}", path.display())]
    Unreadable { path: PathBuf, message: String },
    #[error("{}: {table}{key} must be {expected}", path.display())]
    BadSetting {
        path: PathBuf,
        /// `"[tool.exportlens] "` in a pyproject.toml, else empty.
        table: &'static str,
        key: String,
        expected: &'static str,
    },
    #[error(
        "{}: unknown key `{key}`{} (known keys: {})",
        path.display(),
        if table.is_empty() { String::new() } else { format!(" in {}", table.trim_end()) },
        settings::KEYS.join(", ")
    )]
    UnknownKey {
        path: PathBuf,
        table: &'static str,
        key: String,
    },
    #[error(
        "{}: {table}{key} names `{code}`, which is not an exportlens rule code (`exportlens rule --all` lists them)",
        path.display()
    )]
    UnknownCode {
        path: PathBuf,
        table: &'static str,
        key: String,
        code: String,
    },
    #[error("{}: {table}modules.{module}: {message}", path.display())]
    BadModuleSetting {
        path: PathBuf,
        /// `"[tool.exportlens] "` in a pyproject.toml, else empty.
        table: &'static str,
        /// The table's key, as written (`Block`, `"models/*.py::Block"`).
        module: String,
        message: String,
    },
    #[error("{}: {key} glob `{glob}` does not compile: {message}", path.display())]
    BadGlob {
        path: PathBuf,
        key: String,
        glob: String,
        message: String,
    },
    #[error("{}: extra-paths entry {} is not a folder", pyproject.display(), entry.display())]
    MissingExtraPath { pyproject: PathBuf, entry: PathBuf },
    #[error(
        "{origin} names {}, which is neither a Python interpreter nor an environment folder: installed packages are not analysed",
        path.display()
    )]
    NotAnEnvironment { origin: Source, path: PathBuf },
    #[error(
        "{}: the editable install maps `{package}` to {}, a folder of another name; its imports are not followed",
        finder.display(),
        target.display()
    )]
    UnsupportedMapping {
        finder: PathBuf,
        package: String,
        target: PathBuf,
    },
}

impl Error {
    /// A problem of the configuration file itself (unreadable, not TOML, a
    /// key or value it should not hold): the CLI stops on these (exit 2);
    /// the language server reports them and goes on.
    pub fn is_configuration_error(&self) -> bool {
        matches!(
            self,
            Error::InvalidToml { .. }
                | Error::Unreadable { .. }
                | Error::BadSetting { .. }
                | Error::UnknownKey { .. }
                | Error::BadModuleSetting { .. }
                | Error::UnknownCode { .. }
                | Error::BadGlob { .. }
        )
    }
}

/// What resolution starts from besides the file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `--python`: an interpreter or an environment folder.
    pub python: Option<PathBuf>,
    /// The workspace folders (the CLI's current folder, the editor's
    /// workspace folders): import roots, each with its `src/` layout.
    pub workspace_roots: Vec<PathBuf>,
    /// `--config`: the configuration file of every file, instead of the
    /// nearest one.
    pub config: Option<PathBuf>,
}

/// Reads an environment variable (`VIRTUAL_ENV`, `CONDA_PREFIX`, `PATH`).
pub type VarFn = Arc<dyn Fn(&str) -> Option<OsString> + Send + Sync>;

/// Everything found for the files of one folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolution {
    pub project: Option<Project>,
    pub environment: Option<Environment>,
    /// Import roots in search order (after the file's own package roots):
    /// the workspace roots and their `src/`, the project folder and its
    /// `src/`, `extra-paths`, then the environment's site-packages and the
    /// folders its `.pth` files and editable installs add.
    pub roots: Vec<PathBuf>,
    pub warnings: Vec<Error>,
}

impl Resolution {
    /// One line saying which environment is used and from where.
    pub fn describe(&self) -> String {
        let mut line = match &self.environment {
            Some(env) => env.describe(),
            None => "no Python environment found (no --python, pyproject python, VIRTUAL_ENV, CONDA_PREFIX, .venv or python3 on PATH): installed packages are not analysed".to_string(),
        };
        if let Some(p) = &self.project {
            line.push_str(&format!("; project {}", p.pyproject.display()));
            if !p.extra_paths.is_empty() {
                line.push_str(&format!(", extra-paths: {}", join(&p.extra_paths)));
            }
        }
        line
    }
}

fn join(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The [`Resolution`] of `dir` (the folder of the analysed file).
pub fn resolve(
    dir: &Path,
    options: &Options,
    var: &dyn Fn(&str) -> Option<OsString>,
) -> Resolution {
    let start = absolute(dir);
    let mut warnings = Vec::new();
    let project = match &options.config {
        Some(config) => project::load(&absolute(config), &mut warnings),
        None => project::find(&start, &mut warnings),
    };
    let environment = environment::find(&start, options, project.as_ref(), var, &mut warnings);
    let mut roots: Vec<PathBuf> = Vec::new();
    let mut add = |p: PathBuf| {
        if !roots.contains(&p) {
            roots.push(p);
        }
    };
    let project_root = project.as_ref().map(|p| p.root.clone());
    for root in options.workspace_roots.iter().cloned().chain(project_root) {
        // `src`, not `./src`, so that paths found under it print as before.
        let src = if root == Path::new(".") {
            PathBuf::from("src")
        } else {
            root.join("src")
        };
        add(root);
        if src.is_dir() {
            add(src);
        }
    }
    for p in project.iter().flat_map(|p| p.extra_paths.iter()) {
        add(p.clone());
    }
    if let Some(env) = &environment {
        warnings.extend(env.warnings.iter().cloned());
        for r in env.roots() {
            add(r.clone());
        }
    }
    Resolution {
        project,
        environment,
        roots,
        warnings,
    }
}

/// `dir` made absolute (`.` for an empty path), without resolving links.
fn absolute(dir: &Path) -> PathBuf {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf())
}

/// Resolves folders once each (the answer is cached until [`Resolver::clear`])
/// and tells when an environment is met for the first time, so that
/// callers report each environment once.
pub struct Resolver {
    options: RwLock<Options>,
    var: VarFn,
    cache: Mutex<HashMap<PathBuf, Arc<Resolution>>>,
    seen: Mutex<HashSet<String>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Default for Resolver {
    fn default() -> Self {
        Self::new(Options::default())
    }
}

impl Resolver {
    /// A resolver reading this process's environment variables.
    pub fn new(options: Options) -> Self {
        Self::with_vars(options, Arc::new(|k: &str| std::env::var_os(k)))
    }

    pub fn with_vars(options: Options, var: VarFn) -> Self {
        Resolver {
            options: RwLock::new(options),
            var,
            cache: Mutex::default(),
            seen: Mutex::default(),
        }
    }

    pub fn options(&self) -> Options {
        self.options
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Replace `--python` (and forget cached answers).
    pub fn set_python(&self, python: Option<PathBuf>) {
        self.update(|o| o.python = python);
    }

    /// Replace the workspace roots (and forget cached answers).
    pub fn set_workspace_roots(&self, roots: Vec<PathBuf>) {
        self.update(|o| o.workspace_roots = roots);
    }

    fn update(&self, change: impl FnOnce(&mut Options)) {
        change(
            &mut self
                .options
                .write()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        self.clear();
    }

    /// Forget cached answers (a pyproject.toml or an environment changed).
    pub fn clear(&self) {
        lock(&self.cache).clear();
    }

    /// The resolution for files in `dir`. Does not count as reporting it:
    /// [`Resolver::resolve_reporting`] still finds it new.
    pub fn resolve(&self, dir: &Path) -> Arc<Resolution> {
        let cached = lock(&self.cache).get(dir).cloned();
        match cached {
            Some(r) => r,
            None => {
                let r = Arc::new(resolve(dir, &self.options(), &*self.var));
                lock(&self.cache).insert(dir.to_path_buf(), r.clone());
                r
            }
        }
    }

    /// The resolution for files in `dir`, and whether its description
    /// (environment and project) is new to this resolver's reports.
    pub fn resolve_reporting(&self, dir: &Path) -> (Arc<Resolution>, bool) {
        let resolution = self.resolve(dir);
        let first = lock(&self.seen).insert(resolution.describe());
        (resolution, first)
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Fake environments in temporary folders.
    use std::path::{Path, PathBuf};

    pub fn temp(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("exportlens-pyenv-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("temp folder");
        d
    }

    pub fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("folder");
        std::fs::write(path, text).expect("write");
    }

    /// A venv at `root/name` (Python 3.11, with a stale 3.9 folder); returns
    /// its prefix.
    pub fn venv(root: &Path, name: &str) -> PathBuf {
        let prefix = root.join(name);
        std::fs::create_dir_all(prefix.join("lib/python3.11/site-packages")).expect("site");
        std::fs::create_dir_all(prefix.join("lib/python3.9/site-packages")).expect("site");
        write(
            &prefix.join("pyvenv.cfg"),
            "home = /nowhere/bin\nversion = 3.11.7\n",
        );
        prefix
    }

    pub fn site(prefix: &Path) -> PathBuf {
        prefix.join("lib/python3.11/site-packages")
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;

    fn no_vars(_: &str) -> Option<OsString> {
        None
    }

    #[test]
    fn roots_come_in_search_order_without_duplicates() {
        let root = temp("order");
        let prefix = venv(&root, ".venv");
        write(
            &root.join("pyproject.toml"),
            "[project]\nname = 'x'\n[tool.exportlens]\nextra-paths = ['libs']\n",
        );
        std::fs::create_dir_all(root.join("libs")).unwrap();
        std::fs::create_dir_all(root.join("src")).unwrap();
        let options = Options {
            python: None,
            workspace_roots: vec![root.clone()],
            config: None,
        };
        let r = resolve(&root.join("a"), &options, &no_vars);
        assert_eq!(
            r.roots,
            vec![
                root.clone(),
                root.join("src"),
                root.join("libs"),
                site(&prefix)
            ]
        );
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        let line = r.describe();
        assert!(line.starts_with("environment from .venv at "), "{line}");
        assert!(line.contains("extra-paths: "), "{line}");
    }

    #[test]
    fn resolver_caches_and_reports_an_environment_once() {
        let root = temp("resolver");
        let prefix = venv(&root, "venv");
        let var = prefix.clone();
        let resolver = Resolver::with_vars(
            Options::default(),
            Arc::new(move |k: &str| (k == "VIRTUAL_ENV").then(|| var.clone().into_os_string())),
        );
        let (a, first) = resolver.resolve_reporting(&root);
        assert!(first);
        assert_eq!(
            a.environment.as_ref().map(|e| &e.source),
            Some(&Source::VirtualEnv)
        );
        let (b, again) = resolver.resolve_reporting(&root.join("sub"));
        assert!(!again, "the same environment from another folder");
        assert_eq!(a.environment, b.environment);
        resolver.set_workspace_roots(vec![root.clone()]);
        assert_eq!(resolver.resolve(&root).roots[0], root);
    }

    #[test]
    fn nothing_found_says_so() {
        let root = temp("nothing");
        let r = resolve(&root, &Options::default(), &no_vars);
        assert_eq!(r.environment, None);
        assert!(r.describe().starts_with("no Python environment found"));
    }
}
