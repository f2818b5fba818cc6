//! `exportlens run FILE`: run each entry point's exported program
//! (non-strict trace) with the `runtime` crate, on the deterministic values
//! of report-schema.md, on `--init random --seed N` values or on
//! `--weights FILE`, optionally at other sizes (`--input NAME=SHAPE`), and
//! print output dtypes, shapes, a value summary and the wall time, or the
//! `{"file", "entries": [{"name", "numeric": {"outputs"}}]}` document.
//! Exits 1 when a run fails or the file has a syntax error `check` would
//! report (said on stderr).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

use anyhow::{Context, Result, bail};

/// Where the run's parameter values come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum InitArg {
    /// `sin(0.01*(i+1) + k)`, as report-schema.md defines.
    Deterministic,
    /// torch's default initializers' distributions, seeded by --seed.
    Random,
}

#[derive(Debug, clap::Args)]
pub struct RunArgs {
    pub file: PathBuf,
    /// Print `{"file", "entries": [{"name", "numeric": {"outputs"}}]}`.
    #[arg(long)]
    pub json: bool,
    /// Only this entry point (`model`, or the export call's text).
    #[arg(long)]
    pub entry: Option<String>,
    /// Refuse runs whose live tensors would need more (e.g. 2GiB, 512MiB).
    #[arg(long, default_value = "2GiB")]
    pub max_memory: String,
    /// Parameter values: deterministic (report-schema.md) or random.
    #[arg(long, value_enum, default_value = "deterministic")]
    pub init: InitArg,
    /// Seed of `--init random`.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// A state dict to load: `.safetensors`, or a torch `.pt` saved with
    /// `torch.save(model.state_dict(), path)` (read without running pickled code).
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,
    /// Run at another size within the program's range constraints, e.g.
    /// `--input x=8,3,32,32` (repeatable).
    #[arg(long = "input", value_name = "NAME=SHAPE")]
    pub inputs: Vec<String>,
    /// Execute the graph N times and report the median execution time.
    #[arg(long, default_value_t = 1)]
    pub repeat: u32,
}

/// Parse `NAME=SHAPE`: `x=8,3,32,32`, `x=8x3x32x32`, `x=[8, 3]`, `x=()`.
pub fn parse_input(s: &str) -> Result<(String, Vec<usize>)> {
    let Some((name, shape)) = s.split_once('=') else {
        bail!("--input `{s}`: expected NAME=SHAPE, e.g. x=8,3,32,32");
    };
    let name = name.trim();
    if name.is_empty() {
        bail!("--input `{s}`: the input name is empty");
    }
    let body = shape
        .trim()
        .trim_start_matches(['[', '('])
        .trim_end_matches([']', ')']);
    let dims = body
        .split([',', 'x', ' '])
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            p.trim()
                .parse::<usize>()
                .with_context(|| format!("--input `{s}`: `{p}` is not a size"))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((name.to_string(), dims))
}

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

pub fn run(args: &RunArgs) -> Result<ExitCode> {
    let text = crate::analyze::read_source(&args.file)?;
    let path = args.file.display().to_string();
    let limits = runtime::Limits {
        max_memory: parse_size(&args.max_memory)?,
    };
    let weights = match &args.weights {
        Some(w) => Some(Rc::new(
            runtime::weights::load(w, limits.max_memory).map_err(|e| anyhow::anyhow!("{e}"))?,
        )),
        None => None,
    };
    let options = runtime::RunOptions {
        limits,
        init: match args.init {
            InitArg::Deterministic => runtime::Init::Deterministic,
            InitArg::Random => runtime::Init::Random { seed: args.seed },
        },
        weights,
        input_shapes: args
            .inputs
            .iter()
            .map(|s| parse_input(s))
            .collect::<Result<_>>()?,
        repeat: args.repeat.max(1),
    };
    // The file's syntax errors, as `check` reports them, fail the run too.
    let parsed = crate::analyze::analyze_without_entries(&path, &text);
    let syntax = crate::check::report_of(&parsed, &path, None)?;
    crate::check::say_syntax_errors(&syntax);
    drop(parsed);
    let json = args.json;
    let mut runs = runtime::run_source(&path, &text, &options);
    if let Some(name) = &args.entry {
        runs.retain(|r| &r.name == name);
        if runs.is_empty() {
            bail!("no entry point named `{name}` in {path}");
        }
    }
    let failed = syntax.failed() || runs.iter().any(|r| r.result.is_err());
    let mut stdout = std::io::stdout().lock();
    if json {
        let doc = runtime::file_json(&path, &runs);
        writeln!(
            stdout,
            "{}",
            serde_json::to_string_pretty(&doc).context("serializing the run")?
        )?;
    } else {
        write!(stdout, "{}", runtime::summary::runs_text(&runs))?;
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_shapes_parse_in_every_spelling() {
        for s in [
            "x=8,3,32,32",
            "x=8x3x32x32",
            "x=[8, 3, 32, 32]",
            " x = (8,3,32,32) ",
        ] {
            assert_eq!(
                parse_input(s).unwrap(),
                ("x".to_string(), vec![8, 3, 32, 32]),
                "{s}"
            );
        }
        assert_eq!(parse_input("s=()").unwrap(), ("s".to_string(), vec![]));
        for bad in ["x", "=3", "x=3,-1", "x=a,b"] {
            assert!(parse_input(bad).is_err(), "{bad}");
        }
    }
}
