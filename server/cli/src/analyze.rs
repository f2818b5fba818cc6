//! Reading a file and running every entry point through the tracer in the
//! requested modes; shared by `check` and `export`. Local imports are read
//! from disk ([`DiskProvider`]), searched from the file's folder, its
//! package's parent folders and the current directory.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use anyhow::{Context, Result, bail};
use serde_json::Value as Json;
use tracer::{EntryPoint, Mode, SourceFile, SourceProvider, TraceOptions, TraceResult, Workspace};

pub struct Analysis {
    pub file: Rc<SourceFile>,
    pub entries: Vec<(EntryPoint, Vec<TraceResult>)>,
    /// The files imports were read from (failures may lie in them).
    pub workspace: Rc<Workspace>,
}

/// Reads imported modules from disk.
pub struct DiskProvider;

impl SourceProvider for DiskProvider {
    fn read(&self, path: &Path) -> Option<String> {
        if !path.is_file() {
            return None;
        }
        let bytes = std::fs::read(path).ok()?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// Where absolute imports of `path` resolve: its folder and, while that
/// folder is a package (has `__init__.py`), the parents up to the first
/// folder that is not; then the current directory, its `src/` layout
/// folder, and the installed packages of the Python environment
/// ([`crate::pyenv`]).
pub fn import_roots(path: &Path) -> Vec<PathBuf> {
    let mut roots = tracer::imports::package_roots(path, |d| d.join("__init__.py").is_file());
    roots.push(PathBuf::from("."));
    if Path::new("src").is_dir() {
        roots.push(PathBuf::from("src"));
    }
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(env) = crate::pyenv::discover(folder.unwrap_or(Path::new("."))) {
        tracing::debug!("{}", env.describe());
        roots.extend(env.roots);
    }
    roots
}

pub fn read_source(path: &Path) -> Result<String> {
    if path.is_dir() {
        bail!(
            "{} is a folder; `export` takes one Python file",
            path.display()
        );
    }
    if path.extension().and_then(|e| e.to_str()) != Some("py") {
        bail!(
            "{} is not a Python file (expected a .py file)",
            path.display()
        );
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

pub fn analyze(path: &str, text: &str, modes: &[Mode]) -> Analysis {
    let file = SourceFile::parse(path, text);
    let workspace = Workspace::new(Box::new(DiskProvider), import_roots(Path::new(path)));
    let options = TraceOptions {
        workspace: Some(workspace.clone()),
        ..TraceOptions::default()
    };
    let entries = tracer::find_entries(&file)
        .into_iter()
        .map(|e| {
            let runs = modes
                .iter()
                .map(|m| tracer::trace_entry_with(file.clone(), &e, *m, &options))
                .collect();
            (e, runs)
        })
        .collect();
    Analysis {
        file,
        entries,
        workspace,
    }
}

impl Analysis {
    pub fn json(&self) -> Json {
        let entries = self
            .entries
            .iter()
            .map(|(e, runs)| export::entry_report(e, runs))
            .collect();
        export::file_report(&self.file.path, entries)
    }

    pub fn programs_text(&self, mode: Mode) -> String {
        let mut out = String::new();
        for (e, runs) in &self.entries {
            for r in runs.iter().filter(|r| r.mode == mode) {
                out.push_str(&format!("# {} ({}), line {}\n", e.name, mode.key(), e.line));
                match &r.outcome {
                    tracer::TraceOutcome::Exported(p) => {
                        let named = export::name_program(p, mode);
                        out.push_str(&export::print_program(&named, &self.file.path));
                    }
                    tracer::TraceOutcome::Failed(f) if !f.is_verdict() => {
                        out.push_str(&format!("no verdict: {}\n", f.message));
                    }
                    tracer::TraceOutcome::Failed(f) => {
                        out.push_str(&format!(
                            "export fails ({}{}): {}\n",
                            f.kind.category(),
                            f.gb_code.map(|c| format!(" {c}")).unwrap_or_default(),
                            f.message
                        ));
                    }
                }
            }
        }
        if self.entries.is_empty() {
            out.push_str("no export entry point: nothing to check (expected `model` + `example_args`, or a torch.export.export(...) call)\n");
        }
        out
    }
}
