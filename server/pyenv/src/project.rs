//! The project a file belongs to: the nearest `pyproject.toml` from the
//! file's folder upwards, and its `[tool.exportlens]` settings `python`
//! (an interpreter or an environment folder) and `extra-paths` (import
//! roots), both relative to the pyproject's folder. Other keys of the
//! table are not read here.

use std::path::{Path, PathBuf};

use toml_edit::{Document, Item};

use crate::Error;

/// A `pyproject.toml` and the settings read from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    pub pyproject: PathBuf,
    /// The pyproject's folder.
    pub root: PathBuf,
    /// `python`, joined to `root`.
    pub python: Option<PathBuf>,
    /// `extra-paths` that are folders, joined to `root`.
    pub extra_paths: Vec<PathBuf>,
}

/// The project of files in `start` (an absolute folder).
pub fn find(start: &Path, warnings: &mut Vec<Error>) -> Option<Project> {
    let pyproject = start
        .ancestors()
        .map(|d| d.join("pyproject.toml"))
        .find(|p| p.is_file())?;
    let text = match std::fs::read(&pyproject) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            warnings.push(Error::InvalidToml {
                path: pyproject,
                message: e.to_string(),
            });
            return None;
        }
    };
    Some(parse(&pyproject, &text, warnings))
}

/// The settings of `text`, the contents of `pyproject`.
pub fn parse(pyproject: &Path, text: &str, warnings: &mut Vec<Error>) -> Project {
    let root = pyproject
        .parent()
        .map_or_else(PathBuf::new, Path::to_path_buf);
    let mut project = Project {
        pyproject: pyproject.to_path_buf(),
        root,
        python: None,
        extra_paths: Vec::new(),
    };
    let doc = match Document::parse(text) {
        Ok(d) => d,
        Err(e) => {
            warnings.push(Error::InvalidToml {
                path: pyproject.to_path_buf(),
                message: e.message().to_string(),
            });
            return project;
        }
    };
    let Some(table) = doc
        .get("tool")
        .and_then(Item::as_table_like)
        .and_then(|t| t.get("exportlens"))
        .and_then(Item::as_table_like)
    else {
        return project;
    };
    let bad = |key, expected| Error::BadSetting {
        path: pyproject.to_path_buf(),
        key,
        expected,
    };
    if let Some(item) = table.get("python") {
        match item.as_str() {
            Some(s) => project.python = Some(project.root.join(s)),
            None => warnings.push(bad("python", "a string (an interpreter or a folder)")),
        }
    }
    if let Some(item) = table.get("extra-paths") {
        let Some(array) = item.as_array() else {
            warnings.push(bad("extra-paths", "an array of folder paths"));
            return project;
        };
        for value in array.iter() {
            let Some(s) = value.as_str() else {
                warnings.push(bad("extra-paths", "an array of folder paths"));
                continue;
            };
            let entry = project.root.join(s);
            if entry.is_dir() {
                project.extra_paths.push(entry);
            } else {
                warnings.push(Error::MissingExtraPath {
                    pyproject: pyproject.to_path_buf(),
                    entry,
                });
            }
        }
    }
    project
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
            "[project]\nname = \"demo\"\n\n[tool.exportlens]\npython = \"envs/main\"\nextra-paths = [\"vendor/lib\", \"gone\"]\nother = 1\n",
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
