//! `exportlens run FILE [--json] [--entry NAME] [--max-memory SIZE]`: run
//! each entry point's exported program (non-strict trace) on the
//! deterministic values of report-schema.md with the `interp` crate and
//! print output dtypes, shapes, a value summary and the wall time, or the
//! `{"file", "entries": [{"name", "numeric": {"outputs"}}]}` document.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};

/// Parse a size such as `2GiB`, `512MiB`, `100kB` or plain bytes.
pub fn parse_size(s: &str) -> Result<u64> {
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: f64 = num.parse().with_context(|| format!("bad size `{s}`"))?;
    let mult: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kb" | "kib" => 1024.0,
        "m" | "mb" | "mib" => 1024.0 * 1024.0,
        "g" | "gb" | "gib" => 1024.0 * 1024.0 * 1024.0,
        "t" | "tb" | "tib" => 1024.0_f64.powi(4),
        u => bail!("unknown size unit `{u}` in `{s}` (use B, KiB, MiB, GiB)"),
    };
    let v = n * mult;
    if !v.is_finite() || v < 0.0 || v > u64::MAX as f64 {
        bail!("size `{s}` is out of range");
    }
    Ok(v as u64)
}

pub fn run(file: &Path, json: bool, entry: Option<&str>, max_memory: &str) -> Result<ExitCode> {
    let text = crate::analyze::read_source(file)?;
    let path = file.display().to_string();
    let limits = interp::Limits {
        max_memory: parse_size(max_memory)?,
    };
    let mut runs = interp::run_source(&path, &text, limits);
    if let Some(name) = entry {
        runs.retain(|r| r.name == name);
        if runs.is_empty() {
            bail!("no entry point named `{name}` in {path}");
        }
    }
    let failed = runs.iter().any(|r| r.result.is_err());
    let mut stdout = std::io::stdout().lock();
    if json {
        let doc = interp::file_json(&path, &runs);
        writeln!(
            stdout,
            "{}",
            serde_json::to_string_pretty(&doc).context("serializing the run")?
        )?;
    } else {
        write!(stdout, "{}", interp::summary::runs_text(&runs))?;
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
