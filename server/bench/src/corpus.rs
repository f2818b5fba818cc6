//! The shared fidelity corpus (`<repo>/../shared/corpus/*/*.py`): finding
//! it, loading every case, and the representative subset the benches report
//! individually.

use std::path::{Path, PathBuf};

/// Cases reported one by one in every bench: a CNN with kwargs and an
/// in-place op, Dim.AUTO with guards, a torch encoder layer (the largest
/// nn library path), and an MLP with residual + layernorm.
pub const REPRESENTATIVE: &[&str] = &[
    "conv_relu_maxpool",
    "dynamic_model_guards",
    "seq_torch_encoder_layer",
    "mlp_residual_layernorm",
];

/// One corpus case, read into memory.
#[derive(Clone, Debug)]
pub struct Case {
    /// File stem, e.g. `conv_relu_maxpool`.
    pub name: String,
    /// Corpus folder, e.g. `tutorial`.
    pub group: String,
    pub path: PathBuf,
    pub text: String,
}

impl Case {
    /// The path as the CLI would print it (what the report's `file` holds).
    pub fn path_str(&self) -> String {
        self.path.display().to_string()
    }

    /// Whether the file sets a module-level `dynamic_shapes` (otherwise its
    /// static variant is the same program).
    pub fn has_dynamic_spec(&self) -> bool {
        self.text
            .lines()
            .any(|l| l.starts_with("dynamic_shapes") && l.contains('='))
    }
}

/// The corpus folder: `$EXPORTLENS_CORPUS` if set, else `<repo>/../shared/corpus`.
pub fn corpus_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("EXPORTLENS_CORPUS") {
        return PathBuf::from(d);
    }
    // server/bench -> server -> repo -> repo/..
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus")
        .canonicalize()
        .unwrap_or_else(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"))
}

/// Every `*.py` case directly under a subfolder of `dir`, sorted by group
/// then name. Unreadable files are skipped.
pub fn load_cases(dir: &Path) -> Vec<Case> {
    let mut out = Vec::new();
    let Ok(groups) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut groups: Vec<PathBuf> = groups
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    groups.sort();
    for g in groups {
        let Ok(files) = std::fs::read_dir(&g) else {
            continue;
        };
        let mut files: Vec<PathBuf> = files
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "py"))
            .collect();
        files.sort();
        for path in files {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            out.push(Case {
                name: stem(&path),
                group: stem(&g),
                text: String::from_utf8_lossy(&bytes).into_owned(),
                path,
            });
        }
    }
    out
}

/// [`load_cases`] on [`corpus_dir`]; panics with a clear message when the
/// corpus is missing (benches cannot run without it).
pub fn load_corpus() -> Vec<Case> {
    let dir = corpus_dir();
    let cases = load_cases(&dir);
    assert!(
        !cases.is_empty(),
        "no corpus cases under {} (set EXPORTLENS_CORPUS)",
        dir.display()
    );
    cases
}

/// The [`REPRESENTATIVE`] cases present in `cases`, in that order.
pub fn representative(cases: &[Case]) -> Vec<&Case> {
    REPRESENTATIVE
        .iter()
        .filter_map(|n| cases.iter().find(|c| c.name == *n))
        .collect()
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .or_else(|| p.file_name())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
