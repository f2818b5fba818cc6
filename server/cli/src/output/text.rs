//! The human formats: `full` (compiler style: the header line, the source
//! line with carets under the range, help and note) and `concise` (one
//! line per diagnostic), both ending with a one-line summary. Styled with
//! ANSI colours, which the caller's stream keeps or strips (`--color`,
//! `NO_COLOR`, not a terminal).

use std::io::{self, Write};

use anstyle::{AnsiColor, Style};

use crate::report::{Diagnostic, Report, Severity};

fn severity_style(severity: Severity) -> Style {
    let color = match severity {
        Severity::Error => AnsiColor::Red,
        Severity::Warning => AnsiColor::Yellow,
        Severity::Info => AnsiColor::Blue,
        Severity::Hint => AnsiColor::Cyan,
    };
    Style::new().fg_color(Some(color.into())).bold()
}

const LOCATION: Style = Style::new().bold();
const GUTTER: Style = Style::new()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Blue)))
    .bold();

/// `path:line:col: ` (`path:cell N:line:col: ` in a notebook, `path: `
/// for a diagnostic about the whole file), styled.
fn location(d: &Diagnostic) -> String {
    format!("{LOCATION}{}:{LOCATION:#} ", d.location())
}

pub fn write(out: &mut impl Write, report: &Report, concise: bool) -> io::Result<()> {
    let mut shown = 0;
    let mut errors = 0;
    for d in report.visible() {
        shown += 1;
        errors += usize::from(d.severity == Severity::Error);
        let style = severity_style(d.severity);
        if concise {
            writeln!(
                out,
                "{}{style}{}[{}]{style:#} {}",
                location(d),
                d.severity.as_str(),
                d.code,
                d.message
            )?;
            continue;
        }
        if d.line == 0 {
            // About the whole file (no entry point): no position.
            writeln!(out, "{}{}", location(d), d.message)?;
            continue;
        }
        writeln!(
            out,
            "{}{style}{}[{}]{style:#}: {}",
            location(d),
            d.severity.as_str(),
            d.code,
            d.message
        )?;
        if !d.source_line.is_empty() {
            writeln!(out, "    {GUTTER}|{GUTTER:#}")?;
            writeln!(out, "{GUTTER}{:>3} |{GUTTER:#} {}", d.line, d.source_line)?;
            // Carets under the range, to the end of the line when the
            // range goes on below it.
            let indent = d.source_line.len().min(d.col.saturating_sub(1) as usize);
            let end = if d.end_line > d.line {
                d.source_line.len() as u32 + 1
            } else {
                d.end_col
            };
            let width = end.saturating_sub(d.col).max(1) as usize;
            writeln!(
                out,
                "    {GUTTER}|{GUTTER:#} {}{style}{}{style:#}",
                " ".repeat(indent),
                "^".repeat(width.min(120))
            )?;
        }
        if let Some(h) = &d.help {
            writeln!(out, "    = help: {h}")?;
        }
        if let Some(n) = &d.note {
            writeln!(out, "    = note: {n}")?;
        }
    }
    writeln!(
        out,
        "{} file(s) checked: {errors} error(s), {} other diagnostic(s)",
        report.files_checked,
        shown - errors
    )
}
