//! Every `--output-format` on the same two files (a data-dependent branch
//! in both modes, and a clean model), `--color`, and `exportlens rule`.
//! SARIF is also validated against the official schema by
//! tests/sarif/test_sarif_schema.py.

use crate::common;

use std::ffi::OsStr;

use common::{BRANCH, CLEAN, exportlens, run, workspace};
use serde_json::Value;

fn check(name: &str, format: &str) -> (String, i32) {
    let dir = workspace(
        "formats",
        name,
        &[("branch.py", BRANCH), ("clean.py", CLEAN)],
    );
    let out = exportlens(
        &dir,
        &[
            "check",
            "--both",
            "--output-format",
            format,
            "branch.py",
            "clean.py",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn concise_is_one_line_per_diagnostic() {
    let (out, code) = check("concise", "concise");
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "branch.py:6:12: error[GB0170] data-dependent branching: a Python `if`/`while` on a tensor value (strict)",
            "branch.py:6:12: error[data-dependent] this Python decision depends on tensor data: could not decide `Eq(u0, 1)` while tracing (nonstrict)",
            "2 file(s) checked: 2 error(s), 0 other diagnostic(s)",
        ],
        "{out}"
    );
}

#[test]
fn json_diagnostics_carry_end_positions_mode_url_and_version() {
    let (out, code) = check("json", "json");
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(doc["version"], env!("CARGO_PKG_VERSION"));
    let diags = doc["diagnostics"].as_array().expect("diagnostics");
    assert_eq!(diags.len(), 2, "{out}");
    let gb = &diags[0];
    assert_eq!(gb["code"], "GB0170");
    assert_eq!(
        (gb["line"].as_u64(), gb["column"].as_u64()),
        (Some(6), Some(12))
    );
    assert_eq!(
        (gb["end_line"].as_u64(), gb["end_column"].as_u64()),
        (Some(6), Some(23))
    );
    assert_eq!(gb["mode"], "strict");
    assert_eq!(gb["entry"], "model");
    assert_eq!(
        gb["url"],
        "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0170.html"
    );
    assert_eq!(gb["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(diags[1]["mode"], "nonstrict");
    assert_eq!(diags[1]["url"], Value::Null, "own codes have no page");
}

#[test]
fn json_lines_is_one_object_per_diagnostic() {
    let (out, _) = check("jsonl", "json-lines");
    let objects: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object per line"))
        .collect();
    assert_eq!(objects.len(), 2, "{out}");
    assert_eq!(objects[0]["code"], "GB0170");
    assert_eq!(objects[1]["code"], "data-dependent");
    assert_eq!(objects[1]["end_column"], 23);
}

#[test]
fn github_annotations_carry_the_range_and_a_title() {
    let (out, _) = check("github", "github");
    let first = out.lines().next().expect("an annotation");
    assert_eq!(
        first,
        "::error file=branch.py,line=6,col=12,endLine=6,endColumn=23,title=exportlens (GB0170)::data-dependent branching: a Python `if`/`while` on a tensor value (strict)%0Ahelp: rewrite the branch with `torch.cond(pred, true_fn, false_fn, operands)` or `torch.where`"
    );
    assert_eq!(out.lines().count(), 2, "{out}");
}

#[test]
fn sarif_has_a_rule_per_code_with_torch_explanation_and_hints() {
    let (out, _) = check("sarif", "sarif");
    let doc: Value = serde_json::from_str(&out).expect("SARIF is JSON");
    assert_eq!(doc["version"], "2.1.0");
    let run = &doc["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "exportlens");
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    let ids: Vec<&str> = rules.iter().filter_map(|r| r["id"].as_str()).collect();
    assert_eq!(ids, ["GB0170", "data-dependent"]);
    let gb = &rules[0];
    assert_eq!(gb["name"], "Data-dependent branching");
    assert!(
        gb["fullDescription"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("Dynamo does not support tracing dynamic control flow")),
        "{gb}"
    );
    assert!(
        gb["help"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("Use `torch.cond` to express dynamic control flow.")),
        "{gb}"
    );
    assert_eq!(
        gb["helpUri"],
        "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0170.html"
    );
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), 2);
    assert_eq!(results[0]["ruleIndex"], 0);
    assert_eq!(results[0]["level"], "error");
    let region = &results[0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (region["startLine"].as_u64(), region["startColumn"].as_u64()),
        (Some(6), Some(12))
    );
    assert_eq!(results[1]["properties"]["mode"], "nonstrict");
}

#[test]
fn junit_has_a_test_case_per_entry_point_and_mode() {
    let (out, _) = check("junit", "junit");
    assert!(
        out.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"),
        "{out}"
    );
    assert!(
        out.contains(
            r#"<testsuites name="exportlens" tests="4" failures="2" errors="0" skipped="0">"#
        ),
        "{out}"
    );
    assert!(
        out.contains(
            r#"<testcase name="model (strict)" classname="branch.py" file="branch.py" line="11">"#
        ),
        "{out}"
    );
    assert!(
        out.contains(r#"<failure type="GB0170" message="data-dependent branching: a Python `if`/`while` on a tensor value (strict)">"#),
        "{out}"
    );
    assert!(
        out.contains(
            r#"<testcase name="model (nonstrict)" classname="clean.py" file="clean.py" line="9"/>"#
        ),
        "{out}"
    );
}

#[test]
fn colours_only_when_asked_or_on_a_terminal_without_no_color() {
    let dir = workspace("formats", "colour", &[("branch.py", BRANCH)]);
    let always = run(&dir, &["check", "--color", "always", "branch.py"], &[]);
    assert!(always.stdout.contains("\u{1b}["), "{}", always.stdout);
    // Not a terminal: plain, whatever NO_COLOR says.
    let auto = run(
        &dir,
        &["check", "branch.py"],
        &[("NO_COLOR", OsStr::new("1"))],
    );
    assert!(!auto.stdout.contains('\u{1b}'), "{}", auto.stdout);
    let never = run(&dir, &["check", "--color", "never", "branch.py"], &[]);
    assert!(!never.stdout.contains('\u{1b}'));
    assert_eq!(never.stdout, auto.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rule_explains_graph_breaks_and_own_codes() {
    let dir = workspace("formats", "rule", &[]);
    std::fs::create_dir_all(&dir).expect("folder");
    let (out, code) = exportlens(&dir, &["rule", "GB0170"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Data-dependent branching (GB0170)\n"),
        "{out}"
    );
    assert!(
        out.contains("  - Use `torch.cond` to express dynamic control flow.\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "More: https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0170.html"
        ),
        "{out}"
    );
    let (out, code) = exportlens(&dir, &["rule", "data-dependent"]);
    assert_eq!(code, 0);
    assert!(out.contains("torch.cond"), "{out}");
    let (out, _) = exportlens(&dir, &["rule", "--all"]);
    assert!(out.contains("unused-suppression"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Messages quoting characters that XML 1.0 cannot hold (U+FFFE, U+FFFF,
/// control characters), in files whose names hold one too: every machine
/// format still parses with a real parser, and keeps the rest of the text.
#[test]
fn machine_formats_parse_whatever_the_messages_hold() {
    let odd = ['\u{fffe}', '\u{ffff}', '\u{1}', '\u{c}', '\u{1b}', '\u{7f}'];
    let texts: Vec<(String, String)> = odd
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let name = if i == 0 {
                "odd\u{1}name.py".to_string()
            } else {
                format!("m{i}.py")
            };
            let text = format!(
                "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x\n\n\nmodel = M()\nexample_args = (torch.randn(2),)\ndynamic_shapes = {{\"in{c}put\": {{0: torch.export.Dim(\"b\")}}}}\n"
            );
            (name, text)
        })
        .collect();
    let files: Vec<(&str, &str)> = texts
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let dir = workspace("formats", "odd-characters", &files);
    let args = |format: &'static str| {
        let mut args = vec!["check", "--output-format", format];
        args.extend(files.iter().map(|(n, _)| *n));
        args
    };
    let (junit, code) = exportlens(&dir, &args("junit"));
    assert_eq!(code, 1, "{junit}");
    let doc = roxmltree::Document::parse(&junit).unwrap_or_else(|e| panic!("{e}\n{junit}"));
    let messages: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .filter_map(|n| n.attribute("message"))
        .collect();
    assert_eq!(messages.len(), odd.len(), "{junit}");
    // U+007F is allowed (if discouraged) in XML 1.0; the others are not.
    let shown = messages
        .iter()
        .filter(|m| m.contains("`in\u{fffd}put`"))
        .count();
    assert_eq!(shown, odd.len() - 1, "{messages:?}");
    assert!(messages.iter().any(|m| m.contains("`in\u{7f}put`")));
    let suites: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testsuite"))
        .filter_map(|n| n.attribute("name"))
        .collect();
    assert!(suites.contains(&"odd\u{fffd}name.py"), "{suites:?}");
    for format in ["json", "sarif"] {
        let (out, code) = exportlens(&dir, &args(format));
        assert_eq!(code, 1, "{out}");
        let doc: Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{format}: {e}\n{out}"));
        let mut strings = Vec::new();
        strings_of(&doc, &mut strings);
        for c in odd {
            let quoted = format!("in{c}put");
            assert!(
                strings.iter().any(|s| s.contains(&quoted)),
                "{format}: {c:?} lost"
            );
        }
    }
    let (out, _) = exportlens(&dir, &args("json-lines"));
    let objects: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object per line"))
        .collect();
    assert_eq!(objects.len(), odd.len(), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every string a JSON document holds, as parsed.
fn strings_of<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::String(s) => out.push(s),
        Value::Array(items) => items.iter().for_each(|i| strings_of(i, out)),
        Value::Object(map) => map.values().for_each(|i| strings_of(i, out)),
        _ => {}
    }
}
