//! `[tool.exportlens]` in pyproject.toml, `exportlens.toml` and `--config`:
//! each key, errors that name the key, and the folder walk (.gitignore,
//! virtual environments, `exclude` / `extend-exclude`).

use crate::common;

use common::{BRANCH, exportlens, run, workspace};

const GUARDED: &str = include_str!("../../../examples/constraint_violation.py");
const HELPERS: &str = "def f():\n    return 1\n";

fn concise(dir: &std::path::Path, args: &[&str]) -> (String, i32) {
    let mut all = vec!["check", "--output-format", "concise"];
    all.extend_from_slice(args);
    exportlens(dir, &all)
}

fn codes(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| Some(l.split_once('[')?.1.split_once(']')?.0.to_string()))
        .collect()
}

#[test]
fn mode_select_ignore_and_report_guards() {
    let cases: &[(&str, &[&str])] = &[
        ("", &["data-dependent"]),
        ("mode = \"both\"\n", &["GB0170", "data-dependent"]),
        ("mode = \"strict\"\n", &["GB0170"]),
        ("mode = \"both\"\nselect = [\"GB0170\"]\n", &["GB0170"]),
        (
            "mode = \"both\"\nignore = [\"GB0170\"]\n",
            &["data-dependent"],
        ),
    ];
    for (i, (config, expected)) in cases.iter().enumerate() {
        let dir = workspace(
            "config",
            &format!("mode{i}"),
            &[
                (
                    "pyproject.toml",
                    &format!("[project]\nname = \"x\"\n\n[tool.exportlens]\n{config}"),
                ),
                ("m.py", BRANCH),
            ],
        );
        let (out, _) = concise(&dir, &["m.py"]);
        assert_eq!(codes(&out), *expected, "{config}: {out}");
        let _ = std::fs::remove_dir_all(&dir);
    }
    // Flags win over the configuration's mode.
    let dir = workspace(
        "config",
        "flags",
        &[("exportlens.toml", "mode = \"both\"\n"), ("m.py", BRANCH)],
    );
    assert_eq!(codes(&concise(&dir, &["--strict", "m.py"]).0), ["GB0170"]);
    let _ = std::fs::remove_dir_all(&dir);
    // Guards are reported unless `report-guards = false`.
    let dir = workspace("config", "guards", &[("m.py", GUARDED)]);
    assert!(codes(&concise(&dir, &["m.py"]).0).contains(&"guard".to_string()));
    std::fs::write(dir.join("exportlens.toml"), "report-guards = false\n").expect("write");
    assert_eq!(codes(&concise(&dir, &["m.py"]).0), ["constraint-violation"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn per_file_ignores_and_an_ignored_failure_passes() {
    let dir = workspace(
        "config",
        "per-file",
        &[
            (
                "exportlens.toml",
                "[per-file-ignores]\n\"legacy/*.py\" = [\"data-dependent\"]\n\"helpers.py\" = [\"no-entry\"]\n",
            ),
            ("legacy/m.py", BRANCH),
            ("new/m.py", BRANCH),
            ("helpers.py", HELPERS),
        ],
    );
    let (out, code) = concise(&dir, &["."]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("new/m.py:6:12: error[data-dependent]"),
        "{out}"
    );
    assert!(!out.contains("legacy"), "{out}");
    assert!(!out.contains("no-entry"), "{out}");
    let (out, code) = concise(&dir, &["legacy"]);
    assert_eq!(code, 0, "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gitignored_and_virtual_environment_folders_are_not_walked() {
    let dir = workspace(
        "config",
        "walk",
        &[
            ("src/m.py", BRANCH),
            ("build/gen.py", BRANCH),
            ("env/pyvenv.cfg", "home = /usr/bin\n"),
            ("env/lib/python3.11/site-packages/pkg/m.py", BRANCH),
            ("venv/m.py", BRANCH),
            ("node_modules/m.py", BRANCH),
            ("__pycache__/m.py", BRANCH),
            (".gitignore", "build/\n"),
        ],
    );
    let (out, _) = concise(&dir, &["."]);
    assert!(out.contains("src/m.py:6:12"), "{out}");
    assert!(out.contains("1 file(s) checked"), "{out}");
    // respect-gitignore = false walks build/; extend-exclude skips src/.
    std::fs::write(
        dir.join("exportlens.toml"),
        "respect-gitignore = false\nextend-exclude = [\"src\"]\n",
    )
    .expect("write");
    let (out, _) = concise(&dir, &["."]);
    assert!(out.contains("build/gen.py:6:12"), "{out}");
    assert!(out.contains("1 file(s) checked"), "{out}");
    // `exclude` replaces the default list (venv/ is walked), but a folder
    // with a pyvenv.cfg never is; a file named explicitly is always checked.
    std::fs::write(
        dir.join("exportlens.toml"),
        "exclude = [\"build\", \"src\"]\n",
    )
    .expect("write");
    let (out, _) = concise(&dir, &["."]);
    assert!(out.contains("3 file(s) checked"), "{out}"); // venv, node_modules, __pycache__
    assert!(!out.contains("env/lib"), "{out}");
    let (out, _) = concise(&dir, &["build/gen.py"]);
    assert!(out.contains("build/gen.py:6:12"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn config_flag_and_exportlens_toml_beside_a_pyproject() {
    let dir = workspace(
        "config",
        "files",
        &[
            ("pyproject.toml", "[tool.exportlens]\nmode = \"strict\"\n"),
            ("exportlens.toml", "mode = \"both\"\n"),
            ("m.py", BRANCH),
        ],
    );
    assert_eq!(
        codes(&concise(&dir, &["m.py"]).0),
        ["GB0170", "data-dependent"],
        "exportlens.toml wins in its folder"
    );
    // --config replaces the nearest file.
    assert_eq!(
        codes(&concise(&dir, &["--config", "pyproject.toml", "m.py"]).0),
        ["GB0170"]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn extra_paths_in_exportlens_toml_are_import_roots() {
    let dir = workspace(
        "config",
        "extra",
        &[
            ("exportlens.toml", "extra-paths = [\"vendor\"]\n"),
            (
                "vendor/mylib/__init__.py",
                "import torch\n\n\ndef scale(x):\n    return x * 2\n",
            ),
            (
                "m.py",
                "import torch\nimport mylib\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return mylib.scale(x)\n\n\nmodel = M()\nexample_args = (torch.randn(3),)\n",
            ),
        ],
    );
    let (out, code) = concise(&dir, &["m.py"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("0 error(s), 0 other diagnostic(s)"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn configuration_errors_name_the_key_and_exit_2() {
    let cases = [
        (
            "pyproject.toml",
            "[tool.exportlens]\nmodee = \"strict\"\n",
            "pyproject.toml: unknown key `modee` in [tool.exportlens] (known keys: mode, select",
        ),
        (
            "exportlens.toml",
            "ignore = [\"E501\"]\n",
            "exportlens.toml: ignore names `E501`, which is not an exportlens rule code",
        ),
        (
            "exportlens.toml",
            "mode = \"fast\"\n",
            "exportlens.toml: mode must be \"strict\", \"non-strict\" or \"both\"",
        ),
        (
            "exportlens.toml",
            "exclude = [\"a[\"]\n",
            "exportlens.toml: exclude glob `a[` does not compile",
        ),
        (
            "exportlens.toml",
            "mode = \n",
            "exportlens.toml: not valid TOML",
        ),
    ];
    for (i, (file, text, message)) in cases.iter().enumerate() {
        let dir = workspace(
            "config",
            &format!("bad{i}"),
            &[(file, text), ("m.py", BRANCH)],
        );
        let r = run(&dir, &["check", "m.py"], &[]);
        assert_eq!(r.code, 2, "{text}: {}{}", r.stdout, r.stderr);
        assert!(r.stderr.contains(message), "{text}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{}", r.stdout);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
