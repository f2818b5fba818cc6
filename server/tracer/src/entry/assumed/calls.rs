//! Calls of a module class in the code around it: in its own file (a
//! parent module, a builder, a `__main__` block) and in the files beside
//! it that import it (a training or export script, a test), each argument
//! resolved as far as the text allows: literals, module-level constants
//! and arithmetic on them, attributes of a module-level configuration
//! instance (`cfg.hidden_size`, read from the call that made it or its
//! class's defaults), a dict's items, an enclosing function's parameter
//! defaults and the local assignments before the call (`self.dim = dim`),
//! and `argparse` defaults (`args.dim` from `add_argument("--dim",
//! default=256)`).
//!
//! The files beside the model ([`Neighbours`]) are its folder's, the
//! folders above it while they are packages, and the `tests`, `test`,
//! `scripts`, `examples` and `tools` folders of the topmost, listed and
//! read through the trace's [`Workspace`] (the tracer does no I/O) and
//! bounded: [`MAX_FILES`] files, [`MAX_FILE_BYTES`] each and
//! [`MAX_TOTAL_BYTES`] in all; a file is parsed only when its text names
//! the class, and its calls count only when it imports the class from the
//! model's module. Nothing is searched for a file of an installed package
//! (on a `site-packages` path).

use std::cell::OnceCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use syntax::ast::{Arg, Expr, ExprKind, FStringPart, FunctionDef, Param, Stmt, StmtKind};

use super::literal::{Lit, Lookup, MAX_DEPTH, eval};
use crate::SourceFile;
use crate::imports::Workspace;

/// Files beside the model read, at most.
pub const MAX_FILES: usize = 48;
/// Larger files beside the model are not read.
pub const MAX_FILE_BYTES: u64 = 512 << 10;
/// Bytes read from files beside the model, at most.
pub const MAX_TOTAL_BYTES: u64 = 4 << 20;
/// Folders searched, at most.
const MAX_FOLDERS: usize = 12;
/// Package levels climbed above the model's folder, at most.
const MAX_PACKAGE_LEVELS: usize = 4;
/// Calls of one class read per file, at most.
const MAX_CALLS: usize = 64;
/// Statement and expression nesting searched.
const MAX_NESTING: u32 = 100;
/// Folders beside a project's top folder where calls often are.
const SIDE_FOLDERS: [&str; 5] = ["tests", "test", "scripts", "examples", "tools"];

/// A call of the class, its arguments bound to the constructor's
/// parameters.
#[derive(Clone, Debug)]
pub struct FoundCall {
    /// The file it is in; `None`: the model file itself.
    pub path: Option<String>,
    /// Its 1-based line.
    pub line: u32,
    /// Each argument it passes, by parameter name in the signature's
    /// order (then names `**kwargs` takes), with its value when it
    /// resolved.
    pub arguments: Vec<(String, Option<Lit>)>,
}

impl FoundCall {
    /// How many of its arguments resolved.
    pub fn resolved(&self) -> usize {
        self.arguments.iter().filter(|(_, v)| v.is_some()).count()
    }

    /// Whether every argument it passes resolved.
    pub fn complete(&self) -> bool {
        self.arguments.iter().all(|(_, v)| v.is_some())
    }
}

/// How a file refers to the class: names bound to it and names of the
/// module that defines it (`blocks.Attention(...)`).
struct Refs {
    names: Vec<String>,
    modules: Vec<String>,
}

/// The calls of `class` in the model file itself, each bound to `init`'s
/// parameters (calls that cannot bind, with `*args` say, are left out).
pub fn calls_in_file(file: &SourceFile, class: &str, init: &FunctionDef) -> Vec<FoundCall> {
    let refs = Refs {
        names: vec![class.to_string()],
        modules: Vec::new(),
    };
    calls(file, None, &refs, class, init)
}

/// The files beside a model file, read once for all its classes.
pub struct Neighbours<'w> {
    workspace: &'w Workspace,
    model: PathBuf,
    /// The model's module name and the names of the packages holding it.
    stem: String,
    packages: Vec<String>,
    texts: OnceCell<Vec<(PathBuf, Arc<str>)>>,
}

impl<'w> Neighbours<'w> {
    /// The neighbours of the model file at `path`; `None` for a file of an
    /// installed package.
    pub fn new(workspace: &'w Workspace, path: &str) -> Option<Neighbours<'w>> {
        let model = PathBuf::from(path);
        let installed = model.components().any(|c| {
            let c = c.as_os_str();
            c == "site-packages" || c == "dist-packages"
        });
        if installed {
            return None;
        }
        let stem = model.file_stem()?.to_string_lossy().into_owned();
        let mut packages = Vec::new();
        let folder = folder_of(&model);
        let mut dir = Some(folder.as_path());
        while let Some(d) = dir
            && packages.len() < MAX_PACKAGE_LEVELS
            && workspace.peek(&d.join("__init__.py")).is_some()
        {
            if let Some(n) = d.file_name() {
                packages.push(n.to_string_lossy().into_owned());
            }
            dir = d.parent();
        }
        Some(Neighbours {
            workspace,
            model,
            stem,
            packages,
            texts: OnceCell::new(),
        })
    }

    /// The folders searched, in order: the model's, the package folders
    /// above it and the first folder that is not a package (the project's,
    /// or the one above `src/`), then side folders of that one.
    fn folders(&self) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = Vec::new();
        let mut dir = Some(folder_of(&self.model));
        for _ in 0..=self.packages.len() {
            let Some(d) = dir else { break };
            dir = d.parent().map(Path::to_path_buf);
            out.push(d);
        }
        let Some(top) = out.last().cloned() else {
            return out;
        };
        let mut bases = vec![top.clone()];
        if top.file_name().is_some_and(|n| n == "src")
            && let Some(project) = top.parent()
        {
            out.push(project.to_path_buf());
            bases.push(project.to_path_buf());
        }
        for base in bases {
            for side in SIDE_FOLDERS {
                out.push(base.join(side));
            }
        }
        out.dedup();
        out.truncate(MAX_FOLDERS);
        out
    }

    /// The texts of the files beside the model, read once within bounds.
    fn texts(&self) -> &[(PathBuf, Arc<str>)] {
        self.texts.get_or_init(|| {
            let mut out = Vec::new();
            let mut total = 0u64;
            'folders: for folder in self.folders() {
                for (path, size) in self.workspace.python_files(&folder) {
                    if out.len() == MAX_FILES {
                        break 'folders;
                    }
                    if path == self.model || size > MAX_FILE_BYTES || total + size > MAX_TOTAL_BYTES
                    {
                        continue;
                    }
                    if let Some(text) = self.workspace.peek(&path) {
                        total += text.len() as u64;
                        out.push((path, text));
                    }
                }
            }
            out
        })
    }

    /// The calls of `class` in the files beside the model that import it
    /// from the model's module, in folder and file order.
    pub fn calls(&self, class: &str, init: &FunctionDef) -> Vec<FoundCall> {
        let mut out = Vec::new();
        for (path, text) in self.texts() {
            let imports_model =
                mentions(text, &self.stem) || self.packages.iter().any(|p| mentions(text, p));
            if !mentions(text, class) || !imports_model {
                continue;
            }
            // Read through the workspace: the file now counts among those
            // the analysis depends on.
            let Some(file) = self.workspace.load(path) else {
                continue;
            };
            let refs = self.refs_in(&file, class);
            if refs.names.is_empty() && refs.modules.is_empty() {
                continue;
            }
            let shown = path.display().to_string();
            out.extend(calls(&file, Some(&shown), &refs, class, init));
        }
        out
    }

    /// How `file` refers to `class` of the model's module: its imports
    /// (anywhere in it, a test imports in its functions) of the class
    /// from a module named like the model's (or a package holding it), or
    /// of the model's module itself.
    fn refs_in(&self, file: &SourceFile, class: &str) -> Refs {
        let mut refs = Refs {
            names: Vec::new(),
            modules: Vec::new(),
        };
        let ours = |dotted: &str| {
            let last = dotted.rsplit('.').next().unwrap_or(dotted);
            last == self.stem || self.packages.iter().any(|p| p == last)
        };
        walk_stmts(&file.module.body, 0, &mut |s| match &s.kind {
            StmtKind::ImportFrom { module, names, .. } => {
                let from = module.as_deref().unwrap_or("");
                for a in names {
                    let bound = a.asname.clone().unwrap_or_else(|| a.name.clone());
                    if !from.is_empty() && ours(from) && (a.name == class || a.name == "*") {
                        refs.names.push(if a.name == "*" {
                            class.to_string()
                        } else {
                            bound
                        });
                    } else if a.name == self.stem {
                        refs.modules.push(bound);
                    }
                }
            }
            StmtKind::Import(aliases) => {
                for a in aliases {
                    if a.name.rsplit('.').next() == Some(self.stem.as_str()) {
                        refs.modules
                            .push(a.asname.clone().unwrap_or_else(|| a.name.clone()));
                    }
                }
            }
            _ => {}
        });
        refs
    }
}

/// The folder of a file (`.` for a bare file name).
pub fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Whether `text` has `name` as a word.
fn mentions(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !word(text[..at].chars().next_back()) && !word(text[at + name.len()..].chars().next())
    })
}

/// Every statement of a block and of the blocks it holds, function and
/// class bodies included.
fn walk_stmts(stmts: &[Stmt], depth: u32, f: &mut dyn FnMut(&Stmt)) {
    if depth > MAX_NESTING {
        return;
    }
    for s in stmts {
        f(s);
        match &s.kind {
            StmtKind::FunctionDef(def) => walk_stmts(def.body(), depth + 1, f),
            StmtKind::ClassDef(def) => walk_stmts(&def.body, depth + 1, f),
            _ => {
                for block in s.inner_blocks() {
                    walk_stmts(block, depth + 1, f);
                }
            }
        }
    }
}

/// The calls `refs` makes of `class` in `file`, bound to `init`.
fn calls(
    file: &SourceFile,
    path: Option<&str>,
    refs: &Refs,
    class: &str,
    init: &FunctionDef,
) -> Vec<FoundCall> {
    let bindings = FileBindings::new(file);
    let mut found: Vec<(Vec<Arc<FunctionDef>>, &Expr)> = Vec::new();
    let mut fns = Vec::new();
    visit_calls(&file.module.body, &mut fns, 0, &mut |call, fns| {
        let ExprKind::Call { func, .. } = &call.kind else {
            return;
        };
        let matches = match &func.kind {
            ExprKind::Name(n) => refs.names.iter().any(|r| r == n),
            ExprKind::Attribute { value, attr } => {
                attr == class && dotted(value).is_some_and(|d| refs.modules.contains(&d))
            }
            _ => false,
        };
        if matches && found.len() < MAX_CALLS {
            found.push((fns.to_vec(), call));
        }
    });
    found
        .into_iter()
        .filter_map(|(fns, call)| {
            let ExprKind::Call { args, .. } = &call.kind else {
                return None;
            };
            let at = At {
                file: &bindings,
                fns: &fns,
                offset: call.range.start,
            };
            Some(FoundCall {
                path: path.map(str::to_string),
                line: file.line_of(call.range.start),
                arguments: bind(args, init, &at)?,
            })
        })
        .collect()
}

/// `a.b.c` as text.
fn dotted(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Name(n) => Some(n.clone()),
        ExprKind::Attribute { value, attr } => Some(format!("{}.{attr}", dotted(value)?)),
        _ => None,
    }
}

/// A call's arguments bound to `init`'s parameters (after `self`), each
/// resolved in `at`; `None` when they cannot be bound (`*args`, an
/// unknown keyword, too many positions).
fn bind(args: &[Arg], init: &FunctionDef, at: &At) -> Option<Vec<(String, Option<Lit>)>> {
    let p = &init.params;
    let positional: Vec<&Param> = p.posonly.iter().chain(&p.args).skip(1).collect();
    let keyword_ok = |name: &str| {
        !p.posonly.iter().any(|q| q.name == name)
            && (p.args.iter().chain(&p.kwonly).any(|q| q.name == name) || p.kwarg.is_some())
    };
    fn add(given: &mut Vec<(String, Option<Lit>)>, name: String, value: Option<Lit>) -> bool {
        if given.iter().any(|(n, _)| *n == name) {
            return false;
        }
        given.push((name, value));
        true
    }
    let mut given: Vec<(String, Option<Lit>)> = Vec::new();
    let mut next = 0;
    for a in args {
        match a {
            Arg::Positional(e) => {
                let param = positional.get(next)?;
                next += 1;
                if !add(&mut given, param.name.clone(), eval(e, at, 0)) {
                    return None;
                }
            }
            Arg::Keyword { name, value, .. } => {
                if !keyword_ok(name) || !add(&mut given, name.clone(), eval(value, at, 0)) {
                    return None;
                }
            }
            Arg::DoubleStarred(e) => {
                let Lit::Dict(items) = eval(e, at, 0)? else {
                    return None;
                };
                for (name, value) in items {
                    if !keyword_ok(&name) || !add(&mut given, name, Some(value)) {
                        return None;
                    }
                }
            }
            Arg::Starred(_) => return None,
        }
    }
    // The signature's order, then names `**kwargs` takes.
    let order: Vec<&str> = positional
        .iter()
        .copied()
        .chain(&p.kwonly)
        .map(|q| q.name.as_str())
        .collect();
    given.sort_by_key(|(n, _)| order.iter().position(|o| o == n).unwrap_or(order.len()));
    Some(given)
}

/// Every call expression in `stmts` (statements and expressions nested in
/// them, function bodies included), with the functions it is inside.
fn visit_calls<'a>(
    stmts: &'a [Stmt],
    fns: &mut Vec<Arc<FunctionDef>>,
    depth: u32,
    f: &mut dyn FnMut(&'a Expr, &[Arc<FunctionDef>]),
) {
    if depth > MAX_NESTING {
        return;
    }
    for s in stmts {
        let mut exprs: Vec<&'a Expr> = Vec::new();
        match &s.kind {
            StmtKind::Expr(e) | StmtKind::AugAssign { value: e, .. } => exprs.push(e),
            StmtKind::Assign { value, .. } => exprs.push(value),
            StmtKind::AnnAssign { value: Some(v), .. }
            | StmtKind::Return(Some(v))
            | StmtKind::Raise { exc: Some(v), .. } => exprs.push(v),
            StmtKind::Assert { test, .. }
            | StmtKind::If { test, .. }
            | StmtKind::While { test, .. } => exprs.push(test),
            StmtKind::For { iter, .. } => exprs.push(iter),
            StmtKind::With { items, .. } => exprs.extend(items.iter().map(|i| &i.context)),
            StmtKind::FunctionDef(def) => {
                fns.push(def.clone());
                visit_calls(def.body(), fns, depth + 1, f);
                fns.pop();
                continue;
            }
            StmtKind::ClassDef(def) => {
                visit_calls(&def.body, fns, depth + 1, f);
                continue;
            }
            _ => {}
        }
        for e in exprs {
            visit_expr(e, fns, depth + 1, f);
        }
        for block in s.inner_blocks() {
            visit_calls(block, fns, depth + 1, f);
        }
    }
}

fn visit_expr<'a>(
    e: &'a Expr,
    fns: &[Arc<FunctionDef>],
    depth: u32,
    f: &mut dyn FnMut(&'a Expr, &[Arc<FunctionDef>]),
) {
    if depth > MAX_NESTING {
        return;
    }
    let d = depth + 1;
    if matches!(e.kind, ExprKind::Call { .. }) {
        f(e, fns);
    }
    let mut go = |x: &'a Expr| visit_expr(x, fns, d, f);
    match &e.kind {
        ExprKind::Call { func, args } => {
            go(func);
            for a in args {
                match a {
                    Arg::Positional(v)
                    | Arg::Starred(v)
                    | Arg::Keyword { value: v, .. }
                    | Arg::DoubleStarred(v) => go(v),
                }
            }
        }
        ExprKind::Attribute { value, .. }
        | ExprKind::UnaryOp { operand: value, .. }
        | ExprKind::Starred(value)
        | ExprKind::Await(value)
        | ExprKind::YieldFrom(value)
        | ExprKind::Named { value, .. } => go(value),
        ExprKind::Yield(Some(value)) => go(value),
        ExprKind::Subscript { value, index } => {
            go(value);
            go(index);
        }
        ExprKind::BinOp { .. } => {
            let (bottom, links) = e.binop_spine();
            go(bottom);
            for (_, _, right) in links {
                go(right);
            }
        }
        ExprKind::BoolOp { values, .. }
        | ExprKind::Tuple(values)
        | ExprKind::List(values)
        | ExprKind::Set(values) => values.iter().for_each(go),
        ExprKind::Compare {
            left, comparators, ..
        } => {
            go(left);
            comparators.iter().for_each(go);
        }
        ExprKind::IfExp { test, body, orelse } => {
            go(test);
            go(body);
            go(orelse);
        }
        ExprKind::Dict(items) => {
            for i in items {
                if let Some(k) = &i.key {
                    go(k);
                }
                go(&i.value);
            }
        }
        ExprKind::ListComp { elt, generators }
        | ExprKind::SetComp { elt, generators }
        | ExprKind::GeneratorExp { elt, generators } => {
            for g in generators {
                go(&g.iter);
                g.ifs.iter().for_each(&mut go);
            }
            go(elt);
        }
        ExprKind::DictComp {
            key,
            value,
            generators,
        } => {
            for g in generators {
                go(&g.iter);
                g.ifs.iter().for_each(&mut go);
            }
            go(key);
            go(value);
        }
        ExprKind::FString(parts) => {
            for p in parts {
                if let FStringPart::Expr { expr, .. } = p {
                    go(expr);
                }
            }
        }
        _ => {}
    }
}

/// What a file binds at module level, for resolving names.
struct FileBindings<'f> {
    file: &'f SourceFile,
    /// Top-level assignments (also in top-level `if`, `try` and `with`
    /// blocks: `if __name__ == "__main__":`), in order: name, where the
    /// statement starts, value.
    assignments: Vec<(&'f str, u32, &'f Expr)>,
    /// `argparse` options with a default: destination and default.
    options: OnceCell<Vec<(String, &'f Expr)>>,
    /// Names looked up so far: resolution stops at [`MAX_LOOKUPS`]
    /// (constants defined from each other several times over would
    /// otherwise be resolved an exponential number of times).
    lookups: std::cell::Cell<u32>,
}

/// Names one file's calls may look up, in all.
const MAX_LOOKUPS: u32 = 20_000;

impl<'f> FileBindings<'f> {
    fn new(file: &'f SourceFile) -> FileBindings<'f> {
        let mut assignments = Vec::new();
        collect_module_assignments(&file.module.body, 0, &mut assignments);
        FileBindings {
            file,
            assignments,
            options: OnceCell::new(),
            lookups: std::cell::Cell::new(0),
        }
    }

    /// The value of the module-level `name`: its last assignment before
    /// `offset`, else its last.
    fn module_binding(&self, name: &str, offset: u32) -> Option<(&'f Expr, u32)> {
        let mut last = None;
        for (n, start, value) in &self.assignments {
            if *n != name {
                continue;
            }
            if *start >= offset && last.is_some() {
                break;
            }
            last = Some((*value, *start));
        }
        last
    }

    /// The module-level class `name`.
    fn class(&self, name: &str) -> Option<&'f syntax::ast::ClassDef> {
        self.file.module.body.iter().find_map(|s| match &s.kind {
            StmtKind::ClassDef(c) if c.name == name => Some(&**c),
            _ => None,
        })
    }

    /// `parser.add_argument("--hidden-dim", default=...)` of the file, by
    /// destination (`hidden_dim`).
    fn options(&self) -> &[(String, &'f Expr)] {
        self.options.get_or_init(|| {
            let mut out = Vec::new();
            if !self.file.text.contains("add_argument") {
                return out;
            }
            let mut fns = Vec::new();
            visit_calls(&self.file.module.body, &mut fns, 0, &mut |call, _| {
                let ExprKind::Call { func, args } = &call.kind else {
                    return;
                };
                if !matches!(&func.kind, ExprKind::Attribute { attr, .. } if attr == "add_argument")
                {
                    return;
                }
                let mut dest = None;
                let mut default = None;
                for a in args {
                    match a {
                        Arg::Positional(e) => {
                            if let ExprKind::Str(s) = &e.kind
                                && let Some(long) = s.strip_prefix("--").or_else(|| {
                                    (dest.is_none() && !s.starts_with('-')).then_some(s.as_str())
                                })
                            {
                                dest = Some(long.replace('-', "_"));
                            }
                        }
                        Arg::Keyword { name, value, .. } if name == "dest" => {
                            if let ExprKind::Str(s) = &value.kind {
                                dest = Some(s.clone());
                            }
                        }
                        Arg::Keyword { name, value, .. } if name == "default" => {
                            default = Some(value);
                        }
                        _ => {}
                    }
                }
                if let (Some(d), Some(v)) = (dest, default) {
                    out.push((d, v));
                }
            });
            out
        })
    }
}

fn collect_module_assignments<'f>(
    stmts: &'f [Stmt],
    depth: u32,
    out: &mut Vec<(&'f str, u32, &'f Expr)>,
) {
    if depth > 8 {
        return;
    }
    for s in stmts {
        match &s.kind {
            StmtKind::Assign { targets, value } => {
                for t in targets {
                    if let ExprKind::Name(n) = &t.kind {
                        out.push((n, s.range.start, value));
                    }
                }
            }
            StmtKind::AnnAssign {
                target,
                value: Some(value),
                ..
            } => {
                if let ExprKind::Name(n) = &target.kind {
                    out.push((n, s.range.start, value));
                }
            }
            StmtKind::If { .. } | StmtKind::Try { .. } | StmtKind::With { .. } => {
                for block in s.inner_blocks() {
                    collect_module_assignments(block, depth + 1, out);
                }
            }
            _ => {}
        }
    }
}

/// A place in a file: inside the functions `fns` (outermost first), at
/// byte `offset`. Names resolve as Python would find them there, as far
/// as the text says.
#[derive(Clone, Copy)]
struct At<'a, 'f> {
    file: &'a FileBindings<'f>,
    fns: &'a [Arc<FunctionDef>],
    offset: u32,
}

/// What binds a name at a place.
enum Binding<'a> {
    /// An expression, to evaluate at this place.
    Value(&'a Expr, u32, usize),
    /// Something that is not a literal, or not known (a parameter without
    /// a default, a loop variable).
    Opaque,
}

impl<'a, 'f: 'a> At<'a, 'f> {
    /// What binds `name` here: the innermost function that binds it (its
    /// last assignment before the place, else its parameter's default),
    /// else the module.
    fn binding(&self, name: &str) -> Option<Binding<'a>> {
        for (i, f) in self.fns.iter().enumerate().rev() {
            let mut last: Option<(&Expr, u32)> = None;
            let mut opaque = false;
            local_bindings(f.body(), name, self.offset, 0, &mut last, &mut opaque);
            if let Some((value, start)) = last {
                // Evaluated where it was assigned, in the same function.
                return Some(Binding::Value(value, start, i + 1));
            }
            let params = &f.params;
            let param = params
                .posonly
                .iter()
                .chain(&params.args)
                .chain(&params.kwonly)
                .find(|p| p.name == name);
            if let Some(p) = param {
                return Some(match &p.default {
                    // A default is evaluated where the function is defined.
                    Some(d) => Binding::Value(d, f.range.start, i),
                    None => Binding::Opaque,
                });
            }
            let star = [&params.vararg, &params.kwarg]
                .iter()
                .any(|v| v.as_ref().is_some_and(|p| p.name == name));
            if opaque || star {
                return Some(Binding::Opaque);
            }
        }
        let (value, start) = self.file.module_binding(name, self.offset)?;
        Some(Binding::Value(value, start, 0))
    }

    /// The place `fns[..depth]` at `offset`.
    fn inside(&self, depth: usize, offset: u32) -> At<'a, 'f> {
        At {
            file: self.file,
            fns: &self.fns[..depth],
            offset,
        }
    }

    /// `self.attr = value` in the innermost function, before the place.
    fn self_attribute(&self, attr: &str) -> Option<Lit> {
        let f = self.fns.last()?;
        let mut last: Option<(&Expr, u32)> = None;
        let mut opaque = false;
        let target = format!("self.{attr}");
        local_bindings(f.body(), &target, self.offset, 0, &mut last, &mut opaque);
        let (value, start) = last?;
        eval(value, &self.inside(self.fns.len(), start), 1)
    }

    /// `x.attr` where `x` is bound to a call (a configuration instance:
    /// its keyword, else its class's default) or is a class of the file.
    fn attribute(&self, value: &Expr, attr: &str, depth: u32) -> Option<Lit> {
        let ExprKind::Name(name) = &value.kind else {
            return None;
        };
        if name == "self" {
            return self.self_attribute(attr);
        }
        let from_binding = match self.binding(name) {
            Some(Binding::Value(e, start, level)) => {
                let there = self.inside(level, start);
                there.attribute_of(e, attr, depth)
            }
            Some(Binding::Opaque) => None,
            None => self
                .file
                .class(name)
                .and_then(|c| class_default(c, attr, self, depth)),
        };
        from_binding.or_else(|| {
            let (_, default) = self.file.options().iter().find(|(d, _)| d == attr)?;
            let module = self.inside(0, u32::MAX);
            eval(default, &module, depth + 1)
        })
    }

    /// `attr` of the object `e` (evaluated here) makes.
    fn attribute_of(&self, e: &Expr, attr: &str, depth: u32) -> Option<Lit> {
        let ExprKind::Call { func, args } = &e.kind else {
            return None;
        };
        for a in args {
            if let Arg::Keyword { name, value, .. } = a
                && name == attr
            {
                return eval(value, self, depth + 1);
            }
        }
        let ExprKind::Name(class_name) = &func.kind else {
            return None;
        };
        let class = self.file.class(class_name)?;
        // A positional argument: the dataclass field (or `__init__`
        // parameter) in that position.
        let order = field_order(class);
        for (i, a) in args.iter().enumerate() {
            match a {
                Arg::Positional(v) if order.get(i).is_some_and(|f| f == attr) => {
                    return eval(v, self, depth + 1);
                }
                Arg::Positional(_) => {}
                _ => break,
            }
        }
        let module = self.inside(0, u32::MAX);
        class_default(class, attr, &module, depth)
    }
}

impl Lookup for At<'_, '_> {
    fn lookup(&self, e: &Expr, depth: u32) -> Option<Lit> {
        let done = self.file.lookups.get();
        if depth > MAX_DEPTH || done >= MAX_LOOKUPS {
            return None;
        }
        self.file.lookups.set(done + 1);
        match &e.kind {
            ExprKind::Name(n) => match self.binding(n)? {
                Binding::Value(value, start, level) => {
                    eval(value, &self.inside(level, start), depth + 1)
                }
                Binding::Opaque => None,
            },
            ExprKind::Attribute { value, attr } => self.attribute(value, attr, depth),
            _ => None,
        }
    }
}

/// The last binding of `name` (`x` or `self.x`) in a function body before
/// `offset`, not looking into nested definitions; `opaque` is set when the
/// body binds it in a way that is not a plain assignment (a loop target,
/// an augmented assignment, an import, a `with ... as`).
fn local_bindings<'a>(
    stmts: &'a [Stmt],
    name: &str,
    offset: u32,
    depth: u32,
    last: &mut Option<(&'a Expr, u32)>,
    opaque: &mut bool,
) {
    if depth > MAX_NESTING {
        return;
    }
    let is_name = |t: &Expr| dotted(t).is_some_and(|d| d == name);
    for s in stmts {
        match &s.kind {
            StmtKind::Assign { targets, value } => {
                if targets.iter().any(is_name) && s.range.end <= offset {
                    *last = Some((value, s.range.start));
                } else if targets.iter().any(|t| binds_in_target(t, name)) {
                    *opaque = true;
                }
            }
            StmtKind::AnnAssign {
                target,
                value: Some(value),
                ..
            } if is_name(target) && s.range.end <= offset => *last = Some((value, s.range.start)),
            StmtKind::AugAssign { target, .. } if is_name(target) => *opaque = true,
            StmtKind::For { target, .. } if binds_in_target(target, name) => *opaque = true,
            StmtKind::With { items, .. }
                if items
                    .iter()
                    .any(|i| i.target.as_ref().is_some_and(|t| binds_in_target(t, name))) =>
            {
                *opaque = true;
            }
            StmtKind::Import(aliases) | StmtKind::ImportFrom { names: aliases, .. }
                if aliases
                    .iter()
                    .any(|a| a.asname.as_deref().unwrap_or(&a.name) == name) =>
            {
                *opaque = true;
            }
            StmtKind::FunctionDef(def) if def.name == name => *opaque = true,
            StmtKind::ClassDef(def) if def.name == name => *opaque = true,
            _ => {}
        }
        if !matches!(s.kind, StmtKind::FunctionDef(_) | StmtKind::ClassDef(_)) {
            for block in s.inner_blocks() {
                local_bindings(block, name, offset, depth + 1, last, opaque);
            }
        }
    }
}

/// Whether an assignment target binds `name` (also inside a tuple).
fn binds_in_target(t: &Expr, name: &str) -> bool {
    match &t.kind {
        ExprKind::Name(n) => n == name,
        ExprKind::Attribute { .. } => dotted(t).is_some_and(|d| d == name),
        ExprKind::Tuple(items) | ExprKind::List(items) => {
            items.iter().any(|i| binds_in_target(i, name))
        }
        ExprKind::Starred(inner) => binds_in_target(inner, name),
        _ => false,
    }
}

/// A class's fields in constructor order: its annotated class-level names
/// (a dataclass), else its `__init__`'s parameters after `self`.
fn field_order(class: &syntax::ast::ClassDef) -> Vec<String> {
    let annotated: Vec<String> = class
        .body
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::AnnAssign { target, .. } => match &target.kind {
                ExprKind::Name(n) => Some(n.clone()),
                _ => None,
            },
            _ => None,
        })
        .collect();
    if !annotated.is_empty() {
        return annotated;
    }
    init_of(class)
        .map(|f| {
            f.params
                .posonly
                .iter()
                .chain(&f.params.args)
                .skip(1)
                .map(|p| p.name.clone())
                .collect()
        })
        .unwrap_or_default()
}

fn init_of(class: &syntax::ast::ClassDef) -> Option<&FunctionDef> {
    class.body.iter().find_map(|s| match &s.kind {
        StmtKind::FunctionDef(f) if f.name == "__init__" => Some(&**f),
        _ => None,
    })
}

/// `attr`'s default in a class of the file: a class-level assignment
/// (`hidden_size: int = 768`), else its `__init__` parameter's default.
fn class_default(
    class: &syntax::ast::ClassDef,
    attr: &str,
    module: &At,
    depth: u32,
) -> Option<Lit> {
    for s in &class.body {
        let value = match &s.kind {
            StmtKind::AnnAssign {
                target,
                value: Some(v),
                ..
            } if matches!(&target.kind, ExprKind::Name(n) if n == attr) => v,
            StmtKind::Assign { targets, value }
                if targets
                    .iter()
                    .any(|t| matches!(&t.kind, ExprKind::Name(n) if n == attr)) =>
            {
                value
            }
            _ => continue,
        };
        // `field(default=...)`.
        if let ExprKind::Call { args, .. } = &value.kind {
            return args.iter().find_map(|a| match a {
                Arg::Keyword { name, value, .. } if name == "default" => {
                    eval(value, module, depth + 1)
                }
                _ => None,
            });
        }
        return eval(value, module, depth + 1);
    }
    let init = init_of(class)?;
    let p = init
        .params
        .posonly
        .iter()
        .chain(&init.params.args)
        .chain(&init.params.kwonly)
        .find(|p| p.name == attr)?;
    eval(p.default.as_ref()?, module, depth + 1)
}

/// Calls found in one file, for tests: (line, arguments as `name=repr`).
#[cfg(test)]
fn shown(calls: &[FoundCall]) -> Vec<(u32, String)> {
    calls
        .iter()
        .map(|c| {
            let args = c
                .arguments
                .iter()
                .map(|(n, v)| format!("{n}={}", v.as_ref().map_or("?".into(), Lit::repr)))
                .collect::<Vec<_>>()
                .join(", ");
            (c.line, args)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    const INIT: &str = "def __init__(self, dim, heads=4, *, drop=0.0):\n    pass\n";

    fn init() -> Arc<FunctionDef> {
        let parsed = syntax::parse(INIT);
        match &parsed.module.body[0].kind {
            StmtKind::FunctionDef(f) => f.clone(),
            _ => panic!("not a def"),
        }
    }

    fn found(text: &str) -> Vec<(u32, String)> {
        let file = SourceFile::parse("/w/net.py", text);
        shown(&calls_in_file(&file, "Attention", &init()))
    }

    #[test]
    fn constants_arithmetic_and_keywords_resolve() {
        let text = "DIM = 128\nHEADS = DIM // 32\n\nclass Net:\n    def __init__(self):\n        self.a = Attention(DIM * 2, heads=HEADS, drop=0.1)\n        self.b = Attention(dim=other(), heads=2)\n        self.c = Attention(*sizes)\n";
        assert_eq!(
            found(text),
            [
                (6, "dim=256, heads=4, drop=0.1".to_string()),
                (7, "dim=?, heads=2".to_string())
            ]
        );
    }

    #[test]
    fn configuration_instances_and_their_class_defaults_resolve() {
        let text = "from dataclasses import dataclass\n\n@dataclass\nclass Cfg:\n    hidden_size: int = 768\n    num_heads: int = 12\n\ncfg = Cfg(hidden_size=384)\nCONF = {'dim': 96, 'heads': 3}\n\ndef build():\n    return Attention(cfg.hidden_size, heads=cfg.num_heads)\n\ndef build2():\n    return Attention(**CONF)\n\ndef build3():\n    return Attention(CONF['dim'], Cfg.num_heads)\n";
        assert_eq!(
            found(text),
            [
                (12, "dim=384, heads=12".to_string()),
                (15, "dim=96, heads=3".to_string()),
                (18, "dim=96, heads=12".to_string())
            ]
        );
    }

    #[test]
    fn enclosing_parameters_locals_and_self_resolve() {
        let text = "class Block:\n    def __init__(self, dim=192, heads=None, mlp_ratio=4):\n        self.width = dim // 2\n        inner = self.width * mlp_ratio\n        self.attn = Attention(inner, heads)\n        for width in (1, 2):\n            self.more = Attention(width)\n\ndef run(dim):\n    return Attention(dim)\n";
        assert_eq!(
            found(text),
            [
                (5, "dim=384, heads=None".to_string()),
                (7, "dim=?".to_string()),
                (10, "dim=?".to_string())
            ]
        );
    }

    #[test]
    fn constants_built_from_each_other_resolve_within_bounds() {
        let mut text = String::from("A0 = 1\n");
        for i in 1..40 {
            text.push_str(&format!("A{i} = A{} + A{} + A{}\n", i - 1, i - 1, i - 1));
        }
        text.push_str("m = Attention(A3, heads=A39)\n");
        let started = std::time::Instant::now();
        let got = found(&text);
        assert_eq!(got, [(41, "dim=27, heads=?".to_string())]);
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
    }

    #[test]
    fn argparse_defaults_resolve() {
        let text = "import argparse\n\ndef main():\n    parser = argparse.ArgumentParser()\n    parser.add_argument('--hidden-dim', type=int, default=320)\n    parser.add_argument('-n', '--num-heads', dest='heads', type=int, default=5)\n    args = parser.parse_args()\n    model = Attention(args.hidden_dim, heads=args.heads)\n";
        assert_eq!(found(text), [(8, "dim=320, heads=5".to_string())]);
    }

    #[test]
    fn neighbours_that_import_the_class_are_searched_within_bounds() {
        let files: HashMap<PathBuf, String> = [
            ("/p/pkg/__init__.py", ""),
            ("/p/pkg/blocks.py", "class Attention:\n    pass\n"),
            (
                "/p/pkg/net.py",
                "from .blocks import Attention as Attn\n\nnet = Attn(dim=48)\n",
            ),
            // Its own Attention, not the model's: not counted.
            (
                "/p/pkg/other.py",
                "class Attention:\n    pass\n\nx = Attention(dim=1)\n",
            ),
            (
                "/p/tests/test_blocks.py",
                "import pkg.blocks as b\n\ndef test():\n    m = b.Attention(32, heads=8)\n",
            ),
            (
                "/p/train.py",
                "from pkg import blocks\nm = blocks.Attention(dim=16)\n",
            ),
        ]
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect();
        let workspace = Workspace::new(Box::new(files), Vec::new());
        let neighbours = Neighbours::new(&workspace, "/p/pkg/blocks.py").expect("searched");
        let calls = neighbours.calls("Attention", &init());
        let got: Vec<(String, u32, String)> = calls
            .iter()
            .zip(shown(&calls))
            .map(|(c, (line, args))| (c.path.clone().unwrap_or_default(), line, args))
            .collect();
        assert_eq!(
            got,
            [
                ("/p/pkg/net.py".to_string(), 3, "dim=48".to_string()),
                ("/p/train.py".to_string(), 2, "dim=16".to_string()),
                (
                    "/p/tests/test_blocks.py".to_string(),
                    4,
                    "dim=32, heads=8".to_string()
                ),
            ]
        );
        // The files read for their calls count as dependencies; the one
        // that only defines its own Attention was looked at, not read.
        let read = workspace.files();
        assert!(read.contains(&PathBuf::from("/p/pkg/net.py")), "{read:?}");
        assert!(
            !read.contains(&PathBuf::from("/p/pkg/other.py")),
            "{read:?}"
        );
        assert!(Neighbours::new(&workspace, "/v/lib/python3.11/site-packages/x/m.py").is_none());
    }
}
