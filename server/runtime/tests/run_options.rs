//! The options of a run: `--weights` (safetensors and torch checkpoints,
//! checked against the model, hostile files refused), `--init random`
//! (torch's initializer distributions, seeded) and `--input NAME=SHAPE`
//! (other sizes within the program's constraints).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use runtime::{ErrorKind, Init, RunOptions};

const LINEAR: &str = "import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.l = nn.Linear(2, 1)\n\n    def forward(self, x):\n        return self.l(x)\n\nmodel = M()\nexample_args = (torch.randn(1, 2),)\n";

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn run(src: &str, options: &RunOptions) -> runtime::EntryRun {
    let mut runs = runtime::run_source("case.py", src, options);
    assert_eq!(runs.len(), 1);
    runs.remove(0)
}

fn output(r: &runtime::EntryRun, i: usize) -> (Vec<usize>, Vec<f64>) {
    let out = r
        .result
        .as_ref()
        .unwrap_or_else(|e| panic!("{}: {}", e.label(), e.message));
    let t = out.outputs[i].as_tensor().expect("a tensor output");
    (t.dims().to_vec(), t.to_f64().unwrap())
}

/// The run must stop with an error of `kind` whose message says `says`.
fn refused(src: &str, options: &RunOptions, kind: ErrorKind, says: &str) -> String {
    let e = run(src, options)
        .result
        .err()
        .unwrap_or_else(|| panic!("ran, but should stop saying {says:?}"));
    assert_eq!(e.kind, kind, "{}", e.message);
    assert!(e.message.contains(says), "{says:?} not in: {}", e.message);
    e.message
}

fn with_weights(path: &Path) -> RunOptions {
    let sd = runtime::weights::load(path, 1 << 30).unwrap_or_else(|e| panic!("{}", e.message));
    RunOptions {
        weights: Some(Rc::new(sd)),
        ..Default::default()
    }
}

/// x holds sin(0.01*(i+1) + 2) after the two parameters.
fn linear_by_hand(w: [f64; 2], b: f64) -> f64 {
    w[0] * 2.01f64.sin() + w[1] * 2.02f64.sin() + b
}

#[test]
fn a_torch_state_dict_replaces_the_parameters() {
    let want = linear_by_hand([0.5, -0.25], 0.125);
    for file in [
        "linear_state_dict.pt",
        "linear_checkpoint.pt",
        "linear_state_dict_f64.pt",
        "linear_strided.pt",
    ] {
        let r = run(LINEAR, &with_weights(&fixture(file)));
        let (shape, v) = output(&r, 0);
        assert_eq!(shape, vec![1, 1]);
        assert!((v[0] - want).abs() < 1e-6, "{file}: {} vs {want}", v[0]);
    }
}

fn save_safetensors(dir: &Path, tensors: &[(&str, Vec<f32>, &[usize])]) -> PathBuf {
    let map: HashMap<String, candle_core::Tensor> = tensors
        .iter()
        .map(|(k, v, s)| {
            (
                k.to_string(),
                candle_core::Tensor::from_vec(v.clone(), *s, &candle_core::Device::Cpu).unwrap(),
            )
        })
        .collect();
    let path = dir.join("w.safetensors");
    candle_core::safetensors::save(&map, &path).unwrap();
    path
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("exportlens-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn safetensors_load_and_mismatches_are_all_listed_before_running() {
    let dir = temp_dir("st");
    let good = save_safetensors(
        &dir,
        &[
            ("l.weight", vec![1.0, 2.0], &[1, 2]),
            ("l.bias", vec![-1.0], &[1]),
        ],
    );
    let (_, v) = output(&run(LINEAR, &with_weights(&good)), 0);
    assert!((v[0] - linear_by_hand([1.0, 2.0], -1.0)).abs() < 1e-6);

    let bad = save_safetensors(
        &dir,
        &[
            ("l.weight", vec![1.0, 2.0, 3.0], &[1, 3]),
            ("head.bias", vec![0.0], &[1]),
        ],
    );
    let message = refused(
        LINEAR,
        &with_weights(&bad),
        ErrorKind::Weights,
        "missing key(s): l.bias",
    );
    for also in [
        "unexpected key(s): head.bias",
        "size mismatch for l.weight: [1, 3] in the file, [1, 2] in the model",
    ] {
        assert!(message.contains(also), "{also:?} not in: {message}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn malformed_and_hostile_weight_files_are_refused_without_running_code() {
    let _ = std::fs::remove_file("/tmp/exportlens-pickle-ran");
    let dir = temp_dir("bad");
    let garbage = dir.join("garbage.bin");
    std::fs::write(&garbage, b"\x00\x01not a checkpoint at all").unwrap();
    let good = save_safetensors(&dir, &[("l.weight", vec![1.0, 2.0], &[1, 2])]);
    let bytes = std::fs::read(&good).unwrap();
    let truncated = dir.join("truncated.safetensors");
    std::fs::write(&truncated, &bytes[..bytes.len() - 3]).unwrap();
    let pt = std::fs::read(fixture("linear_state_dict.pt")).unwrap();
    let cut_zip = dir.join("cut.pt");
    std::fs::write(&cut_zip, &pt[..pt.len() / 2]).unwrap();
    let empty = dir.join("empty.pt");
    std::fs::write(&empty, b"").unwrap();
    for (path, says) in [
        (garbage, "not a .safetensors file"),
        (truncated, "not a .safetensors file"),
        (cut_zip, "cannot read the weights"),
        (empty, "cannot read the weights"),
        (fixture("linear_legacy.pt"), "legacy"),
        (fixture("code_running.pt"), "no tensors"),
        (dir.join("missing.pt"), "cannot read the weights"),
    ] {
        let e = runtime::weights::load(&path, 1 << 30).expect_err(&path.display().to_string());
        assert_eq!(e.kind, ErrorKind::Weights, "{}", e.message);
        assert!(
            e.message.contains(says),
            "{}: {}",
            path.display(),
            e.message
        );
    }
    assert!(
        !Path::new("/tmp/exportlens-pickle-ran").exists(),
        "the pickle's os.system ran"
    );
    let big = runtime::weights::load(&fixture("linear_state_dict.pt"), 100).unwrap_err();
    assert_eq!(big.kind, ErrorKind::Memory);
    let _ = std::fs::remove_dir_all(dir);
}

const INIT: &str = "import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.l = nn.Linear(64, 4)\n        self.norm = nn.LayerNorm(8)\n        self.emb = nn.Embedding(50, 20)\n        self.p = nn.Parameter(torch.randn(2000))\n\n    def forward(self, x):\n        return self.l.weight * 1.0, self.l.bias * 1.0, self.norm.weight * 1.0, self.emb.weight * 1.0, self.p * 1.0, x * 1.0\n\nmodel = M()\nexample_args = (torch.rand(1000),)\n";

fn random(seed: u64) -> RunOptions {
    RunOptions {
        init: Init::Random { seed },
        ..Default::default()
    }
}

fn mean_std(v: &[f64]) -> (f64, f64) {
    let m = v.iter().sum::<f64>() / v.len() as f64;
    let var = v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / v.len() as f64;
    (m, var.sqrt())
}

#[test]
fn random_init_follows_torchs_initializers_and_the_seed() {
    let r = run(INIT, &random(1));
    let (_, w) = output(&r, 0);
    let (_, b) = output(&r, 1);
    let bound = 1.0 / 8.0; // 1/sqrt(in_features = 64)
    assert!(w.iter().chain(&b).all(|v| v.abs() <= bound));
    assert!(w.iter().any(|v| v.abs() > bound / 2.0));
    let (_, norm) = output(&r, 2);
    assert!(norm.iter().all(|v| *v == 1.0));
    let (_, emb) = output(&r, 3);
    let (m, s) = mean_std(&emb);
    assert!(
        m.abs() < 0.1 && (s - 1.0).abs() < 0.1,
        "embedding N(0,1): {m} {s}"
    );
    // A user parameter and an input are what the code builds, sampled.
    let (_, p) = output(&r, 4);
    let (m, s) = mean_std(&p);
    assert!(m.abs() < 0.1 && (s - 1.0).abs() < 0.1, "randn: {m} {s}");
    let (_, x) = output(&r, 5);
    assert!(x.iter().all(|v| (0.0..1.0).contains(v)), "rand is U[0, 1)");
    let (m, _) = mean_std(&x);
    assert!((m - 0.5).abs() < 0.05);

    let again = output(&run(INIT, &random(1)), 0).1;
    assert_eq!(w, again, "same seed, same values");
    let other = output(&run(INIT, &random(2)), 0).1;
    assert_ne!(w, other, "another seed, other values");
    let det = output(&run(INIT, &RunOptions::default()), 0).1;
    // Module parameters come first in named_parameters(): `p` is k = 0.
    assert!(
        (det[0] - 1.01f64.sin()).abs() < 1e-6,
        "default stays deterministic"
    );
}

#[test]
fn random_init_samples_dropout_in_training_mode() {
    let src = "import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def forward(self, x):\n        return nn.functional.dropout(x, 0.5, training=True)\n\nmodel = M()\nexample_args = (torch.ones(4000),)\n";
    let det = run(src, &RunOptions::default());
    assert_eq!(det.result.err().map(|e| e.kind), Some(ErrorKind::Random));
    let (_, v) = output(&run(src, &random(3)), 0);
    let zeros = v.iter().filter(|x| **x == 0.0).count();
    assert!((1600..2400).contains(&zeros), "{zeros} of 4000 dropped");
    // The input is what the code builds (ones); kept values scale by 1/(1-p).
    assert!(v.iter().all(|x| *x == 0.0 || *x == 2.0), "{:?}", &v[..8]);
}

const DYNAMIC: &str = "import torch\nimport torch.nn as nn\nfrom torch.export import Dim\n\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.l = nn.Linear(16, 4)\n\n    def forward(self, x):\n        torch._check(x.shape[0] <= 64)\n        return self.l(x)\n\nmodel = M()\nexample_args = (torch.randn(8, 16),)\ndynamic_shapes = {\"x\": {0: Dim.AUTO}}\n";

fn at(shapes: &[(&str, &[usize])]) -> RunOptions {
    RunOptions {
        input_shapes: shapes
            .iter()
            .map(|(n, s)| (n.to_string(), s.to_vec()))
            .collect(),
        ..Default::default()
    }
}

#[test]
fn inputs_run_at_other_sizes_within_the_programs_constraints() {
    let (shape, _) = output(&run(DYNAMIC, &at(&[("x", &[32, 16])])), 0);
    assert_eq!(shape, vec![32, 4]);
    let cases: [(&[usize], &str); 4] = [
        (&[32, 8], "x.size()[1] is 8, the program requires 16"),
        (&[1, 16], "outside the program's range constraint"),
        (&[80, 16], "is 80, outside the program's range constraint"),
        (&[32], "has 1 dims, the program expects 2"),
    ];
    for (dims, says) in cases {
        refused(DYNAMIC, &at(&[("x", dims)]), ErrorKind::Input, says);
    }
    refused(
        DYNAMIC,
        &at(&[("y", &[4, 16])]),
        ErrorKind::Input,
        "no input `y` (its inputs: x)",
    );
}

#[test]
fn a_size_that_breaks_a_guard_is_refused_naming_it() {
    let src = "import torch\nimport torch.nn as nn\nfrom torch.export import Dim\n\nclass M(nn.Module):\n    def forward(self, x):\n        return x.reshape(-1, 3)\n\nmodel = M()\nexample_args = (torch.randn(6, 4),)\ndynamic_shapes = {\"x\": {0: Dim.AUTO}}\n";
    let (shape, _) = output(&run(src, &at(&[("x", &[9, 4])])), 0);
    assert_eq!(shape, vec![12, 3]);
    // 7*4 is not divisible by 3.
    refused(
        src,
        &at(&[("x", &[7, 4])]),
        ErrorKind::Input,
        "violate the program's guard Eq(Mod(",
    );
}

#[test]
fn integer_inputs_at_another_size_keep_the_example_values() {
    let src = "import torch\nimport torch.nn as nn\nfrom torch.export import Dim\n\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.emb = nn.Embedding(10, 3)\n\n    def forward(self, ids):\n        return self.emb(ids)\n\nmodel = M()\nexample_args = (torch.tensor([[1, 2, 9]]),)\ndynamic_shapes = {\"ids\": {1: Dim(\"seq\")}}\n";
    let (shape, v) = output(&run(src, &at(&[("ids", &[1, 7])])), 0);
    assert_eq!(shape, vec![1, 7, 3]);
    // Tokens 1, 2, 9, 1, ...: rows of the filled embedding table.
    let row = |i: usize| (0.01 * ((3 * i + 1) as f64)).sin();
    assert!((v[0] - row(1)).abs() < 1e-6);
    assert!(
        (v[9] - row(1)).abs() < 1e-6,
        "the fourth token repeats the first"
    );
}

#[test]
fn integer_weights_are_cast_and_absurd_sizes_refused_before_allocating() {
    let dir = temp_dir("int");
    let map: HashMap<String, candle_core::Tensor> = [
        ("l.weight", vec![1i64, 2], vec![1usize, 2]),
        ("l.bias", vec![-1i64], vec![1]),
    ]
    .into_iter()
    .map(|(k, v, s)| {
        (
            k.to_string(),
            candle_core::Tensor::from_vec(v, s, &candle_core::Device::Cpu).unwrap(),
        )
    })
    .collect();
    let path = dir.join("int.safetensors");
    candle_core::safetensors::save(&map, &path).unwrap();
    let (_, v) = output(&run(LINEAR, &with_weights(&path)), 0);
    assert!((v[0] - linear_by_hand([1.0, 2.0], -1.0)).abs() < 1e-6);
    let _ = std::fs::remove_dir_all(dir);

    let src = "import torch\nimport torch.nn as nn\nfrom torch.export import Dim\n\nclass M(nn.Module):\n    def forward(self, x):\n        return x * 2.0\n\nmodel = M()\nexample_args = (torch.randn(4, 4),)\ndynamic_shapes = {\"x\": {0: Dim.AUTO, 1: Dim.AUTO}}\n";
    // 4 TiB of inputs.
    refused(
        src,
        &at(&[("x", &[1 << 20, 1 << 20])]),
        ErrorKind::Memory,
        "more than --max-memory",
    );
}

#[test]
fn a_checkpoint_view_larger_than_the_memory_limit_is_refused() {
    // 2^20 f32 elements (4 MiB) from one stored element.
    let sd = runtime::weights::load(&fixture("expanded.pt"), 8 << 20).unwrap();
    let w = sd.tensor("w").unwrap().expect("w");
    assert_eq!(w.dims(), &[1 << 20]);
    assert!(w.to_f64().unwrap().iter().all(|v| *v == 0.5));
    let e = runtime::weights::load(&fixture("expanded.pt"), 1 << 20).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Memory);
    assert!(
        e.message
            .contains("its tensors take 4.0 MiB in all, more than --max-memory allows (1.0 MiB)"),
        "{}",
        e.message
    );
}

/// A concrete-mode run (a branch on tensor data) makes the inputs and
/// every value it decides on; it is refused before allocating when they
/// would pass `--max-memory`, naming the limit, and runs within it.
#[test]
fn concrete_mode_respects_the_memory_limit() {
    let branch = |shape: &str| {
        format!(
            "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n            return x\n        return -x\n\nmodel = M()\nexample_args = (torch.randn({shape}),)\n"
        )
    };
    let message = refused(
        &branch("10**12, 12"),
        &RunOptions::default(),
        ErrorKind::Memory,
        "(concrete mode) needs about 43.7 TiB of live tensors, more than --max-memory (2.0 GiB)",
    );
    assert!(
        message.contains("a larger --max-memory allows it"),
        "{message}"
    );
    let small = RunOptions {
        limits: runtime::Limits {
            max_memory: 1 << 20,
        },
        ..Default::default()
    };
    // 4 MB of input: over a 1 MiB limit, fine under the default one.
    refused(
        &branch("1000, 1000"),
        &small,
        ErrorKind::Memory,
        "more than --max-memory (1.0 MiB)",
    );
    let r = run(&branch("1000, 1000"), &RunOptions::default());
    let note = r.note.clone().unwrap_or_default();
    assert!(note.contains("concrete mode"), "{note}");
    let (shape, _) = output(&r, 0);
    assert_eq!(shape, vec![1000, 1000]);
}
