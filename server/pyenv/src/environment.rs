//! The Python environment and its import roots, read from the disk
//! without running the interpreter.
//!
//! Precedence: `--python`, the pyproject's `python`, `VIRTUAL_ENV`,
//! `CONDA_PREFIX`, a `.venv`/`venv` folder (with a `pyvenv.cfg`) beside the
//! file or in an ancestor, then the first `python3` on `PATH`. A path given
//! as a setting that is not an environment is a warning and no environment
//! (the later rules do not stand in for a wrong setting).
//!
//! An interpreter path gives its prefix: the folder above `bin/` when that
//! holds a `pyvenv.cfg` (a venv's interpreter is a link to the base one),
//! else the folder above the link's resolved target. The prefix's
//! `lib/pythonX.Y/site-packages` (the version from `pyvenv.cfg` or the
//! interpreter's name, else the newest) or Windows' `Lib/site-packages` are
//! roots, with the base's when `include-system-site-packages = true`.
//! Each `.pth` file adds its path lines, and setuptools' editable installs
//! (`import __editable___NAME_finder`) add the folders of the finder
//! module's `MAPPING` literal, which is parsed, never run.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use syntax::ast::{ExprKind, StmtKind};

use crate::{Error, Options, Project, Source};

/// A found environment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Environment {
    pub source: Source,
    pub prefix: PathBuf,
    /// `(3, 11)` when `pyvenv.cfg` or the interpreter's name says it.
    pub version: Option<(u32, u32)>,
    /// The site-packages folders.
    pub site_packages: Vec<PathBuf>,
    /// Folders `.pth` lines and editable installs add.
    pub pth_roots: Vec<PathBuf>,
    /// What could not be followed (editable mappings).
    pub warnings: Vec<Error>,
}

impl Environment {
    /// Site-packages, then `.pth` roots.
    pub fn roots(&self) -> impl Iterator<Item = &PathBuf> {
        self.site_packages.iter().chain(&self.pth_roots)
    }

    pub fn describe(&self) -> String {
        let version = self
            .version
            .map(|(a, b)| format!(" (Python {a}.{b})"))
            .unwrap_or_default();
        let roots: Vec<PathBuf> = self.roots().cloned().collect();
        format!(
            "environment from {} at {}{version}: {}",
            self.source,
            self.prefix.display(),
            if roots.is_empty() {
                "no site-packages".to_string()
            } else {
                crate::join(&roots)
            }
        )
    }
}

/// The environment for files in `start` (an absolute folder).
pub fn find(
    start: &Path,
    options: &Options,
    project: Option<&Project>,
    var: &dyn Fn(&str) -> Option<OsString>,
    warnings: &mut Vec<Error>,
) -> Option<Environment> {
    let configured = [
        options.python.clone().map(|p| (Source::Flag, p)),
        project.and_then(|p| {
            p.python
                .clone()
                .map(|py| (Source::Pyproject(p.pyproject.clone()), py))
        }),
    ];
    if let Some((source, path)) = configured.into_iter().flatten().next() {
        let found = at(source.clone(), &path);
        if found.is_none() {
            warnings.push(Error::NotAnEnvironment {
                origin: source,
                path,
            });
        }
        return found;
    }
    for (name, source) in [
        ("VIRTUAL_ENV", Source::VirtualEnv),
        ("CONDA_PREFIX", Source::CondaPrefix),
    ] {
        if let Some(p) = var(name).filter(|p| !p.is_empty()).map(PathBuf::from)
            && p.is_dir()
        {
            return Some(from_prefix(source, p, None));
        }
    }
    for dir in start.ancestors() {
        for name in [".venv", "venv"] {
            let candidate = dir.join(name);
            if candidate.join("pyvenv.cfg").is_file() {
                return Some(from_prefix(Source::Folder, candidate, None));
            }
        }
    }
    let path = var("PATH")?;
    let python = std::env::split_paths(&path)
        .map(|d| d.join("python3"))
        .find(|p| p.is_file())?;
    at(Source::PathPython(python.clone()), &python)
}

/// The environment an interpreter or an environment folder names; `None`
/// when `path` is neither.
pub fn at(source: Source, path: &Path) -> Option<Environment> {
    if path.is_dir() {
        return is_prefix(path).then(|| from_prefix(source, path.to_path_buf(), None));
    }
    if !path.is_file() {
        return None;
    }
    // A venv's `bin/python` (or Windows' `Scripts\python.exe`).
    let beside = path.parent().and_then(Path::parent);
    if let Some(prefix) = beside.filter(|p| p.join("pyvenv.cfg").is_file()) {
        return Some(from_prefix(source, prefix.to_path_buf(), None));
    }
    // Windows and conda keep `python.exe` in the prefix itself.
    if let Some(prefix) = path
        .parent()
        .filter(|p| p.join("Lib/site-packages").is_dir())
    {
        return Some(from_prefix(source, prefix.to_path_buf(), None));
    }
    let resolved = std::fs::canonicalize(path).ok()?;
    let prefix = resolved.parent().and_then(Path::parent)?;
    let version = resolved
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_prefix("python"))
        .and_then(parse_version);
    is_prefix(prefix).then(|| from_prefix(source, prefix.to_path_buf(), version))
}

/// A folder with a `pyvenv.cfg`, a `lib/python3.*` or a `Lib/site-packages`.
fn is_prefix(dir: &Path) -> bool {
    dir.join("pyvenv.cfg").is_file()
        || dir.join("Lib/site-packages").is_dir()
        || !python_lib_dirs(dir).is_empty()
}

fn from_prefix(source: Source, prefix: PathBuf, version: Option<(u32, u32)>) -> Environment {
    let cfg = std::fs::read_to_string(prefix.join("pyvenv.cfg")).unwrap_or_default();
    let key = |k: &str| {
        cfg.lines().find_map(|l| {
            let (name, value) = l.split_once('=')?;
            (name.trim() == k).then(|| value.trim().to_string())
        })
    };
    let version = version.or_else(|| {
        key("version")
            .or_else(|| key("version_info"))
            .and_then(|v| parse_version(&v))
    });
    let mut site_packages = site_dirs(&prefix, version);
    let system =
        key("include-system-site-packages").is_some_and(|v| v.eq_ignore_ascii_case("true"));
    if system && let Some(base) = key("home").as_deref().map(Path::new).and_then(Path::parent) {
        for s in site_dirs(base, version) {
            if !site_packages.contains(&s) {
                site_packages.push(s);
            }
        }
    }
    let mut warnings = Vec::new();
    let pth_roots = pth_roots(&site_packages, &mut warnings);
    Environment {
        source,
        prefix,
        version,
        site_packages,
        pth_roots,
        warnings,
    }
}

/// `3.11.7` (or `3.11`) → `(3, 11)`.
fn parse_version(text: &str) -> Option<(u32, u32)> {
    let mut parts = text.trim().split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}

/// The `lib/python3.N` folders of a prefix, by minor version.
fn python_lib_dirs(prefix: &Path) -> Vec<(u32, PathBuf)> {
    let mut dirs: Vec<(u32, PathBuf)> = std::fs::read_dir(prefix.join("lib"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            let minor = name.strip_prefix("python3.")?.parse::<u32>().ok()?;
            e.path().is_dir().then(|| (minor, e.path()))
        })
        .collect();
    dirs.sort();
    dirs
}

/// The site-packages folders of a prefix: the one of `version` if it has
/// one, else the newest; Debian's `dist-packages` beside it; Windows'
/// `Lib/site-packages`.
fn site_dirs(prefix: &Path, version: Option<(u32, u32)>) -> Vec<PathBuf> {
    let with_site = |d: &PathBuf| {
        ["site-packages", "dist-packages"]
            .into_iter()
            .map(|s| d.join(s))
            .filter(|s| s.is_dir())
            .collect::<Vec<_>>()
    };
    let dirs = python_lib_dirs(prefix);
    let wanted = version
        .filter(|(major, _)| *major == 3)
        .and_then(|(_, minor)| {
            dirs.iter()
                .find(|(m, d)| *m == minor && !with_site(d).is_empty())
        });
    let chosen = wanted.or_else(|| dirs.iter().rev().find(|(_, d)| !with_site(d).is_empty()));
    let mut out: Vec<PathBuf> = chosen.map(|(_, d)| with_site(d)).unwrap_or_default();
    for extra in ["lib/python3/dist-packages", "Lib/site-packages"] {
        let d = prefix.join(extra);
        if d.is_dir() {
            out.push(d);
        }
    }
    out
}

/// The folders the `.pth` files of `sites` add, in file-name order.
fn pth_roots(sites: &[PathBuf], warnings: &mut Vec<Error>) -> Vec<PathBuf> {
    let mut roots = Vec::new();
    let mut add = |d: PathBuf| {
        if d.is_dir() && !roots.contains(&d) && !sites.contains(&d) {
            roots.push(d);
        }
    };
    for site in sites {
        let mut pths: Vec<PathBuf> = std::fs::read_dir(site)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "pth"))
            .collect();
        pths.sort();
        for pth in pths {
            let Ok(bytes) = std::fs::read(&pth) else {
                continue;
            };
            let text = String::from_utf8_lossy(&bytes);
            for line in text.lines().map(str::trim) {
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                if let Some(code) = line
                    .strip_prefix("import ")
                    .or_else(|| line.strip_prefix("import\t"))
                {
                    for dir in editable_roots(site, code, warnings) {
                        add(dir);
                    }
                    continue;
                }
                add(site.join(line));
            }
        }
    }
    roots
}

/// For an `import __editable___NAME_finder; ...` line of a `.pth` file in
/// `site`: the folders the finder's `MAPPING` makes importable.
fn editable_roots(site: &Path, code: &str, warnings: &mut Vec<Error>) -> Vec<PathBuf> {
    let module = code
        .split([';', ',', ' ', '\t'])
        .next()
        .unwrap_or("")
        .trim();
    if !module.starts_with("__editable__") || module.contains(['/', '\\', '.']) {
        return Vec::new();
    }
    let finder = site.join(format!("{module}.py"));
    let Ok(bytes) = std::fs::read(&finder) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (package, target) in finder_mapping(&String::from_utf8_lossy(&bytes)) {
        let target = PathBuf::from(target);
        let named = if target.is_dir() {
            target.file_name()
        } else if target.extension().is_some_and(|e| e == "py") && target.is_file() {
            target.file_stem()
        } else {
            continue;
        };
        match target.parent() {
            Some(parent) if named.is_some_and(|n| n == package.as_str()) => {
                out.push(parent.to_path_buf());
            }
            _ => warnings.push(Error::UnsupportedMapping {
                finder: finder.clone(),
                package,
                target,
            }),
        }
    }
    out
}

/// The `MAPPING = {'pkg': '/abs/path/pkg', ...}` literal of a setuptools
/// editable finder module (string keys and values only).
pub fn finder_mapping(source: &str) -> Vec<(String, String)> {
    let parsed = syntax::parse(source);
    let value = parsed.module.body.iter().find_map(|s| match &s.kind {
        StmtKind::Assign { targets, value }
            if targets
                .iter()
                .any(|t| matches!(&t.kind, ExprKind::Name(n) if n == "MAPPING")) =>
        {
            Some(value)
        }
        StmtKind::AnnAssign {
            target,
            value: Some(value),
            ..
        } if matches!(&target.kind, ExprKind::Name(n) if n == "MAPPING") => Some(value),
        _ => None,
    });
    let Some(ExprKind::Dict(items)) = value.map(|v| &v.kind) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(
            |item| match (item.key.as_ref().map(|k| &k.kind), &item.value.kind) {
                (Some(ExprKind::Str(k)), ExprKind::Str(v)) => Some((k.clone(), v.clone())),
                _ => None,
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{site, temp, venv, write};

    fn none(_: &str) -> Option<OsString> {
        None
    }

    fn find_in(
        start: &Path,
        options: &Options,
        var: &dyn Fn(&str) -> Option<OsString>,
    ) -> (Option<Environment>, Vec<Error>) {
        let mut warnings = Vec::new();
        let env = find(start, options, None, var, &mut warnings);
        (env, warnings)
    }

    #[test]
    fn a_dot_venv_in_an_ancestor_with_its_pth_path_lines() {
        let root = temp("dotvenv");
        let prefix = venv(&root, ".venv");
        std::fs::create_dir_all(root.join("src_pkg")).unwrap();
        write(
            &site(&prefix).join("extra.pth"),
            &format!(
                "{}\nimport _virtualenv\n# comment\n/does/not/exist\n",
                root.join("src_pkg").display()
            ),
        );
        let deep = root.join("a/b");
        std::fs::create_dir_all(&deep).unwrap();
        let (env, warnings) = find_in(&deep, &Options::default(), &none);
        let env = env.expect("found");
        assert!(warnings.is_empty());
        assert_eq!(env.source, Source::Folder);
        assert_eq!(env.prefix, prefix);
        assert_eq!(env.version, Some((3, 11)));
        assert_eq!(env.site_packages, vec![site(&prefix)]);
        assert_eq!(env.pth_roots, vec![root.join("src_pkg")]);
    }

    #[test]
    fn flag_then_pyproject_then_virtual_env_then_conda_then_dot_venv() {
        let root = temp("precedence");
        let dot = venv(&root, ".venv");
        let other = venv(&root, "other");
        let conda = venv(&root, "conda");
        let python = other.join("bin/python");
        write(&python, "");
        let vars = |k: &str| match k {
            "VIRTUAL_ENV" => Some(other.clone().into_os_string()),
            "CONDA_PREFIX" => Some(conda.clone().into_os_string()),
            _ => None,
        };
        let flag = |p: &Path| Options {
            python: Some(p.to_path_buf()),
            workspace_roots: Vec::new(),
            config: None,
        };
        let by_flag = find_in(&root, &flag(&python), &vars).0.unwrap();
        assert_eq!((&by_flag.source, &by_flag.prefix), (&Source::Flag, &other));
        assert_eq!(
            find_in(&root, &flag(&conda), &vars).0.unwrap().prefix,
            conda
        );
        let project = Project {
            pyproject: root.join("pyproject.toml"),
            root: root.clone(),
            python: Some(conda.clone()),
            extra_paths: Vec::new(),
            settings: crate::Settings::default(),
        };
        let mut w = Vec::new();
        let by_project = find(&root, &Options::default(), Some(&project), &vars, &mut w).unwrap();
        assert_eq!(
            by_project.source,
            Source::Pyproject(root.join("pyproject.toml"))
        );
        assert_eq!(by_project.prefix, conda);
        let by_flag_over_project =
            find(&root, &flag(&python), Some(&project), &vars, &mut w).unwrap();
        assert_eq!(by_flag_over_project.prefix, other);
        let by_var = find_in(&root, &Options::default(), &vars).0.unwrap();
        assert_eq!(
            (&by_var.source, &by_var.prefix),
            (&Source::VirtualEnv, &other)
        );
        let conda_only = |k: &str| (k == "CONDA_PREFIX").then(|| conda.clone().into_os_string());
        let by_conda = find_in(&root, &Options::default(), &conda_only).0.unwrap();
        assert_eq!(by_conda.source, Source::CondaPrefix);
        let by_dir = find_in(&root, &Options::default(), &none).0.unwrap();
        assert_eq!(by_dir.prefix, dot);
    }

    #[test]
    fn a_wrong_setting_is_a_warning_and_no_environment() {
        let root = temp("wrong");
        venv(&root, ".venv");
        let options = Options {
            python: Some(root.join("missing/bin/python")),
            workspace_roots: Vec::new(),
            config: None,
        };
        let (env, warnings) = find_in(&root, &options, &none);
        assert_eq!(env, None);
        assert!(
            matches!(
                &warnings[..],
                [Error::NotAnEnvironment {
                    origin: Source::Flag,
                    ..
                }]
            ),
            "{warnings:?}"
        );
        // A folder that is no environment is not one either.
        std::fs::create_dir_all(root.join("plain")).unwrap();
        let plain = Options {
            python: Some(root.join("plain")),
            workspace_roots: Vec::new(),
            config: None,
        };
        assert_eq!(find_in(&root, &plain, &none).0, None);
    }

    #[cfg(unix)]
    #[test]
    fn python3_on_path_is_followed_through_its_symlink_to_the_prefix() {
        let root = temp("pathpython");
        let prefix = root.join("opt/py");
        let real = prefix.join("bin/python3.12");
        write(&real, "");
        std::fs::create_dir_all(prefix.join("lib/python3.12/site-packages")).unwrap();
        std::fs::create_dir_all(prefix.join("lib/python3.13/site-packages")).unwrap();
        let shim_dir = root.join("shims");
        std::fs::create_dir_all(&shim_dir).unwrap();
        std::os::unix::fs::symlink(&real, shim_dir.join("python3")).unwrap();
        let path = std::env::join_paths([root.join("empty"), shim_dir.clone()]).unwrap();
        let vars = move |k: &str| (k == "PATH").then(|| path.clone());
        let (env, _) = find_in(&root.join("elsewhere"), &Options::default(), &vars);
        let env = env.expect("found");
        assert_eq!(env.source, Source::PathPython(shim_dir.join("python3")));
        let prefix = std::fs::canonicalize(&prefix).unwrap();
        assert_eq!(env.prefix, prefix);
        assert_eq!(
            env.version,
            Some((3, 12)),
            "the interpreter's name picks 3.12"
        );
        assert_eq!(
            env.site_packages,
            vec![prefix.join("lib/python3.12/site-packages")]
        );
    }

    #[test]
    fn include_system_site_packages_adds_the_base() {
        let root = temp("system");
        let base = root.join("base");
        std::fs::create_dir_all(base.join("bin")).unwrap();
        std::fs::create_dir_all(base.join("lib/python3.11/site-packages")).unwrap();
        let prefix = venv(&root, "env");
        write(
            &prefix.join("pyvenv.cfg"),
            &format!(
                "home = {}\ninclude-system-site-packages = true\nversion = 3.11.4\n",
                base.join("bin").display()
            ),
        );
        let env = at(Source::Flag, &prefix).expect("an environment");
        assert_eq!(
            env.site_packages,
            vec![site(&prefix), base.join("lib/python3.11/site-packages")]
        );
    }

    #[test]
    fn editable_finder_mapping_is_read_not_run() {
        let root = temp("editable");
        let prefix = venv(&root, ".venv");
        let site = site(&prefix);
        std::fs::create_dir_all(root.join("work/src/mypkg")).unwrap();
        std::fs::create_dir_all(root.join("work/lib")).unwrap();
        write(&root.join("work/single.py"), "");
        write(
            &site.join("__editable__.mypkg-0.1.pth"),
            "import __editable___mypkg_0_1_finder; __editable___mypkg_0_1_finder.install()\n",
        );
        write(
            &site.join("__editable___mypkg_0_1_finder.py"),
            &format!(
                "import sys\nMAPPING: dict[str, str] = {{'mypkg': '{}', 'single': '{}', 'renamed': '{}', 'gone': '/no/such'}}\nNAMESPACES = {{}}\nraise SystemExit\n",
                root.join("work/src/mypkg").display(),
                root.join("work/single.py").display(),
                root.join("work/lib").display(),
            ),
        );
        let env = at(Source::Folder, &prefix).expect("an environment");
        assert_eq!(
            env.pth_roots,
            vec![root.join("work/src"), root.join("work")]
        );
        assert!(
            matches!(&env.warnings[..], [Error::UnsupportedMapping { package, .. }] if package == "renamed"),
            "{:?}",
            env.warnings
        );
    }

    #[test]
    fn finder_mapping_takes_string_literals_only() {
        assert_eq!(
            finder_mapping("MAPPING = {'a': \"/x/a\", 'b': f(), **other}\n"),
            vec![("a".to_string(), "/x/a".to_string())]
        );
        assert!(finder_mapping("MAPPING = compute()\n").is_empty());
        assert!(finder_mapping("def (:\n").is_empty());
    }
}
