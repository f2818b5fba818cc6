//! Server state and the analysis scheduler.
//!
//! Document notifications mutate [`State::docs`] synchronously, in arrival
//! order (see [`crate::ordered`]). Each mutation bumps the document's
//! generation and schedules an analysis: immediately when the document had
//! been quiet for the debounce interval or the previous change's analysis
//! has already finished, after the interval otherwise, so a burst of edits
//! is analysed once, at its end, while each keystroke of normal typing is
//! analysed at once. Analyses run on tokio's blocking pool (at most one per core)
//! against a snapshot; a result is stored and published only while its
//! generation is still the document's, under a per-document lock so that
//! publications go out in generation order. Requests (hover, inlay hints,
//! ...) answer from the newest snapshot: they reuse the stored result when
//! it is current and analyse right away otherwise.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, RwLock};
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::{
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    MessageType, Uri,
};

use crate::analysis::{FileAnalysis, Snapshot, analyze};
use crate::config::Config;
use crate::document::Document;
use crate::position::Encoding;

/// Shared by the handlers and the workers.
pub struct State {
    docs: Mutex<HashMap<Uri, Document>>,
    /// The file path of each open document (imports read them first).
    open_paths: Mutex<HashMap<std::path::PathBuf, Uri>>,
    results: Mutex<HashMap<Uri, Arc<FileAnalysis>>>,
    locks: Mutex<HashMap<Uri, Arc<tokio::sync::Mutex<()>>>>,
    config: RwLock<Config>,
    encoding: RwLock<Encoding>,
    /// Push diagnostics (`publishDiagnostics`); off when the client pulls.
    push: AtomicBool,
    generation: AtomicU64,
    workers: Semaphore,
    /// The threads analyses run on (see [`crate::analysts`]).
    analysts: crate::analysts::Analysts,
    pub client: OnceLock<Client>,
    pub shutdown_requested: AtomicBool,
    /// Notified when the client sends `exit`: handlers still waiting then
    /// (for a reply from the client, which will not come) are abandoned.
    pub exit_requested: tokio::sync::Notify,
    /// Imports across files (see [`crate::workspace`]).
    pub workspace: crate::workspace::WorkspaceIndex,
    /// Open notebooks, each analysed as the virtual document under its URI
    /// (see [`crate::notebooks`]).
    pub notebooks: crate::notebooks::Notebooks,
}

/// Lock a std mutex, recovering the data if a panicking thread poisoned it.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Default for State {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        State {
            docs: Mutex::default(),
            open_paths: Mutex::default(),
            results: Mutex::default(),
            locks: Mutex::default(),
            config: RwLock::default(),
            encoding: RwLock::default(),
            push: AtomicBool::new(true),
            generation: AtomicU64::new(0),
            workers: Semaphore::new(cores.max(1)),
            analysts: crate::analysts::Analysts::new(cores, crate::THREAD_STACK),
            client: OnceLock::new(),
            shutdown_requested: AtomicBool::new(false),
            exit_requested: tokio::sync::Notify::new(),
            workspace: Default::default(),
            notebooks: Default::default(),
        }
    }
}

/// Documents that keep a syntax tree and their lowered statements (the most
/// recently edited ones): a tree costs about 1 KB per source line, and only
/// documents being edited gain from incremental parsing.
const MAX_TREES: usize = 8;

fn evict_trees(docs: &mut HashMap<Uri, Document>) {
    let mut with_tree: Vec<(Instant, Uri)> = docs
        .iter()
        .filter(|(_, d)| d.tree.is_some() || d.lowered.is_some() || d.traces.is_some())
        .map(|(u, d)| (d.changed_at, u.clone()))
        .collect();
    if with_tree.len() <= MAX_TREES {
        return;
    }
    with_tree.sort_by_key(|(t, _)| std::cmp::Reverse(*t));
    for (_, uri) in with_tree.into_iter().skip(MAX_TREES) {
        if let Some(d) = docs.get_mut(&uri) {
            d.tree = None;
            d.lowered = None;
            d.modules = None;
            d.traces = None;
        }
    }
}

impl State {
    pub fn config(&self) -> Config {
        self.config
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    pub fn set_config(&self, c: Config) {
        *self
            .config
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = c;
    }

    pub fn encoding(&self) -> Encoding {
        *self
            .encoding
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub fn set_encoding(&self, e: Encoding) {
        *self
            .encoding
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = e;
    }

    pub fn set_push(&self, push: bool) {
        self.push.store(push, Ordering::SeqCst);
    }

    pub fn push(&self) -> bool {
        self.push.load(Ordering::SeqCst)
    }

    fn next_generation(&self) -> u64 {
        self.generation.fetch_add(1, Ordering::SeqCst) + 1
    }

    fn doc_lock(&self, uri: &Uri) -> Arc<tokio::sync::Mutex<()>> {
        lock(&self.locks).entry(uri.clone()).or_default().clone()
    }

    /// `didOpen`: store the text, analyse at once.
    pub fn open(self: &Arc<Self>, p: DidOpenTextDocumentParams) {
        let td = p.text_document;
        let generation = self.next_generation();
        let doc = Document::new(&td.text, td.version, generation, td.language_id);
        lock(&self.docs).insert(td.uri.clone(), doc);
        if let Some(path) = crate::workspace::uri_path(&td.uri) {
            lock(&self.open_paths).insert(path, td.uri.clone());
        }
        let state = self.clone();
        tokio::spawn(async move { state.run_opened(&td.uri, generation).await });
    }

    /// `didChange`: apply the changes in order, analyse (debounced).
    pub fn change(self: &Arc<Self>, p: DidChangeTextDocumentParams) {
        let enc = self.encoding();
        let debounce = Duration::from_millis(self.config().debounce_ms);
        let uri = p.text_document.uri;
        let (generation, delay) = {
            let mut docs = lock(&self.docs);
            let Some(doc) = docs.get_mut(&uri) else {
                tracing::warn!(
                    uri = uri.as_str(),
                    "didChange for a document that is not open"
                );
                return;
            };
            // Analyse at once unless a burst is under way: the previous
            // change is recent and its analysis has not finished yet.
            // (Lock order: `docs`, then `results`.)
            let now = Instant::now();
            let quiet = now.duration_since(doc.changed_at) >= debounce;
            let caught_up = lock(&self.results)
                .get(&uri)
                .is_some_and(|a| a.generation == doc.generation);
            for c in &p.content_changes {
                doc.apply_change(c, enc);
            }
            doc.version = p.text_document.version;
            doc.version_changes += 1;
            doc.lowered.get_or_insert_default();
            doc.modules.get_or_insert_default();
            doc.traces.get_or_insert_default();
            doc.generation = self.next_generation();
            doc.changed_at = now;
            let delay = if quiet || caught_up {
                Duration::ZERO
            } else {
                debounce
            };
            (doc.generation, delay)
        };
        self.schedule(uri, generation, delay);
    }

    /// `didClose`: forget the document and clear its diagnostics.
    pub fn close(self: &Arc<Self>, p: DidCloseTextDocumentParams) {
        let uri = p.text_document.uri;
        lock(&self.docs).remove(&uri);
        lock(&self.open_paths).retain(|_, u| *u != uri);
        lock(&self.results).remove(&uri);
        self.analysts.forget(&uri);
        self.closed_entry(&uri);
        let state = self.clone();
        tokio::spawn(async move {
            let doc_lock = state.doc_lock(&uri);
            let _held = doc_lock.lock().await;
            let reopened = lock(&state.docs).contains_key(&uri);
            if !reopened
                && state.push()
                && let Some(client) = state.client.get()
            {
                // What other files' analyses found here stays.
                let foreign = state.workspace.foreign_for(&uri);
                client.publish_diagnostics(uri, foreign, None).await;
            }
        });
    }

    /// Re-analyse every open document (after a configuration change).
    pub fn reanalyze_all(self: &Arc<Self>) {
        let uris: Vec<(Uri, u64)> = {
            let mut docs = lock(&self.docs);
            docs.iter_mut()
                .map(|(uri, d)| {
                    d.generation = self.next_generation();
                    (uri.clone(), d.generation)
                })
                .collect()
        };
        for (uri, generation) in uris {
            self.schedule(uri, generation, Duration::ZERO);
        }
    }

    /// Re-analyse one open document (its imports changed); false when it
    /// is not open.
    pub fn reanalyze(self: &Arc<Self>, uri: &Uri, delay: Duration) -> bool {
        let generation = {
            let mut docs = lock(&self.docs);
            let Some(d) = docs.get_mut(uri) else {
                return false;
            };
            d.generation = self.next_generation();
            d.generation
        };
        self.schedule(uri.clone(), generation, delay);
        true
    }

    /// The text of an open document, by file path.
    pub fn open_text(&self, path: &std::path::Path) -> Option<String> {
        let uri = lock(&self.open_paths).get(path).cloned()?;
        lock(&self.docs).get(&uri).map(|d| d.rope.to_string())
    }

    /// Whether a document open in the editor is the file at `path`.
    pub fn is_open_path(&self, path: &std::path::Path) -> bool {
        lock(&self.open_paths).contains_key(path)
    }

    pub fn open_uris(&self) -> Vec<Uri> {
        lock(&self.docs).keys().cloned().collect()
    }

    pub fn is_open(&self, uri: &Uri) -> bool {
        lock(&self.docs).contains_key(uri)
    }

    /// Run `job` for document `uri` on the analysis threads (see
    /// [`crate::analysts`]); `None` when it panicked.
    pub async fn on_analyst<T: Send + 'static>(
        &self,
        uri: &Uri,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        self.analysts.run(uri, job).await
    }

    /// A fresh generation number (for background analyses).
    pub fn fresh_generation(&self) -> u64 {
        self.next_generation()
    }

    /// Publish a document's diagnostics: its own (when open) and those
    /// other files' analyses found in it. Takes the document's lock.
    pub async fn republish(&self, uri: &Uri) {
        let doc_lock = self.doc_lock(uri);
        let _held = doc_lock.lock().await;
        let own = lock(&self.results).get(uri).cloned();
        self.publish_merged(uri, own.as_deref()).await;
    }

    async fn publish_merged(&self, uri: &Uri, own: Option<&FileAnalysis>) {
        if !self.push() {
            return;
        }
        let Some(client) = self.client.get() else {
            return;
        };
        let mut diagnostics = own.map(|a| a.diagnostics.clone()).unwrap_or_default();
        diagnostics.extend(self.workspace.foreign_for(uri));
        // A notebook's diagnostics go to its cells.
        if let Some(per_cell) = self.notebooks.split(uri, own, &diagnostics) {
            for (cell, diagnostics) in per_cell {
                client.publish_diagnostics(cell, diagnostics, None).await;
            }
            return;
        }
        client
            .publish_diagnostics(uri.clone(), diagnostics, own.map(|a| a.version))
            .await;
    }

    /// Diagnostics of a document for a pull request: its own and foreign ones.
    pub fn with_foreign(
        &self,
        uri: &Uri,
        own: &[tower_lsp_server::ls_types::Diagnostic],
    ) -> Vec<tower_lsp_server::ls_types::Diagnostic> {
        let mut all = own.to_vec();
        all.extend(self.workspace.foreign_for(uri));
        all
    }

    fn schedule(self: &Arc<Self>, uri: Uri, generation: u64, delay: Duration) {
        let state = self.clone();
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            state.run_if_current(&uri, generation).await;
        });
    }

    pub(crate) fn snapshot(&self, uri: &Uri) -> Option<Snapshot> {
        let path = uri
            .to_file_path()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| uri.as_str().to_string());
        // Resolved before the documents are locked: it reads the disk.
        let imports = self.imports_for(std::path::Path::new(&path));
        let project = self.workspace.project_rules(std::path::Path::new(&path));
        let docs = lock(&self.docs);
        let d = docs.get(uri)?;
        Some(Snapshot {
            uri: uri.clone(),
            path,
            version: d.version,
            generation: d.generation,
            rope: d.rope.clone(),
            encoding: self.encoding(),
            config: self.config(),
            tree: d.tree.clone(),
            imports,
            lowered: d.lowered.clone(),
            modules: d.modules.clone(),
            traces: d.traces.clone(),
            parsed: None,
            programs: false,
            project,
        })
    }

    /// How an analysis of the file at `path` resolves imports; the first
    /// time an environment is met it is logged (`window/logMessage` and
    /// tracing), with the warnings of its resolution.
    pub fn imports_for(&self, path: &std::path::Path) -> Option<crate::workspace::Imports> {
        let (imports, first) = self.workspace.imports(path)?;
        if let Some(res) = first {
            let text = format!("{}: {}", path.display(), res.describe());
            tracing::info!("{text}");
            let mut messages = vec![(MessageType::INFO, text)];
            for w in &res.warnings {
                tracing::warn!("{w}");
                messages.push((MessageType::WARNING, w.to_string()));
            }
            if let (Some(client), Ok(rt)) = (
                self.client.get().cloned(),
                tokio::runtime::Handle::try_current(),
            ) {
                rt.spawn(async move {
                    for (kind, m) in messages {
                        client.log_message(kind, m).await;
                    }
                });
            }
        }
        Some(imports)
    }

    fn current_result(&self, uri: &Uri, generation: u64) -> Option<Arc<FileAnalysis>> {
        lock(&self.results)
            .get(uri)
            .filter(|a| a.generation == generation)
            .cloned()
    }

    /// The analysis of a document just opened: when diagnostics are
    /// pushed, a first pass publishes what its text gives without tracing
    /// (syntax errors) at once, then the analysis publishes the traced
    /// diagnostics of the same version, which replace them. Both go out
    /// under the document's lock, in that order; the first pass is never
    /// stored, so requests wait for the analysis.
    async fn run_opened(self: &Arc<Self>, uri: &Uri, generation: u64) {
        let doc_lock = self.doc_lock(uri);
        let _held = doc_lock.lock().await;
        let Some(mut snap) = self.snapshot(uri) else {
            return;
        };
        if snap.generation != generation || self.current_result(uri, generation).is_some() {
            return;
        }
        if self.push() {
            let first = {
                let _permit = self.workers.acquire().await;
                let snap = snap.clone();
                self.analysts
                    .run(uri, move || crate::analysis::first_pass(&snap))
                    .await
                    .flatten()
            };
            let current = lock(&self.docs)
                .get(uri)
                .is_some_and(|d| d.generation == generation);
            if !current {
                return;
            }
            if let Some((a, parsed)) = first {
                tracing::debug!(
                    uri = uri.as_str(),
                    version = a.version,
                    ms = a.elapsed.as_secs_f64() * 1e3,
                    "first pass published"
                );
                self.publish_merged(uri, Some(&a)).await;
                snap.parsed = Some(parsed);
            }
        }
        let (a, tree) = self.compute(snap).await;
        self.store_and_publish(uri, a, tree).await;
    }

    async fn run_if_current(self: &Arc<Self>, uri: &Uri, generation: u64) {
        let doc_lock = self.doc_lock(uri);
        let _held = doc_lock.lock().await;
        let Some(snap) = self.snapshot(uri) else {
            return;
        };
        if snap.generation != generation || self.current_result(uri, generation).is_some() {
            return;
        }
        let (a, tree) = self.compute(snap).await;
        self.store_and_publish(uri, a, tree).await;
    }

    /// Run one analysis on the blocking pool; returns it with the new
    /// syntax tree of the snapshot's text.
    pub async fn compute(&self, snap: Snapshot) -> (Arc<FileAnalysis>, Option<syntax::Tree>) {
        let _permit = self.workers.acquire().await;
        let uri = snap.uri.clone();
        let fallback = Snapshot {
            tree: None,
            ..snap.clone()
        };
        match self.analysts.run(&uri, move || analyze(&snap)).await {
            Some((a, tree)) => {
                tracing::debug!(
                    uri = uri.as_str(),
                    version = a.version,
                    ms = a.elapsed.as_secs_f64() * 1e3,
                    phases = %a
                        .timings
                        .iter()
                        .map(|(what, t)| format!("{what} {:.1} ms", t.as_secs_f64() * 1e3))
                        .collect::<Vec<_>>()
                        .join(", "),
                    "analysed"
                );
                (Arc::new(a), tree)
            }
            None => {
                tracing::error!(uri = uri.as_str(), "analysis task failed");
                let a = crate::analysis::failed(&fallback, "the analysis task failed");
                (Arc::new(a), None)
            }
        }
    }

    /// Store a result if it is still current, and publish it (push mode).
    /// Callers hold the document's lock.
    async fn store_and_publish(
        self: &Arc<Self>,
        uri: &Uri,
        a: Arc<FileAnalysis>,
        tree: Option<syntax::Tree>,
    ) {
        let current = {
            let mut docs = lock(&self.docs);
            let current = match docs.get_mut(uri) {
                Some(d) if d.generation == a.generation => {
                    // The tree matches this text exactly: keep it for the
                    // next incremental parse, for documents being edited.
                    if d.version_changes > 0 {
                        d.tree = tree;
                    }
                    true
                }
                _ => false,
            };
            evict_trees(&mut docs);
            current
        };
        if !current {
            tracing::debug!(
                uri = uri.as_str(),
                version = a.version,
                "dropping a stale result"
            );
            return;
        }
        lock(&self.results).insert(uri.clone(), a.clone());
        self.workspace.stop_background(uri);
        self.imports_analysed(uri, &a);
        self.publish_merged(uri, Some(&a)).await;
    }

    /// The analysis of the document's newest snapshot, computing it now if
    /// the stored one is stale. `None` when the document is not open.
    pub async fn fresh(self: &Arc<Self>, uri: &Uri) -> Option<Arc<FileAnalysis>> {
        let doc_lock = self.doc_lock(uri);
        let _held = doc_lock.lock().await;
        let snap = self.snapshot(uri)?;
        if let Some(a) = self.current_result(uri, snap.generation) {
            return Some(a);
        }
        let (a, tree) = self.compute(snap).await;
        self.store_and_publish(uri, a.clone(), tree).await;
        Some(a)
    }

    /// An analysis of an open document's newest snapshot with `config`,
    /// printing its programs (for the program view); not stored.
    pub async fn compute_with(&self, uri: &Uri, config: Config) -> Option<Arc<FileAnalysis>> {
        let mut snap = self.snapshot(uri)?;
        snap.config = config;
        snap.programs = true;
        Some(self.compute(snap).await.0)
    }

    pub fn open_documents(&self) -> usize {
        lock(&self.docs).len()
    }

    /// The current text and version of an open document.
    pub fn document_text(&self, uri: &Uri) -> Option<(String, i32)> {
        lock(&self.docs).get(uri).map(|d| (d.text(), d.version))
    }
}
