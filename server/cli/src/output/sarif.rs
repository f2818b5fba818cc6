//! SARIF 2.1.0 for code scanning: one run of the `exportlens` driver whose
//! rules are the codes reported (described from the `rules` catalog:
//! torch's explanation and hints, the graph-break site URL), and one result
//! per diagnostic with its region and mode.

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde_json::{Value, json};

use super::TOOL_VERSION;
use crate::report::{Diagnostic, Report, Severity};

const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info | Severity::Hint => "note",
    }
}

/// A relative path as a URI reference: `/` separators, and every byte
/// outside the unreserved set and `/` percent-encoded.
fn uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    let mut out = String::with_capacity(path.len());
    for b in path.trim_start_matches("./").bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The `reportingDescriptor` of `code`.
fn rule_descriptor(code: &str, severity: Severity) -> Value {
    let rule = rules::rule(code);
    let name = rule.as_ref().map_or(code, |r| r.name.as_str());
    let explanation = rule
        .as_ref()
        .map(|r| r.explanation.as_str())
        .filter(|e| !e.is_empty())
        .unwrap_or(name);
    let hints = rule.as_ref().map(|r| r.hints.clone()).unwrap_or_default();
    let mut help = explanation.to_string();
    let mut markdown = explanation.to_string();
    if !hints.is_empty() {
        help.push_str("\n\nHints:\n");
        markdown.push_str("\n\n**Hints**\n");
        for h in &hints {
            help.push_str(&format!("- {h}\n"));
            markdown.push_str(&format!("- {h}\n"));
        }
    }
    let mut descriptor = json!({
        "id": code,
        "name": name,
        "shortDescription": {"text": name},
        "fullDescription": {"text": explanation},
        "help": {"text": help, "markdown": markdown},
        "defaultConfiguration": {"level": level(severity)},
        "properties": {"hints": hints},
    });
    if let Some(url) = rule.and_then(|r| r.url) {
        descriptor["helpUri"] = json!(url);
    }
    descriptor
}

/// A 1-based byte column of `line` as a 1-based UTF-16 column (SARIF's
/// default column kind); unchanged when it is not inside the line.
fn utf16_column(line: &str, byte_column: u32) -> u32 {
    let end = byte_column.saturating_sub(1) as usize;
    match line.get(..end) {
        Some(prefix) => prefix.encode_utf16().count() as u32 + 1,
        None => byte_column.max(1),
    }
}

fn result(d: &Diagnostic, rule_index: usize) -> Value {
    let mut physical = json!({"artifactLocation": {"uri": uri(&d.path)}});
    if d.line > 0 {
        let end_line = d.end_line.max(d.line);
        let end_column = if end_line == d.line {
            utf16_column(&d.source_line, d.end_col)
        } else {
            d.end_col.max(1)
        };
        physical["region"] = json!({
            "startLine": d.line,
            "startColumn": utf16_column(&d.source_line, d.col),
            "endLine": end_line,
            "endColumn": end_column,
        });
    }
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let mut result = json!({
        "ruleId": d.code,
        "ruleIndex": rule_index,
        "level": level(d.severity),
        "message": {"text": message},
        "locations": [{"physicalLocation": physical}],
    });
    let mut properties = serde_json::Map::new();
    if let Some(mode) = d.mode {
        properties.insert("mode".into(), json!(mode.key()));
    }
    if let Some(entry) = &d.entry {
        properties.insert("entry".into(), json!(entry));
    }
    if let Some(cell) = d.cell {
        // The region's lines are this notebook cell's.
        properties.insert("cell".into(), json!(cell));
    }
    if !properties.is_empty() {
        result["properties"] = Value::Object(properties);
    }
    result
}

pub fn write(out: &mut impl Write, report: &Report) -> io::Result<()> {
    // One rule per code reported, in code order; its level is the most
    // severe the code was reported with.
    let mut codes: BTreeMap<&str, Severity> = BTreeMap::new();
    for d in report.visible() {
        let s = codes.entry(&d.code).or_insert(d.severity);
        *s = (*s).min(d.severity);
    }
    let index: BTreeMap<&str, usize> = codes.keys().enumerate().map(|(i, c)| (*c, i)).collect();
    let rules: Vec<Value> = codes
        .iter()
        .map(|(code, severity)| rule_descriptor(code, *severity))
        .collect();
    let results: Vec<Value> = report
        .visible()
        .map(|d| result(d, index[d.code.as_str()]))
        .collect();
    let doc = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "exportlens",
                "version": TOOL_VERSION,
                "semanticVersion": TOOL_VERSION,
                "rules": rules,
            }},
            "columnKind": "utf16CodeUnits",
            "results": results,
        }],
    });
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn paths_become_uri_references() {
        assert_eq!(super::uri("./a dir/m%.py"), "a%20dir/m%25.py");
        assert_eq!(super::utf16_column("é = 𝑥", 6), 5);
    }
}
