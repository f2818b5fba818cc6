//! Reading a file and running every entry point through the tracer in the
//! requested modes; shared by `check` and `export`. Local imports are read
//! from disk ([`DiskProvider`]), searched from the file's folder, its
//! package's parent folders, then the roots the `pyenv` crate finds
//! (workspace, project settings, the Python environment).

use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use anyhow::{Context, Result, bail};
use serde_json::Value as Json;
use tracer::{EntryPoint, Mode, SourceFile, SourceProvider, TraceOptions, TraceResult, Workspace};

pub struct Analysis {
    pub file: Arc<SourceFile>,
    pub entries: Vec<(EntryPoint, Vec<TraceResult>)>,
    /// The files imports were read from (failures may lie in them).
    pub workspace: Rc<Workspace>,
    /// The module classes no entry point reaches, traced on assumed
    /// inputs (`check::analyze_modules`); empty until then.
    pub modules: Vec<export::modules::ModuleAnalysis>,
}

/// Reads imported modules from disk.
pub struct DiskProvider;

impl SourceProvider for DiskProvider {
    fn read(&self, path: &Path) -> Option<Arc<str>> {
        pyenv::sources::read_source(path, u64::MAX)
    }

    fn python_files(&self, dir: &Path) -> Vec<(PathBuf, u64)> {
        pyenv::files::python_files_in(dir, MAX_LISTED_FILES)
    }
}

/// The files of one folder a search for calls of a model's classes looks
/// at, at most (`tracer::entry::assumed`).
const MAX_LISTED_FILES: usize = 512;

/// How imports find installed packages, set once by `main`; reports each
/// environment met once (to stderr when `-v`), and its warnings always.
struct Discovery {
    resolver: pyenv::Resolver,
    verbose: bool,
}

static DISCOVERY: OnceLock<Discovery> = OnceLock::new();

/// `--python`, `--config` and `-v`, from `main`. The workspace root is
/// the current folder.
pub fn configure(python: Option<PathBuf>, config: Option<PathBuf>, verbose: bool) {
    let options = pyenv::Options {
        python,
        workspace_roots: vec![PathBuf::from(".")],
        config,
    };
    let _ = DISCOVERY.set(Discovery {
        resolver: pyenv::Resolver::new(options),
        verbose,
    });
}

fn discovery() -> &'static Discovery {
    DISCOVERY.get_or_init(|| Discovery {
        resolver: pyenv::Resolver::new(pyenv::Options {
            python: None,
            workspace_roots: vec![PathBuf::from(".")],
            config: None,
        }),
        verbose: false,
    })
}

/// Forgets the environments and configuration files found so far, so
/// that the next check reads them again (`check --watch`).
pub fn forget_environment() {
    discovery().resolver.clear();
}

/// The environment and project settings for files in `folder`. Problems
/// of the configuration file are not said here: [`checked_resolution`]
/// makes them an error.
pub fn resolution(folder: &Path) -> Arc<pyenv::Resolution> {
    let d = discovery();
    let (res, first) = d.resolver.resolve_reporting(folder);
    if first {
        tracing::debug!("{}", res.describe());
        if d.verbose {
            eprintln!("exportlens: {}", res.describe());
        }
        for w in res.warnings.iter().filter(|w| !w.is_configuration_error()) {
            eprintln!("exportlens: warning: {w}");
        }
    }
    res
}

/// [`resolution`], or an error listing every problem of the configuration
/// file that applies to `folder` (an unknown key, a wrong value, a file
/// that is not TOML), which stops the command (exit 2).
pub fn checked_resolution(folder: &Path) -> Result<Arc<pyenv::Resolution>> {
    let res = resolution(folder);
    let problems: Vec<String> = res
        .warnings
        .iter()
        .filter(|w| w.is_configuration_error())
        .map(ToString::to_string)
        .collect();
    if !problems.is_empty() {
        bail!("invalid configuration:\n  {}", problems.join("\n  "));
    }
    Ok(res)
}

/// The folder of a file path (`.` for a bare file name).
pub fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Where absolute imports of `path` resolve: its folder and, while that
/// folder is a package (has `__init__.py`), the parents up to the first
/// folder that is not; then the roots [`pyenv`] finds (the current folder
/// and the project folder with their `src/` layouts, `extra-paths`, the
/// environment's site-packages and `.pth` roots).
pub fn import_roots(path: &Path) -> Vec<PathBuf> {
    let mut roots = tracer::imports::package_roots(path, |d| d.join("__init__.py").is_file());
    for r in &resolution(folder_of(path)).roots {
        if !roots.contains(r) {
            roots.push(r.clone());
        }
    }
    roots
}

/// The folder whose configuration applies to `path` (a file or a folder).
pub fn config_folder(path: &Path) -> &Path {
    if path.is_dir() { path } else { folder_of(path) }
}

/// A Python file's text, as [`read_source_bytes`] reads it, invalid UTF-8
/// as U+FFFD.
pub fn read_source(path: &Path) -> Result<String> {
    read_source_bytes(path).map(|bytes| match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// A Python file's bytes; an error for a folder, a file that is not `.py`
/// and a fifo, socket or device.
pub fn read_source_bytes(path: &Path) -> Result<Vec<u8>> {
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
    if std::fs::metadata(path).is_ok_and(|meta| !meta.is_file()) {
        bail!(
            "{} is not a regular file (a fifo, socket or device): not read",
            path.display()
        );
    }
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

/// Set when this process will analyse more than one file (a `check` of
/// several, `--watch`): library state kept by one trace serves the next.
static MORE_FILES: AtomicBool = AtomicBool::new(false);

/// This process analyses more than one file.
pub fn expect_more_files() {
    MORE_FILES.store(true, Ordering::Relaxed);
}

pub fn analyze(path: &str, text: &str, modes: &[Mode]) -> Analysis {
    let file = SourceFile::parse(path, text);
    let roots = import_roots(Path::new(path));
    let workspace = Workspace::new(Box::new(DiskProvider), roots.clone());
    let found = tracer::find_entries(&file);
    // A one-off trace (one entry of the only file) runs libraries without
    // keeping their state: no later trace would start from it.
    let fresh_libraries = found.len() <= 1 && !MORE_FILES.load(Ordering::Relaxed);
    // Each mode traces on its own thread, with its own workspace (the
    // parses are shared process-wide).
    let options: tracer::OptionsFactory = {
        let roots = roots.clone();
        Arc::new(move || TraceOptions {
            workspace: Some(Workspace::new(Box::new(DiskProvider), roots.clone())),
            fresh_libraries,
            ..TraceOptions::default()
        })
    };
    let entries = found
        .into_iter()
        .map(|e| {
            let runs = if export::draft::is_draft(&e) {
                let draft = runtime::draft_options(&file, &e, options.clone());
                tracer::trace_entry_modes(&file, &e, modes, &draft)
            } else {
                tracer::trace_entry_modes(&file, &e, modes, &options)
            };
            (e, runs)
        })
        .collect();
    Analysis {
        file,
        entries,
        workspace,
        modules: Vec::new(),
    }
}

/// A file parsed without looking for entry points (its text cannot hold
/// one): its syntax errors and nothing to trace.
pub fn analyze_without_entries(path: &str, text: &str) -> Analysis {
    Analysis {
        file: SourceFile::parse(path, text),
        entries: Vec::new(),
        workspace: Workspace::new(Box::new(DiskProvider), Vec::new()),
        modules: Vec::new(),
    }
}

impl Analysis {
    /// The analysed file and the files its analysis imported, where its
    /// diagnostics are located.
    pub fn files(&self) -> diagnostics::files::Files {
        diagnostics::files::Files::new(self.file.clone(), Some(self.workspace.clone()))
    }

    pub fn json(&self) -> Json {
        let entries = self
            .entries
            .iter()
            .map(|(e, runs)| export::entry_report(&self.file.path, e, runs))
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
                if let (tracer::TraceOutcome::Failed(f), Some(p)) = (&r.outcome, &r.partial) {
                    let named = export::name_program(p, mode);
                    out.push_str(&export::print_partial(&named, &self.file.path, f.line));
                }
            }
        }
        if self.entries.is_empty() {
            out.push_str("no export entry point: nothing to check (expected `model` + `example_args`, or a torch.export.export(...) call)\n");
        }
        out
    }
}
