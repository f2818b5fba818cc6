//! `exportlens modules`: the `nn.Module` classes of model files traced on
//! assumed inputs (annotations, shape comments, else guessed ranks), as
//! the language server analyses a file without entry points: per module
//! what was assumed, each mode's verdict, the sizes the code requires, and
//! with `--script` the export script "Export this module" writes.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result};
use export::modules::{ModuleAnalysis, analyze_modules, module_script};
use serde_json::{Value as Json, json};
use tracer::{Mode, SourceFile, TraceOptions, TraceOutcome, Workspace};

use crate::analyze::{DiskProvider, import_roots, read_source};

#[derive(clap::Args)]
pub struct ModulesArgs {
    /// Python files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Print JSON (one object per module) instead of text.
    #[arg(long)]
    json: bool,
    /// Also print the export script of each module.
    #[arg(long)]
    script: bool,
}

const MODES: [Mode; 2] = [Mode::Strict, Mode::NonStrict];

pub fn run(args: &ModulesArgs) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let mut docs = Vec::new();
    for path in &args.paths {
        let resolution = crate::analyze::checked_resolution(crate::analyze::config_folder(path))?;
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.clone());
        let overrides = resolution
            .project
            .as_ref()
            .map(|p| diagnostics::settings::module_overrides(&p.settings, &absolute))
            .unwrap_or_default();
        let text = read_source(path)?;
        let shown = path.display().to_string();
        let file = SourceFile::parse(&shown, &text);
        let roots = import_roots(path);
        let options = TraceOptions {
            workspace: Some(Workspace::new(Box::new(DiskProvider), roots.clone())),
            ..TraceOptions::default()
        };
        let analyses = analyze_modules(&file, &MODES, &options, &|_| false, &overrides, None);
        for a in &analyses {
            let script = if args.script || args.json {
                script_of(&file, path, a, &overrides)
            } else {
                None
            };
            if args.json {
                docs.push(module_json(&shown, a, script.as_deref()));
            } else {
                write!(out, "{}", module_text(&shown, a))?;
                if let Some(s) = script.filter(|_| args.script) {
                    writeln!(out, "--- export script ---\n{s}---")?;
                }
            }
        }
        if analyses.is_empty() && !args.json {
            writeln!(
                out,
                "{shown}: no nn.Module class that can be built without arguments"
            )?;
        }
    }
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&Json::Array(docs)).context("serializing")?
        )?;
    }
    Ok(())
}

fn module_text(path: &str, a: &ModuleAnalysis) -> String {
    let mut out = format!("{path}:{} {}", a.entry.line, a.entry.name);
    if let Some(parent) = &a.covered_by {
        out.push_str(&format!(": traced through {parent}\n"));
        return out;
    }
    if let Some(m) = a.module() {
        out.push_str(&format!(": {}\n", m.assumption()));
    }
    for r in &a.runs {
        match &r.outcome {
            TraceOutcome::Exported(_) => out.push_str(&format!("  {}: exports\n", r.mode.key())),
            TraceOutcome::Failed(f) => out.push_str(&format!(
                "  {}: {} ({}{}){}: {}\n",
                r.mode.key(),
                if f.is_verdict() {
                    "fails"
                } else {
                    "no verdict"
                },
                f.kind.category(),
                f.gb_code.map(|c| format!(" {c}")).unwrap_or_default(),
                f.line.map(|l| format!(" at line {l}")).unwrap_or_default(),
                f.message.lines().next().unwrap_or_default()
            )),
        }
    }
    if let Some(r) = a.runs.first() {
        for (line, requirement) in export::modules::requirements(a, r) {
            out.push_str(&format!("  requires (line {line}): {requirement}\n"));
        }
    }
    out
}

fn module_json(path: &str, a: &ModuleAnalysis, script: Option<&str>) -> Json {
    let assumed = a.module().map(|m| {
        m.inputs
            .iter()
            .map(|i| {
                json!({
                    "name": i.name,
                    "dtype": i.dtype.torch_name().trim_start_matches("torch."),
                    "shape": i.dims.as_ref().map(|d| d.iter().map(|d| d.size).collect::<Vec<_>>()),
                    "fixed": i.dims.as_ref().map(|d| d.iter().map(|d| d.fixed).collect::<Vec<_>>()),
                    "origin": format!("{:?}", i.origin),
                })
            })
            .collect::<Vec<_>>()
    });
    let mut runs = serde_json::Map::new();
    for r in &a.runs {
        let mut report = export::run_report(r, path);
        let shown = match (&r.outcome, a.module()) {
            (TraceOutcome::Failed(f), Some(m)) => {
                f.path.is_none() && export::modules::shown_failure(m, f)
            }
            _ => false,
        };
        if let Json::Object(o) = &mut report {
            o.insert("shown".into(), json!(shown));
            o.insert(
                "requirements".into(),
                json!(
                    export::modules::requirements(a, r)
                        .iter()
                        .map(|(line, text)| json!({"line": line, "text": text}))
                        .collect::<Vec<_>>()
                ),
            );
            o.insert(
                "guards".into(),
                json!(
                    r.guards
                        .iter()
                        .filter(|g| g.path.is_none())
                        .map(|g| json!({"expr": g.expr, "line": g.line}))
                        .collect::<Vec<_>>()
                ),
            );
        }
        runs.insert(r.mode.key().into(), report);
    }
    let init = a.module().and_then(|m| m.init.clone());
    let init_assumed: Option<Vec<&str>> = a.module().map(|m| {
        m.arguments
            .iter()
            .filter(|x| x.origin.is_assumed())
            .map(|x| x.name.as_str())
            .collect()
    });
    json!({
        "file": path,
        "class": a.entry.name,
        "line": a.entry.line,
        "covered_by": a.covered_by,
        "init": init,
        "init_assumed": init_assumed,
        "assumed": assumed,
        "runs": runs,
        "script": script,
    })
}

/// The export script of a module (see [`module_script`]).
fn script_of(
    file: &Arc<SourceFile>,
    model: &Path,
    a: &ModuleAnalysis,
    overrides: &[tracer::entry::ModuleOverride],
) -> Option<String> {
    let options = |p: &Path| TraceOptions {
        workspace: Some(Workspace::new(Box::new(DiskProvider), import_roots(p))),
        ..TraceOptions::default()
    };
    let (_, script) = module_script(
        file,
        a.entry.line,
        overrides,
        &options(model),
        &options,
        &|d| d.join("__init__.py").is_file(),
    )?;
    Some(script)
}
