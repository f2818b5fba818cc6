//! `exportlens export --pt2 OUT.pt2 [--weights CKPT] FILE`: the entry's
//! exported program (non-strict unless `--strict`) written as the archive
//! `torch.export.save` writes (`export::pt2`), with its parameters and
//! buffers from `--weights`, else the values `exportlens run` starts from
//! (parameters: the deterministic fill of report-schema.md; buffers and
//! constants: what the model's code builds). Nothing is written when the
//! entry fails, a value is unknown or a node cannot be serialized.

use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;

use anyhow::{Context, Result, anyhow, bail};
use tracer::graph::{InputKind, NodeOp};
use tracer::{Mode, TraceOutcome};

use crate::analyze;

pub fn write(
    file: &Path,
    out: &Path,
    weights: Option<&Path>,
    entry: Option<&str>,
    mode: Mode,
) -> Result<()> {
    analyze::checked_resolution(analyze::config_folder(file))?;
    let text = analyze::read_source(file)?;
    let path = file.display().to_string();
    let analysis = analyze::analyze(&path, &text, &[mode]);
    let mut entries: Vec<_> = analysis
        .entries
        .iter()
        .filter(|(e, _)| entry.is_none_or(|n| e.name == n))
        .collect();
    let (e, runs) = match entries.len() {
        0 if entry.is_some() => bail!("no entry point named `{}` in {path}", entry.unwrap_or("")),
        0 => bail!(
            "no entry point in {path} (a module-level `model` with `example_args`, or a torch.export.export call)"
        ),
        1 => entries.remove(0),
        _ => bail!(
            "{path} has {} entry points ({}): choose one with --entry",
            entries.len(),
            entries
                .iter()
                .map(|(e, _)| e.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let Some(run) = runs.iter().find(|r| r.mode == mode) else {
        bail!("entry `{}` was not traced", e.name);
    };
    let program = match &run.outcome {
        TraceOutcome::Exported(p) => p,
        TraceOutcome::Failed(f) => bail!(
            "entry `{}` does not export ({}), line {}: {}",
            e.name,
            mode.key(),
            f.line.map_or("?".into(), |l| l.to_string()),
            f.message.lines().next().unwrap_or_default()
        ),
    };
    let named = export::name_program(program, mode);
    let limits = runtime::Limits::default();
    let ctx = runtime::exec::Ctx::new(&program.env, limits);
    let mut values = runtime::inputs::Values::recover(&analysis.file, e);
    if let Some(w) = weights {
        let sd = runtime::weights::load(w, limits.max_memory).map_err(|e| anyhow!("{e}"))?;
        values
            .check_weights(&sd, program, &ctx)
            .map_err(|e| anyhow!("{e}"))?;
        values.weights = Some(Rc::new(sd));
    }
    let state_nodes: Vec<_> = program
        .inputs
        .iter()
        .copied()
        .filter(|id| {
            !matches!(
                program.graph.node(*id).op,
                NodeOp::Placeholder(InputKind::User(_))
            )
        })
        .collect();
    let assigned = values
        .assign_nodes(&analysis.file, e, &program.graph, &state_nodes, &ctx)
        .map_err(|e| anyhow!("the program's state: {e}"))?;
    let mut state = HashMap::new();
    for (id, v) in assigned {
        let runtime::RVal::Tensor(t) = v else {
            bail!("the value of `{}` is not a tensor", named.name(id));
        };
        let flat = t.to_f64().map_err(|e| anyhow!("{e}"))?;
        state.insert(
            id,
            export::pt2::StateTensor {
                dtype: t.dt,
                shape: t.dims().to_vec(),
                data: export::pt2::encode(&flat, t.dt),
            },
        );
    }
    let root = export::pt2::archive_root(
        &out.file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default(),
    );
    let bytes = export::pt2::archive(&named, &root, &state)?;
    std::fs::write(out, bytes).with_context(|| format!("writing {}", out.display()))?;
    Ok(())
}
