//! Library state kept from one trace to the next on the same thread.
//!
//! Running an installed library's module code (class bodies, decorators,
//! registries: transformers' modelling files, torchvision's weight tables)
//! and the prelude (`nn.Module` and the nn library) is most of what a
//! trace of a library model costs, and it is the same for every trace that
//! reads the same files. After a trace, the interpreter's library state
//! (the modules of installed packages, the prelude modules, the builtin
//! classes and the caches over them) is kept in a per-thread pool, and the
//! next trace on that thread in the same mode, with the same import roots
//! and the same texts of those modules, starts from it instead of running
//! that code again: as a long-lived Python process imports a library once
//! and then exports model after model. A trace that ran the prelude alone
//! keeps it too: keeping it (the walk below, mostly) costs a little less
//! than running the prelude's nn modules again (on the shared corpus,
//! about 0.45M against 0.48M instructions per trace, callgrind).
//!
//! Kept state must not hold anything of the trace that ran: a walk over
//! everything reachable from it ([`Walk`]) refuses to keep it when it
//! reaches a tensor or a symbolic value (they belong to that trace's graph
//! and shape environment), or a function, class or module of the entry
//! file or of the user's own modules (which run again, and may change).
//! A walk after a trace that started from kept state visits only new
//! roots and the containers the trace wrote to ([`crate::tracked`]).
//! Workspace modules, the entry file and everything per trace (graph,
//! shape environment, notes, frames, budget) always start afresh.
//!
//! Kept scopes, classes and objects are exempt from the trace's cycle
//! collector ([`crate::cycles`]); they are broken when the pool drops
//! them (stale texts, a refused walk, a newer state replacing them).

use std::cell::RefCell;
use std::collections::HashSet;
use std::path::PathBuf;
use std::rc::{Rc, Weak};
use std::sync::Arc;

use crate::cycles::{Breakable, Collector};
use crate::imports::Workspace;
use crate::tracked::{start_noting, written_since};
use crate::value::{Class, Function, FunctionBody, Object, Scope, UserModule, Value};
use crate::{Budget, Mode, SourceFile};

use super::Interp;

/// Library states kept at most per thread (one per mode and environment).
const POOL_CAPACITY: usize = 2;

/// Values reachable from kept state, walked at most: past it the state is
/// not kept (a walk must stay cheap next to the trace it saves).
const WALK_LIMIT: usize = 2_000_000;

/// The kept things whose contents a pool drop must break, and what the
/// walk that kept them found, to resume from.
#[derive(Default)]
pub(crate) struct Kept {
    items: Vec<Weak<dyn Breakable>>,
    walked: Option<Walked>,
    /// What [`start_noting`] returned when the trace started from this
    /// state.
    noting: u64,
}

/// What a successful walk saw, kept with the state it walked: the next
/// walk starts from it and visits only roots it has not seen and the
/// contents of the containers the trace wrote to ([`crate::tracked`]).
struct Walked {
    seen: foldhash::HashSet<usize>,
    closures: foldhash::HashSet<usize>,
    /// The addresses of [`Kept::items`] (what the trace's collector spares).
    addresses: Rc<foldhash::HashSet<usize>>,
    /// Everything seen since the walk last started afresh, held so that
    /// nothing seen is freed (and its address reused) while `seen` names
    /// it.
    held: Vec<Held>,
    /// Each container walked, by the address writes to it are noted by.
    containers: foldhash::HashMap<usize, Held>,
    /// How many things the walk that started afresh saw: past twice as
    /// many held (what traces dropped from kept state stays held), the
    /// next walk starts afresh again.
    fresh_size: usize,
}

/// A thing the walk saw, held.
#[derive(Clone)]
enum Held {
    Value(Value),
    Scope(Rc<Scope>),
    /// An enclosing function's scope, walked only under the names its
    /// closures use: a write to it is walked by walking everything again.
    Closure {
        _held: Rc<Scope>,
    },
}

impl Kept {
    fn break_all(self, except: &foldhash::HashSet<usize>) {
        for weak in self.items {
            if except.contains(&thin(&weak)) {
                continue;
            }
            if let Some(value) = weak.upgrade() {
                value.break_cycles();
            }
        }
    }
}

fn thin(weak: &Weak<dyn Breakable>) -> usize {
    weak.as_ptr() as *const () as usize
}

/// The text each kept module was run from.
type ModuleTexts = Vec<(PathBuf, Arc<str>)>;

/// One kept library state.
struct Pooled {
    mode: Mode,
    roots: Vec<PathBuf>,
    texts: ModuleTexts,
    /// `None` once taken out for a trace.
    interp: Option<Interp>,
    kept: Kept,
}

/// A state dropped from the pool (replaced, stale, or its thread ending:
/// tokio's blocking threads end when idle) frees its values.
impl Drop for Pooled {
    fn drop(&mut self) {
        std::mem::take(&mut self.kept).break_all(&Default::default());
    }
}

thread_local! {
    static POOL: RefCell<Vec<Pooled>> = const { RefCell::new(Vec::new()) };
}

/// Whether kept state may serve a trace: concrete and draft traces decide
/// on tensor data, so they start afresh, as traces asked to do.
fn applies(key: &ReuseKey<'_>) -> bool {
    !key.special
}

/// What a kept state is matched on.
pub(crate) struct ReuseKey<'a> {
    pub mode: Mode,
    pub workspace: Option<&'a Rc<Workspace>>,
    /// A concrete or draft trace, or one asked to run libraries afresh.
    pub special: bool,
}

impl ReuseKey<'_> {
    fn roots(&self) -> Vec<PathBuf> {
        self.workspace
            .map(|ws| ws.roots().to_vec())
            .unwrap_or_default()
    }
}

/// An interpreter for a new trace of `entry_file`: the thread's kept
/// library state for `key` when its module texts are unchanged (with what
/// must be broken when it is dropped again), else a fresh one.
pub(crate) fn interpreter(
    key: &ReuseKey<'_>,
    budget: Budget,
    entry_file: Arc<SourceFile>,
) -> (Interp, Kept) {
    let fresh = |file| (Interp::new(key.mode, budget, file), Kept::default());
    if !applies(key) {
        return fresh(entry_file);
    }
    let roots = key.roots();
    let Some(mut pooled) = POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        let at = pool
            .iter()
            .position(|p| p.mode == key.mode && p.roots == roots)?;
        Some(pool.remove(at))
    }) else {
        return fresh(entry_file);
    };
    let unchanged = pooled.texts.iter().all(|(path, text)| {
        key.workspace
            .and_then(|ws| ws.text(path))
            .is_some_and(|now| Arc::ptr_eq(&now, text) || *now == **text)
    });
    let (Some(old), true) = (pooled.interp.take(), unchanged) else {
        tracing::debug!("library state dropped: a module's text changed");
        return fresh(entry_file);
    };
    tracing::debug!(modules = pooled.texts.len(), "library state reused");
    let mut kept = std::mem::take(&mut pooled.kept);
    let mut interp = Interp::new(key.mode, budget, entry_file);
    move_library_state(old, &mut interp);
    // Subclasses the previous trace defined (its model classes) are gone.
    for class in interp.classes.values() {
        class.prune();
    }
    for weak in &kept.items {
        if let Some(value) = weak.upgrade() {
            value.prune();
        }
    }
    kept.noting = start_noting();
    (interp, kept)
}

/// Moves the library state (what the pool keeps, see the module docs) of
/// `from` into `to`; the rest of `from` (the trace's graph, shape
/// environment, entry file) is dropped.
fn move_library_state(from: Interp, to: &mut Interp) {
    to.next_id = from.next_id;
    to.classes = from.classes;
    to.modules = from.modules;
    to.deferred = from.deferred;
    to.star_fallbacks = from.star_fallbacks;
    to.pytree_nodes = from.pytree_nodes;
    to.custom_ops = from.custom_ops;
    to.attribute_hooks_defined = from.attribute_hooks_defined;
    to.module_hooks_registered = from.module_hooks_registered;
    to.properties_defined = from.properties_defined;
    to.module_globals = from.module_globals;
    to.preludes = from.preludes;
    to.torch_attrs = from.torch_attrs;
    to.builtin_names = from.builtin_names;
}

/// An interpreter holding only `interp`'s library state, as the pool keeps
/// it between traces: nothing of the trace that ran (its entry file
/// included) outlives it.
fn library_state_of(interp: Interp) -> Interp {
    thread_local! {
        static NO_FILE: Arc<SourceFile> = SourceFile::parse("<kept library state>", "");
    }
    let mut kept = Interp::new(interp.mode, Budget::default(), NO_FILE.with(Arc::clone));
    move_library_state(interp, &mut kept);
    kept
}

/// After a trace: keep `interp`'s library state in the thread's pool when
/// it holds nothing of the trace (see the module docs), exempting it from
/// `collector`; otherwise everything `previous` kept is broken.
pub(crate) fn keep(
    key: &ReuseKey<'_>,
    mut interp: Interp,
    previous: Kept,
    collector: &mut Collector,
) {
    if !applies(key) {
        previous.break_all(&Default::default());
        return;
    }
    if interp.library_state_changed() {
        tracing::debug!("library state not kept: code set library configuration");
        previous.break_all(&Default::default());
        return;
    }
    if !interp.loading.is_empty() || interp.cut_short {
        tracing::debug!("library state not kept: the trace stopped early");
        previous.break_all(&Default::default());
        return;
    }
    let Some((texts, dropped)) = retain_library_state(&mut interp, key) else {
        tracing::debug!("library state not kept: a module's text cannot be read");
        previous.break_all(&Default::default());
        return;
    };
    let started = std::time::Instant::now();
    let mut previous = previous;
    // What the last walk saw and the trace did not write to reaches what
    // it reached then: only new roots and the written containers' contents
    // need walking.
    let written = written_since(previous.noting);
    let mut walk = Walk::new(&interp, dropped);
    let mut resumed = previous
        .walked
        .take()
        .zip(written)
        .and_then(|(walked, written)| walk.resume(walked, &written));
    if let Err(why) = walk.roots(&interp) {
        tracing::debug!(
            "library state not kept: {why} (reached from `{}`)",
            walk.origin
        );
        previous.break_all(&Default::default());
        return;
    }
    tracing::debug!(
        modules = texts.len(),
        resumed = resumed.is_some(),
        kept = walk.kept.len(),
        walked = walk.visited,
        us = started.elapsed().as_micros() as u64,
        "library state kept for the next trace"
    );
    let walked = match resumed.take() {
        Some(mut addresses) => {
            // A written container walked again is kept once.
            let known = Rc::make_mut(&mut addresses);
            previous
                .items
                .extend(walk.kept.drain(..).filter(|k| known.insert(thin(k))));
            Walked {
                seen: walk.seen,
                closures: walk.closures,
                addresses,
                held: walk.held,
                containers: walk.containers,
                fresh_size: walk.fresh_size,
            }
        }
        None => {
            let addresses: foldhash::HashSet<usize> = walk.kept.iter().map(thin).collect();
            // What the previous state kept and this one no longer reaches
            // is garbage.
            std::mem::take(&mut previous).break_all(&addresses);
            previous.items = walk.kept;
            Walked {
                seen: walk.seen,
                closures: walk.closures,
                addresses: Rc::new(addresses),
                fresh_size: walk.held.len(),
                held: walk.held,
                containers: walk.containers,
            }
        }
    };
    collector.exempt(walked.addresses.clone());
    let pooled = Pooled {
        mode: key.mode,
        roots: key.roots(),
        texts,
        interp: Some(library_state_of(interp)),
        kept: Kept {
            items: previous.items,
            walked: Some(walked),
            noting: 0,
        },
    };
    POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        if let Some(at) = pool
            .iter()
            .position(|p| p.mode == pooled.mode && p.roots == pooled.roots)
        {
            pool.remove(at);
        }
        if pool.len() >= POOL_CAPACITY {
            pool.remove(0);
        }
        pool.push(pooled);
    });
}

/// Drops from `interp` every module that is not an installed library's
/// (the entry file, the user's own modules), with what refers to them;
/// returns the texts the kept modules were read from and the names of the
/// dropped ones, `None` when a text cannot be read.
fn retain_library_state(
    interp: &mut Interp,
    key: &ReuseKey<'_>,
) -> Option<(ModuleTexts, HashSet<String>)> {
    let entry = PathBuf::from(&interp.entry_file.path);
    let kept =
        |path: &PathBuf| *path != entry && super::is_installed_library(&path.to_string_lossy());
    let mut dropped = HashSet::from(["__main__".to_string()]);
    interp.modules.retain(|path, m| {
        let keep = kept(path);
        if !keep && let Value::Module(m) = m {
            dropped.insert(m.name.to_string());
        }
        keep
    });
    let globals: HashSet<*const Scope> = interp
        .modules
        .values()
        .filter_map(|m| match m {
            Value::Module(m) => Some(Rc::as_ptr(&m.globals)),
            _ => None,
        })
        .collect();
    let is_kept = |m: &Rc<UserModule>| globals.contains(&Rc::as_ptr(&m.globals));
    interp.deferred.retain(is_kept);
    interp
        .star_fallbacks
        .retain(|scope, _| globals.contains(scope));
    for sources in interp.star_fallbacks.values_mut() {
        sources.retain(is_kept);
    }
    interp
        .module_globals
        .retain(|scope| globals.contains(scope));
    let mut texts = Vec::new();
    for m in interp.modules.values() {
        if let Value::Module(m) = m
            && let Some(path) = &m.path
            && !m.pending.get()
        {
            texts.push((path.clone(), key.workspace?.text(path)?));
        }
    }
    Some((texts, dropped))
}

/// A walk over everything kept state reaches, collecting the scopes,
/// classes and objects it keeps, refusing what belongs to one trace.
struct Walk {
    seen: foldhash::HashSet<usize>,
    kept: Vec<Weak<dyn Breakable>>,
    entry_path: String,
    /// Names of modules whose classes are not kept (`__main__`, the
    /// user's modules that ran).
    foreign_modules: HashSet<String>,
    /// Values to visit, each with the module or class it was reached from
    /// (what a refusal names).
    values: Vec<(Value, Rc<str>)>,
    scopes: Vec<Rc<Scope>>,
    /// The module or class being walked from.
    origin: Rc<str>,
    /// Enclosing-function scopes kept for a closure (walked by name).
    closures: foldhash::HashSet<usize>,
    /// Whether state of each file met so far may be kept (by address).
    files: foldhash::HashMap<usize, bool>,
    /// See [`Walked::held`].
    held: Vec<Held>,
    /// See [`Walked::containers`].
    containers: foldhash::HashMap<usize, Held>,
    /// Containers seen before whose contents are walked again.
    again: Vec<Held>,
    /// See [`Walked::fresh_size`] (0 until the walk is known to resume).
    fresh_size: usize,
    visited: usize,
}

impl Walk {
    /// A walk over everything kept state reaches.
    fn new(interp: &Interp, foreign_modules: HashSet<String>) -> Walk {
        Walk {
            seen: Default::default(),
            kept: Vec::new(),
            entry_path: interp.entry_file.path.clone(),
            foreign_modules,
            values: Vec::new(),
            scopes: Vec::new(),
            origin: Rc::from(""),
            closures: Default::default(),
            files: Default::default(),
            held: Vec::new(),
            containers: Default::default(),
            again: Vec::new(),
            fresh_size: 0,
            visited: 0,
        }
    }

    /// Start from what `walked` (the last walk over this state) saw, with
    /// the containers at the addresses `written` queued to be walked
    /// again; the addresses of what it kept, or `None` (the walk stays
    /// one over everything) when a written container cannot be walked
    /// alone.
    fn resume(
        &mut self,
        walked: Walked,
        written: &[usize],
    ) -> Option<Rc<foldhash::HashSet<usize>>> {
        if walked.held.len() > 2 * walked.fresh_size + 1024 {
            return None;
        }
        for address in written {
            match walked.containers.get(address) {
                // Not reached by the last walk: not reached unless through
                // a container written too.
                None => {}
                Some(Held::Closure { .. }) => return None,
                Some(held) => self.again.push(held.clone()),
            }
        }
        self.seen = walked.seen;
        self.closures = walked.closures;
        self.held = walked.held;
        self.containers = walked.containers;
        self.fresh_size = walked.fresh_size;
        self.origin = Rc::from("state written by the trace");
        Some(walked.addresses)
    }

    fn roots(&mut self, interp: &Interp) -> Result<(), String> {
        for v in interp.modules.values() {
            self.root(v);
        }
        for scope in interp.preludes.values() {
            if !self.was_seen(Rc::as_ptr(scope)) {
                self.scopes.push(scope.clone());
            }
        }
        for class in interp.classes.values() {
            self.root(&Value::Class(class.clone()));
        }
        for v in interp.torch_attrs.values().flat_map(|m| m.values()) {
            self.root(v);
        }
        for v in interp.builtin_names.values() {
            self.root(v);
        }
        for (class, flatten) in &interp.pytree_nodes {
            self.root(&Value::Class(class.clone()));
            self.root(flatten);
        }
        for op in interp.custom_ops.values() {
            for v in op.values() {
                self.root(v);
            }
        }
        for m in &interp.deferred {
            self.root(&Value::Module(m.clone()));
        }
        self.run()
    }

    /// Queue the root `v` unless the walk resumed from has seen it.
    fn root(&mut self, v: &Value) {
        if holds_nothing(v) || address(v).is_some_and(|a| self.seen.contains(&a)) {
            return;
        }
        self.values.push((v.clone(), self.origin.clone()));
    }

    fn push(&mut self, v: Value) {
        if !holds_nothing(&v) {
            self.values.push((v, self.origin.clone()));
        }
    }

    fn extend(&mut self, values: impl IntoIterator<Item = Value>) {
        for v in values {
            self.push(v);
        }
    }

    /// Whether `ptr` was seen already (a cheap test before queueing what
    /// [`Self::first`] would turn away).
    fn was_seen<T: ?Sized>(&self, ptr: *const T) -> bool {
        self.seen.contains(&(ptr as *const () as usize))
    }

    /// Whether `ptr` is seen for the first time.
    fn first<T: ?Sized>(&mut self, ptr: *const T) -> bool {
        self.seen.insert(ptr as *const () as usize)
    }

    /// Note the container `v` (seen for the first time), whose writes are
    /// noted by `tracked`, and mark it kept.
    fn container<T>(&mut self, tracked: &crate::tracked::Tracked<T>, held: Held) {
        tracked.mark_kept();
        self.containers.insert(tracked.address(), held);
    }

    fn run(&mut self) -> Result<(), String> {
        loop {
            self.visited += 1;
            if self.visited > WALK_LIMIT {
                return Err("too large to walk".into());
            }
            if let Some(scope) = self.scopes.pop() {
                self.scope(scope);
                continue;
            }
            if let Some(held) = self.again.pop() {
                match held {
                    Held::Value(v) => self.contents(v)?,
                    Held::Scope(scope) => self.scope_contents(scope),
                    Held::Closure { .. } => {}
                }
                continue;
            }
            let Some((v, origin)) = self.values.pop() else {
                return Ok(());
            };
            self.origin = origin;
            self.value(v)?;
        }
    }

    fn scope(&mut self, scope: Rc<Scope>) {
        if !self.first(Rc::as_ptr(&scope)) {
            return;
        }
        self.held.push(Held::Scope(scope.clone()));
        self.scope_contents(scope);
    }

    /// What the scope holds (seen for the first time, or written).
    fn scope_contents(&mut self, scope: Rc<Scope>) {
        self.container(&scope.vars, Held::Scope(scope.clone()));
        let vars = scope.vars.borrow();
        let origin = match vars.get("__name__") {
            Some(Value::Str(module)) if scope.parent.is_none() => module.clone(),
            _ => self.origin.clone(),
        };
        for v in vars.values() {
            if !holds_nothing(v) {
                self.values.push((v.clone(), origin.clone()));
            }
        }
        drop(vars);
        if let Some(parent) = &scope.parent {
            self.scopes.push(parent.clone());
        }
        self.kept.push(Rc::downgrade(&scope) as Weak<dyn Breakable>);
    }

    /// What a function's closure keeps reachable: a module's globals
    /// whole, an enclosing function's locals only under the names the
    /// function's text uses (as Python's cells hold only its free
    /// variables; transformers stores a function defined in a method on
    /// `nn.Module`, whose enclosing locals hold the model being built).
    fn closure(&mut self, f: &Function) {
        // Most functions close over a module's globals alone; the text
        // is read only for the few defined inside another function.
        let mut used = None;
        let mut scope = Some(f.closure.clone());
        while let Some(s) = scope {
            if s.parent.is_none() {
                self.scopes.push(s);
                return;
            }
            let used = used.get_or_insert_with(|| names_used(f));
            if self.closures.insert(Rc::as_ptr(&s) as *const () as usize) {
                self.container(&s.vars, Held::Closure { _held: s.clone() });
                self.kept.push(Rc::downgrade(&s) as Weak<dyn Breakable>);
            }
            for (name, v) in s.vars.borrow().iter() {
                if !holds_nothing(v) && used.includes(name) {
                    self.values.push((v.clone(), self.origin.clone()));
                }
            }
            scope = s.parent.clone();
        }
    }

    fn file_is_kept(&mut self, file: &Arc<SourceFile>) -> bool {
        let entry_path = &self.entry_path;
        *self
            .files
            .entry(Arc::as_ptr(file) as usize)
            .or_insert_with(|| is_kept_file(&file.path, entry_path))
    }

    /// Visit `v` unless seen.
    fn value(&mut self, v: Value) -> Result<(), String> {
        if let Some(a) = address(&v) {
            if !self.seen.insert(a) {
                return Ok(());
            }
            self.held.push(Held::Value(v.clone()));
        }
        self.contents(v)
    }

    /// What the value holds (seen for the first time, or written).
    fn contents(&mut self, v: Value) -> Result<(), String> {
        match &v {
            Value::None
            | Value::Bool(_)
            | Value::Int(_)
            | Value::Float(_)
            | Value::Str(_)
            | Value::Range(..)
            | Value::DType(_)
            | Value::Device(_)
            | Value::PyModule(_)
            | Value::Dim(_)
            | Value::Unknown(_) => {}
            Value::SymInt(e) => {
                if !e.is_const() {
                    return Err("a symbolic size".into());
                }
            }
            Value::SymFloat(_, node) => {
                if node.is_some() {
                    return Err("a symbolic float".into());
                }
            }
            Value::SymBool(_) => return Err("a symbolic boolean".into()),
            Value::Tensor(t) => {
                return Err(format!(
                    "a tensor {:?} {:?}",
                    t.shape,
                    t.provenance.borrow()
                ));
            }
            Value::Tuple(items) => self.extend(items.iter().cloned()),
            Value::List(items) | Value::Set(items) => {
                self.container(items, Held::Value(v.clone()));
                self.extend(items.borrow().iter().cloned());
            }
            Value::Dict(d) => {
                self.container(d, Held::Value(v.clone()));
                let d = d.borrow();
                for (k, v) in d.entries() {
                    self.push(k.clone());
                    self.push(v.clone());
                }
                self.extend(d.default_factory.clone());
                for (_, v) in d.attrs.iter().flatten() {
                    self.push(v.clone());
                }
            }
            Value::Slice(parts) => self.extend(parts.iter().cloned()),
            Value::Iter(items) => {
                self.container(items, Held::Value(v.clone()));
                self.extend(items.borrow().as_slice().iter().cloned());
            }
            Value::Function(f) => {
                if !self.file_is_kept(&f.file) {
                    return Err(format!("`{}` of {}", f.qualname, f.file.path));
                }
                self.extend(f.defaults.values().cloned());
                self.container(&f.attrs, Held::Value(v.clone()));
                self.extend(f.attrs.borrow().values().cloned());
                self.closure(f);
                if !self.was_seen(Rc::as_ptr(&f.globals)) {
                    self.scopes.push(f.globals.clone());
                }
            }
            Value::Builtin(b) => self.extend(b.receiver.clone()),
            Value::BoundMethod(pair) => {
                self.push(pair.0.clone());
                self.push(pair.1.clone());
            }
            Value::Class(c) => self.class(c.clone())?,
            Value::Object(o) => self.object(o.clone()),
            Value::Module(m) => {
                let path = m.path.as_ref().or(m.dir.as_ref());
                let kept = path.is_some_and(|p| {
                    let p = p.to_string_lossy();
                    p != self.entry_path.as_str() && super::is_installed_library(&p)
                });
                if !kept {
                    return Err(format!("module `{}`", m.name));
                }
                self.scopes.push(m.globals.clone());
            }
            Value::LazyImport(lazy) => self.push(Value::Module(lazy.module.clone())),
        }
        Ok(())
    }

    fn class(&mut self, c: Rc<Class>) -> Result<(), String> {
        self.container(&c.attrs, Held::Value(Value::Class(c.clone())));
        let attrs = c.attrs.borrow();
        if let Some((_, Value::Str(module))) = attrs.iter().find(|(k, _)| k == "__module__")
            && self.foreign_modules.contains(&**module)
        {
            return Err(format!("class `{}` of `{module}`", c.qualname));
        }
        for (_, v) in attrs.iter() {
            if !holds_nothing(v) {
                self.values.push((v.clone(), c.qualname.clone()));
            }
        }
        drop(attrs);
        for base in &c.bases {
            if !self.was_seen(Rc::as_ptr(base)) {
                self.push(Value::Class(base.clone()));
            }
        }
        self.extend(c.decorators.iter().cloned());
        self.kept.push(Rc::downgrade(&c) as Weak<dyn Breakable>);
        Ok(())
    }

    fn object(&mut self, o: Rc<Object>) {
        if !self.was_seen(Rc::as_ptr(&o.class)) {
            self.push(Value::Class(o.class.clone()));
        }
        self.container(&o.attrs, Held::Value(Value::Object(o.clone())));
        for (_, v) in o.attrs.borrow().iter() {
            if !holds_nothing(v) {
                self.values.push((v.clone(), o.class.qualname.clone()));
            }
        }
        if let Some(state) = &o.module {
            self.container(state, Held::Value(Value::Object(o.clone())));
            let state = state.borrow();
            self.push(Value::Dict(state.params.clone()));
            self.push(Value::Dict(state.buffers.clone()));
            self.push(Value::Dict(state.modules.clone()));
            self.push(Value::List(state.non_persistent.clone()));
        }
        self.kept.push(Rc::downgrade(&o) as Weak<dyn Breakable>);
    }
}

/// The address the walk knows `v` by (what [`Walk::first`] records), for
/// the values it records.
fn address(v: &Value) -> Option<usize> {
    let ptr = match v {
        Value::Tuple(items) => Rc::as_ptr(items) as *const (),
        Value::List(items) | Value::Set(items) => Rc::as_ptr(items) as *const (),
        Value::Dict(d) => Rc::as_ptr(d) as *const (),
        Value::Iter(items) => Rc::as_ptr(items) as *const (),
        Value::Function(f) => Rc::as_ptr(f) as *const (),
        Value::Builtin(b) => Rc::as_ptr(b) as *const (),
        Value::BoundMethod(pair) => Rc::as_ptr(pair) as *const (),
        Value::Class(c) => Rc::as_ptr(c) as *const (),
        Value::Object(o) => Rc::as_ptr(o) as *const (),
        Value::Module(m) => Rc::as_ptr(m) as *const (),
        _ => return None,
    };
    Some(ptr as usize)
}

/// A value that refers to nothing else and is never refused (a number, a
/// string): the walk does not need to visit it.
fn holds_nothing(v: &Value) -> bool {
    matches!(
        v,
        Value::None
            | Value::Bool(_)
            | Value::Int(_)
            | Value::Float(_)
            | Value::Str(_)
            | Value::Range(..)
            | Value::DType(_)
            | Value::Device(_)
            | Value::PyModule(_)
            | Value::Dim(_)
            | Value::Unknown(_)
    )
}

/// Whether state defined in the file at `path` may be kept: the prelude's
/// and installed libraries', never the entry file's.
pub(crate) fn is_kept_file(path: &str, entry_path: &str) -> bool {
    path != entry_path
        && (path.starts_with(crate::prelude::VIRTUAL_ROOT) || super::is_installed_library(path))
}

/// The names a function's text uses, as a closure's cells would hold
/// them. `All` when the text reads its scope by name (`locals()`,
/// `eval`), or is not at hand.
enum NamesUsed {
    All,
    Words(foldhash::HashSet<Box<str>>),
}

impl NamesUsed {
    /// The words of `text` (a word search: a name in a string or a comment
    /// counts too, which keeps more than needed, never less).
    fn of_text(text: &str) -> NamesUsed {
        let words: foldhash::HashSet<Box<str>> = text
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .map(Box::from)
            .collect();
        let dynamic = text.is_empty()
            || ["locals", "vars", "eval", "exec"]
                .iter()
                .any(|w| words.contains(*w));
        if dynamic {
            NamesUsed::All
        } else {
            NamesUsed::Words(words)
        }
    }

    fn includes(&self, name: &str) -> bool {
        match self {
            NamesUsed::All => true,
            NamesUsed::Words(words) => words.contains(name) || !name.is_ascii(),
        }
    }
}

/// [`NamesUsed`] of `f`, read once per function definition on this
/// thread: the kept state's closures are walked again after every trace.
fn names_used(f: &Function) -> Rc<NamesUsed> {
    /// Definitions remembered per thread; past it the cache starts over.
    const MAX_REMEMBERED: usize = 4096;
    thread_local! {
        /// By the definition's address, with the definition itself (kept
        /// alive so that the address is not reused).
        static USED: RefCell<foldhash::HashMap<usize, (FunctionBody, Rc<NamesUsed>)>> =
            RefCell::new(Default::default());
    }
    let (address, range) = match &f.body {
        FunctionBody::Def(def) => (Arc::as_ptr(def) as usize, def.range),
        FunctionBody::Lambda(e) => (Arc::as_ptr(e) as usize, e.range),
    };
    if let Some(known) = USED.with(|u| u.borrow().get(&address).map(|(_, n)| n.clone())) {
        return known;
    }
    let text = f
        .file
        .text
        .get(range.start as usize..range.end as usize)
        .unwrap_or_default();
    let used = Rc::new(NamesUsed::of_text(text));
    USED.with(|u| {
        let mut u = u.borrow_mut();
        if u.len() >= MAX_REMEMBERED {
            u.clear();
        }
        u.insert(address, (f.body.clone(), used.clone()));
    });
    used
}

#[cfg(test)]
mod tests {
    use super::NamesUsed;

    #[test]
    fn a_closure_keeps_the_enclosing_names_its_text_uses() {
        let used = NamesUsed::of_text("def apply(m):\n    m.to(device_map[name])");
        assert!(used.includes("device_map"));
        assert!(used.includes("name"));
        assert!(!used.includes("model"));
        // Part of a longer word is not a use.
        assert!(!used.includes("device"));
        // Names Python allows beyond ASCII are kept without a search.
        assert!(used.includes("größe"));
    }

    #[test]
    fn a_closure_reading_its_scope_by_name_keeps_every_name() {
        for text in ["def f():\n    return locals()", "lambda: eval('x')", ""] {
            assert!(NamesUsed::of_text(text).includes("model"), "{text:?}");
        }
    }
}
