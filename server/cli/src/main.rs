//! The `exportlens` command line: `check` (diagnostics for files and
//! folders, in the formats of `output`), `export` (the ExportedProgram as
//! torch prints it, or the JSON report), `run`, `modules` (model files
//! without entry points), `env`, `rule` (what a code
//! means) and `lsp` (the language server). Exit status as ruff's: 0 when
//! nothing fails, 1 when an export fails or a file does not parse (`export`
//! and `run` as `check` on the file, `run` also when a run fails), 2 for
//! usage, configuration and internal errors.

use cli::{analyze, check, modules, output, pt2, rule, run, watch};

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};

use output::{ColorChoice, OutputFormat};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "exportlens",
    version,
    about = "What torch.export will do with your model, without running it"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The Python environment whose installed packages imports resolve
    /// against: an interpreter (`.venv/bin/python`) or an environment
    /// folder. Default: `python` under `[tool.exportlens]` of the nearest
    /// pyproject.toml, `VIRTUAL_ENV`, `CONDA_PREFIX`, a `.venv` or `venv`
    /// folder beside the file or above it, then the `python3` on PATH.
    #[arg(long, global = true, value_name = "PATH")]
    python: Option<PathBuf>,
    /// The configuration file (a pyproject.toml with `[tool.exportlens]`,
    /// or an exportlens.toml) for every file, instead of the nearest one
    /// above each file.
    #[arg(long, global = true, value_name = "PATH")]
    config: Option<PathBuf>,
    /// Say on stderr which Python environment was used, and from where.
    #[arg(short, long, global = true)]
    verbose: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Report export failures, guards and specializations as diagnostics.
    Check {
        /// Python files, Jupyter notebooks (`.ipynb`) or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Report strict mode (TorchDynamo) only.
        #[arg(long, conflicts_with = "non_strict")]
        strict: bool,
        /// Report non-strict mode only.
        #[arg(long = "non-strict")]
        non_strict: bool,
        /// Report both modes.
        #[arg(long, conflicts_with_all = ["strict", "non_strict"])]
        both: bool,
        /// How diagnostics are printed.
        #[arg(long, value_enum, default_value = "full")]
        output_format: OutputFormat,
        /// Colours in the `full` and `concise` formats (`auto`: on a
        /// terminal, unless NO_COLOR is set).
        #[arg(long, value_enum, default_value = "auto")]
        color: ColorChoice,
        /// Apply torch's suggested fixes to the `dynamic_shapes` spec in place.
        #[arg(long)]
        fix: bool,
        /// Treat "analysis incomplete" (code the tool could not follow) as an
        /// error: exit 1 unless every entry point was judged.
        #[arg(long)]
        strict_analysis: bool,
        /// Exit 0 even when an export fails (usage and configuration
        /// errors still exit 2).
        #[arg(long)]
        exit_zero: bool,
        /// Warn about `# exportlens: ignore` comments that suppress nothing.
        #[arg(long)]
        report_unused_suppressions: bool,
        /// Check again whenever a Python file, notebook or configuration
        /// file under the paths changes (until interrupted).
        #[arg(long, conflicts_with = "fix")]
        watch: bool,
    },
    /// Explain a diagnostic code: torch's explanation and hints for a
    /// graph break (GB0170), or one of exportlens's own codes.
    Rule {
        /// The code (`GB0170`, `data-dependent`, ...).
        #[arg(required_unless_present = "all")]
        code: Option<String>,
        /// List exportlens's own codes.
        #[arg(long, conflicts_with = "code")]
        all: bool,
    },
    /// Print the exported program of every entry point in a file.
    Export {
        file: PathBuf,
        /// Print the JSON report (report-schema.md) instead.
        #[arg(long)]
        json: bool,
        /// Strict mode only (text output; with --pt2, the strict-mode program).
        #[arg(long)]
        strict: bool,
        /// Write the entry's exported program as a `.pt2` archive that
        /// `torch.export.load` reads (non-strict unless --strict).
        #[arg(long, value_name = "OUT.pt2", conflicts_with = "json")]
        pt2: Option<PathBuf>,
        /// With --pt2: the state dict its parameters and buffers come from
        /// (`.safetensors`, or a torch `.pt` saved with `torch.save(model.state_dict(), path)`).
        #[arg(long, value_name = "FILE", requires = "pt2")]
        weights: Option<PathBuf>,
        /// With --pt2: the entry point to write (`model`, or the export call's text).
        #[arg(long, requires = "pt2")]
        entry: Option<String>,
    },
    /// Run each entry's exported program on deterministic values (interp).
    Run(run::RunArgs),
    /// Trace the nn.Module classes of model files on assumed inputs
    /// (annotations, shape comments, else guessed ranks), as the language
    /// server does for a file without entry points.
    Modules(modules::ModulesArgs),
    /// Print the Python environment imports of a file resolve against.
    Env {
        /// A file or folder (default: the current folder).
        path: Option<PathBuf>,
    },
    /// Run the language server (LSP over stdin/stdout).
    Lsp {
        /// Accepted for editors that pass it; stdio is the only transport.
        #[arg(long, hide = true)]
        stdio: bool,
    },
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(tracing_subscriber::EnvFilter::from_env("EXPORTLENS_LOG"))
        .init();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            // Not `eprintln!`, which panics when stderr is a closed pipe (the
            // error is often stdout's: `exportlens export ... 2>&1 | head`).
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "exportlens: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    analyze::configure(cli.python.clone(), cli.config.clone(), cli.verbose);
    if let Some(config) = &cli.config
        && !config.is_file()
    {
        anyhow::bail!("--config {}: no such file", config.display());
    }
    match cli.command {
        Command::Lsp { .. } => Ok(lsp::main_stdio(cli.python)),
        Command::Run(args) => run::run(&args),
        Command::Modules(args) => {
            modules::run(&args)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Rule { code, all } => {
            rule::run(code.as_deref(), all)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Env { path } => {
            let path = path.unwrap_or_else(|| PathBuf::from("."));
            let res = analyze::checked_resolution(analyze::config_folder(&path))?;
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            writeln!(out, "{}", res.describe())?;
            writeln!(
                out,
                "import roots: {}",
                res.roots
                    .iter()
                    .map(|r| r.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Check {
            paths,
            strict,
            non_strict,
            both,
            output_format,
            color,
            fix,
            strict_analysis,
            exit_zero,
            report_unused_suppressions,
            watch,
        } => {
            let opts = check::CheckOptions {
                modes: check::ModeChoice::from_flags(strict, non_strict, both),
                format: output_format,
                color,
                fix,
                strict_analysis,
                report_unused_suppressions,
            };
            if watch {
                watch::run(&paths, &opts)?;
                return Ok(ExitCode::SUCCESS);
            }
            let failed = check::run(&paths, &opts)?;
            Ok(if failed && !exit_zero {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Export {
            file,
            pt2: Some(out),
            weights,
            entry,
            strict,
            ..
        } => {
            let mode = if strict {
                tracer::Mode::Strict
            } else {
                tracer::Mode::NonStrict
            };
            pt2::write(&file, &out, weights.as_deref(), entry.as_deref(), mode)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Export {
            file, json, strict, ..
        } => {
            analyze::checked_resolution(analyze::config_folder(&file))?;
            let text = analyze::read_source(&file)?;
            let path = file.display().to_string();
            let analysis = analyze::analyze(
                &path,
                &text,
                &[tracer::Mode::Strict, tracer::Mode::NonStrict],
            );
            let report = check::report_of(
                &analysis,
                &path,
                strict.then_some(check::ModeChoice::Strict),
            )?;
            check::say_syntax_errors(&report);
            let mut stdout = std::io::stdout().lock();
            use std::io::Write;
            if json {
                let doc = analysis.json();
                writeln!(
                    stdout,
                    "{}",
                    serde_json::to_string_pretty(&doc).context("serializing the report")?
                )?;
            } else {
                write!(
                    stdout,
                    "{}",
                    analysis.programs_text(if strict {
                        tracer::Mode::Strict
                    } else {
                        tracer::Mode::NonStrict
                    })
                )?;
            }
            Ok(if report.failed() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
    }
}
