//! Fuzzing the checkpoint readers behind `--weights`: torch `.pt` files
//! (the fixtures) and `.safetensors` files, mutated (bit flips, cuts,
//! inserted and overwritten bytes, safetensors headers with random dtypes,
//! shapes and offsets), and `.pt` files whose pickle is generated from a
//! small grammar of opcodes ([`generated_pt`]: state dicts of rebuilt
//! tensors with lying sizes, strides, offsets and storage types, memo
//! references to random indices, globals of torch's rebuild functions and
//! of anything else, `REDUCE`/`BUILD` on whatever is on the stack, random
//! opcode streams, nesting up to a million deep, memo fan-out, cycles,
//! random truncation), wrapped in the zip layout `torch.save` writes, are
//! loaded and, when they load, used for a run of the model they fit.
//! Nothing may panic, even inside the readers (where `weights::load` would
//! turn a panic into an error: a panic hook counts them), every refusal is
//! an error with a message, and the process's resident set stays bounded
//! (the reader runs under a 64 MiB `--max-memory`).
//!
//! `EXPORTLENS_FUZZ_SECONDS` (default 10) and `EXPORTLENS_FUZZ_SEED` as in
//! the other fuzzers; `scripts/fuzz.sh` runs it long.

#![allow(clippy::print_stdout)]

use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant};

use std::io::Write;

use runtime::RunOptions;
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

/// Pickle opcodes, as the reader names them.
use runtime::pickle::op;

/// A pickle being written, opcode by opcode.
#[derive(Default)]
struct Pickler(Vec<u8>);

impl Pickler {
    fn op(&mut self, code: u8) -> &mut Self {
        self.0.push(code);
        self
    }

    fn str(&mut self, s: &str) -> &mut Self {
        self.0.push(op::BINUNICODE);
        self.0.extend_from_slice(&(s.len() as u32).to_le_bytes());
        self.0.extend_from_slice(s.as_bytes());
        self
    }

    /// An int in the smallest encoding pickle has for it.
    fn int(&mut self, v: i128) -> &mut Self {
        if (0..256).contains(&v) {
            self.0.extend_from_slice(&[op::BININT1, v as u8]);
        } else if (0..65536).contains(&v) {
            self.0.push(op::BININT2);
            self.0.extend_from_slice(&(v as u16).to_le_bytes());
        } else if i32::try_from(v).is_ok() {
            self.0.push(op::BININT);
            self.0.extend_from_slice(&(v as i32).to_le_bytes());
        } else {
            let bytes = v.to_le_bytes();
            self.0.extend_from_slice(&[op::LONG1, 16]);
            self.0.extend_from_slice(&bytes);
        }
        self
    }

    fn global(&mut self, module: &str, name: &str) -> &mut Self {
        self.0.push(op::GLOBAL);
        self.0
            .extend_from_slice(format!("{module}\n{name}\n").as_bytes());
        self
    }

    fn stack_global(&mut self, module: &str, name: &str) -> &mut Self {
        self.str(module).str(name).op(op::STACK_GLOBAL)
    }

    fn put(&mut self, index: u32) -> &mut Self {
        if index < 256 {
            self.0.extend_from_slice(&[op::BINPUT, index as u8]);
        } else {
            self.0.push(op::LONG_BINPUT);
            self.0.extend_from_slice(&index.to_le_bytes());
        }
        self
    }

    fn get(&mut self, index: u32) -> &mut Self {
        if index < 256 {
            self.0.extend_from_slice(&[op::BINGET, index as u8]);
        } else {
            self.0.push(op::LONG_BINGET);
            self.0.extend_from_slice(&index.to_le_bytes());
        }
        self
    }

    fn ints(&mut self, v: &[i128]) -> &mut Self {
        self.op(op::MARK);
        for x in v {
            self.int(*x);
        }
        self.op(op::TUPLE)
    }
}

/// Numbers a tensor description may hold: the right ones for the model,
/// and lies (negative, huge, past int64 and 64 bits).
const TENSOR_NUMBERS: &[i128] = &[
    0,
    1,
    1,
    2,
    2,
    3,
    4,
    -1,
    255,
    65536,
    1 << 31,
    1 << 40,
    1 << 62,
    i64::MAX as i128,
    1 << 64,
    -(1 << 70),
];

const STORAGE_TYPES: &[&str] = &[
    "FloatStorage",
    "FloatStorage",
    "DoubleStorage",
    "HalfStorage",
    "BFloat16Storage",
    "LongStorage",
    "IntStorage",
    "ByteStorage",
    "BoolStorage",
    "ShortStorage",
    "ComplexFloatStorage",
    "UntypedStorage",
];

/// Callables a generated pickle names: torch's rebuild functions (what a
/// checkpoint holds), dict classes, and what a hostile file would call.
const GLOBALS: &[(&str, &str)] = &[
    ("torch._utils", "_rebuild_tensor_v2"),
    ("torch._utils", "_rebuild_parameter"),
    ("torch._utils", "_rebuild_parameter_with_state"),
    ("torch._tensor", "_rebuild_from_type_v2"),
    ("torch", "FloatStorage"),
    ("torch", "Tensor"),
    ("collections", "OrderedDict"),
    ("builtins", "dict"),
    ("os", "system"),
    ("builtins", "eval"),
    ("__main__", "M"),
    ("torch.nn.modules.linear", "Linear"),
];

fn pick<'a, T>(rng: &mut fuzz::Rng, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len())]
}

/// A random number for a tensor description, or the `right` one.
fn number(rng: &mut fuzz::Rng, right: i128) -> i128 {
    if rng.chance(75) {
        right
    } else {
        *pick(rng, TENSOR_NUMBERS)
    }
}

/// One `_rebuild_tensor_v2(storage, offset, size, stride, False, {})` of a
/// tensor shaped `shape` in storage `key` (as torch writes it, with lies
/// now and then), maybe wrapped in `_rebuild_parameter`.
fn tensor(rng: &mut fuzz::Rng, p: &mut Pickler, key: &str, shape: &[i128], memo: &mut u32) {
    let wrapped = rng.chance(25);
    if wrapped {
        p.global("torch._utils", "_rebuild_parameter");
    }
    let (module, name) = if rng.chance(90) {
        ("torch._utils", "_rebuild_tensor_v2")
    } else {
        *pick(rng, GLOBALS)
    };
    if rng.chance(50) {
        p.global(module, name);
    } else {
        p.stack_global(module, name);
    }
    p.op(op::MARK);
    // The persistent id: ("storage", torch.XStorage, key, "cpu", numel).
    let numel: i128 = shape.iter().product();
    p.op(op::MARK).str("storage");
    let storage = if rng.chance(80) {
        "FloatStorage"
    } else {
        pick(rng, STORAGE_TYPES)
    };
    p.global(if rng.chance(95) { "torch" } else { "os" }, storage);
    p.str(key).str("cpu").int(number(rng, numel));
    p.op(op::TUPLE).op(op::BINPERSID);
    p.int(number(rng, 0));
    let size: Vec<i128> = shape.iter().map(|d| number(rng, *d)).collect();
    let mut stride = Vec::new();
    let mut acc = 1;
    for d in shape.iter().rev() {
        stride.push(acc);
        acc *= d;
    }
    stride.reverse();
    let mut stride: Vec<i128> = stride.iter().map(|s| number(rng, *s)).collect();
    if rng.chance(5) {
        stride.pop();
    }
    p.ints(&size).ints(&stride);
    p.op(op::NEWFALSE);
    p.global("collections", "OrderedDict")
        .op(op::EMPTY_TUPLE)
        .op(op::REDUCE);
    p.op(op::TUPLE).op(op::REDUCE);
    if rng.chance(30) {
        p.put(*memo);
        *memo += 1;
    }
    if wrapped {
        p.op(op::NEWFALSE);
        p.global("collections", "OrderedDict")
            .op(op::EMPTY_TUPLE)
            .op(op::REDUCE);
        p.op(op::TUPLE3).op(op::REDUCE);
    }
}

/// A state dict for `LINEAR` (`l.weight` [1, 2], `l.bias` [1]) as
/// torch.save writes it, with lies, extra keys, memo reuse and nesting
/// under `state_dict` now and then; and the storages it names.
fn state_dict_pickle(rng: &mut fuzz::Rng) -> (Vec<u8>, Vec<(String, Vec<u8>)>) {
    let mut p = Pickler::default();
    let mut memo = 0u32;
    p.op(op::PROTO).op(2);
    let nested = rng.chance(15);
    if nested {
        p.op(op::EMPTY_DICT).str("state_dict");
    }
    p.global("collections", "OrderedDict")
        .op(op::EMPTY_TUPLE)
        .op(op::REDUCE);
    p.put(memo);
    memo += 1;
    p.op(op::MARK);
    let keys: [(&str, &[i128]); 4] = [
        ("l.weight", &[1, 2]),
        ("l.bias", &[1]),
        ("extra", &[3]),
        ("l.weight", &[2, 1]),
    ];
    let count = if rng.chance(50) { 2 } else { 1 + rng.below(4) };
    for (i, (key, shape)) in keys.iter().take(count).enumerate() {
        p.str(key);
        if i > 0 && rng.chance(10) {
            // A memo reference to an earlier object (a tensor, the dict
            // itself: a cycle) in place of a tensor.
            p.get(rng.below(memo as usize) as u32);
        } else {
            let storage = if rng.chance(80) { i } else { rng.below(4) };
            tensor(rng, &mut p, &storage.to_string(), shape, &mut memo);
        }
    }
    p.op(op::SETITEMS);
    if nested {
        p.op(op::SETITEM);
    }
    if rng.chance(10) {
        // torch's `_metadata` on the state dict.
        p.op(op::EMPTY_DICT).op(op::BUILD);
    }
    p.op(op::STOP);
    let storages = (0..4)
        .map(|i| {
            let floats = if rng.chance(80) { 4 } else { rng.below(5) };
            let bytes: Vec<u8> = (0..floats * 4)
                .map(|j| if j % 4 == 3 { 0x3f } else { 0 })
                .collect();
            (i.to_string(), bytes)
        })
        .collect();
    (p.0, storages)
}

/// A random stream of opcodes from the grammar, with random arguments.
fn random_pickle(rng: &mut fuzz::Rng) -> Vec<u8> {
    let mut p = Pickler::default();
    if rng.chance(80) {
        p.op(op::PROTO).op(*pick(rng, &[2u8, 4, 5, 0xff]));
    }
    let memo_index = |rng: &mut fuzz::Rng| -> u32 {
        match rng.below(10) {
            0 => rng.next_u64() as u32,
            1 => 256 + rng.below(4) as u32,
            _ => rng.below(6) as u32,
        }
    };
    for _ in 0..1 + rng.below(60) {
        match rng.below(34) {
            0 => p.op(op::EMPTY_LIST),
            1 => p.op(op::EMPTY_DICT),
            2 => p.op(op::EMPTY_TUPLE),
            3 | 4 => p.op(op::MARK),
            5 => p.op(op::APPEND),
            6 => p.op(op::APPENDS),
            7 => p.op(op::SETITEM),
            8 => p.op(op::SETITEMS),
            9 => p.put(memo_index(rng)),
            10 => p.get(memo_index(rng)),
            11 => p.op(op::MEMOIZE),
            12 => {
                let (m, n) = *pick(rng, GLOBALS);
                p.global(m, n)
            }
            13 => {
                let (m, n) = *pick(rng, GLOBALS);
                p.stack_global(m, n)
            }
            14 => p.op(op::REDUCE),
            15 => p.op(op::BUILD),
            16 => p.op(op::NEWOBJ),
            17 => p.int(*pick(rng, TENSOR_NUMBERS)),
            18 => {
                let s = *pick(rng, &["storage", "l.weight", "cpu", "0", "", "\u{e9}"]);
                p.str(s)
            }
            19 => {
                let s = pick::<&[u8]>(rng, &[b"storage", b"\xff\xfe", b""]);
                p.op(op::SHORT_BINSTRING).op(s.len() as u8);
                p.0.extend_from_slice(s);
                &mut p
            }
            20 => {
                p.op(op::SHORT_BINUNICODE).op(3);
                p.0.extend_from_slice(b"abc");
                &mut p
            }
            21 => p.op(op::NONE),
            22 => p.op(*pick(rng, &[op::TUPLE1, op::TUPLE2, op::TUPLE3, op::TUPLE])),
            23 => p.op(*pick(rng, &[op::NEWTRUE, op::NEWFALSE])),
            24 => {
                p.op(op::BINFLOAT);
                p.0.extend_from_slice(&f64::NAN.to_be_bytes());
                &mut p
            }
            25 => p.op(op::BINPERSID),
            26 => p.op(*pick(rng, &[op::DUP, op::POP, op::POP_MARK])),
            27 => {
                p.op(op::FRAME);
                p.0.extend_from_slice(&(rng.next_u64() >> rng.below(64)).to_le_bytes());
                &mut p
            }
            28 => {
                // A length that claims more than the file holds.
                p.op(op::BINUNICODE);
                p.0.extend_from_slice(&(rng.next_u64() as u32).to_le_bytes());
                &mut p
            }
            29 => p.op(*pick(rng, &[op::INST, op::OBJ])),
            30 => p.op(op::STOP),
            31 => {
                let mut memo = 0;
                tensor(rng, &mut p, "0", &[1, 2], &mut memo);
                &mut p
            }
            _ => p.op(rng.next_u64() as u8),
        };
    }
    p.op(op::STOP);
    p.0
}

/// Nesting and memo references that cost the reader: a list or tuple
/// nested up to a million deep, a memo entry referenced over and over at
/// every level (a "billion laughs"), a list that holds itself.
fn costly_pickle(rng: &mut fuzz::Rng) -> Vec<u8> {
    let mut p = Pickler::default();
    p.op(op::PROTO).op(2);
    let depth = *pick(rng, &[10usize, 999, 1000, 1001, 100_000, 1_000_000]);
    match rng.below(5) {
        0 => {
            p.0.extend(std::iter::repeat_n(op::EMPTY_LIST, depth));
            p.0.extend(std::iter::repeat_n(op::APPEND, depth - 1));
        }
        1 => {
            p.op(op::EMPTY_TUPLE);
            p.0.extend(std::iter::repeat_n(op::TUPLE1, depth));
        }
        2 => {
            p.0.extend(std::iter::repeat_n(op::MARK, depth.min(100_000)));
            p.op(op::NONE);
            p.0.extend(std::iter::repeat_n(op::TUPLE, depth.min(100_000)));
        }
        3 => {
            // Each level a list of `fan` references to the level below.
            let fan = 2 + rng.below(30);
            let levels = 1 + rng.below(40);
            p.op(op::EMPTY_LIST).put(0);
            for level in 0..levels as u32 {
                p.op(op::MARK);
                for _ in 0..fan {
                    p.get(level);
                }
                p.op(op::TUPLE).put(level + 1);
            }
        }
        _ => {
            // A list (or dict) holding itself, under a state-dict key.
            p.op(op::EMPTY_DICT).put(0).str("l.weight");
            p.op(op::EMPTY_LIST).put(1).get(1).op(op::APPEND);
            p.op(op::SETITEM).str("state_dict").get(0).op(op::SETITEM);
        }
    }
    p.op(op::STOP);
    p.0
}

/// A `.pt` archive as `torch.save` lays it out: `archive/data.pkl`,
/// `archive/byteorder`, one `archive/data/N` per storage, `archive/version`.
fn pt_zip(pickle: &[u8], storages: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut out);
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        let mut entry = |name: &str, bytes: &[u8]| {
            zip.start_file(name, options).expect("a zip entry");
            zip.write_all(bytes).expect("written");
        };
        entry("archive/data.pkl", pickle);
        entry("archive/byteorder", b"little");
        for (key, bytes) in storages {
            entry(&format!("archive/data/{key}"), bytes);
        }
        entry("archive/version", b"3\n");
        zip.finish().expect("a zip");
    }
    out.into_inner()
}

/// A `.pt` file whose pickle the grammar wrote: a state dict (half the
/// time), a random opcode stream or a costly one; maybe cut short or
/// mutated, maybe with its storages missing.
fn generated_pt(rng: &mut fuzz::Rng) -> Vec<u8> {
    let (mut pickle, mut storages) = match rng.below(10) {
        0..5 => state_dict_pickle(rng),
        5..8 => (random_pickle(rng), Vec::new()),
        _ => (costly_pickle(rng), Vec::new()),
    };
    if storages.is_empty() && rng.chance(50) {
        storages.push(("0".into(), vec![0u8; 8]));
    }
    if rng.chance(15) {
        pickle.truncate(rng.below(pickle.len() + 1));
    }
    if rng.chance(15) {
        pickle = mutate(rng, &pickle);
    }
    if rng.chance(10) {
        storages.clear();
    }
    pt_zip(&pickle, &storages)
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
    let (mut inputs, mut generated, mut loaded, mut ran) = (0u64, 0u64, 0u64, 0u64);
    let (mut generated_loaded, mut generated_ran) = (0u64, 0u64);
    let mut silent = Vec::new();
    while start.elapsed() < Duration::from_secs(seconds) {
        let is_generated = matches!(rng.below(6), 2 | 3);
        let bytes = match rng.below(6) {
            _ if is_generated => {
                generated += 1;
                generated_pt(&mut rng)
            }
            0..3 => random_header(&mut rng),
            _ => {
                let seed = &seeds[rng.below(seeds.len())];
                mutate(&mut rng, seed)
            }
        };
        std::fs::write(&path, &bytes).expect("write the input");
        inputs += 1;
        match runtime::weights::load(&path, 1 << 26) {
            Ok(sd) => {
                loaded += 1;
                let options = RunOptions {
                    weights: Some(Rc::new(sd)),
                    ..Default::default()
                };
                let runs = runtime::run_source("case.py", LINEAR, &options);
                let ok = runs.iter().any(|r| r.result.is_ok());
                ran += u64::from(ok);
                generated_loaded += u64::from(is_generated);
                generated_ran += u64::from(is_generated && ok);
            }
            Err(e) if e.message.trim().is_empty() => silent.push(bytes.len()),
            Err(_) => {}
        }
    }
    let _ = std::panic::take_hook();
    let _ = std::fs::remove_dir_all(&dir);
    let seen = fuzz::panics_seen();
    let panics = seen.len();
    let (_, peak_rss) = fuzz::rss_mib();
    println!(
        "weights fuzz: {inputs} files in {:.1} s ({loaded} loaded, {ran} ran; of them {generated} with generated pickles: {generated_loaded} loaded, {generated_ran} ran); {panics} panics; peak RSS {peak_rss} MiB",
        start.elapsed().as_secs_f64()
    );
    assert_eq!(panics, 0, "panics:\n{}", seen.join("\n"));
    assert!(silent.is_empty(), "refusals without a message: {silent:?}");
    // What the reader holds is bounded by `--max-memory` (64 MiB here).
    assert!(peak_rss < 1024, "peak RSS {peak_rss} MiB");
}

/// The grammar's state dicts are checkpoints the reader takes: some load,
/// and some fit `LINEAR` and run (so the fuzzer reaches the run, not only
/// the refusals).
#[test]
fn the_pickle_grammar_writes_checkpoints_that_load_and_run() {
    let mut rng = fuzz::Rng::new(1);
    let dir =
        std::env::temp_dir().join(format!("exportlens-pickle-grammar-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let path = dir.join("w.pt");
    let (mut loaded, mut ran) = (0, 0);
    for _ in 0..500 {
        let (pickle, storages) = state_dict_pickle(&mut rng);
        std::fs::write(&path, pt_zip(&pickle, &storages)).expect("write");
        if let Ok(sd) = runtime::weights::load(&path, 1 << 26) {
            loaded += 1;
            let options = RunOptions {
                weights: Some(Rc::new(sd)),
                ..Default::default()
            };
            let runs = runtime::run_source("case.py", LINEAR, &options);
            ran += usize::from(runs.iter().any(|r| r.result.is_ok()));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(loaded > 20 && ran > 0, "{loaded} loaded, {ran} ran");
}
