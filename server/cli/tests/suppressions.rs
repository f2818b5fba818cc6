//! `# exportlens: ignore[CODE, ...]` and bare `# exportlens: ignore`
//! comments on the reported line, and `--report-unused-suppressions`.

use crate::common;

use common::{exportlens, workspace};

/// A data-dependent branch on line 6, `SUFFIX` appended to that line.
fn branch(suffix: &str) -> String {
    format!(
        "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:{suffix}\n            return x + 1\n        return x - 1\n\n\nmodel = M()\nexample_args = (torch.randn(3),)\n"
    )
}

fn check(name: &str, source: &str, args: &[&str]) -> (String, i32) {
    let dir = workspace("suppressions", name, &[("m.py", source)]);
    let mut all = vec!["check", "--both", "--output-format", "concise"];
    all.extend_from_slice(args);
    all.push("m.py");
    let out = exportlens(&dir, &all);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn a_code_hides_only_its_own_diagnostic() {
    let (out, code) = check("coded", &branch("  # exportlens: ignore[GB0170]"), &[]);
    assert_eq!(code, 1, "the non-strict failure still fails: {out}");
    assert!(!out.contains("GB0170"), "{out}");
    assert!(out.contains("m.py:6:12: error[data-dependent]"), "{out}");
    let (out, code) = check(
        "two-codes",
        &branch("  # exportlens: ignore[GB0170, data-dependent]"),
        &["--report-unused-suppressions"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("0 error(s), 0 other"), "{out}");
}

#[test]
fn a_bare_comment_hides_everything_on_its_line() {
    let (out, code) = check("bare", &branch("  # noqa  # exportlens: ignore"), &[]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("1 file(s) checked: 0 error(s), 0 other"),
        "{out}"
    );
}

#[test]
fn the_marker_inside_a_string_is_not_a_comment() {
    let source = branch("").replace(
        "        if x.sum() > 0:",
        "        if x.sum() > len('# exportlens: ignore'):",
    );
    let (out, code) = check("string", &source, &["--report-unused-suppressions"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("error[GB0170]"), "{out}");
    assert!(!out.contains("unused-suppression"), "{out}");
}

#[test]
fn unused_suppressions_are_warnings_on_request() {
    let source = branch("  # exportlens: ignore[GB0170, guard]")
        .replace("model = M()", "model = M()  # exportlens: ignore");
    let (out, code) = check("unused", &source, &[]);
    assert!(!out.contains("unused-suppression"), "{out}");
    assert_eq!(code, 1);
    let (out, code) = check(
        "unused-reported",
        &source,
        &["--report-unused-suppressions"],
    );
    assert_eq!(code, 1, "warnings do not change the status: {out}");
    assert!(
        out.contains("m.py:6:26: warning[unused-suppression] unused suppression: no `guard` diagnostic on this line to ignore"),
        "{out}"
    );
    assert!(
        out.contains("m.py:11:14: warning[unused-suppression] unused suppression: no diagnostic on this line to ignore"),
        "{out}"
    );
}
