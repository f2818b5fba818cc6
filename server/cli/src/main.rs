//! The `exportlens` command line: `check` (compiler-style diagnostics for
//! files and folders), `export` (the ExportedProgram as torch prints it, or
//! the JSON report), and `lsp` (the language server, when built).

mod analyze;
mod check;
mod run;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};

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
    /// Say on stderr which Python environment was used, and from where.
    #[arg(short, long, global = true)]
    verbose: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum OutputFormat {
    Text,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Report export failures, guards and specializations as diagnostics.
    Check {
        /// Python files or folders.
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
        #[arg(long, value_enum, default_value = "text")]
        output_format: OutputFormat,
        /// Apply torch's suggested fixes to the `dynamic_shapes` spec in place.
        #[arg(long)]
        fix: bool,
        /// Treat "analysis incomplete" (code the tool could not follow) as an
        /// error: exit 1 unless every entry point was judged.
        #[arg(long)]
        strict_analysis: bool,
    },
    /// Print the exported program of every entry point in a file.
    Export {
        file: PathBuf,
        /// Print the JSON report (report-schema.md) instead.
        #[arg(long)]
        json: bool,
        /// Strict mode only (text output).
        #[arg(long)]
        strict: bool,
    },
    /// Run each entry's exported program on deterministic values (interp).
    Run(run::RunArgs),
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
            eprintln!("exportlens: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    analyze::configure(cli.python.clone(), cli.verbose);
    match cli.command {
        Command::Lsp { .. } => Ok(lsp::main_stdio(cli.python)),
        Command::Run(args) => run::run(&args),
        Command::Env { path } => {
            let path = path.unwrap_or_else(|| PathBuf::from("."));
            let folder = if path.is_dir() {
                path.as_path()
            } else {
                analyze::folder_of(&path)
            };
            let res = analyze::resolution(folder);
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
            fix,
            strict_analysis,
        } => {
            let opts = check::CheckOptions {
                modes: check::ModeChoice::from_flags(strict, non_strict, both),
                format: output_format,
                fix,
                strict_analysis,
            };
            check::run(&paths, &opts)
        }
        Command::Export { file, json, strict } => {
            let text = analyze::read_source(&file)?;
            let path = file.display().to_string();
            let analysis = analyze::analyze(
                &path,
                &text,
                &[tracer::Mode::Strict, tracer::Mode::NonStrict],
            );
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
            Ok(ExitCode::SUCCESS)
        }
    }
}
