//! `exportlens check` on export calls written where scripts write them (in
//! a `main()` run under `if __name__ == "__main__":`), and on a file with no
//! entry point at all.

use crate::common;

use common::{exportlens, workspace};

/// An export call in `main()`, run under the `__main__` guard, whose spec
/// contradicts the model.
const MAIN_SCRIPT: &str = include_str!("../../../tests/fixtures/entry_in_main.py");

#[test]
fn an_export_in_main_is_checked_with_its_locals() {
    let dir = workspace("entries", "main", &[("main_script.py", MAIN_SCRIPT)]);
    let (out, code) = exportlens(&dir, &["check", "main_script.py"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with(
            "main_script.py:11:9: error[constraint-violation]: the dynamic_shapes spec contradicts the model: You marked batch as dynamic but your code specialized it to be a constant (4)."
        ),
        "{out}"
    );
    assert!(out.contains(" 11 |         x = x.view(4, -1)\n"), "{out}");
    assert!(
        out.contains("= help: suggested fixes: batch = 4\n"),
        "{out}"
    );
    assert!(!out.contains("no export entry point"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_fix_rewrites_the_dim_defined_in_main() {
    let dir = workspace("entries", "fix", &[("main_script.py", MAIN_SCRIPT)]);
    let (out, code) = exportlens(&dir, &["check", "--fix", "main_script.py"]);
    assert_eq!(code, 0, "{out}");
    let fixed = std::fs::read_to_string(dir.join("main_script.py")).expect("read back");
    assert!(
        fixed.contains("    batch = 4\n    ep = torch.export.export("),
        "{fixed}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_takes_the_inputs_main_builds() {
    let script = "\
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(4, 2)

    def forward(self, x):
        return self.l(x).relu()


def main():
    x = torch.randn(3, 4)
    ep = torch.export.export(M(), (x,))


if __name__ == \"__main__\":
    main()
";
    let dir = workspace("entries", "run", &[("main_script.py", script)]);
    let (out, code) = exportlens(&dir, &["run", "main_script.py"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("output 0: f32[3, 2]"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_without_an_entry_point_says_so_and_passes() {
    let dir = workspace(
        "entries",
        "none",
        &[(
            "helpers.py",
            "import torch\n\n\ndef scale(x):\n    return x * 2\n",
        )],
    );
    let (out, code) = exportlens(&dir, &["check", "helpers.py"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("helpers.py: no export entry point: nothing to check\n"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_names_each_file_without_an_entry_point_once() {
    let dir = workspace(
        "entries",
        "folder",
        &[
            ("a_helpers.py", "def f():\n    return 1\n"),
            ("main_script.py", MAIN_SCRIPT),
        ],
    );
    let (out, code) = exportlens(&dir, &["check", "--output-format", "json", "."]);
    assert_eq!(code, 1, "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("json");
    let diags = json["diagnostics"].as_array().expect("diagnostics");
    let none: Vec<&serde_json::Value> = diags.iter().filter(|d| d["code"] == "no-entry").collect();
    assert_eq!(none.len(), 1, "{out}");
    assert!(
        none[0]["file"]
            .as_str()
            .is_some_and(|f| f.ends_with("a_helpers.py")),
        "{out}"
    );
    assert_eq!(none[0]["severity"], "info", "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
