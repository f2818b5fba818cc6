//! Printing a [`Report`] in the format `--output-format` asks for: the
//! human formats (`full`, `concise`, coloured on a terminal) in [`text`],
//! the JSON ones in [`json`], and the CI formats [`github`], [`sarif`] and
//! [`junit`]. Every format prints the same diagnostics: those the
//! configuration and suppression comments left shown.

mod github;
mod json;
mod junit;
mod sarif;
mod text;

use std::io::Write;

use clap::ValueEnum;

use crate::report::Report;

/// The version every machine format states.
pub const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");

/// `--output-format`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum OutputFormat {
    /// Each diagnostic with its source line, carets and help.
    #[value(alias = "text")]
    Full,
    /// One line per diagnostic: `file:line:col: severity[code] message`.
    Concise,
    /// One JSON document (docs/json-output.md).
    Json,
    /// One JSON object per diagnostic and line.
    JsonLines,
    /// GitHub Actions workflow commands (annotations).
    Github,
    /// SARIF 2.1.0 (code scanning).
    Sarif,
    /// JUnit XML: a test case per entry point and mode.
    Junit,
}

/// `--color`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set.
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    fn stream_choice(self) -> anstream::ColorChoice {
        match self {
            ColorChoice::Auto => anstream::ColorChoice::Auto,
            ColorChoice::Always => anstream::ColorChoice::Always,
            ColorChoice::Never => anstream::ColorChoice::Never,
        }
    }
}

/// Prints `report` to stdout.
pub fn print(report: &Report, format: OutputFormat, color: ColorChoice) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    if matches!(format, OutputFormat::Full | OutputFormat::Concise) {
        let mut out = anstream::AutoStream::new(stdout.lock(), color.stream_choice());
        text::write(&mut out, report, format == OutputFormat::Concise)?;
        out.flush()?;
        return Ok(());
    }
    let mut out = std::io::BufWriter::new(stdout.lock());
    match format {
        OutputFormat::Json => json::write_document(&mut out, report)?,
        OutputFormat::JsonLines => json::write_lines(&mut out, report)?,
        OutputFormat::Github => github::write(&mut out, report)?,
        OutputFormat::Sarif => sarif::write(&mut out, report)?,
        OutputFormat::Junit => junit::write(&mut out, report)?,
        OutputFormat::Full | OutputFormat::Concise => text::write(&mut out, report, false)?,
    }
    out.flush()?;
    Ok(())
}
