//! Workspace analysis: models imported from other files.
//!
//! - [`Imports`]: how an analysis reads imported files (open documents
//!   first, the disk otherwise) and where it searches (the entry file's
//!   package folders, then the roots `pyenv` resolves for its folder: the
//!   workspace folders and `src/` layouts, `extra-paths`, the Python
//!   environment's site-packages); the tracer gets it as a
//!   `SourceProvider`, so it still does no I/O itself.
//! - [`WorkspaceIndex`]: diagnostics an entry file's analysis found in other
//!   files ("foreign" diagnostics, published for those files merged with
//!   their own), the files each analysed entry imports, and the entry-point
//!   candidates of the workspace (a bounded text scan on `initialized`), so
//!   that editing `models.py` re-analyses the files that export its models.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, RwLock};

use crate::analysis::{HoverTable, LineFacts};

/// Hover facts found in one file by other files' analyses: by source file,
/// (0-based line, facts).
type ForeignHover = HashMap<Uri, Vec<(u32, LineFacts)>>;
use tower_lsp_server::ls_types::{Diagnostic, Uri};

/// Reads a file's current text (open document or disk).
pub type ReadFn = Arc<dyn Fn(&Path) -> Option<Arc<str>> + Send + Sync>;

/// Whether a document open in the editor is the file at a path.
pub type OpenFn = Arc<dyn Fn(&Path) -> bool + Send + Sync>;

/// How one analysis resolves imports.
#[derive(Clone)]
pub struct Imports {
    pub read: ReadFn,
    /// Whether a path is an open document's (which `read` reads first).
    pub open: OpenFn,
    /// The search roots after the file's own package folders.
    pub roots: Vec<PathBuf>,
}

impl std::fmt::Debug for Imports {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Imports")
            .field("roots", &self.roots)
            .finish()
    }
}

struct Provider(ReadFn);

impl tracer::SourceProvider for Provider {
    fn read(&self, path: &Path) -> Option<Arc<str>> {
        (self.0)(path)
    }

    /// A model file's neighbours, searched for calls of its classes: the
    /// files on disk (an open document is read through `read`).
    fn python_files(&self, dir: &Path) -> Vec<(PathBuf, u64)> {
        pyenv::files::python_files_in(dir, MAX_LISTED_FILES)
    }
}

/// The files of one folder a search for calls of a model's classes looks
/// at, at most.
const MAX_LISTED_FILES: usize = 512;

impl Imports {
    /// The tracer's view of the workspace for an entry file at `path`.
    pub fn workspace(&self, path: &Path) -> Rc<tracer::Workspace> {
        let read = self.read.clone();
        let mut roots =
            tracer::imports::package_roots(path, |d| read(&d.join("__init__.py")).is_some());
        for r in &self.roots {
            if !roots.contains(r) {
                roots.push(r.clone());
            }
        }
        tracer::Workspace::new(Box::new(Provider(self.read.clone())), roots)
    }
}

/// Files larger than this are not read for imports or scanned.
const MAX_FILE_BYTES: u64 = 4 << 20;
/// Python files the workspace scan looks at, at most.
const MAX_SCANNED_FILES: usize = 2_000;

/// A Python file's text from disk (lossy UTF-8; read again only when it
/// changed, see `pyenv::sources`); `None` when missing, not a file, or
/// too large.
pub fn disk_read(path: &Path) -> Option<Arc<str>> {
    pyenv::sources::read_source(path, MAX_FILE_BYTES)
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// One configuration file's diagnostic filter and `exclude` globs.
#[derive(Clone)]
struct CompiledRules {
    filter: Arc<pyenv::filter::DiagnosticFilter>,
    exclude: Arc<pyenv::files::GlobList>,
}

/// Cross-file state of the language server; see the module docs.
#[derive(Default)]
pub struct WorkspaceIndex {
    roots: RwLock<Vec<PathBuf>>,
    reader: OnceLock<(ReadFn, OpenFn)>,
    /// target file -> entry file whose analysis found them -> diagnostics.
    foreign: Mutex<HashMap<Uri, HashMap<Uri, Vec<Diagnostic>>>>,
    /// Hover facts other files' analyses found, by target file then source.
    foreign_hover: Mutex<HashMap<Uri, ForeignHover>>,
    /// entry file -> the files its analysis imported.
    deps: Mutex<HashMap<Uri, Vec<PathBuf>>>,
    /// Files that may hold entry points -> the module names they import.
    candidates: Mutex<HashMap<PathBuf, HashSet<String>>>,
    /// Files analysed in the background (not open) -> current generation.
    background: Mutex<HashMap<Uri, u64>>,
    /// Project settings and Python environments, per folder.
    pub resolver: pyenv::Resolver,
    /// The compiled rules of each configuration file, with the settings
    /// they were compiled from (recompiled when those change).
    project_rules: Mutex<HashMap<PathBuf, (pyenv::Settings, CompiledRules)>>,
}

/// The module-name components a file's import lines mention, if the file
/// may hold an entry point ([`tracer::may_hold_entry`]).
fn entry_candidate(text: &str) -> Option<HashSet<String>> {
    if !tracer::may_hold_entry(text) {
        return None;
    }
    let mut names = HashSet::new();
    for line in text.lines() {
        let line = line.trim_start();
        let rest = if let Some(r) = line.strip_prefix("import ") {
            r
        } else if let Some(r) = line.strip_prefix("from ") {
            r
        } else {
            continue;
        };
        for word in rest.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if !word.is_empty() && word != "import" && word != "as" {
                names.insert(word.to_string());
            }
        }
    }
    Some(names)
}

/// The name other files import `path` by: its stem, or its package's
/// folder name for `__init__.py`.
fn module_name(path: &Path) -> Option<String> {
    let stem = path.file_stem()?.to_str()?;
    if stem == "__init__" {
        return path.parent()?.file_name()?.to_str().map(str::to_string);
    }
    Some(stem.to_string())
}

pub fn uri_path(uri: &Uri) -> Option<PathBuf> {
    uri.to_file_path().map(|p| p.into_owned())
}

impl WorkspaceIndex {
    pub fn set_reader(&self, read: ReadFn, open: OpenFn) {
        let _ = self.reader.set((read, open));
    }

    pub fn set_roots(&self, roots: Vec<PathBuf>) {
        self.resolver.set_workspace_roots(roots.clone());
        *self
            .roots
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = roots;
    }

    pub fn roots(&self) -> Vec<PathBuf> {
        self.roots
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// What an analysis of the file at `path` needs to resolve imports
    /// (`None` before the reader is installed), and the resolution of its
    /// folder when this is the first time it is met (to be logged).
    pub fn imports(&self, path: &Path) -> Option<(Imports, Option<Arc<pyenv::Resolution>>)> {
        let (read, open) = self.reader.get()?.clone();
        let folder = path.parent().unwrap_or(Path::new(""));
        let (resolution, first) = self.resolver.resolve_reporting(folder);
        let imports = Imports {
            read,
            open,
            roots: resolution.roots.clone(),
        };
        Some((imports, first.then_some(resolution)))
    }

    /// What the configuration file that applies to `path` says of it. Its
    /// globs are compiled once per configuration, not per edit.
    pub fn project_rules(&self, path: &Path) -> crate::analysis::ProjectRules {
        let folder = path.parent().unwrap_or(Path::new(""));
        let resolution = self.resolver.resolve(folder);
        let Some(settings) = resolution.project.as_ref().map(|p| &p.settings) else {
            return crate::analysis::ProjectRules::default();
        };
        let compiled = {
            let mut cache = lock(&self.project_rules);
            match cache.get(&settings.file) {
                Some((seen, compiled)) if seen == settings => compiled.clone(),
                _ => {
                    let compiled = CompiledRules {
                        filter: Arc::new(pyenv::filter::DiagnosticFilter::new(settings)),
                        exclude: Arc::new(
                            pyenv::files::WalkOptions::from_settings(Some(settings), folder)
                                .exclude,
                        ),
                    };
                    cache.insert(settings.file.clone(), (settings.clone(), compiled.clone()));
                    compiled
                }
            }
        };
        crate::analysis::ProjectRules {
            modules: Arc::new(diagnostics::settings::module_overrides(settings, path)),
            modules_off: settings.modules_off,
            mode: settings.mode,
            excluded: compiled.exclude.matches(path),
            filter: Some(compiled.filter),
        }
    }

    /// Scan the workspace folders for entry-point candidates (blocking;
    /// bounded to [`MAX_SCANNED_FILES`] Python files).
    pub fn scan(&self) -> usize {
        // The files `exportlens check` would walk: `.gitignore` and the
        // project's `exclude` respected, environments skipped.
        let mut discovered = pyenv::files::Discovered::default();
        for root in self.roots() {
            let resolution = self.resolver.resolve(&root);
            let settings = resolution.project.as_ref().map(|p| &p.settings);
            let options = pyenv::files::WalkOptions::from_settings(settings, &root);
            if let Err(e) = pyenv::files::python_files(&root, &options, &mut discovered) {
                tracing::warn!("workspace scan: {e}");
            }
        }
        let mut files = discovered.files;
        files.truncate(MAX_SCANNED_FILES);
        let mut found = HashMap::new();
        for f in files {
            if let Some(names) = disk_read(&f).as_deref().and_then(entry_candidate) {
                found.insert(f, names);
            }
        }
        let n = found.len();
        lock(&self.candidates).extend(found);
        n
    }

    /// Re-read one file after it changed on disk.
    pub fn rescan(&self, path: &Path) {
        let names = disk_read(path).as_deref().and_then(entry_candidate);
        let mut c = lock(&self.candidates);
        match names {
            Some(n) => {
                c.insert(path.to_path_buf(), n);
            }
            None => {
                c.remove(path);
            }
        }
    }

    /// Replace the foreign diagnostics `source`'s analysis found; returns
    /// the files whose diagnostics changed.
    pub fn set_foreign(&self, source: &Uri, found: &[(Uri, Diagnostic)]) -> Vec<Uri> {
        let mut by_target: HashMap<Uri, Vec<Diagnostic>> = HashMap::new();
        for (t, d) in found {
            let list = by_target.entry(t.clone()).or_default();
            if !list.contains(d) {
                list.push(d.clone());
            }
        }
        let mut foreign = lock(&self.foreign);
        let mut changed = Vec::new();
        for (target, sources) in foreign.iter_mut() {
            let new = by_target.remove(target);
            let old = sources.get(source);
            if old != new.as_ref() {
                changed.push(target.clone());
            }
            match new {
                Some(n) => sources.insert(source.clone(), n),
                None => sources.remove(source),
            };
        }
        for (target, list) in by_target {
            changed.push(target.clone());
            foreign
                .entry(target)
                .or_default()
                .insert(source.clone(), list);
        }
        foreign.retain(|_, s| !s.is_empty());
        changed
    }

    /// Replace the hover facts `source`'s analysis found in other files.
    pub fn set_foreign_hover(&self, source: &Uri, found: &[(Uri, u32, LineFacts)]) {
        let mut all = lock(&self.foreign_hover);
        for sources in all.values_mut() {
            sources.remove(source);
        }
        for (target, line, facts) in found {
            all.entry(target.clone())
                .or_default()
                .entry(source.clone())
                .or_default()
                .push((*line, facts.clone()));
        }
        all.retain(|_, s| !s.is_empty());
    }

    /// Whether other files' analyses found anything on `target`'s lines.
    pub fn has_foreign_hover(&self, target: &Uri) -> bool {
        lock(&self.foreign_hover).contains_key(target)
    }

    /// `table` with what other files' analyses found on `target`'s lines
    /// added (its own facts first).
    pub fn hover_with_foreign(&self, target: &Uri, table: &HoverTable) -> HoverTable {
        let mut merged = table.clone();
        let all = lock(&self.foreign_hover);
        let Some(sources) = all.get(target) else {
            return merged;
        };
        let mut keys: Vec<&Uri> = sources.keys().collect();
        keys.sort_by_key(|u| u.as_str());
        for key in keys {
            for (line, facts) in &sources[key] {
                let own = merged.lines.entry(*line).or_default();
                for op in &facts.ops {
                    if !own.ops.contains(op) {
                        own.ops.push(op.clone());
                    }
                }
            }
        }
        merged
    }

    /// Diagnostics other files' analyses found in `target`.
    pub fn foreign_for(&self, target: &Uri) -> Vec<Diagnostic> {
        let foreign = lock(&self.foreign);
        let Some(sources) = foreign.get(target) else {
            return Vec::new();
        };
        let mut keys: Vec<&Uri> = sources.keys().collect();
        keys.sort_by_key(|u| u.as_str());
        keys.into_iter().flat_map(|k| sources[k].clone()).collect()
    }

    /// Every file some analysis found diagnostics in.
    pub fn foreign_targets(&self) -> Vec<Uri> {
        lock(&self.foreign).keys().cloned().collect()
    }

    /// The files where `source`'s analysis found diagnostics.
    pub fn targets_of(&self, source: &Uri) -> Vec<Uri> {
        lock(&self.foreign)
            .iter()
            .filter(|(_, s)| s.contains_key(source))
            .map(|(t, _)| t.clone())
            .collect()
    }

    /// The entry files whose foreign diagnostics lie in `target`.
    pub fn sources_for(&self, target: &Uri) -> Vec<Uri> {
        lock(&self.foreign)
            .get(target)
            .map(|s| s.keys().cloned().collect())
            .unwrap_or_default()
    }

    pub fn set_deps(&self, source: &Uri, deps: Vec<PathBuf>) {
        lock(&self.deps).insert(source.clone(), deps);
    }

    /// Files that import `path` (known from earlier analyses) or may import
    /// it (scan candidates naming its module), except `path` itself.
    pub fn importers_of(&self, path: &Path) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = lock(&self.deps)
            .iter()
            .filter(|(_, deps)| deps.iter().any(|d| d == path))
            .filter_map(|(u, _)| uri_path(u))
            .collect();
        if let Some(name) = module_name(path) {
            for (f, names) in lock(&self.candidates).iter() {
                if names.contains(&name) && !out.contains(f) {
                    out.push(f.clone());
                }
            }
        }
        out.retain(|p| p != path);
        out.sort();
        out
    }

    /// Start a background analysis of `uri` (newer ones supersede it).
    pub fn start_background(&self, uri: &Uri, generation: u64) {
        lock(&self.background).insert(uri.clone(), generation);
    }

    pub fn background_current(&self, uri: &Uri, generation: u64) -> bool {
        lock(&self.background).get(uri) == Some(&generation)
    }

    pub fn stop_background(&self, uri: &Uri) {
        lock(&self.background).remove(uri);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_name_their_imports() {
        let names = entry_candidate(
            "import torch\nfrom .blocks import ResBlock\nimport mypkg.layers as L\nep = torch.export.export(m, ())\n",
        )
        .expect("a candidate");
        for n in ["blocks", "ResBlock", "mypkg", "layers", "L", "torch"] {
            assert!(names.contains(n), "{n}: {names:?}");
        }
        assert!(entry_candidate("import torch\nx = 1\n").is_none());
        assert_eq!(
            module_name(Path::new("/w/pkg/__init__.py")).as_deref(),
            Some("pkg")
        );
    }

    #[test]
    fn foreign_diagnostics_are_replaced_per_source() {
        let ix = WorkspaceIndex::default();
        let a: Uri = "file:///w/a.py".parse().unwrap();
        let b: Uri = "file:///w/b.py".parse().unwrap();
        let m: Uri = "file:///w/models.py".parse().unwrap();
        let d = |msg: &str| Diagnostic {
            message: msg.into(),
            ..Diagnostic::default()
        };
        assert_eq!(ix.set_foreign(&a, &[(m.clone(), d("x"))]), vec![m.clone()]);
        assert_eq!(ix.set_foreign(&b, &[(m.clone(), d("y"))]), vec![m.clone()]);
        assert_eq!(ix.foreign_for(&m).len(), 2);
        assert!(ix.set_foreign(&a, &[(m.clone(), d("x"))]).is_empty());
        assert_eq!(ix.set_foreign(&a, &[]), vec![m.clone()]);
        assert_eq!(ix.foreign_for(&m), vec![d("y")]);
        assert_eq!(ix.sources_for(&m), vec![b]);
    }
}

/// Cross-file scheduling on the server state: what happens around an
/// analysis when other files are involved.
mod scheduling {
    use std::path::PathBuf;
    use std::sync::Arc;
    use std::time::Duration;

    use ropey::Rope;
    use tower_lsp_server::ls_types::{DidChangeWatchedFilesParams, Uri};

    use super::{disk_read, uri_path};
    use crate::analysis::{FileAnalysis, Snapshot};
    use crate::state::State;

    impl State {
        /// Install the reader analyses use for imported files: the open
        /// document's text, else the file on disk.
        pub fn install_reader(self: &Arc<Self>) {
            let weak = Arc::downgrade(self);
            let open = weak.clone();
            self.workspace.set_reader(
                Arc::new(move |path| {
                    weak.upgrade()
                        .and_then(|s| s.open_text(path))
                        .map(Arc::from)
                        .or_else(|| disk_read(path))
                }),
                Arc::new(move |path| open.upgrade().is_some_and(|s| s.is_open_path(path))),
            );
        }

        /// After an analysis of `uri` (open or in the background): note its
        /// imports and publish what it found in other files.
        pub(crate) fn imports_analysed(self: &Arc<Self>, uri: &Uri, a: &FileAnalysis) {
            self.workspace.set_deps(uri, a.deps.clone());
            self.workspace.set_foreign_hover(uri, &a.foreign_hover);
            for target in self.workspace.set_foreign(uri, &a.foreign) {
                if target == *uri {
                    continue;
                }
                let state = self.clone();
                tokio::spawn(async move { state.republish(&target).await });
            }
        }

        /// An entry file was closed: what its analysis found in other files
        /// is kept current from the file on disk while one of them is open,
        /// and withdrawn otherwise.
        pub(crate) fn closed_entry(self: &Arc<Self>, uri: &Uri) {
            let targets = self.workspace.targets_of(uri);
            if targets.is_empty() {
                return;
            }
            if targets.iter().any(|t| self.is_open(t))
                && let Some(path) = uri_path(uri)
            {
                self.background(uri.clone(), path, Duration::ZERO);
                return;
            }
            self.workspace.set_foreign_hover(uri, &[]);
            for target in self.workspace.set_foreign(uri, &[]) {
                let state = self.clone();
                tokio::spawn(async move { state.republish(&target).await });
            }
        }

        /// `uri` was opened or edited: re-analyse the files that import it
        /// (open ones as usual, others from disk in the background).
        pub fn refresh_importers(self: &Arc<Self>, uri: &Uri, delay: Duration) {
            let Some(path) = uri_path(uri) else {
                return;
            };
            for importer in self.workspace.importers_of(&path) {
                let Some(iuri) = Uri::from_file_path(&importer) else {
                    continue;
                };
                if !self.reanalyze(&iuri, delay) {
                    self.background(iuri, importer, delay);
                }
            }
        }

        /// Analyse a file that is not open, from disk, for what it finds in
        /// other files; its own diagnostics are not published.
        pub fn background(self: &Arc<Self>, uri: Uri, path: PathBuf, delay: Duration) {
            let generation = self.fresh_generation();
            self.workspace.start_background(&uri, generation);
            let state = self.clone();
            tokio::spawn(async move {
                if !delay.is_zero() {
                    tokio::time::sleep(delay).await;
                }
                if !state.workspace.background_current(&uri, generation) {
                    return;
                }
                let read = path.clone();
                let text = tokio::task::spawn_blocking(move || disk_read(&read))
                    .await
                    .ok()
                    .flatten()
                    .unwrap_or_default();
                let snap = Snapshot {
                    uri: uri.clone(),
                    path: path.display().to_string(),
                    version: 0,
                    generation,
                    rope: Rope::from_str(&text),
                    encoding: state.encoding(),
                    config: state.config(),
                    tree: None,
                    lowered: None,
                    modules: None,
                    traces: None,
                    parsed: None,
                    programs: false,
                    imports: state.imports_for(&path),
                    project: state.workspace.project_rules(&path),
                };
                let (a, _) = state.compute(snap).await;
                if state.is_open(&uri) || !state.workspace.background_current(&uri, generation) {
                    return;
                }
                state.imports_analysed(&uri, &a);
            });
        }

        /// `workspace/didChangeWatchedFiles`: re-read changed files that are
        /// not open and re-analyse what depends on them; a changed
        /// environment setting re-analyses every open document.
        pub fn watched_changed(self: &Arc<Self>, params: DidChangeWatchedFilesParams) {
            // A new package or .pth file may change what resolves.
            self.workspace.resolver.clear();
            let settings = params
                .changes
                .iter()
                .any(|c| uri_path(&c.uri).is_some_and(|p| p.extension().is_none_or(|e| e != "py")));
            if settings {
                // pyproject.toml, pyvenv.cfg or a .pth file: every open
                // document may resolve its imports differently.
                self.reanalyze_all();
            }
            for change in params.changes {
                let uri = change.uri;
                if self.is_open(&uri) {
                    continue;
                }
                let Some(path) = uri_path(&uri) else {
                    continue;
                };
                self.workspace.rescan(&path);
                if !self.workspace.targets_of(&uri).is_empty() {
                    self.background(uri.clone(), path.clone(), Duration::ZERO);
                }
                self.refresh_importers(&uri, Duration::ZERO);
            }
        }
    }
}
