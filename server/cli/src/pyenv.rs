//! The Python environment whose installed packages imports resolve
//! against, found without running Python: `--python PATH` (an interpreter
//! or an environment folder), else `VIRTUAL_ENV`, else `CONDA_PREFIX`,
//! else a `.venv` or `venv` folder beside the analysed file or in one of
//! its ancestors. Its `site-packages` and the folders its `.pth` files name
//! (editable installs) become import roots.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The `--python` option, set once by `main`.
static EXPLICIT_PYTHON: OnceLock<PathBuf> = OnceLock::new();

pub fn set_explicit_python(path: PathBuf) {
    let _ = EXPLICIT_PYTHON.set(path);
}

/// A found environment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Environment {
    /// Which rule found it (`--python`, `VIRTUAL_ENV`, `CONDA_PREFIX`,
    /// `.venv`).
    pub source: &'static str,
    pub prefix: PathBuf,
    /// `site-packages` folders, then the folders `.pth` files add.
    pub roots: Vec<PathBuf>,
}

impl Environment {
    pub fn describe(&self) -> String {
        format!(
            "environment from {} at {}: {}",
            self.source,
            self.prefix.display(),
            self.roots
                .iter()
                .map(|r| r.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// The environment for a file in `start` (a folder).
pub fn discover(start: &Path) -> Option<Environment> {
    discover_with(start, EXPLICIT_PYTHON.get().map(PathBuf::as_path), |k| {
        std::env::var_os(k).map(PathBuf::from)
    })
}

fn discover_with(
    start: &Path,
    explicit: Option<&Path>,
    env_var: impl Fn(&str) -> Option<PathBuf>,
) -> Option<Environment> {
    let found = |source: &'static str, prefix: PathBuf| {
        let roots = roots_of(&prefix);
        Environment {
            source,
            prefix,
            roots,
        }
    };
    if let Some(p) = explicit {
        return Some(found("--python", prefix_of(p)));
    }
    for (var, source) in [
        ("VIRTUAL_ENV", "VIRTUAL_ENV"),
        ("CONDA_PREFIX", "CONDA_PREFIX"),
    ] {
        if let Some(p) = env_var(var).filter(|p| p.is_dir()) {
            return Some(found(source, p));
        }
    }
    let start = if start.as_os_str().is_empty() {
        Path::new(".")
    } else {
        start
    };
    let start = std::path::absolute(start).unwrap_or_else(|_| start.to_path_buf());
    for dir in start.ancestors() {
        for name in [".venv", "venv"] {
            let candidate = dir.join(name);
            if candidate.join("pyvenv.cfg").is_file() {
                return Some(found(".venv", candidate));
            }
        }
    }
    None
}

/// `env/bin/python` → `env`; a folder is a prefix already.
fn prefix_of(path: &Path) -> PathBuf {
    if path.is_dir() {
        return path.to_path_buf();
    }
    path.parent()
        .and_then(Path::parent)
        .map_or_else(|| path.to_path_buf(), Path::to_path_buf)
}

/// The newest `lib/python3.N/site-packages` (or Windows' `Lib/site-packages`)
/// of a prefix, and the existing folders its `.pth` files list.
fn roots_of(prefix: &Path) -> Vec<PathBuf> {
    let mut sites: Vec<(u32, PathBuf)> = std::fs::read_dir(prefix.join("lib"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            let minor = name.strip_prefix("python3.")?.parse::<u32>().ok()?;
            let site = e.path().join("site-packages");
            site.is_dir().then_some((minor, site))
        })
        .collect();
    sites.sort();
    let mut roots: Vec<PathBuf> = sites.pop().map(|(_, s)| s).into_iter().collect();
    let windows = prefix.join("Lib").join("site-packages");
    if roots.is_empty() && windows.is_dir() {
        roots.push(windows);
    }
    let mut pth_roots = Vec::new();
    for site in &roots {
        let mut pths: Vec<PathBuf> = std::fs::read_dir(site)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "pth"))
            .collect();
        pths.sort();
        for pth in pths {
            let Ok(text) = std::fs::read_to_string(&pth) else {
                continue;
            };
            for line in text.lines().map(str::trim) {
                if line.is_empty() || line.starts_with('#') || line.starts_with("import ") {
                    continue;
                }
                let dir = site.join(line);
                if dir.is_dir() && !pth_roots.contains(&dir) {
                    pth_roots.push(dir);
                }
            }
        }
    }
    roots.extend(pth_roots);
    roots
}

#[cfg(test)]
mod tests {
    use super::*;

    fn venv(root: &Path, name: &str) -> PathBuf {
        let prefix = root.join(name);
        let site = prefix.join("lib/python3.11/site-packages");
        std::fs::create_dir_all(&site).unwrap();
        std::fs::create_dir_all(prefix.join("lib/python3.9/site-packages")).unwrap();
        std::fs::write(prefix.join("pyvenv.cfg"), "version = 3.11.7\n").unwrap();
        std::fs::create_dir_all(root.join("src_pkg")).unwrap();
        std::fs::write(
            site.join("__editable__.mine.pth"),
            format!(
                "{}\nimport _virtualenv\n# comment\n/does/not/exist\n",
                root.join("src_pkg").display()
            ),
        )
        .unwrap();
        prefix
    }

    fn temp(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("exportlens-pyenv-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_dot_venv_in_an_ancestor_with_its_pth_roots() {
        let root = temp("dotvenv");
        let prefix = venv(&root, ".venv");
        let deep = root.join("a/b");
        std::fs::create_dir_all(&deep).unwrap();
        let env = discover_with(&deep, None, |_| None).expect("found");
        assert_eq!(env.source, ".venv");
        assert_eq!(env.prefix, prefix);
        assert_eq!(
            env.roots,
            vec![
                prefix.join("lib/python3.11/site-packages"),
                root.join("src_pkg")
            ]
        );
    }

    #[test]
    fn flag_then_virtual_env_then_conda_win_over_dot_venv() {
        let root = temp("order");
        let dot = venv(&root, ".venv");
        let other = venv(&root, "other");
        let conda = venv(&root, "conda");
        let python = other.join("bin/python");
        std::fs::create_dir_all(python.parent().unwrap()).unwrap();
        std::fs::write(&python, "").unwrap();
        let vars = |k: &str| match k {
            "VIRTUAL_ENV" => Some(other.clone()),
            "CONDA_PREFIX" => Some(conda.clone()),
            _ => None,
        };
        let by_flag = discover_with(&root, Some(&python), vars).unwrap();
        assert_eq!((by_flag.source, &by_flag.prefix), ("--python", &other));
        let by_folder_flag = discover_with(&root, Some(&conda), vars).unwrap();
        assert_eq!(by_folder_flag.prefix, conda);
        let by_var = discover_with(&root, None, vars).unwrap();
        assert_eq!((by_var.source, &by_var.prefix), ("VIRTUAL_ENV", &other));
        let by_conda = discover_with(&root, None, |k| {
            (k == "CONDA_PREFIX").then(|| conda.clone())
        })
        .unwrap();
        assert_eq!(by_conda.source, "CONDA_PREFIX");
        let by_dir = discover_with(&root, None, |_| None).unwrap();
        assert_eq!(by_dir.prefix, dot);
    }

    #[test]
    fn nothing_found_is_none() {
        let root = temp("none");
        assert_eq!(discover_with(&root, None, |_| None).map(|e| e.source), None);
    }
}
