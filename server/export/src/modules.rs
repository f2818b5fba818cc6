//! A model file without entry points, module by module: which classes to
//! trace on assumed inputs (see `tracer::entry::assumed`), in which order
//! (modules no other class of the file builds first, so that a child gets
//! the shapes its parent calls it with and is not traced on guesses), and
//! the export script that makes an assumed entry a real one ("Export this
//! module").

use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use syntax::ast::StmtKind;
use tracer::entry::EntryKind;
use tracer::entry::assumed::module_entries_in;
use tracer::entry::assumed::{
    InputOrigin, ModuleEntry, ModuleOverride, class_def, method, trace_module,
};
use tracer::graph::MetaVal;
use tracer::{EntryPoint, Mode, SourceFile, TraceOptions, TraceOutcome, TraceResult};

/// One module class of the file.
pub struct ModuleAnalysis {
    /// The entry with the inputs it was traced on.
    pub entry: EntryPoint,
    /// One trace per requested mode; empty when `covered_by` is set.
    pub runs: Vec<TraceResult>,
    /// The class whose trace already ran this module's `forward` (its
    /// lines show the shapes that parent calls it with).
    pub covered_by: Option<String>,
    /// Its [`ModuleCache`] key, when analysed with a cache.
    cache_key: Option<u64>,
}

impl ModuleAnalysis {
    pub fn module(&self) -> Option<&ModuleEntry> {
        match &self.entry.kind {
            EntryKind::Module(m) => Some(m),
            _ => None,
        }
    }
}

/// The 1-based line span of a class's `forward`.
pub fn forward_lines(file: &SourceFile, class: &str) -> Option<(u32, u32)> {
    let f = method(class_def(file, class)?, "forward")?;
    Some((
        file.line_of(f.range.start),
        file.line_of(f.range.end.saturating_sub(1).max(f.range.start)),
    ))
}

/// What a trace recorded: its program, or a failed trace's partial graph.
fn traced_program(r: &TraceResult) -> Option<&tracer::entry::TracedProgram> {
    match &r.outcome {
        TraceOutcome::Exported(p) => Some(p.as_ref()),
        TraceOutcome::Failed(_) => r.partial.as_deref(),
    }
}

/// The 1-based lines of this file a trace recorded ops on (its partial
/// graph for a failed one).
pub fn traced_lines(r: &TraceResult) -> BTreeSet<u32> {
    let Some(p) = traced_program(r) else {
        return BTreeSet::new();
    };
    p.graph
        .nodes
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            !p.graph
                .node_paths
                .contains_key(&tracer::graph::NodeId(*i as u32))
        })
        .filter_map(|(_, n)| n.line)
        .collect()
}

/// The names a class's text calls (`Name(`): the classes it may build.
pub fn called_names(file: &SourceFile, class: &str) -> HashSet<String> {
    let Some(c) = class_def(file, class) else {
        return HashSet::new();
    };
    names_called_in(&file.text[c.range.start as usize..c.range.end as usize])
}

/// The names `text` calls (`Name(`, not `x.Name(`).
pub fn names_called_in(text: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut word_start = None;
    for (i, ch) in text.char_indices() {
        let word = ch.is_alphanumeric() || ch == '_';
        match (word, word_start) {
            (true, None) => word_start = Some(i),
            (false, Some(start)) => {
                let dotted = text[..start].ends_with('.');
                if !dotted && text[i..].trim_start().starts_with('(') {
                    out.insert(text[start..i].to_string());
                }
                word_start = None;
            }
            _ => {}
        }
    }
    out
}

/// Module analyses of earlier versions of a document, by a key of every
/// top-level statement they may depend on (see [`Dependencies::key`]): typing
/// inside one module traces that module again, not the whole file.
#[derive(Default)]
pub struct ModuleCache {
    entries: HashMap<u64, ModuleAnalysis>,
    /// The file version the entries were traced on.
    file: Option<Arc<SourceFile>>,
}

impl std::fmt::Debug for ModuleCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ModuleCache({} analyses)", self.entries.len())
    }
}

impl ModuleCache {
    /// Keep the analyses of this version (those traced, with their keys)
    /// for the next one, and nothing else.
    pub fn store(&mut self, file: &Arc<SourceFile>, analyses: Vec<ModuleAnalysis>) {
        self.entries.clear();
        self.file = Some(file.clone());
        for a in analyses {
            if let Some(k) = a.cache_key
                && a.covered_by.is_none()
            {
                self.entries.insert(k, a);
            }
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Identifiers a piece of source text mentions (a superset of the names
/// it uses: words in strings and comments count too).
fn mentioned(text: &str) -> HashSet<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| {
            w.chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
        })
        .collect()
}

/// What module entries' analyses depend on in their file (see
/// [`Dependencies::key`]), worked out once per file version.
struct Dependencies {
    /// The hash of every top-level statement that is not a class or
    /// function definition (imports, constants: module code runs before
    /// any entry), with its first line.
    module_code: u64,
    /// Per top-level definition: its name, the hash of its first line and
    /// text, and the definitions its text mentions (indices).
    defs: Vec<(String, u64, Vec<usize>)>,
}

impl Dependencies {
    fn new(file: &SourceFile) -> Dependencies {
        let text = |s: &syntax::ast::Stmt| &file.text[s.range.start as usize..s.range.end as usize];
        let hashed = |s: &syntax::ast::Stmt| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            file.line_of(s.range.start).hash(&mut h);
            text(s).hash(&mut h);
            h.finish()
        };
        let mut code = std::collections::hash_map::DefaultHasher::new();
        let mut defs: Vec<(String, u64, &syntax::ast::Stmt)> = Vec::new();
        for s in &file.module.body {
            let name = match &s.kind {
                StmtKind::ClassDef(c) => c.name.clone(),
                StmtKind::FunctionDef(f) => f.name.clone(),
                _ => {
                    hashed(s).hash(&mut code);
                    continue;
                }
            };
            defs.push((name, hashed(s), s));
        }
        let index: HashMap<&str, usize> = defs
            .iter()
            .enumerate()
            .map(|(i, (n, _, _))| (n.as_str(), i))
            .collect();
        let edges: Vec<Vec<usize>> = defs
            .iter()
            .map(|(_, _, s)| {
                mentioned(text(s))
                    .into_iter()
                    .filter_map(|w| index.get(w).copied())
                    .collect()
            })
            .collect();
        Dependencies {
            module_code: code.finish(),
            defs: defs
                .into_iter()
                .zip(edges)
                .map(|((n, h, _), e)| (n, h, e))
                .collect(),
        }
    }

    /// A module entry's key: the modes, the module code, and the
    /// definitions reachable from the entry's own through the names their
    /// text mentions; each with its first line, since results carry lines.
    /// Other files are not part of the key.
    fn key(&self, entry: &EntryPoint, modes: &[Mode]) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        entry.name.hash(&mut h);
        entry.line.hash(&mut h);
        if let EntryKind::Module(m) = &entry.kind {
            // The inputs and arguments assumed, which the configuration can
            // change without the file changing.
            m.init.hash(&mut h);
            format!("{:?}", m.inputs).hash(&mut h);
        }
        for m in modes {
            m.key().hash(&mut h);
        }
        self.module_code.hash(&mut h);
        let mut seen = vec![false; self.defs.len()];
        let mut queue: Vec<usize> = self
            .defs
            .iter()
            .enumerate()
            .filter(|(_, (n, _, _))| *n == entry.name)
            .map(|(i, _)| i)
            .collect();
        while let Some(i) = queue.pop() {
            if std::mem::replace(&mut seen[i], true) {
                continue;
            }
            queue.extend(self.defs[i].2.iter().copied());
        }
        for (i, (_, hash, _)) in self.defs.iter().enumerate() {
            if seen[i] {
                hash.hash(&mut h);
            }
        }
        h.finish()
    }
}

/// Move a cached analysis's source ranges in this file from the text it
/// was traced on to `new`: the key guarantees the statements they lie in
/// are on the same lines with the same text, but bytes before them may
/// differ.
fn rebase(a: &mut ModuleAnalysis, old: &SourceFile, new: &SourceFile) {
    let moved = |r: syntax::TextRange| {
        let at = |offset: u32| {
            let lc = old.index.line_col(offset);
            new.index
                .line_start(lc.line)
                .map_or(offset, |start| start + lc.col_utf8)
        };
        syntax::TextRange {
            start: at(r.start),
            end: at(r.end),
        }
    };
    for r in &mut a.runs {
        if let TraceOutcome::Failed(f) = &mut r.outcome
            && f.path.is_none()
        {
            f.range = f.range.map(moved);
        }
        for n in r.notes.iter_mut().filter(|n| n.path.is_none()) {
            n.range = moved(n.range);
        }
    }
}

/// Trace one module class on its own (a class a parent's trace covered,
/// when its own inputs are wanted: its export script).
pub fn analyze_alone(
    file: &Arc<SourceFile>,
    entry: &EntryPoint,
    modes: &[Mode],
    options: &TraceOptions,
) -> ModuleAnalysis {
    let t = trace_module(file.clone(), entry, modes, options);
    ModuleAnalysis {
        entry: t.entry,
        runs: t.runs,
        covered_by: None,
        cache_key: None,
    }
}

/// Trace every module class of `file` that `skip` does not exclude (one
/// an entry point already reaches), parents first; a class whose
/// `forward` a parent's trace already ran is `covered_by` it.
///
/// With a `cache`, an entry whose [`Dependencies::key`] is in it is not traced
/// again; the cache then holds this version's analyses only.
pub fn analyze_modules(
    file: &Arc<SourceFile>,
    modes: &[Mode],
    options: &TraceOptions,
    skip: &dyn Fn(&EntryPoint) -> bool,
    overrides: &[ModuleOverride],
    mut cache: Option<&mut ModuleCache>,
) -> Vec<ModuleAnalysis> {
    let entries: Vec<EntryPoint> = module_entries_in(file, overrides, options.workspace.as_deref())
        .into_iter()
        .filter(|e| !skip(e))
        .collect();
    let calls: Vec<(&str, HashSet<String>)> = entries
        .iter()
        .map(|e| (e.name.as_str(), called_names(file, &e.name)))
        .collect();
    let is_child = |e: &EntryPoint| {
        calls
            .iter()
            .any(|(outer, called)| *outer != e.name && called.contains(&e.name))
    };
    let is_builder =
        |e: &EntryPoint| matches!(&e.kind, EntryKind::Module(m) if m.builder.is_some());
    let (builders, classes): (Vec<&EntryPoint>, Vec<&EntryPoint>) =
        entries.iter().partition(|e| is_builder(e));
    let (children, roots): (Vec<&EntryPoint>, Vec<&EntryPoint>) =
        classes.into_iter().partition(|e| is_child(e));
    let children = callers_first(children, &calls);
    let dependencies = cache.as_ref().map(|_| Dependencies::new(file));
    let mut traced: Vec<(String, BTreeSet<u32>)> = Vec::new();
    let mut out = Vec::new();
    for entry in builders.into_iter().chain(roots).chain(children) {
        let class = match &entry.kind {
            EntryKind::Module(m) => m.class.as_str(),
            _ => entry.name.as_str(),
        };
        let lines = forward_lines(file, class);
        let covered_by = lines.and_then(|(lo, hi)| {
            traced
                .iter()
                .find(|(_, seen)| seen.range(lo..=hi).next().is_some())
                .map(|(name, _)| name.clone())
        });
        if covered_by.is_some() {
            out.push(ModuleAnalysis {
                entry: entry.clone(),
                runs: Vec::new(),
                covered_by,
                cache_key: None,
            });
            continue;
        }
        let key = dependencies.as_ref().map(|d| d.key(entry, modes));
        let cached = cache.as_deref_mut().zip(key).and_then(|(c, k)| {
            let mut a = c.entries.remove(&k)?;
            if let Some(old) = &c.file {
                rebase(&mut a, old, file);
            }
            Some(a)
        });
        let mut analysis = cached.unwrap_or_else(|| analyze_alone(file, entry, modes, options));
        analysis.cache_key = key;
        let seen = analysis.runs.iter().flat_map(traced_lines).collect();
        traced.push((entry.name.clone(), seen));
        out.push(analysis);
    }
    out.sort_by_key(|m| m.entry.line);
    out
}

/// `children` ordered so that a class comes after every other child that
/// builds it (a `Transformer` before the `Attention` it builds, whatever
/// their order in the file): a child's trace then covers its own children
/// when its parent's could not. Source order otherwise, and for cycles.
fn callers_first<'e>(
    children: Vec<&'e EntryPoint>,
    calls: &[(&str, HashSet<String>)],
) -> Vec<&'e EntryPoint> {
    let builds = |outer: &str, inner: &str| {
        outer != inner
            && calls
                .iter()
                .any(|(name, called)| *name == outer && called.contains(inner))
    };
    let mut left = children;
    let mut out = Vec::with_capacity(left.len());
    while !left.is_empty() {
        let next = left
            .iter()
            .position(|e| !left.iter().any(|o| builds(&o.name, &e.name)))
            .unwrap_or(0);
        out.push(left.remove(next));
    }
    out
}

/// Whether a failure of a module traced on assumed inputs holds whatever
/// the inputs are, so the editor shows it: a data-dependent decision, a
/// graph break other than an exception the code raised (mostly an input
/// check failing on sizes that were guesses); any other failure only when
/// every input's shape was written down.
pub fn shown_failure(m: &ModuleEntry, f: &tracer::Failure) -> bool {
    use tracer::FailureKind;
    let raised = f.gb_code == Some("GB0088");
    // With constructor arguments exportlens chose, a shape error may be
    // the choice's.
    let known = m.inputs_known() && !m.init_assumed();
    match f.kind {
        FailureKind::DataDependent => true,
        FailureKind::GraphBreak => !raised || known,
        FailureKind::Other => known,
        FailureKind::ConstraintViolation | FailureKind::Incomplete => false,
    }
}

/// The equalities a module's trace says its code requires of any input
/// (its `Eq` guards of an input size and a number or another input size,
/// each with its line, written `x.size(2) == 48`). None
/// from a run that failed in a way the editor does not show (the assumed
/// inputs are likely wrong there), and none that only pin an input size to
/// the example size exportlens picked (a loop over the batch, say): that
/// says nothing of the code.
pub fn requirements(a: &ModuleAnalysis, r: &TraceResult) -> Vec<(u32, String)> {
    let Some(m) = a.module() else {
        return Vec::new();
    };
    if let TraceOutcome::Failed(f) = &r.outcome
        && !(f.path.is_none() && shown_failure(m, f))
    {
        return Vec::new();
    }
    r.guards
        .iter()
        .filter(|g| g.path.is_none())
        .filter_map(|g| {
            let (lhs, rhs) = split_relation(&g.expr, "Eq(")?;
            // Only what reads as a requirement: an input size equal to a
            // number or to another input size (not the long relations of
            // flattened views).
            // A size equal to a number may be the number exportlens chose
            // for a constructor argument.
            if tracer::entry::assumed::size_source(lhs).is_none()
                || (tracer::entry::assumed::size_source(rhs).is_none()
                    && (rhs.parse::<i64>().is_err() || m.init_assumed()))
            {
                return None;
            }
            if let (Some((input, dim)), Ok(value)) =
                (tracer::entry::assumed::size_source(lhs), rhs.parse::<i64>())
            {
                let assumed = m
                    .inputs
                    .iter()
                    .find(|i| i.name == input)
                    .and_then(|i| i.dims.as_ref()?.get(dim));
                if assumed.is_some_and(|d| !d.corrected && d.size == value) {
                    return None;
                }
            }
            Some((g.line?, readable_sizes(&format!("{lhs} == {rhs}"))))
        })
        .collect()
}

/// `Eq(a, b)` → (`a`, `b`), split at the top-level comma.
fn split_relation<'g>(guard: &'g str, head: &str) -> Option<(&'g str, &'g str)> {
    let inner = guard.strip_prefix(head)?.strip_suffix(')')?;
    let mut depth = 0i32;
    for (i, c) in inner.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => return Some((inner[..i].trim(), inner[i + 1..].trim())),
            _ => {}
        }
    }
    None
}

/// `x.size()[2]` written as `x.size(2)` throughout.
fn readable_sizes(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(".size()[") {
        let after = &rest[at + ".size()[".len()..];
        let Some(end) = after.find(']') else { break };
        out.push_str(&rest[..at]);
        out.push_str(&format!(".size({})", &after[..end]));
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// Which dims of each input stayed symbolic in a trace (the rest were
/// specialized to a size the code requires).
pub fn free_dims(r: &TraceResult) -> Vec<(String, Vec<bool>)> {
    let Some(p) = traced_program(r) else {
        return Vec::new();
    };
    p.inputs
        .iter()
        .filter_map(|id| {
            let n = p.graph.node(*id);
            let tracer::graph::NodeOp::Placeholder(tracer::graph::InputKind::User(name)) = &n.op
            else {
                return None;
            };
            let MetaVal::Tensor { shape, .. } = &n.val else {
                return None;
            };
            let free = shape
                .iter()
                .map(|d| !p.env.simplify(d).is_const())
                .collect();
            Some((name.clone(), free))
        })
        .collect()
}

/// Where an export script for a module of `model_path` goes, and the
/// import that reaches the module from there: the first folder above the
/// file that is not a package, and the dotted module name from it.
pub fn script_location(
    model_path: &std::path::Path,
    is_package: &dyn Fn(&std::path::Path) -> bool,
) -> (std::path::PathBuf, String) {
    let stem = model_path
        .file_stem()
        .map_or_else(|| "model".to_string(), |s| s.to_string_lossy().into_owned());
    let mut module = vec![stem];
    let mut folder = model_path
        .parent()
        .map_or_else(|| std::path::PathBuf::from("."), |p| p.to_path_buf());
    while is_package(&folder) {
        let Some(name) = folder.file_name().map(|n| n.to_string_lossy().into_owned()) else {
            break;
        };
        let Some(parent) = folder.parent() else {
            break;
        };
        module.insert(0, name);
        folder = parent.to_path_buf();
    }
    (folder, module.join("."))
}

/// `MyBlock` → `my_block`.
pub fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() {
            let prev_lower = name
                .chars()
                .nth(i.wrapping_sub(1))
                .is_some_and(|p| p.is_lowercase() || p.is_ascii_digit());
            if i > 0 && prev_lower {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The export script for module `m` imported as `module`: the model in
/// eval mode, example inputs of the sizes given, a `Dim("batch")` on dim
/// 0 of every input whose dim 0 is in `batch_free`, and the export call.
pub fn export_script(
    module: &str,
    m: &ModuleEntry,
    sizes: &[(String, Vec<i64>)],
    batch: Option<i64>,
    batch_free: &[String],
) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "\"\"\"Export `{}` from {module} (written by exportlens).\"\"\"\n",
        m.builder.as_deref().unwrap_or(&m.class)
    ));
    out.push_str("import torch\nfrom torch.export import Dim, export\n\n");
    let maker = m.builder.as_deref().unwrap_or(&m.class);
    let init = m.init.as_deref().unwrap_or("");
    let mut imported = vec![maker.to_string()];
    imported.extend(names_in_arguments(init).into_iter().filter(|n| n != maker));
    out.push_str(&format!("from {module} import {}\n\n", imported.join(", ")));
    out.push_str(&format!("model = {maker}({init}).eval()\n"));
    let tensor = |input: &tracer::entry::assumed::AssumedInput, dims: &[i64]| {
        let mut dims = dims.to_vec();
        if let (Some(b), true) = (batch, batch_free.contains(&input.name))
            && let Some(d0) = dims.first_mut()
        {
            *d0 = b;
        }
        let shape = dims
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let dtype = input.dtype.torch_name();
        if input.dtype == tracer::dtype::DType::F32 {
            format!("torch.randn({shape})")
        } else if input.dtype.is_floating() {
            format!("torch.randn({shape}, dtype={dtype})")
        } else if input.dtype == tracer::dtype::DType::Bool {
            format!("torch.ones({shape}, dtype=torch.bool)")
        } else {
            format!("torch.randint(0, 2, ({shape},), dtype={dtype})")
        }
    };
    let mut positional = Vec::new();
    let mut keyword = Vec::new();
    for input in &m.inputs {
        let dims = sizes
            .iter()
            .find(|(n, _)| n == &input.name)
            .map(|(_, d)| d.clone())
            .unwrap_or_default();
        let note = match input.origin {
            InputOrigin::Annotation(l) => format!("  # from the annotation, line {l}"),
            InputOrigin::Comment(l) => format!("  # from the shape comment, line {l}"),
            InputOrigin::Docstring(l) => format!("  # from the docstring, line {l}"),
            InputOrigin::Config => "  # from the project configuration".to_string(),
            InputOrigin::Unknown => "  # rank and sizes assumed: adjust".to_string(),
        };
        let text = tensor(input, &dims);
        if input.keyword {
            keyword.push(format!("    \"{}\": {text},{note}\n", input.name));
        } else {
            positional.push(format!("    {text},{note}\n"));
        }
    }
    out.push_str(&format!("args = (\n{})\n", positional.concat()));
    if !keyword.is_empty() {
        out.push_str(&format!("kwargs = {{\n{}}}\n", keyword.concat()));
    }
    if batch_free.is_empty() {
        out.push_str("dynamic_shapes = None\n");
    } else {
        out.push_str("batch = Dim(\"batch\")\n");
        let spec = m
            .inputs
            .iter()
            .map(|i| {
                let s = if batch_free.contains(&i.name) {
                    "{0: batch}"
                } else {
                    "None"
                };
                format!("\"{}\": {s}", i.name)
            })
            .collect::<Vec<_>>()
            .join(", ");
        out.push_str(&format!("dynamic_shapes = {{{spec}}}\n"));
    }
    let kwargs = if keyword.is_empty() {
        ""
    } else {
        ", kwargs=kwargs"
    };
    out.push_str(&format!(
        "program = export(model, args{kwargs}, dynamic_shapes=dynamic_shapes)\nprint(program)\n"
    ));
    out
}

/// The global names constructor arguments read (`config=LlamaConfig(
/// hidden_size=64)` reads `LlamaConfig`), Python's builtins left out: the
/// export script imports them from the model's module, where the
/// arguments were evaluated.
fn names_in_arguments(init: &str) -> Vec<String> {
    const BUILTINS: [&str; 14] = [
        "int", "float", "bool", "str", "tuple", "list", "dict", "set", "range", "len", "min",
        "max", "abs", "round",
    ];
    let parsed = syntax::parse(&format!("f({init})\n"));
    let Some(StmtKind::Expr(call)) = parsed.module.body.first().map(|s| &s.kind) else {
        return Vec::new();
    };
    let syntax::ast::ExprKind::Call { args, .. } = &call.kind else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for a in args {
        let (syntax::ast::Arg::Positional(e)
        | syntax::ast::Arg::Starred(e)
        | syntax::ast::Arg::Keyword { value: e, .. }
        | syntax::ast::Arg::DoubleStarred(e)) = a;
        for n in e.names_read() {
            if !BUILTINS.contains(&n) && !out.iter().any(|o| o == n) {
                out.push(n.to_string());
            }
        }
    }
    out
}

/// The inputs whose dim 0 stayed symbolic in every run (a batch dim).
pub fn batch_inputs(a: &ModuleAnalysis) -> Vec<String> {
    let Some(m) = a.module() else {
        return Vec::new();
    };
    m.inputs
        .iter()
        .filter(|i| i.dims.as_ref().is_some_and(|d| d.len() >= 2 && !d[0].fixed))
        .filter(|i| {
            !a.runs.is_empty()
                && a.runs.iter().all(|r| {
                    free_dims(r)
                        .iter()
                        .any(|(n, free)| n == &i.name && free.first() == Some(&true))
                })
        })
        .map(|i| i.name.clone())
        .collect()
}

/// The export script for an analysed module imported as `module`: with a
/// batch of 2 under `Dim("batch")` when `exports` accepts that script,
/// else at the traced sizes (batch dynamic if accepted, else static).
pub fn script_for(
    a: &ModuleAnalysis,
    module: &str,
    exports: &dyn Fn(&str) -> bool,
) -> Option<String> {
    let m = a.module()?;
    let sizes = m.sizes();
    let batch = batch_inputs(a);
    let candidates = [
        export_script(module, m, &sizes, Some(2), &batch),
        export_script(module, m, &sizes, None, &batch),
        export_script(module, m, &sizes, None, &[]),
    ];
    let first = candidates[0].clone();
    Some(candidates.into_iter().find(|s| exports(s)).unwrap_or(first))
}

/// The export script of the module class defined on `class_line` of
/// `file` and where it goes (`export_<class>.py` beside the model file's
/// package): the class traced on its own assumed inputs, the script
/// checked by tracing it at that path with `script_options` (see
/// [`script_for`]).
pub fn module_script(
    file: &Arc<SourceFile>,
    class_line: u32,
    overrides: &[ModuleOverride],
    options: &TraceOptions,
    script_options: &dyn Fn(&std::path::Path) -> TraceOptions,
    is_package: &dyn Fn(&std::path::Path) -> bool,
) -> Option<(std::path::PathBuf, String)> {
    const MODES: [Mode; 2] = [Mode::Strict, Mode::NonStrict];
    let entry = module_entries_in(file, overrides, options.workspace.as_deref())
        .into_iter()
        .find(|e| e.line == class_line)?;
    let a = analyze_alone(file, &entry, &MODES, options);
    let (folder, module) = script_location(std::path::Path::new(&file.path), is_package);
    let path = folder.join(format!("export_{}.py", snake_case(&entry.name)));
    let exports = |text: &str| {
        let script = SourceFile::parse(&path.display().to_string(), text);
        let options = script_options(&path);
        let entries = tracer::find_entries(&script);
        !entries.is_empty()
            && entries.iter().all(|e| {
                MODES.iter().all(|m| {
                    matches!(
                        tracer::trace_entry_with(Arc::clone(&script), e, *m, &options).outcome,
                        TraceOutcome::Exported(_)
                    )
                })
            })
    };
    let script = script_for(&a, &module, &exports)?;
    Some((path, script))
}
