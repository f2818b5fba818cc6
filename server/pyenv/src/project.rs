//! The project a file belongs to: the nearest configuration file from the
//! file's folder upwards (an `exportlens.toml`, else a `pyproject.toml`;
//! or the one `--config` names), its folder, and of its settings
//! ([`crate::settings`]) the two that decide imports: `python` (an
//! interpreter or an environment folder) and `extra-paths` (import roots
//! that exist), both relative to the file's folder.

use std::path::{Path, PathBuf};

use crate::Error;
use crate::settings::{self, Settings};

/// A configuration file and the settings read from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    /// The configuration file (`pyproject.toml` or `exportlens.toml`).
    pub pyproject: PathBuf,
    /// Its folder.
    pub root: PathBuf,
    /// `python`, joined to `root`.
    pub python: Option<PathBuf>,
    /// `extra-paths` that are folders, joined to `root`.
    pub extra_paths: Vec<PathBuf>,
    /// Every setting of the file (defaults when it has none).
    pub settings: Settings,
}

/// The project of files in `start` (an absolute folder).
pub fn find(start: &Path, warnings: &mut Vec<Error>) -> Option<Project> {
    load(&settings::find_file(start)?, warnings)
}

/// The project whose configuration file is `path`.
pub fn load(path: &Path, warnings: &mut Vec<Error>) -> Option<Project> {
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            warnings.push(Error::Unreadable {
                path: path.to_path_buf(),
                message: e.to_string(),
            });
            return None;
        }
    };
    Some(parse(path, &text, warnings))
}

/// The settings of `text`, the contents of the configuration file `path`.
pub fn parse(path: &Path, text: &str, warnings: &mut Vec<Error>) -> Project {
    let root = path.parent().map_or_else(PathBuf::new, Path::to_path_buf);
    let settings = settings::parse(path, text, warnings).unwrap_or_else(|| Settings {
        file: path.to_path_buf(),
        root: root.clone(),
        ..Settings::default()
    });
    let mut extra_paths = Vec::new();
    for entry in &settings.extra_paths {
        if entry.is_dir() {
            extra_paths.push(entry.clone());
        } else {
            warnings.push(Error::MissingExtraPath {
                pyproject: path.to_path_buf(),
                entry: entry.clone(),
            });
        }
    }
    Project {
        pyproject: path.to_path_buf(),
        root,
        python: settings.python.clone(),
        extra_paths,
        settings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{temp, write};

    #[test]
    fn nearest_pyproject_gives_python_and_extra_paths_relative_to_it() {
        let root = temp("project");
        std::fs::create_dir_all(root.join("vendor/lib")).unwrap();
        write(
            &root.join("pyproject.toml"),
            "[project]\nname = \"demo\"\n\n[tool.exportlens]\npython = \"envs/main\"\nextra-paths = [\"vendor/lib\", \"gone\"]\n",
        );
        let deep = root.join("pkg/sub");
        std::fs::create_dir_all(&deep).unwrap();
        let mut warnings = Vec::new();
        let p = find(&deep, &mut warnings).expect("found");
        assert_eq!(p.pyproject, root.join("pyproject.toml"));
        assert_eq!(p.python, Some(root.join("envs/main")));
        assert_eq!(p.extra_paths, vec![root.join("vendor/lib")]);
        assert_eq!(
            warnings,
            vec![Error::MissingExtraPath {
                pyproject: root.join("pyproject.toml"),
                entry: root.join("gone"),
            }]
        );
        // A nearer pyproject without the table wins and has no settings.
        write(
            &root.join("pkg/pyproject.toml"),
            "[project]\nname = \"inner\"\n",
        );
        let p = find(&deep, &mut Vec::new()).expect("found");
        assert_eq!((p.root, p.python), (root.join("pkg"), None));
        // An exportlens.toml wins over the pyproject.toml beside it.
        write(&root.join("pkg/exportlens.toml"), "python = \"env2\"\n");
        let p = find(&deep, &mut Vec::new()).expect("found");
        assert_eq!(p.python, Some(root.join("pkg/env2")));
        assert_eq!(p.pyproject, root.join("pkg/exportlens.toml"));
    }

    #[test]
    fn wrong_types_and_invalid_toml_are_warnings() {
        let path = Path::new("/p/pyproject.toml");
        let mut warnings = Vec::new();
        let p = parse(
            path,
            "[tool.exportlens]\npython = 3\nextra-paths = \"src\"\n",
            &mut warnings,
        );
        assert_eq!(p.python, None);
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(
            warnings[0].to_string().contains("python must be a string"),
            "{}",
            warnings[0]
        );
        let mut warnings = Vec::new();
        let p = parse(path, "[tool.exportlens\npython = 'x'", &mut warnings);
        assert_eq!(p.python, None);
        assert!(
            matches!(&warnings[..], [Error::InvalidToml { .. }]),
            "{warnings:?}"
        );
        // Inline tables are tables too.
        let p = parse(
            path,
            "tool = { exportlens = { python = \"e\" } }\n",
            &mut Vec::new(),
        );
        assert_eq!(p.python, Some(PathBuf::from("/p/e")));
    }
}
