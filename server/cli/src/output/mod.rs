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
    /// One JSON document (docs/json-schema.md).
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
    write(&mut out, report, format)?;
    out.flush()?;
    Ok(())
}

/// Writes `report` in `format` to `out`, the human formats without
/// colour: what [`print`] prints, for callers that keep the bytes (the
/// pipeline fuzzer parses every machine format back).
pub fn write(out: &mut impl Write, report: &Report, format: OutputFormat) -> std::io::Result<()> {
    match format {
        OutputFormat::Json => json::write_document(out, report),
        OutputFormat::JsonLines => json::write_lines(out, report),
        OutputFormat::Github => github::write(out, report),
        OutputFormat::Sarif => sarif::write(out, report),
        OutputFormat::Junit => junit::write(out, report),
        OutputFormat::Full | OutputFormat::Concise => {
            let mut styled = Vec::new();
            text::write(&mut styled, report, format == OutputFormat::Concise)?;
            out.write_all(&anstream::adapter::strip_bytes(&styled).into_vec())
        }
    }
}
