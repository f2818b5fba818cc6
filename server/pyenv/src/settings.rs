//! The exportlens configuration: the `[tool.exportlens]` table of a
//! `pyproject.toml`, or the top level of an `exportlens.toml`. Owns the
//! list of keys, their types and their validation; every problem found is
//! reported (an unknown key by name, a wrong type, an unknown rule code, a
//! glob that does not compile), and the valid keys are still read.
//! Relative paths and globs are relative to the configuration file's
//! folder ([`Settings::root`]).

use std::path::{Path, PathBuf};

use toml_edit::{Document, Item, TableLike};

use crate::Error;

/// The name of the standalone configuration file.
pub const EXPORTLENS_TOML: &str = "exportlens.toml";

/// Which modes `check` reports by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeSetting {
    Strict,
    NonStrict,
    Both,
}

/// Every key of the configuration, as written (paths not yet checked).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The file the settings come from.
    pub file: PathBuf,
    /// Its folder: what relative paths and globs are relative to.
    pub root: PathBuf,
    pub mode: Option<ModeSetting>,
    /// Only these codes are reported (all when `None`).
    pub select: Option<Vec<String>>,
    /// These codes are never reported.
    pub ignore: Vec<String>,
    /// Globs of paths not checked when walking folders; replaces the
    /// default list when set.
    pub exclude: Option<Vec<String>>,
    /// Globs excluded besides `exclude` (or the default list).
    pub extend_exclude: Vec<String>,
    /// Glob -> codes not reported in the files it matches.
    pub per_file_ignores: Vec<(String, Vec<String>)>,
    /// `python`, joined to `root`.
    pub python: Option<PathBuf>,
    /// `extra-paths`, joined to `root`.
    pub extra_paths: Vec<PathBuf>,
    /// Whether guards are reported (default: yes).
    pub report_guards: Option<bool>,
    /// Whether `.gitignore` (and `.ignore`) files are honoured when walking
    /// folders (default: yes).
    pub respect_gitignore: Option<bool>,
    /// `[tool.exportlens.modules.NAME]` tables, in file order.
    pub modules: Vec<ModuleSetting>,
    /// `modules = false`: no module analysis of files without an export
    /// entry point (the editor's and `check`'s).
    pub modules_off: bool,
}

/// How the editor's module analysis builds and feeds one module class or
/// builder function that no export call reaches:
///
/// ```toml
/// [tool.exportlens.modules.Attention]      # in every file
/// init = "dim=64, num_heads=4"              # constructor arguments
/// inputs = { x = "[B, 197, 64]" }          # forward inputs' shapes
///
/// [tool.exportlens.modules."models/*.py::Tokens"]   # only in these files
/// inputs = { ids = "int64[B, T]" }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleSetting {
    /// The glob of files it applies to (relative to [`Settings::root`]);
    /// `None`: every file.
    pub files: Option<String>,
    /// The class or builder function.
    pub name: String,
    /// Python call arguments, evaluated in the module's namespace.
    pub init: Option<String>,
    /// Input name -> typed shape (`[B, 3, H, W]`, `int64[B, T]`), in the
    /// notation of [`syntax::shape_notation::typed_shape`].
    pub inputs: Vec<(String, String)>,
}

impl Settings {
    /// The module settings that apply to the file at `path`.
    pub fn modules_for(&self, path: &Path) -> Vec<&ModuleSetting> {
        let root = std::path::absolute(&self.root).unwrap_or_else(|_| self.root.clone());
        self.modules
            .iter()
            .filter(|m| {
                m.files.as_ref().is_none_or(|glob| {
                    crate::files::GlobList::new(&root, std::slice::from_ref(glob)).matches(path)
                })
            })
            .collect()
    }
}

/// The keys [`parse`] knows, in the order the error message lists them.
pub const KEYS: &[&str] = &[
    "mode",
    "select",
    "ignore",
    "exclude",
    "extend-exclude",
    "per-file-ignores",
    "python",
    "extra-paths",
    "report-guards",
    "respect-gitignore",
    "modules",
];

/// Which kind of file `path` is: an `exportlens.toml` holds the settings at
/// its top level, any other file (a `pyproject.toml`) under
/// `[tool.exportlens]`.
fn is_exportlens_toml(path: &Path) -> bool {
    path.file_name().and_then(|n| n.to_str()) == Some(EXPORTLENS_TOML)
}

/// The settings in `text`, the contents of the configuration file `path`,
/// and the problems found in it. `None` for a pyproject.toml without a
/// `[tool.exportlens]` table (or that is not valid TOML).
pub fn parse(path: &Path, text: &str, problems: &mut Vec<Error>) -> Option<Settings> {
    let root = path.parent().map_or_else(PathBuf::new, Path::to_path_buf);
    let doc = match Document::parse(text) {
        Ok(doc) => doc,
        Err(e) => {
            problems.push(Error::InvalidToml {
                path: path.to_path_buf(),
                message: e.message().to_string(),
            });
            return None;
        }
    };
    let standalone = is_exportlens_toml(path);
    let table: &dyn TableLike = if standalone {
        doc.as_table()
    } else {
        doc.get("tool")
            .and_then(Item::as_table_like)
            .and_then(|t| t.get("exportlens"))
            .and_then(Item::as_table_like)?
    };
    let mut reader = Reader {
        path,
        table: if standalone { "" } else { "[tool.exportlens] " },
        problems,
    };
    let mut settings = Settings {
        file: path.to_path_buf(),
        root: root.clone(),
        ..Settings::default()
    };
    for (key, item) in table.iter() {
        match key {
            "mode" => {
                settings.mode = reader.string(key, item).and_then(|s| match s {
                    "strict" => Some(ModeSetting::Strict),
                    "non-strict" => Some(ModeSetting::NonStrict),
                    "both" => Some(ModeSetting::Both),
                    _ => {
                        reader.bad(key, "\"strict\", \"non-strict\" or \"both\"");
                        None
                    }
                })
            }
            "select" => settings.select = reader.codes(key, item),
            "ignore" => settings.ignore = reader.codes(key, item).unwrap_or_default(),
            "exclude" => settings.exclude = reader.globs(key, item),
            "extend-exclude" => {
                settings.extend_exclude = reader.globs(key, item).unwrap_or_default()
            }
            "per-file-ignores" => settings.per_file_ignores = reader.per_file_ignores(key, item),
            "python" => settings.python = reader.string(key, item).map(|s| root.join(s)),
            "extra-paths" => {
                settings.extra_paths = reader
                    .strings(key, item, "an array of folder paths")
                    .unwrap_or_default()
                    .iter()
                    .map(|s| root.join(s))
                    .collect()
            }
            "report-guards" => settings.report_guards = reader.boolean(key, item),
            "respect-gitignore" => settings.respect_gitignore = reader.boolean(key, item),
            "modules" if item.as_bool() == Some(false) => settings.modules_off = true,
            "modules" if item.as_bool() == Some(true) => {}
            "modules" => settings.modules = reader.modules(key, item),
            other => reader.problems.push(Error::UnknownKey {
                path: path.to_path_buf(),
                table: reader.table,
                key: other.to_string(),
            }),
        }
    }
    Some(settings)
}

/// Reads typed values, reporting each value of the wrong type.
struct Reader<'a> {
    path: &'a Path,
    /// `"[tool.exportlens] "` or `""`, for messages.
    table: &'static str,
    problems: &'a mut Vec<Error>,
}

impl Reader<'_> {
    fn bad(&mut self, key: &str, expected: &'static str) {
        self.problems.push(Error::BadSetting {
            path: self.path.to_path_buf(),
            table: self.table,
            key: key.to_string(),
            expected,
        });
    }

    fn string<'i>(&mut self, key: &str, item: &'i Item) -> Option<&'i str> {
        let s = item.as_str();
        if s.is_none() {
            let expected = if key == "python" {
                "a string (an interpreter or a folder)"
            } else {
                "a string"
            };
            self.bad(key, expected);
        }
        s
    }

    fn boolean(&mut self, key: &str, item: &Item) -> Option<bool> {
        let b = item.as_bool();
        if b.is_none() {
            self.bad(key, "true or false");
        }
        b
    }

    /// An array of strings; `None` (reported) when it is not one.
    fn strings(&mut self, key: &str, item: &Item, expected: &'static str) -> Option<Vec<String>> {
        let Some(array) = item.as_array() else {
            self.bad(key, expected);
            return None;
        };
        let mut out = Vec::new();
        for value in array.iter() {
            match value.as_str() {
                Some(s) => out.push(s.to_string()),
                None => self.bad(key, expected),
            }
        }
        Some(out)
    }

    fn codes(&mut self, key: &str, item: &Item) -> Option<Vec<String>> {
        let codes = self.strings(key, item, "an array of rule codes")?;
        Some(self.known_codes(key, codes))
    }

    /// `codes` without the ones exportlens does not know (each reported).
    fn known_codes(&mut self, key: &str, codes: Vec<String>) -> Vec<String> {
        codes
            .into_iter()
            .filter(|code| {
                let known = rules::is_known(code);
                if !known {
                    self.problems.push(Error::UnknownCode {
                        path: self.path.to_path_buf(),
                        table: self.table,
                        key: key.to_string(),
                        code: code.clone(),
                    });
                }
                known
            })
            .collect()
    }

    fn globs(&mut self, key: &str, item: &Item) -> Option<Vec<String>> {
        let globs = self.strings(key, item, "an array of glob patterns")?;
        Some(self.valid_globs(key, globs))
    }

    /// `globs` without the ones that do not compile (each reported).
    fn valid_globs(&mut self, key: &str, globs: Vec<String>) -> Vec<String> {
        globs
            .into_iter()
            .filter(|glob| match crate::files::compile_glob(glob) {
                Ok(_) => true,
                Err(message) => {
                    self.problems.push(Error::BadGlob {
                        path: self.path.to_path_buf(),
                        key: key.to_string(),
                        glob: glob.clone(),
                        message,
                    });
                    false
                }
            })
            .collect()
    }

    /// `modules`: a table of `NAME` or `"GLOB::NAME"` = { init, inputs }.
    fn modules(&mut self, key: &str, item: &Item) -> Vec<ModuleSetting> {
        const EXPECTED: &str =
            "`false`, or a table of module names, each a table with `init` and `inputs`";
        let Some(table) = item.as_table_like() else {
            self.bad(key, EXPECTED);
            return Vec::new();
        };
        let mut out = Vec::new();
        for (target, value) in table.iter() {
            let (files, name) = match target.rsplit_once("::") {
                Some((glob, name)) => (Some(glob.to_string()), name.to_string()),
                None => (None, target.to_string()),
            };
            let mut problem = |message: String| {
                self.problems.push(Error::BadModuleSetting {
                    path: self.path.to_path_buf(),
                    table: self.table,
                    module: target.to_string(),
                    message,
                })
            };
            let Some(fields) = value.as_table_like() else {
                problem("must be a table with `init` and `inputs`".to_string());
                continue;
            };
            let mut setting = ModuleSetting {
                files,
                name,
                init: None,
                inputs: Vec::new(),
            };
            for (field, value) in fields.iter() {
                match field {
                    "init" => match value.as_str() {
                        Some(init) => setting.init = Some(init.to_string()),
                        None => problem("`init` must be a string of call arguments".to_string()),
                    },
                    "inputs" => {
                        let Some(inputs) = value.as_table_like() else {
                            problem("`inputs` must be a table of input = \"[shape]\"".to_string());
                            continue;
                        };
                        for (input, shape) in inputs.iter() {
                            let checked = match shape.as_str() {
                                Some(text) => syntax::shape_notation::typed_shape(text)
                                    .map(|_| text.to_string()),
                                None => {
                                    Err("must be a string such as \"[B, 3, H, W]\"".to_string())
                                }
                            };
                            match checked {
                                Ok(text) => setting.inputs.push((input.to_string(), text)),
                                Err(why) => problem(format!("input `{input}`: {why}")),
                            }
                        }
                    }
                    other => problem(format!("unknown key `{other}` (known: init, inputs)")),
                }
            }
            if let Some(glob) = &setting.files
                && self.valid_globs(key, vec![glob.clone()]).is_empty()
            {
                continue;
            }
            out.push(setting);
        }
        out
    }

    fn per_file_ignores(&mut self, key: &str, item: &Item) -> Vec<(String, Vec<String>)> {
        const EXPECTED: &str = "a table of glob = [rule codes]";
        let Some(table) = item.as_table_like() else {
            self.bad(key, EXPECTED);
            return Vec::new();
        };
        let mut out = Vec::new();
        for (glob, codes) in table.iter() {
            let Some(codes) = self.strings(key, codes, EXPECTED) else {
                continue;
            };
            let codes = self.known_codes(key, codes);
            if let Some(glob) = self.valid_globs(key, vec![glob.to_string()]).pop() {
                out.push((glob, codes));
            }
        }
        out
    }
}

/// The configuration file of files in `start` (an absolute folder): the
/// nearest folder from `start` upwards with an `exportlens.toml` (first) or
/// a `pyproject.toml`. A pyproject.toml without `[tool.exportlens]` still
/// marks the project (its folder is an import root) with no settings.
pub fn find_file(start: &Path) -> Option<PathBuf> {
    start.ancestors().find_map(|dir| {
        [EXPORTLENS_TOML, "pyproject.toml"]
            .iter()
            .map(|name| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// Reads and parses the configuration file `path`. A file that cannot be
/// read is a problem; so is one named `--config` that holds no settings.
pub fn load(path: &Path, problems: &mut Vec<Error>) -> Option<Settings> {
    match std::fs::read(path) {
        Ok(bytes) => parse(path, &String::from_utf8_lossy(&bytes), problems),
        Err(e) => {
            problems.push(Error::Unreadable {
                path: path.to_path_buf(),
                message: e.to_string(),
            });
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(name: &str, text: &str) -> (Option<Settings>, Vec<String>) {
        let mut problems = Vec::new();
        let s = parse(&Path::new("/p").join(name), text, &mut problems);
        (s, problems.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn every_key_is_read_from_either_file() {
        let body = "mode = \"both\"\nselect = [\"GB0170\", \"data-dependent\"]\nignore = [\"guard\"]\nexclude = [\"build\"]\nextend-exclude = [\"gen/**\"]\nper-file-ignores = { \"tests/*.py\" = [\"no-entry\"] }\npython = \".venv\"\nextra-paths = [\"vendor\"]\nreport-guards = false\nrespect-gitignore = false\nmodules = { Block = { init = \"dim=8\", inputs = { x = \"[B, 8]\" } } }\n";
        let (toml, problems) = parsed(EXPORTLENS_TOML, body);
        assert!(problems.is_empty(), "{problems:?}");
        let (pyproject, problems) = parsed("pyproject.toml", &format!("[tool.exportlens]\n{body}"));
        assert!(problems.is_empty(), "{problems:?}");
        let (toml, pyproject) = (toml.expect("settings"), pyproject.expect("settings"));
        assert_eq!(toml.mode, Some(ModeSetting::Both));
        assert_eq!(
            toml.select.as_deref(),
            Some(&["GB0170".to_string(), "data-dependent".to_string()][..])
        );
        assert_eq!(toml.ignore, ["guard"]);
        assert_eq!(toml.exclude.as_deref(), Some(&["build".to_string()][..]));
        assert_eq!(toml.extend_exclude, ["gen/**"]);
        assert_eq!(
            toml.per_file_ignores,
            [("tests/*.py".to_string(), vec!["no-entry".to_string()])]
        );
        assert_eq!(toml.python, Some(PathBuf::from("/p/.venv")));
        assert_eq!(toml.extra_paths, [PathBuf::from("/p/vendor")]);
        assert_eq!(
            (toml.report_guards, toml.respect_gitignore),
            (Some(false), Some(false))
        );
        assert_eq!(
            toml.modules,
            [ModuleSetting {
                files: None,
                name: "Block".to_string(),
                init: Some("dim=8".to_string()),
                inputs: vec![("x".to_string(), "[B, 8]".to_string())],
            }]
        );
        assert_eq!(
            Settings {
                file: toml.file.clone(),
                ..pyproject
            },
            toml
        );
    }

    #[test]
    fn module_settings_apply_to_the_files_their_glob_matches() {
        let (settings, problems) = parsed(
            "pyproject.toml",
            "[tool.exportlens.modules.Block]\ninit = \"dim=8\"\n\n[tool.exportlens.modules.\"models/*.py::Head\"]\ninputs = { x = \"int64[B, T]\" }\n",
        );
        assert!(problems.is_empty(), "{problems:?}");
        let settings = settings.expect("settings");
        let names = |path: &str| -> Vec<String> {
            settings
                .modules_for(Path::new(path))
                .iter()
                .map(|m| m.name.clone())
                .collect()
        };
        assert_eq!(names("/p/models/vit.py"), ["Block", "Head"]);
        assert_eq!(names("/p/other/vit.py"), ["Block"]);
        assert_eq!(settings.modules[1].files.as_deref(), Some("models/*.py"));
    }

    #[test]
    fn module_settings_report_shapes_and_keys_they_do_not_understand() {
        let (settings, problems) = parsed(
            "pyproject.toml",
            "[tool.exportlens.modules.Block]\ninit = 8\nsize = 3\ninputs = { x = \"[B, 3 + 1]\", y = \"tensor[B]\", z = \"[B, 3]\" }\n",
        );
        let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(problems.len(), 4, "{problems:?}");
        assert!(problems[0].contains("[tool.exportlens] modules.Block: `init` must be a string"));
        assert!(problems[1].contains("unknown key `size`"));
        assert!(problems[2].contains("input `x`: `B, 3 + 1` is not a list of dims"));
        assert!(problems[3].contains("input `y`: `tensor` is not a dtype"));
        let block = &settings.expect("settings").modules[0];
        assert_eq!(block.inputs, [("z".to_string(), "[B, 3]".to_string())]);
    }

    #[test]
    fn problems_name_the_key_the_code_and_the_glob() {
        let (settings, problems) = parsed(
            "pyproject.toml",
            "[tool.exportlens]\nmodee = \"strict\"\nmode = \"fast\"\nignore = [\"GB0170\", \"E501\"]\nexclude = [\"a[\"]\nreport-guards = \"yes\"\n",
        );
        assert_eq!(
            problems,
            [
                "/p/pyproject.toml: unknown key `modee` in [tool.exportlens] (known keys: mode, select, ignore, exclude, extend-exclude, per-file-ignores, python, extra-paths, report-guards, respect-gitignore, modules)",
                "/p/pyproject.toml: [tool.exportlens] mode must be \"strict\", \"non-strict\" or \"both\"",
                "/p/pyproject.toml: [tool.exportlens] ignore names `E501`, which is not an exportlens rule code (`exportlens rule --all` lists them)",
                "/p/pyproject.toml: exclude glob `a[` does not compile: unclosed character class; missing ']'",
                "/p/pyproject.toml: [tool.exportlens] report-guards must be true or false",
            ]
        );
        assert_eq!(settings.expect("read").ignore, ["GB0170"]);
        let (settings, problems) = parsed(EXPORTLENS_TOML, "[tool]\nx = 1\n");
        assert!(settings.is_some());
        assert_eq!(
            problems,
            [
                "/p/exportlens.toml: unknown key `tool` (known keys: mode, select, ignore, exclude, extend-exclude, per-file-ignores, python, extra-paths, report-guards, respect-gitignore, modules)"
            ]
        );
    }

    #[test]
    fn a_pyproject_without_the_table_has_no_settings() {
        let (settings, problems) = parsed("pyproject.toml", "[project]\nname = \"x\"\n");
        assert_eq!((settings, problems.len()), (None, 0));
    }
}
