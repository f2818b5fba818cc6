//! End-to-end tests of environment discovery: for each source the `pyenv`
//! crate knows (`--python`, pyproject `python` and `extra-paths`,
//! `VIRTUAL_ENV`, `CONDA_PREFIX`, a `.venv` above the file, the `python3` on
//! `PATH`, a `src/` layout, a `.pth` path line, an editable finder's
//! `MAPPING`), a fake environment holding a tiny package `mypkg` whose
//! module a model file builds; `export --json` must export it, and `-v`
//! must name the environment and its source.

use crate::common;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use common::{Run, run, workspace};

const PACKAGE: &str = "import torch\n\n\nclass Scale(torch.nn.Module):\n    def __init__(self, n):\n        super().__init__()\n        self.lin = torch.nn.Linear(n, n)\n\n    def forward(self, x):\n        return torch.relu(self.lin(x))\n";

const MODEL: &str = "import torch\nfrom mypkg import Scale\n\nmodel = Scale(4)\nexample_args = (torch.randn(2, 4),)\n";

const SITE: &str = "lib/python3.11/site-packages";

/// `PACKAGE` as `mypkg/__init__.py` under `dir`.
fn package_in(dir: &str) -> (String, &'static str) {
    (format!("{dir}/mypkg/__init__.py"), PACKAGE)
}

fn tree(name: &str, files: &[(String, &str)]) -> PathBuf {
    let files: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    workspace("env", name, &files)
}

/// `exportlens -v [extra args] export --json m.py` in `cwd`.
fn export(cwd: &Path, flags: &[&str], vars: &[(&str, &OsStr)]) -> Run {
    let mut args = vec!["-v"];
    args.extend_from_slice(flags);
    args.extend(["export", "--json", "m.py"]);
    run(cwd, &args, vars)
}

/// Both modes exported the model the package builds (a linear layer).
fn assert_exported(r: &Run) {
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON report");
    for mode in ["strict", "nonstrict"] {
        let run = &doc["entries"][0]["runs"][mode];
        assert_eq!(run["ok"], true, "{mode}: {run}\n{}", r.stderr);
        assert_eq!(run["nodes"][0]["target"], "aten.linear.default", "{run}");
        assert_eq!(run["inputs"][0]["target"], "lin.weight", "{run}");
    }
}

/// The package was not found: no verdict.
fn assert_not_followed(r: &Run) {
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON report");
    let run = &doc["entries"][0]["runs"]["nonstrict"];
    assert!(run["ok"].is_null(), "{run}");
}

fn assert_environment(r: &Run, source: &str, prefix: &Path) {
    let line = format!("environment from {source} at {}", prefix.display());
    assert!(r.stderr.contains(&line), "{line:?} not in:\n{}", r.stderr);
}

#[test]
fn python_flag_names_an_interpreter_of_an_environment() {
    let dir = tree(
        "flag",
        &[
            package_in(&format!("envs/main/{SITE}")),
            ("envs/main/pyvenv.cfg".into(), "version = 3.11.7\n"),
            ("envs/main/bin/python".into(), ""),
            ("proj/m.py".into(), MODEL),
        ],
    );
    let proj = dir.join("proj");
    let python = dir.join("envs/main/bin/python");
    let r = export(&proj, &["--python", python.to_str().unwrap()], &[]);
    assert_exported(&r);
    assert_environment(&r, "--python", &dir.join("envs/main"));
    assert_not_followed(&export(&proj, &[], &[]));
}

#[test]
fn pyproject_python_is_relative_to_the_pyproject() {
    let dir = tree(
        "pyproject",
        &[
            package_in(&format!("envs/main/{SITE}")),
            ("envs/main/pyvenv.cfg".into(), "version = 3.11.7\n"),
            (
                "pyproject.toml".into(),
                "[project]\nname = \"demo\"\n\n[tool.exportlens]\npython = \"envs/main\"\n",
            ),
            ("proj/m.py".into(), MODEL),
        ],
    );
    let r = export(&dir.join("proj"), &[], &[]);
    assert_exported(&r);
    let source = format!(
        "[tool.exportlens] python in {}",
        dir.join("pyproject.toml").display()
    );
    assert_environment(&r, &source, &dir.join("envs/main"));
}

#[test]
fn pyproject_extra_paths_are_import_roots() {
    let dir = tree(
        "extra",
        &[
            package_in("vendor/libs"),
            (
                "pyproject.toml".into(),
                "[tool.exportlens]\nextra-paths = [\"vendor/libs\"]\n",
            ),
            ("proj/m.py".into(), MODEL),
        ],
    );
    let r = export(&dir.join("proj"), &[], &[]);
    assert_exported(&r);
    let said = format!("extra-paths: {}", dir.join("vendor/libs").display());
    assert!(r.stderr.contains(&said), "{}", r.stderr);
}

/// An environment at `prefix` (with `marker`, the file that makes it a
/// venv or a conda environment) named by the variable `var`.
fn by_variable(name: &str, var: &str, prefix: &str, marker: &str) {
    let dir = tree(
        name,
        &[
            package_in(&format!("{prefix}/{SITE}")),
            (format!("{prefix}/{marker}"), ""),
            ("proj/m.py".into(), MODEL),
        ],
    );
    let prefix = dir.join(prefix);
    let r = export(&dir.join("proj"), &[], &[(var, prefix.as_os_str())]);
    assert_exported(&r);
    assert_environment(&r, var, &prefix);
}

#[test]
fn virtual_env_variable() {
    by_variable("virtualenv", "VIRTUAL_ENV", "active", "pyvenv.cfg");
}

#[test]
fn conda_prefix_variable() {
    by_variable(
        "conda",
        "CONDA_PREFIX",
        "miniconda/envs/ml",
        "conda-meta/history",
    );
}

#[test]
fn dot_venv_above_the_file() {
    let dir = tree(
        "dotvenv",
        &[
            package_in(&format!(".venv/{SITE}")),
            (".venv/pyvenv.cfg".into(), "version = 3.11.7\n"),
            ("app/models/m.py".into(), MODEL),
        ],
    );
    let r = export(&dir.join("app/models"), &[], &[]);
    assert_exported(&r);
    assert_environment(&r, ".venv", &dir.join(".venv"));
}

#[cfg(unix)]
#[test]
fn python3_on_path_through_its_symlink() {
    let dir = tree(
        "pathpython",
        &[
            package_in("opt/python/lib/python3.12/site-packages"),
            ("opt/python/bin/python3.12".into(), ""),
            ("proj/m.py".into(), MODEL),
        ],
    );
    let bin = dir.join("opt/python/bin");
    std::os::unix::fs::symlink("python3.12", bin.join("python3")).expect("symlink");
    let path = std::env::join_paths([dir.join("nothing-here"), bin.clone()]).unwrap();
    let r = export(&dir.join("proj"), &[], &[("PATH", path.as_os_str())]);
    assert_exported(&r);
    let prefix = std::fs::canonicalize(dir.join("opt/python")).unwrap();
    let source = format!("python3 on PATH ({})", bin.join("python3").display());
    assert_environment(&r, &source, &prefix);
}

#[test]
fn src_layout_of_the_project_from_another_folder() {
    let dir = tree(
        "srclayout",
        &[
            package_in("project/src"),
            ("project/pyproject.toml".into(), "[project]\nname = \"x\"\n"),
            ("project/scripts/m.py".into(), MODEL),
            ("elsewhere/.keep".into(), ""),
        ],
    );
    let file = dir.join("project/scripts/m.py");
    let r = run(
        &dir.join("elsewhere"),
        &["export", "--json", file.to_str().unwrap()],
        &[],
    );
    assert_exported(&r);
    // The current folder's `src/` too.
    let r = run(
        &dir.join("project"),
        &["export", "--json", "scripts/m.py"],
        &[],
    );
    assert_exported(&r);
}

#[test]
fn pth_path_line() {
    let checkout = "checkout/lib";
    let dir = tree(
        "pth",
        &[
            package_in(checkout),
            (".venv/pyvenv.cfg".into(), "version = 3.11.7\n"),
            (format!(".venv/{SITE}/.keep"), ""),
            ("proj/m.py".into(), MODEL),
        ],
    );
    std::fs::write(
        dir.join(format!(".venv/{SITE}/mypkg.pth")),
        format!("# a comment\n{}\n", dir.join(checkout).display()),
    )
    .unwrap();
    let r = export(&dir.join("proj"), &[], &[]);
    assert_exported(&r);
    assert!(
        r.stderr.contains(&dir.join(checkout).display().to_string()),
        "{}",
        r.stderr
    );
}

#[test]
fn editable_install_finder_mapping() {
    let dir = tree(
        "editable",
        &[
            package_in("checkout/src"),
            ("checkout/src/other/__init__.py".into(), ""),
            (".venv/pyvenv.cfg".into(), "version = 3.11.7\n"),
            (
                format!(".venv/{SITE}/__editable__.mypkg-0.1.pth"),
                "import __editable___mypkg_0_1_finder; __editable___mypkg_0_1_finder.install()\n",
            ),
            ("proj/m.py".into(), MODEL),
        ],
    );
    let target = dir.join("checkout/src/mypkg");
    std::fs::write(
        dir.join(format!(".venv/{SITE}/__editable___mypkg_0_1_finder.py")),
        format!(
            "import sys\nMAPPING: dict[str, str] = {{'mypkg': '{}'}}\nNAMESPACES: dict[str, list[str]] = {{}}\n\ndef install():\n    raise RuntimeError('never run')\n",
            target.display()
        ),
    )
    .unwrap();
    let r = export(&dir.join("proj"), &[], &[]);
    assert_exported(&r);
    assert_environment(&r, ".venv", &dir.join(".venv"));
    assert!(
        r.stderr
            .contains(&dir.join("checkout/src").display().to_string()),
        "{}",
        r.stderr
    );
}

#[test]
fn env_command_and_warnings() {
    let dir = tree(
        "warnings",
        &[
            (
                "pyproject.toml".into(),
                "[tool.exportlens]\npython = \"no/such/env\"\n",
            ),
            ("m.py".into(), MODEL),
        ],
    );
    let r = run(&dir, &["env", "m.py"], &[]);
    assert!(
        r.stdout.starts_with("no Python environment found"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("\nimport roots: "), "{}", r.stdout);
    assert!(
        r.stderr.contains("warning: [tool.exportlens] python in ")
            && r.stderr
                .contains("neither a Python interpreter nor an environment folder"),
        "{}",
        r.stderr
    );
    // Without -v, check says nothing of the environment but the warning.
    let r = run(&dir, &["check", "m.py"], &[]);
    assert!(
        !r.stderr.contains("no Python environment found"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("warning: "), "{}", r.stderr);
    let r = run(&dir, &["-v", "check", "m.py"], &[]);
    assert!(
        r.stderr.contains("no Python environment found"),
        "{}",
        r.stderr
    );
}
