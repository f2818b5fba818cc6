//! Which diagnostics a project's settings let through: `select`,
//! `ignore`, `per-file-ignores` and `report-guards`, by rule code and
//! file. Built once per configuration file; shared by the CLI and the
//! language server.

use std::path::Path;

use crate::files::GlobList;
use crate::settings::Settings;

/// The diagnostic filter of one configuration file.
#[derive(Clone, Debug)]
pub struct DiagnosticFilter {
    select: Option<Vec<String>>,
    ignore: Vec<String>,
    per_file_ignores: Vec<(GlobList, Vec<String>)>,
    report_guards: bool,
}

impl DiagnosticFilter {
    pub fn new(settings: &Settings) -> Self {
        let root = std::path::absolute(&settings.root).unwrap_or_else(|_| settings.root.clone());
        DiagnosticFilter {
            select: settings.select.clone(),
            ignore: settings.ignore.clone(),
            per_file_ignores: settings
                .per_file_ignores
                .iter()
                .map(|(glob, codes)| {
                    (
                        GlobList::new(&root, std::slice::from_ref(glob)),
                        codes.clone(),
                    )
                })
                .collect(),
            report_guards: settings.report_guards.unwrap_or(true),
        }
    }

    /// Whether a diagnostic with `code` in the file at `path` is reported.
    /// Syntax errors (and notebooks that cannot be read as such) always
    /// are.
    pub fn reports(&self, code: &str, path: &Path) -> bool {
        if code == "syntax" || code == "invalid-notebook" {
            return true;
        }
        let selected = self
            .select
            .as_ref()
            .is_none_or(|s| s.iter().any(|c| c == code));
        let ignored = self.ignore.iter().any(|c| c == code)
            || self
                .per_file_ignores
                .iter()
                .any(|(glob, codes)| codes.iter().any(|c| c == code) && glob.matches(path));
        let guard_hidden = code == "guard" && !self.report_guards;
        selected && !ignored && !guard_hidden
    }
}

#[cfg(test)]
mod tests {
    use super::DiagnosticFilter;
    use crate::settings::Settings;
    use std::path::{Path, PathBuf};

    fn settings(text: &str) -> Settings {
        let mut problems = Vec::new();
        let s = crate::settings::parse(Path::new("/p/exportlens.toml"), text, &mut problems)
            .expect("settings");
        assert!(problems.is_empty(), "{problems:?}");
        s
    }

    #[test]
    fn select_ignore_per_file_and_guards() {
        let f = DiagnosticFilter::new(&settings(
            "select = [\"GB0170\", \"guard\", \"data-dependent\"]\nignore = [\"guard\"]\n[per-file-ignores]\n\"legacy/*.py\" = [\"data-dependent\"]\n",
        ));
        let file = PathBuf::from("/p/new/m.py");
        assert!(f.reports("GB0170", &file));
        assert!(!f.reports("guard", &file));
        assert!(!f.reports("constraint-violation", &file));
        assert!(f.reports("data-dependent", &file));
        assert!(!f.reports("data-dependent", Path::new("/p/legacy/m.py")));
        assert!(f.reports("syntax", &file));
        let quiet = DiagnosticFilter::new(&settings("report-guards = false\n"));
        assert!(!quiet.reports("guard", &file));
        assert!(quiet.reports("GB0170", &file));
    }
}
