//! GitHub Actions workflow commands: one `::error` / `::warning` /
//! `::notice` annotation per diagnostic, with its file, range and a title
//! naming the code; values escaped as the runner expects.

use std::io::{self, Write};

use crate::report::{Report, Severity};

/// Escapes the message part of a workflow command.
fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value (`file=...`, `title=...`).
fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

pub fn write(out: &mut impl Write, report: &Report) -> io::Result<()> {
    for d in report.visible() {
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info | Severity::Hint => "notice",
        };
        let mut properties = vec![format!("file={}", escape_property(&d.path))];
        if d.line > 0 {
            properties.push(format!("line={}", d.line));
            properties.push(format!("col={}", d.col));
            properties.push(format!("endLine={}", d.end_line));
            properties.push(format!("endColumn={}", d.end_col));
        }
        properties.push(format!(
            "title={}",
            escape_property(&format!("exportlens ({})", d.code))
        ));
        // Lines of a notebook are its cell's: the message names the cell.
        let mut message = match d.cell {
            Some(cell) => format!("cell {cell}: {}", d.message),
            None => d.message.clone(),
        };
        if let Some(help) = &d.help {
            message.push_str(&format!("\nhelp: {help}"));
        }
        writeln!(
            out,
            "::{command} {}::{}",
            properties.join(","),
            escape_data(&message)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_escaped() {
        assert_eq!(escape_data("50%\nnext"), "50%25%0Anext");
        assert_eq!(escape_property("a:b,c"), "a%3Ab%2Cc");
    }
}
