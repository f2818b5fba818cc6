//! The JSON formats (schema in docs/json-schema.md): `json`, one document
//! `{"version", "diagnostics": [...]}`, and `json-lines`, one diagnostic
//! object per line. A diagnostic object is the same in both.

use std::io::{self, Write};

use serde_json::{Value, json};

use super::TOOL_VERSION;
use crate::report::{Diagnostic, Report};

/// The JSON object of one diagnostic.
pub fn diagnostic(d: &Diagnostic) -> Value {
    let mut item = json!({
        "file": d.path,
        "line": d.line,
        "column": d.col,
        "end_line": d.end_line,
        "end_column": d.end_col,
        "severity": d.severity.as_str(),
        "code": d.code,
        "message": d.message,
        "help": d.help,
        "mode": d.mode.map(|m| m.key()),
        "entry": d.entry,
        "url": rules::url(&d.code),
        "version": TOOL_VERSION,
    });
    if let Some(n) = &d.note {
        item["note"] = json!(n);
    }
    if let Some(cell) = d.cell {
        item["cell"] = json!(cell);
    }
    item
}

pub fn write_document(out: &mut impl Write, report: &Report) -> io::Result<()> {
    let items: Vec<Value> = report.visible().map(diagnostic).collect();
    let doc = json!({"version": TOOL_VERSION, "diagnostics": items});
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    writeln!(out)
}

pub fn write_lines(out: &mut impl Write, report: &Report) -> io::Result<()> {
    for d in report.visible() {
        serde_json::to_writer(&mut *out, &diagnostic(d))?;
        writeln!(out)?;
    }
    Ok(())
}
