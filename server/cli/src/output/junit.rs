//! JUnit XML for CI test reports: a test suite per checked file, a test
//! case per entry point and mode (`model (strict)`), failed when that export
//! fails, skipped when the analysis could not judge it; a file's syntax
//! errors are a failed `syntax` test case (an unreadable notebook a failed
//! `invalid-notebook` one). In a notebook, `line` is the line within the
//! cell the failure's text names (`nb.ipynb:cell 3:2:5: ...`).

use std::collections::BTreeMap;
use std::io::{self, Write};

use crate::report::{Diagnostic, Report, Severity, Verdict};

/// `s` as an XML 1.0 attribute value: markup characters escaped; line
/// breaks and tabs as character references, which a parser keeps (a raw
/// one becomes a space); characters XML 1.0 cannot hold at all, even as
/// references (control characters, U+FFFE, U+FFFF), as U+FFFD.
fn xml(s: &str) -> String {
    escape(s, true)
}

/// `s` as XML 1.0 element text: as [`xml`], but `\n` and tabs as they are
/// (only a `\r`, which a parser reads as `\n`, is a reference).
fn xml_text(s: &str) -> String {
    escape(s, false)
}

fn escape(s: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\r' => out.push_str("&#13;"),
            '\n' if attribute => out.push_str("&#10;"),
            '\t' if attribute => out.push_str("&#9;"),
            c if !allowed_in_xml(c) => out.push(char::REPLACEMENT_CHARACTER),
            c => out.push(c),
        }
    }
    out
}

/// XML 1.0's `Char` production (a Rust `char` is never a surrogate).
fn allowed_in_xml(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{FFFD}' | '\u{10000}'..)
}

/// One `<testcase>`.
struct Case {
    name: String,
    line: u32,
    outcome: Outcome,
}

enum Outcome {
    Passed,
    Failed {
        kind: String,
        message: String,
        body: String,
    },
    Skipped(String),
}

fn failure_body(d: &Diagnostic) -> String {
    let mut body = format!("{}: {}", d.location(), d.message);
    if let Some(help) = &d.help {
        body.push_str(&format!("\nhelp: {help}"));
    }
    body
}

pub fn write(out: &mut impl Write, report: &Report) -> io::Result<()> {
    let mut suites: BTreeMap<&str, Vec<Case>> = BTreeMap::new();
    for d in report
        .visible()
        .filter(|d| d.code == "syntax" || d.code == "invalid-notebook")
    {
        suites.entry(&d.path).or_default().push(Case {
            name: d.code.clone(),
            line: d.line,
            outcome: Outcome::Failed {
                kind: d.code.clone(),
                message: d.message.clone(),
                body: failure_body(d),
            },
        });
    }
    for run in &report.entries {
        let outcome = match &run.verdict {
            Verdict::Fails(i)
                if report.shown[*i] && report.diagnostics[*i].severity == Severity::Error =>
            {
                let d = &report.diagnostics[*i];
                Outcome::Failed {
                    kind: d.code.clone(),
                    message: d.message.clone(),
                    body: failure_body(d),
                }
            }
            // A failure the configuration or a comment suppressed, or one
            // only warned about, does not fail the test case.
            Verdict::Fails(_) | Verdict::Exports => Outcome::Passed,
            Verdict::Unjudged(why) => Outcome::Skipped(why.clone()),
        };
        suites.entry(&run.path).or_default().push(Case {
            name: format!("{} ({})", run.entry, run.mode.key()),
            line: run.line,
            outcome,
        });
    }
    let count =
        |cases: &[Case], f: fn(&Outcome) -> bool| cases.iter().filter(|c| f(&c.outcome)).count();
    let failed = |o: &Outcome| matches!(o, Outcome::Failed { .. });
    let skipped = |o: &Outcome| matches!(o, Outcome::Skipped(_));
    let all: Vec<&Case> = suites.values().flatten().collect();
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        r#"<testsuites name="exportlens" tests="{}" failures="{}" errors="0" skipped="{}">"#,
        all.len(),
        all.iter().filter(|c| failed(&c.outcome)).count(),
        all.iter().filter(|c| skipped(&c.outcome)).count()
    )?;
    for (path, cases) in &suites {
        writeln!(
            out,
            r#"  <testsuite name="{}" tests="{}" failures="{}" errors="0" skipped="{}">"#,
            xml(path),
            cases.len(),
            count(cases, failed),
            count(cases, skipped)
        )?;
        for case in cases {
            let open = format!(
                r#"    <testcase name="{}" classname="{}" file="{}" line="{}""#,
                xml(&case.name),
                xml(path),
                xml(path),
                case.line
            );
            match &case.outcome {
                Outcome::Passed => writeln!(out, "{open}/>")?,
                Outcome::Failed {
                    kind,
                    message,
                    body,
                } => {
                    writeln!(out, "{open}>")?;
                    writeln!(
                        out,
                        r#"      <failure type="{}" message="{}">{}</failure>"#,
                        xml(kind),
                        xml(message),
                        xml_text(body)
                    )?;
                    writeln!(out, "    </testcase>")?;
                }
                Outcome::Skipped(why) => {
                    writeln!(out, "{open}>")?;
                    writeln!(out, r#"      <skipped message="{}"/>"#, xml(why))?;
                    writeln!(out, "    </testcase>")?;
                }
            }
        }
        writeln!(out, "  </testsuite>")?;
    }
    writeln!(out, "</testsuites>")
}

#[cfg(test)]
mod tests {
    #[test]
    fn xml_escapes_markup_and_replaces_what_xml_cannot_hold() {
        assert_eq!(
            super::xml("a<b & \"c\"\u{1}\u{fffe}\u{ffff}\u{7f}\u{1F600}\r\n\t"),
            "a&lt;b &amp; &quot;c&quot;\u{fffd}\u{fffd}\u{fffd}\u{7f}\u{1F600}&#13;&#10;&#9;"
        );
        assert_eq!(super::xml_text("a\r\n\tb\u{0}"), "a&#13;\n\tb\u{fffd}");
    }
}
