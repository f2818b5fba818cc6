//! Imports of workspace modules: `import mypkg.layers as L`,
//! `import pkg.sub` (binds `pkg`, with `sub` as an attribute),
//! `from .blocks import ResBlock`, `from pkg import sub`.
//!
//! Files come from the [`crate::imports::Workspace`] the caller supplied
//! (no I/O here). Each module runs once per trace, in its own global
//! scope, with frames pointing at its file; the module value's attributes
//! are its globals. A cycle yields the partly initialised module (as in
//! Python) and a note; the step budget and call depth still apply.

use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use syntax::TextRange;

use super::{Flow, Frame, Interp, R};
use crate::imports::{TextBinding, Workspace};
use crate::value::{LazyImport, Scope, UserModule, Value};

/// Imports running inside imports, at most (each level recurses).
const MAX_IMPORT_DEPTH: usize = 24;

impl Interp {
    fn importer_path(&self) -> PathBuf {
        let file = self
            .frames
            .last()
            .map(|f| f.file.clone())
            .unwrap_or_else(|| self.entry_file.clone());
        PathBuf::from(&file.path)
    }

    /// `import a.b.c` (absolute): the module chain from the workspace, as
    /// (top-level package, the module itself); `None` when it is not a
    /// workspace module (or no workspace was given).
    pub fn import_workspace(
        &mut self,
        dotted: &str,
        range: TextRange,
    ) -> R<Option<(Value, Value)>> {
        let Some(ws) = self.workspace.clone() else {
            return Ok(None);
        };
        let importer = self.importer_path();
        let Some(found) = ws.resolve_absolute(dotted, &importer) else {
            return Ok(None);
        };
        let parts: Vec<&str> = dotted.split('.').collect();
        self.load_chain(&ws, &found.root, &parts, "", range)
    }

    /// `from ..a.b import x` / `from . import x`: the module `level` dots
    /// and `dotted` name from the importing file; `None` when not found.
    pub fn import_workspace_relative(
        &mut self,
        dotted: &str,
        level: u32,
        range: TextRange,
    ) -> R<Option<Value>> {
        let Some(ws) = self.workspace.clone() else {
            return Ok(None);
        };
        let importer = self.importer_path();
        let Some(base) = Workspace::relative_base(&importer, level) else {
            return Ok(None);
        };
        let package = self.relative_package_name(&importer, level);
        if dotted.is_empty() {
            // The package itself (its `__init__.py`, or a namespace).
            let init = ws.module_in(&base, &[]);
            let name = package.unwrap_or_else(|| {
                base.file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or("")
                    .to_string()
            });
            return self
                .load_module(&ws, &name, init, Some(base), range)
                .map(Some);
        }
        let parts: Vec<&str> = dotted.split('.').collect();
        if ws.module_in(&base, &parts).is_none() {
            return Ok(None);
        }
        let prefix = package.map(|p| format!("{p}.")).unwrap_or_default();
        Ok(self
            .load_chain(&ws, &base, &parts, &prefix, range)?
            .map(|(_, leaf)| leaf))
    }

    /// The dotted package `level` dots name from the importing module (its
    /// `__name__`, itself for a package `__init__`), as Python computes
    /// `__package__`; `None` for the entry file run as a script.
    fn relative_package_name(&self, importer: &Path, level: u32) -> Option<String> {
        let scope = self.frames.last()?.scope.clone()?;
        let globals = {
            let mut s = scope;
            while let Some(p) = s.parent.clone() {
                s = p;
            }
            s
        };
        let name = match globals.vars.borrow().get("__name__") {
            Some(Value::Str(n)) if &**n != "__main__" => n.to_string(),
            _ => return None,
        };
        let is_package = importer.file_name().is_some_and(|n| n == "__init__.py");
        let mut parts: Vec<&str> = name.split('.').collect();
        let drop = level as usize - usize::from(is_package);
        if drop >= parts.len() + usize::from(is_package) {
            return None;
        }
        parts.truncate(parts.len().saturating_sub(drop));
        (!parts.is_empty()).then(|| parts.join("."))
    }

    /// Load `parts` under `root` one prefix at a time (packages first),
    /// binding each module as an attribute of its parent.
    fn load_chain(
        &mut self,
        ws: &Rc<Workspace>,
        root: &Path,
        parts: &[&str],
        prefix: &str,
        range: TextRange,
    ) -> R<Option<(Value, Value)>> {
        let mut top: Option<Value> = None;
        let mut parent: Option<Value> = None;
        for i in 0..parts.len() {
            let name = format!("{prefix}{}", parts[..=i].join("."));
            let dir: PathBuf = parts[..=i]
                .iter()
                .fold(root.to_path_buf(), |d, p| d.join(p));
            let file = ws.module_in(root, &parts[..=i]);
            let is_leaf = i + 1 == parts.len();
            if is_leaf && file.is_none() {
                return Ok(None);
            }
            let is_package = file
                .as_ref()
                .is_none_or(|f| f.file_name().is_some_and(|n| n == "__init__.py"));
            let m = self.load_module(ws, &name, file, is_package.then_some(dir), range)?;
            if let Some(Value::Module(p)) = &parent {
                p.globals
                    .vars
                    .borrow_mut()
                    .insert(parts[i].to_string(), m.clone());
            }
            top.get_or_insert_with(|| m.clone());
            parent = Some(m);
        }
        Ok(top.zip(parent))
    }

    /// The module at `file` (a namespace package when `None`), created the
    /// first time with its code pending ([`Interp::force_module`] runs it).
    fn load_module(
        &mut self,
        _ws: &Rc<Workspace>,
        name: &str,
        file: Option<PathBuf>,
        dir: Option<PathBuf>,
        range: TextRange,
    ) -> R<Value> {
        let Some(key) = file.clone().or_else(|| dir.clone()) else {
            return Ok(self.incomplete(range, format!("cannot locate module `{name}`")));
        };
        if let Some(m) = self.modules.get(&key).cloned() {
            return Ok(m);
        }
        let globals = Scope::new(None);
        self.module_globals.insert(Rc::as_ptr(&globals));
        {
            let mut vars = globals.vars.borrow_mut();
            vars.insert("__name__".into(), Value::str(name));
            if let Some(f) = &file {
                vars.insert("__file__".into(), Value::str(&f.display().to_string()));
            }
        }
        let module = Value::Module(Rc::new(UserModule {
            name: Rc::from(name),
            pending: std::cell::Cell::new(file.is_some()),
            path: file,
            dir,
            globals,
        }));
        self.modules.insert(key, module.clone());
        Ok(module)
    }

    /// Run a pending module's code now, once. Code run while `forward` is
    /// traced (a module first used there) runs outside tracing: its notes
    /// count as import-time notes, not as what `forward` did not follow.
    pub fn force_module(&mut self, m: &Rc<UserModule>) -> R<()> {
        if !m.pending.get() {
            return Ok(());
        }
        m.pending.set(false);
        let Some(ws) = self.workspace.clone() else {
            return Ok(());
        };
        let Some(path) = m.path.clone() else {
            return Ok(());
        };
        let range = self.current_range();
        let Some(source) = ws.load(&path) else {
            return Ok(());
        };
        if self.loading.len() >= MAX_IMPORT_DEPTH
            || self.frames.len() as u32 >= self.budget.call_depth
        {
            self.incomplete(
                range,
                format!(
                    "analysis incomplete: import depth limit ({MAX_IMPORT_DEPTH} nested imports) reached importing `{}`",
                    m.name
                ),
            );
            return Ok(());
        }
        tracing::debug!(
            module = %m.name,
            from = self.frames.last().map_or("", |f| f.file.path.as_str()),
            line = self.frames.last().map_or(0, |f| f.file.index.line_col(f.range.start).line + 1),
            "running module code"
        );
        self.run_module_aside(&source, &m.globals, path)
    }

    /// A module made at run time (`importlib.util.module_from_spec`), its
    /// code run later by [`Interp::run_source_in_module`].
    pub(crate) fn new_source_module(&mut self, name: &str, origin: Option<PathBuf>) -> Value {
        let globals = Scope::new(None);
        self.module_globals.insert(Rc::as_ptr(&globals));
        {
            let mut vars = globals.vars.borrow_mut();
            vars.insert("__name__".into(), Value::str(name));
            if let Some(f) = &origin {
                vars.insert("__file__".into(), Value::str(&f.display().to_string()));
            }
        }
        Value::Module(Rc::new(UserModule {
            name: Rc::from(name),
            pending: std::cell::Cell::new(false),
            path: origin,
            dir: None,
            globals,
        }))
    }

    /// Run `source` (the text of the file at `path`) as the code of module
    /// `m`, outside tracing, as an imported module's code runs
    /// (`SourceFileLoader.exec_module`).
    pub(crate) fn run_source_in_module(
        &mut self,
        m: &Rc<UserModule>,
        source: &str,
        path: &str,
    ) -> R<()> {
        // Parsing costs a step per 16 bytes, as for `exec`.
        self.charge_items((source.len() / 16) as u128, "a module's source")?;
        let file = crate::SourceFile::parse_imported(path, source);
        if self.loading.len() >= MAX_IMPORT_DEPTH
            || self.frames.len() as u32 >= self.budget.call_depth
        {
            let range = self.current_range();
            self.incomplete(
                range,
                format!(
                    "analysis incomplete: import depth limit ({MAX_IMPORT_DEPTH} nested imports) reached running `{}`",
                    m.name
                ),
            );
            return Ok(());
        }
        self.run_module_aside(&file, &m.globals, PathBuf::from(path))
    }

    /// Run a module's code outside tracing, at any time (an import forced
    /// from inside `forward` included): nothing it does is recorded, and
    /// its notes go before those of `forward`.
    fn run_module_aside(
        &mut self,
        source: &Arc<crate::SourceFile>,
        globals: &Rc<Scope>,
        key: PathBuf,
    ) -> R<()> {
        let was_tracing = std::mem::replace(&mut self.tracing, false);
        let notes_before = self.notes.len();
        let result = self.run_module_body(source, globals, key);
        self.tracing = was_tracing;
        if let Some(from) = self.forward_notes_from
            && notes_before >= from
        {
            let added: Vec<_> = self.notes.drain(notes_before..).collect();
            let n = added.len();
            self.notes.splice(from..from, added);
            self.forward_notes_from = Some(from + n);
        }
        result
    }

    /// `name` of prelude module `index` (see [`crate::prelude`]), running
    /// the module the first time one of its names is read.
    pub(crate) fn prelude_value(&mut self, index: usize, name: &str) -> R<Value> {
        let globals = match self.preludes.get(&index) {
            Some(g) => g.clone(),
            None => {
                let spec = &crate::prelude::MODULES[index];
                let globals = Scope::new(None);
                globals
                    .vars
                    .borrow_mut()
                    .insert("__name__".into(), Value::str(spec.name));
                self.preludes.insert(index, globals.clone());
                tracing::debug!(module = spec.name, "running prelude module");
                let source = crate::prelude::source(index);
                self.run_module_aside(&source, &globals, PathBuf::from(spec.path))?;
                globals
            }
        };
        let value = globals.vars.borrow().get(name).cloned();
        value.ok_or_else(|| {
            self.raise(
                "AttributeError",
                format!("module 'torch.nn' has no attribute '{name}'"),
            )
        })
    }

    fn run_module_body(
        &mut self,
        source: &Arc<crate::SourceFile>,
        globals: &Rc<Scope>,
        key: PathBuf,
    ) -> R<()> {
        self.loading.push(key);
        self.initializing.push(Rc::as_ptr(globals));
        self.sync_guard_paths();
        self.frames.push(Frame {
            file: source.clone(),
            range: TextRange::default(),
            function: None,
            scope: Some(globals.clone()),
        });
        let mut result = Ok(());
        for s in &source.module.body {
            match self.exec(s, globals) {
                Ok(()) => {}
                Err(Flow::Fail(f)) if f.message.contains("step budget") => {
                    result = Err(Flow::Fail(f));
                    break;
                }
                Err(flow) => {
                    let why = match flow {
                        Flow::Fail(f) => f.message,
                        Flow::Raise(e) => format!("{}: {}", e.class, e.message),
                        Flow::Return(_) | Flow::Break | Flow::Continue => {
                            "control flow outside a function".into()
                        }
                    };
                    self.incomplete(
                        s.range,
                        format!("analysis incomplete: module code failed here: {why}"),
                    );
                }
            }
        }
        self.sync_guard_paths();
        self.frames.pop();
        self.loading.pop();
        self.initializing.pop();
        result
    }

    /// `from m import name` while `m` has not run: a submodule is loaded
    /// (pending itself) without running `m`, unless `m`'s `__init__`
    /// rebinds that name (`from .auto_docstring import auto_docstring`);
    /// any other name is bound as a
    /// [`Value::LazyImport`], resolved when first read. `None` when `m`
    /// already ran (the caller imports eagerly).
    pub(super) fn import_lazily(
        &mut self,
        m: &Rc<UserModule>,
        name: &str,
        range: TextRange,
    ) -> R<Option<Value>> {
        self.import_lazily_at(m, name, range, 0)
    }

    /// [`Interp::import_lazily`]; a name `m` only re-exports (its text
    /// binds it once, by a relative `from m2 import name`:
    /// [`crate::imports::Workspace::reexport`]) is bound to `m2`'s name
    /// directly, so using it runs `m2` but not `m`: the object is the
    /// same, as `m` binds nothing else to that name. `depth` bounds
    /// chains (a cycle of re-exports).
    fn import_lazily_at(
        &mut self,
        m: &Rc<UserModule>,
        name: &str,
        range: TextRange,
        depth: usize,
    ) -> R<Option<Value>> {
        if !m.pending.get() {
            return Ok(None);
        }
        if let (Some(ws), Some(dir)) = (self.workspace.clone(), m.dir.clone())
            && ws.module_in(&dir, &[name]).is_some()
            && !m
                .path
                .as_ref()
                .is_some_and(|init| ws.rebinds_submodule(init, &m.name, name))
        {
            let prefix = format!("{}.", m.name);
            if let Some((_, sub)) = self.load_chain(&ws, &dir, &[name], &prefix, range)? {
                m.globals
                    .vars
                    .borrow_mut()
                    .insert(name.to_string(), sub.clone());
                return Ok(Some(sub));
            }
        }
        if depth < MAX_IMPORT_DEPTH
            && let (Some(ws), Some(path)) = (self.workspace.clone(), m.path.clone())
            && let Some(imported) = ws.reexport(&path, name)
            && let Some(Value::Module(ref source)) =
                self.load_relative(&ws, m, &imported.module, range)?
        {
            let found = match self.import_lazily_at(source, &imported.name, range, depth + 1)? {
                Some(v) => Some(v),
                None => self.import_from_module(source, &imported.name, range)?,
            };
            if let Some(v) = found {
                return Ok(Some(v));
            }
        }
        if depth < MAX_IMPORT_DEPTH
            && let Some(v) = self.export_through_stars(m, name, range, depth + 1)?
        {
            return Ok(Some(v));
        }
        Ok(Some(Value::LazyImport(Rc::new(LazyImport {
            module: m.clone(),
            name: Rc::from(name),
        }))))
    }

    /// The workspace and file of module `m` while its code has not run.
    fn pending_file(&self, m: &UserModule) -> Option<(Rc<Workspace>, PathBuf)> {
        if !m.pending.get() {
            return None;
        }
        Some((self.workspace.clone()?, m.path.clone()?))
    }

    /// `from m import *` in `scope` of a pending module that star-imports
    /// other modules in turn and has no `__all__` (a lazy package listing
    /// its families, [`Workspace::star_sources`]): its own names are bound
    /// lazily and its star sources are searched when a name is missed
    /// ([`Interp::star_fallback`]), so the families are neither run nor
    /// read until one of their names is used. False when `m` is not such
    /// a module (the caller binds the names).
    pub(super) fn star_import_by_fallback(
        &mut self,
        m: &Rc<UserModule>,
        scope: &Rc<Scope>,
        range: TextRange,
    ) -> R<bool> {
        let Some((ws, path)) = self.pending_file(m) else {
            return Ok(false);
        };
        let Some(outline) = ws.star_sources(&path) else {
            return Ok(false);
        };
        if outline.stars.is_empty() {
            return Ok(false);
        }
        let mut bound = Vec::with_capacity(outline.names.len());
        for n in &outline.names {
            match self.import_lazily(m, n, range)? {
                Some(v) => bound.push((n.clone(), v)),
                None => return Ok(false),
            }
        }
        scope.vars.borrow_mut().extend(bound);
        self.star_fallbacks
            .entry(Rc::as_ptr(scope))
            .or_default()
            .push(m.clone());
        Ok(true)
    }

    /// A name missing from the module globals `globals`, found through the
    /// star imports made there by [`Interp::star_import_by_fallback`] (the
    /// last one first, as the last star import rebinds a name), and bound
    /// there as the star import would have (resolved: this is a use).
    pub(super) fn star_fallback(
        &mut self,
        globals: &Rc<Scope>,
        name: &str,
        range: TextRange,
    ) -> R<Option<Value>> {
        let Some(sources) = self.star_fallbacks.get(&Rc::as_ptr(globals)).cloned() else {
            return Ok(None);
        };
        if name.starts_with('_') {
            return Ok(None);
        }
        let lookup = (Rc::as_ptr(globals), name);
        if self
            .star_lookups
            .iter()
            .any(|(at, n)| (*at, &**n) == lookup)
        {
            return Ok(None);
        }
        self.star_lookups
            .push((Rc::as_ptr(globals), Rc::from(name)));
        let found = self.star_fallback_here(globals, &sources, name, range);
        self.star_lookups.pop();
        found
    }

    fn star_fallback_here(
        &mut self,
        globals: &Rc<Scope>,
        sources: &[Rc<UserModule>],
        name: &str,
        range: TextRange,
    ) -> R<Option<Value>> {
        for m in sources.iter().rev() {
            if let Some(v) = self.star_export(m, name, range, 0)? {
                let v = self.resolve_lazy(v)?;
                globals
                    .vars
                    .borrow_mut()
                    .insert(name.to_string(), v.clone());
                return Ok(Some(v));
            }
        }
        Ok(None)
    }

    /// `name` as `from m import *` binds it (`None`: it does not), found
    /// without running `m` when its text allows: its settled `__all__`,
    /// else its own names and then its star sources, searched in turn.
    fn star_export(
        &mut self,
        m: &Rc<UserModule>,
        name: &str,
        range: TextRange,
        depth: usize,
    ) -> R<Option<Value>> {
        if depth >= MAX_IMPORT_DEPTH {
            return Ok(None);
        }
        let search = (Rc::as_ptr(m), name);
        if self
            .star_searches
            .iter()
            .any(|(at, n)| (*at, &**n) == search)
        {
            return Ok(None);
        }
        self.star_searches.push((Rc::as_ptr(m), Rc::from(name)));
        let found = self.star_export_here(m, name, range, depth);
        self.star_searches.pop();
        found
    }

    fn star_export_here(
        &mut self,
        m: &Rc<UserModule>,
        name: &str,
        range: TextRange,
        depth: usize,
    ) -> R<Option<Value>> {
        if let Some((ws, path)) = self.pending_file(m) {
            if let Some(names) = ws.star_exports(&path) {
                if !names.iter().any(|n| n == name) {
                    return Ok(None);
                }
                return self.import_lazily_at(m, name, range, depth + 1);
            }
            if let Some(outline) = ws.star_sources(&path) {
                if outline.names.iter().any(|n| n == name) {
                    return self.import_lazily_at(m, name, range, depth + 1);
                }
                return self.export_through_stars(m, name, range, depth + 1);
            }
        }
        if name.starts_with('_') {
            return Ok(None);
        }
        self.force_module(m)?;
        let is_name = |v: &Value| matches!(v, Value::Str(s) if &**s == name);
        let listed = match m.globals.vars.borrow().get("__all__") {
            Some(Value::List(l)) => Some(l.borrow().iter().any(is_name)),
            Some(Value::Tuple(t)) => Some(t.iter().any(is_name)),
            _ => None,
        };
        if listed == Some(false) {
            return Ok(None);
        }
        let own = m.globals.vars.borrow().get(name).cloned();
        match own {
            Some(v) => Ok(Some(v)),
            None => self.star_fallback(&m.globals, name, range),
        }
    }

    /// `name` from the star sources of pending module `m`
    /// ([`Workspace::star_sources`]), those whose module name `name` starts
    /// with first (`LlamaConfig` is looked for in `.llama` before the other
    /// families: the answer is the same, the search much shorter).
    fn export_through_stars(
        &mut self,
        m: &Rc<UserModule>,
        name: &str,
        range: TextRange,
        depth: usize,
    ) -> R<Option<Value>> {
        let (Some(ws), Some(path)) = (self.workspace.clone(), m.path.clone()) else {
            return Ok(None);
        };
        let Some(outline) = ws.star_sources(&path) else {
            return Ok(None);
        };
        if name.starts_with('_') || outline.names.iter().any(|n| n == name) {
            return Ok(None);
        }
        // Families named like `name` first, then modules that define it,
        // then any that could bind it; a module whose text cannot is
        // neither run nor searched.
        let mut visited = vec![false; outline.stars.len()];
        let ranked = star_search_order(&outline.stars, name);
        // Each module's text is scanned for `name` once, when a phase first
        // asks.
        let bindings: Vec<std::cell::OnceCell<TextBinding>> = (0..outline.stars.len())
            .map(|_| Default::default())
            .collect();
        let binding = |k: usize| {
            *bindings[k].get_or_init(|| {
                ws.module_ref(&path, &outline.stars[k])
                    .map_or(TextBinding::Cannot, |file| ws.binding_of(&file, name))
            })
        };
        let phases: [&dyn Fn(usize, usize) -> bool; 3] = [
            &|_, score| score > 0,
            &|k, _| binding(k) == TextBinding::Defines,
            &|k, _| binding(k) != TextBinding::Cannot,
        ];
        for accept in phases {
            for &(k, score) in &ranked {
                if visited[k] || !accept(k, score) {
                    continue;
                }
                visited[k] = true;
                let star = &outline.stars[k];
                if let Some(Value::Module(ref source)) = self.load_relative(&ws, m, star, range)?
                    && let Some(v) = self.star_export(source, name, range, depth + 1)?
                {
                    return Ok(Some(v));
                }
            }
        }
        Ok(None)
    }

    /// The module a relative import made in module `m`'s code names (as
    /// `from .a.b import x` run there loads it, pending), `None` when it
    /// is not found.
    fn load_relative(
        &mut self,
        ws: &Rc<Workspace>,
        m: &Rc<UserModule>,
        target: &syntax::ModuleRef,
        range: TextRange,
    ) -> R<Option<Value>> {
        let Some(path) = m.path.clone() else {
            return Ok(None);
        };
        let Some(base) = Workspace::relative_base(&path, target.level) else {
            return Ok(None);
        };
        // `__package__` of `m`, then `level - 1` packages up.
        let is_package = path.file_name().is_some_and(|n| n == "__init__.py");
        let mut package: Vec<&str> = m.name.split('.').collect();
        let drop = target.level as usize - usize::from(is_package);
        if drop >= package.len() + usize::from(is_package) {
            return Ok(None);
        }
        package.truncate(package.len().saturating_sub(drop));
        let package = package.join(".");
        if target.dotted.is_empty() {
            let init = ws.module_in(&base, &[]);
            return self
                .load_module(ws, &package, init, Some(base), range)
                .map(Some);
        }
        let parts: Vec<&str> = target.dotted.split('.').collect();
        if ws.module_in(&base, &parts).is_none() {
            return Ok(None);
        }
        let prefix = if package.is_empty() {
            String::new()
        } else {
            format!("{package}.")
        };
        Ok(self
            .load_chain(ws, &base, &parts, &prefix, range)?
            .map(|(_, leaf)| leaf))
    }

    /// The value a [`Value::LazyImport`] stands for: its module runs now.
    /// Chains of lazy imports (a package re-exporting a submodule's name)
    /// resolve in turn.
    pub fn resolve_lazy(&mut self, v: Value) -> R<Value> {
        let mut v = v;
        for _ in 0..MAX_IMPORT_DEPTH {
            let Value::LazyImport(lazy) = &v else {
                return Ok(v);
            };
            let lazy = lazy.clone();
            let range = self.current_range();
            v = match self.import_from_module(&lazy.module, &lazy.name, range)? {
                Some(found) => found,
                None => {
                    let key = lazy.module.path.clone().or_else(|| lazy.module.dir.clone());
                    let cycle = if key.is_some_and(|k| self.loading.contains(&k)) {
                        " (an import cycle: it is still being initialised)"
                    } else {
                        ""
                    };
                    return Err(self.raise(
                        "ImportError",
                        format!(
                            "cannot import name '{}' from '{}'{cycle}",
                            lazy.name, lazy.module.name
                        ),
                    ));
                }
            };
        }
        Ok(self.incomplete(
            self.current_range(),
            "analysis incomplete: lazy import chain too long",
        ))
    }

    /// What `from m import *` binds: the names in `__all__` when the module
    /// defines it (submodules it names are imported), else its globals not
    /// starting with `_`. The module runs first, as in Python: packages
    /// register what their submodules define while star-importing them
    /// (model registries).
    pub(super) fn star_names(&mut self, m: &Rc<UserModule>) -> R<Vec<(String, Value)>> {
        self.force_module(m)?;
        let all = m.globals.vars.borrow().get("__all__").cloned();
        let listed: Option<Vec<String>> = match &all {
            Some(v @ (Value::List(_) | Value::Tuple(_))) => Some(
                self.iterate(v)?
                    .iter()
                    .filter_map(|n| match n {
                        Value::Str(s) => Some(s.to_string()),
                        _ => None,
                    })
                    .collect(),
            ),
            _ => None,
        };
        let Some(names) = listed else {
            return Ok(m
                .globals
                .vars
                .borrow()
                .iter()
                .filter(|(k, _)| !k.starts_with('_'))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect());
        };
        let range = self.current_range();
        let mut out = Vec::with_capacity(names.len());
        for n in names {
            if let Some(v) = self.import_from_module(m, &n, range)? {
                out.push((n, v));
            }
        }
        Ok(out)
    }

    /// `from m import *` without running `m`, when its text settles what
    /// it exports (a literal `__all__`, a top level that only defines
    /// names: [`syntax::literal_star_exports`]): each name is bound as
    /// `from m import name` of a pending module binds it (a
    /// [`Value::LazyImport`], or the submodule), and `m` runs when one of
    /// them is first used. `None` when `m` ran or is running, or its text
    /// does not settle the names: the caller runs it.
    pub(super) fn star_names_lazily(
        &mut self,
        m: &Rc<UserModule>,
        range: TextRange,
    ) -> R<Option<Vec<(String, Value)>>> {
        let Some((ws, path)) = self.pending_file(m) else {
            return Ok(None);
        };
        let Some(names) = ws.star_exports(&path) else {
            return Ok(None);
        };
        let mut out = Vec::with_capacity(names.len());
        for n in names.iter() {
            match self.import_lazily(m, n, range)? {
                Some(v) => out.push((n.clone(), v)),
                None => return Ok(None),
            }
        }
        if !self.deferred.iter().any(|d| Rc::ptr_eq(d, m)) {
            self.deferred.push(m.clone());
        }
        Ok(Some(out))
    }

    /// Before code outside any module's own execution reads a mutable
    /// container (dict, list, set) held by a workspace module's global
    /// (`owner`: the scope the name was found from; `None`: a lazily
    /// imported name, from a workspace module), every module a star import
    /// deferred runs, in import order: in Python they ran at the star
    /// import, and what they add to such containers (model registries
    /// filled by decorators) must be there when it is read. Reads made
    /// while a module runs (a decorator registering into the container)
    /// do not force them. True when modules ran (the caller reads again).
    pub(super) fn force_deferred_for(
        &mut self,
        v: &Value,
        owner: Option<(&Rc<Scope>, &str)>,
    ) -> R<bool> {
        if self.deferred.is_empty()
            || !self.loading.is_empty()
            || !matches!(v, Value::Dict(_) | Value::List(_) | Value::Set(_))
        {
            return Ok(false);
        }
        if let Some((scope, name)) = owner {
            let mut s = scope.clone();
            loop {
                if s.vars.borrow().contains_key(name) {
                    break;
                }
                match s.parent.clone() {
                    Some(p) => s = p,
                    None => return Ok(false),
                }
            }
            if !self.module_globals.contains(&Rc::as_ptr(&s)) {
                return Ok(false);
            }
        }
        while !self.deferred.is_empty() {
            let m = self.deferred.remove(0);
            self.force_module(&m)?;
        }
        Ok(true)
    }

    /// `m.name` where module `m` has no global `name`: its submodule when
    /// there is one (loaded now), else an `AttributeError` (saying so when
    /// `m` is still being initialised: an import cycle).
    pub(super) fn missing_module_attr(
        &mut self,
        m: &Rc<UserModule>,
        v: &Value,
        name: &str,
    ) -> R<Value> {
        let range = self.current_range();
        if let Some(sub) = self.import_from_module(m, name, range)? {
            return Ok(sub);
        }
        let key = m.path.clone().or_else(|| m.dir.clone());
        if key.is_some_and(|k| self.loading.contains(&k)) {
            // As in Python: the attribute is missing (`hasattr` is false).
            return Err(self.raise(
                "AttributeError",
                format!(
                    "partially initialised module `{}` has no attribute `{name}` (an import cycle: it is still being initialised)",
                    m.name
                ),
            ));
        }
        Err(self.attr_error(v, name))
    }

    /// `from m import name` on a workspace module: its global, else its
    /// submodule `m.name`.
    pub fn import_from_module(
        &mut self,
        m: &std::rc::Rc<UserModule>,
        attr: &str,
        range: TextRange,
    ) -> R<Option<Value>> {
        self.force_module(m)?;
        if let Some(v) = m.globals.vars.borrow().get(attr) {
            return Ok(Some(v.clone()));
        }
        let (Some(ws), Some(dir)) = (self.workspace.clone(), m.dir.clone()) else {
            return self.star_fallback(&m.globals, attr, range);
        };
        // A submodule wins over a name only a star import could bind (a
        // package's families are never named like its submodules): the
        // search would read every family for nothing.
        if ws.module_in(&dir, &[attr]).is_none() {
            return self.star_fallback(&m.globals, attr, range);
        }
        let prefix = format!("{}.", m.name);
        let loaded = self.load_chain(&ws, &dir, &[attr], &prefix, range)?;
        let Some((_, sub)) = loaded else {
            return Ok(None);
        };
        m.globals
            .vars
            .borrow_mut()
            .insert(attr.to_string(), sub.clone());
        Ok(Some(sub))
    }
}

/// The indices of `stars` with a score for `name`, best first: the
/// length of the last name component (case and underscores aside) that
/// `name` starts with, else 0 (import order kept among equals).
fn star_search_order(stars: &[syntax::ModuleRef], name: &str) -> Vec<(usize, usize)> {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let name = squash(name);
    let mut ordered: Vec<(usize, usize)> = stars
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let last = squash(s.dotted.rsplit('.').next().unwrap_or(""));
            let score = if !last.is_empty() && name.starts_with(&last) {
                last.len()
            } else {
                0
            };
            (k, score)
        })
        .collect();
    ordered.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
    ordered
}
