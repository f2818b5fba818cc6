//! Fuzzing the checkpoint readers behind `--weights`: torch `.pt` files
//! (the fixtures) and `.safetensors` files, mutated (bit flips, cuts,
//! inserted and overwritten bytes, safetensors headers with random dtypes,
//! shapes and offsets), are loaded and, when they load, used for a run of
//! the model they fit. Nothing may panic, even inside the readers (where
//! `weights::load` would turn a panic into an error: a panic hook counts
//! them), and every refusal is an error with a message.
//!
//! `EXPORTLENS_FUZZ_SECONDS` (default 10) and `EXPORTLENS_FUZZ_SEED` as in
//! the other fuzzers; `scripts/fuzz.sh` runs it long.

#![allow(clippy::print_stdout)]

use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant};

use interp::RunOptions;
use spec_tests::fuzz::{self, env_u64};

const LINEAR: &str = "import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.l = nn.Linear(2, 1)\n\n    def forward(self, x):\n        return self.l(x)\n\nmodel = M()\nexample_args = (torch.randn(1, 2),)\n";

/// A safetensors file written by hand: the header JSON as given.
fn safetensors(header: &str, data: &[u8]) -> Vec<u8> {
    let mut out = (header.len() as u64).to_le_bytes().to_vec();
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(data);
    out
}

fn random_header(rng: &mut fuzz::Rng) -> Vec<u8> {
    let dtypes = [
        "F32", "F64", "F16", "BF16", "I64", "I32", "U8", "BOOL", "F8_E4M3", "X", "",
    ];
    let numbers = [
        "0",
        "1",
        "2",
        "3",
        "8",
        "12",
        "-1",
        "18446744073709551615",
        "4294967296",
        "1e3",
    ];
    let mut entries = Vec::new();
    for name in ["l.weight", "l.bias", "extra"]
        .iter()
        .take(1 + rng.below(3))
    {
        let shape: Vec<&str> = (0..rng.below(4))
            .map(|_| numbers[rng.below(numbers.len())])
            .collect();
        entries.push(format!(
            "\"{name}\": {{\"dtype\": \"{}\", \"shape\": [{}], \"data_offsets\": [{}, {}]}}",
            dtypes[rng.below(dtypes.len())],
            shape.join(", "),
            numbers[rng.below(numbers.len())],
            numbers[rng.below(numbers.len())]
        ));
    }
    if rng.below(4) == 0 {
        entries.push("\"__metadata__\": {\"format\": \"pt\"}".into());
    }
    let data: Vec<u8> = (0..rng.below(40)).map(|_| rng.next_u64() as u8).collect();
    safetensors(&format!("{{{}}}", entries.join(", ")), &data)
}

fn mutate(rng: &mut fuzz::Rng, seed: &[u8]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(6) {
            0 if !bytes.is_empty() => {
                let i = rng.below(bytes.len());
                bytes[i] ^= 1 << rng.below(8);
            }
            1 => bytes.truncate(at),
            2 => {
                let junk: Vec<u8> = (0..1 + rng.below(16))
                    .map(|_| rng.next_u64() as u8)
                    .collect();
                bytes.splice(at..at, junk);
            }
            3 if bytes.len() >= 8 => {
                // A random little-endian length or offset somewhere.
                let i = rng.below(bytes.len() - 7);
                bytes[i..i + 8].copy_from_slice(&rng.next_u64().to_le_bytes());
            }
            4 => {
                let end = (at + rng.below(64)).min(bytes.len());
                bytes.drain(at..end);
            }
            _ => {
                let i = rng.below(bytes.len().max(1));
                if let Some(b) = bytes.get_mut(i) {
                    *b = [0, 0xff, b'0', b'9', b'"', b'{', b']'][rng.below(7)];
                }
            }
        }
    }
    bytes
}

fn seeds() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|e| e.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "pt"));
    files.sort();
    let mut out: Vec<Vec<u8>> = files.iter().filter_map(|p| std::fs::read(p).ok()).collect();
    let mut data = Vec::new();
    for v in [0.5f32, -0.25, 0.125] {
        data.extend_from_slice(&v.to_le_bytes());
    }
    out.push(safetensors(
        "{\"l.weight\": {\"dtype\": \"F32\", \"shape\": [1, 2], \"data_offsets\": [0, 8]}, \"l.bias\": {\"dtype\": \"F32\", \"shape\": [1], \"data_offsets\": [8, 12]}}",
        &data,
    ));
    out
}

#[test]
fn checkpoint_readers_refuse_hostile_files_without_panicking() {
    fuzz::count_panics();
    let seconds = env_u64("EXPORTLENS_FUZZ_SECONDS", 10);
    let mut rng = fuzz::Rng::new(env_u64("EXPORTLENS_FUZZ_SEED", 16));
    let seeds = seeds();
    assert!(seeds.len() >= 5, "fixtures missing");
    let dir = std::env::temp_dir().join(format!("exportlens-fuzz-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let path = dir.join("w.bin");
    let start = Instant::now();
    let (mut inputs, mut loaded, mut ran) = (0u64, 0u64, 0u64);
    let mut silent = Vec::new();
    while start.elapsed() < Duration::from_secs(seconds) {
        let bytes = if rng.below(3) == 0 {
            random_header(&mut rng)
        } else {
            let seed = &seeds[rng.below(seeds.len())];
            mutate(&mut rng, seed)
        };
        std::fs::write(&path, &bytes).expect("write the input");
        inputs += 1;
        match interp::weights::load(&path, 1 << 26) {
            Ok(sd) => {
                loaded += 1;
                let options = RunOptions {
                    weights: Some(Rc::new(sd)),
                    ..Default::default()
                };
                let runs = interp::run_source("case.py", LINEAR, &options);
                if runs.iter().any(|r| r.result.is_ok()) {
                    ran += 1;
                }
            }
            Err(e) if e.message.trim().is_empty() => silent.push(bytes.len()),
            Err(_) => {}
        }
    }
    let _ = std::panic::take_hook();
    let _ = std::fs::remove_dir_all(&dir);
    let seen = fuzz::panics_seen();
    let panics = seen.len();
    println!(
        "weights fuzz: {inputs} files in {:.1} s ({loaded} loaded, {ran} ran); {panics} panics",
        start.elapsed().as_secs_f64()
    );
    assert_eq!(panics, 0, "panics:\n{}", seen.join("\n"));
    assert!(silent.is_empty(), "refusals without a message: {silent:?}");
}
