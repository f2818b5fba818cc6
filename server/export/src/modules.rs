//! A model file without entry points, module by module: which classes to
//! trace on assumed inputs (see `tracer::entry::assumed`), in which order
//! (modules no other class of the file builds first, so that a child gets
//! the shapes its parent calls it with and is not traced on guesses), and
//! the export script that makes an assumed entry a real one ("Export this
//! module").

use std::collections::BTreeSet;
use std::sync::Arc;

use syntax::ast::StmtKind;
use tracer::entry::assumed::{InputOrigin, ModuleEntry, trace_module};
use tracer::entry::{EntryKind, module_entries};
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
    file.module.body.iter().find_map(|s| match &s.kind {
        StmtKind::ClassDef(c) if c.name == class => c.body.iter().find_map(|m| match &m.kind {
            StmtKind::FunctionDef(f) if f.name == "forward" => Some((
                file.line_of(f.range.start),
                file.line_of(f.range.end.saturating_sub(1).max(f.range.start)),
            )),
            _ => None,
        }),
        _ => None,
    })
}

/// The 1-based lines of this file a trace recorded ops on (its partial
/// graph for a failed one).
pub fn traced_lines(r: &TraceResult) -> BTreeSet<u32> {
    let program = match &r.outcome {
        TraceOutcome::Exported(p) => Some(p.as_ref()),
        TraceOutcome::Failed(_) => r.partial.as_deref(),
    };
    let Some(p) = program else {
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

/// Whether the text of class `outer` builds class `name` (`Name(`).
fn builds(file: &SourceFile, outer: &EntryPoint, name: &str) -> bool {
    let Some(class) = file.module.body.iter().find_map(|s| match &s.kind {
        StmtKind::ClassDef(c) if c.name == outer.name => Some(c),
        _ => None,
    }) else {
        return false;
    };
    let text = &file.text[class.range.start as usize..class.range.end as usize];
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = &text[at + name.len()..];
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
            && after.trim_start().starts_with('(')
    })
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
    }
}

/// Trace every module class of `file` that `skip` does not exclude (one
/// an entry point already reaches), parents first; a class whose
/// `forward` a parent's trace already ran is `covered_by` it.
pub fn analyze_modules(
    file: &Arc<SourceFile>,
    modes: &[Mode],
    options: &TraceOptions,
    skip: &dyn Fn(&EntryPoint) -> bool,
) -> Vec<ModuleAnalysis> {
    let entries: Vec<EntryPoint> = module_entries(file)
        .into_iter()
        .filter(|e| !skip(e))
        .collect();
    let is_child = |e: &EntryPoint| {
        entries
            .iter()
            .any(|o| o.name != e.name && builds(file, o, &e.name))
    };
    let (children, roots): (Vec<&EntryPoint>, Vec<&EntryPoint>) =
        entries.iter().partition(|e| is_child(e));
    let mut traced: Vec<(String, BTreeSet<u32>)> = Vec::new();
    let mut out = Vec::new();
    for entry in roots.into_iter().chain(children) {
        let lines = forward_lines(file, &entry.name);
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
            });
            continue;
        }
        let t = trace_module(file.clone(), entry, modes, options);
        let seen = t.runs.iter().flat_map(traced_lines).collect();
        traced.push((entry.name.clone(), seen));
        out.push(ModuleAnalysis {
            entry: t.entry,
            runs: t.runs,
            covered_by: None,
        });
    }
    out.sort_by_key(|m| m.entry.line);
    out
}

/// Which dims of each input stayed symbolic in a trace (the rest were
/// specialized to a size the code requires).
pub fn free_dims(r: &TraceResult) -> Vec<(String, Vec<bool>)> {
    let program = match &r.outcome {
        TraceOutcome::Exported(p) => Some(p.as_ref()),
        TraceOutcome::Failed(_) => r.partial.as_deref(),
    };
    let Some(p) = program else {
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
        m.class
    ));
    out.push_str("import torch\nfrom torch.export import Dim, export\n\n");
    out.push_str(&format!("from {module} import {}\n\n", m.class));
    out.push_str(&format!("model = {}().eval()\n", m.class));
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
    options: &TraceOptions,
    script_options: &dyn Fn(&std::path::Path) -> TraceOptions,
    is_package: &dyn Fn(&std::path::Path) -> bool,
) -> Option<(std::path::PathBuf, String)> {
    const MODES: [Mode; 2] = [Mode::Strict, Mode::NonStrict];
    let entry = module_entries(file)
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
