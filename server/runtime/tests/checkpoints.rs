//! Hostile torch checkpoints behind `--weights`: `.pt` archives written
//! here byte by byte (a pickle with the tensors' metadata, storages beside
//! it) that nest a million deep, expand through the memo a billion times,
//! view one stored element as gigabytes or point outside their storage,
//! and the reproducers of `tests/reliability/ckpt-*`. Each is refused
//! before anything is allocated, with the reason, and never panics or
//! overflows the stack; good ones still load.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Instant;

use runtime::{ErrorKind, RunOptions};

/// A protocol-2 pickle, written opcode by opcode.
struct Pk(Vec<u8>);

impl Pk {
    fn new() -> Pk {
        Pk(vec![0x80, 0x02])
    }
    fn raw(&mut self, b: &[u8]) -> &mut Pk {
        self.0.extend_from_slice(b);
        self
    }
    fn global(&mut self, module: &str, name: &str) -> &mut Pk {
        self.raw(format!("c{module}\n{name}\n").as_bytes())
    }
    fn str(&mut self, s: &str) -> &mut Pk {
        self.raw(b"X")
            .raw(&(s.len() as u32).to_le_bytes())
            .raw(s.as_bytes())
    }
    fn int(&mut self, v: i64) -> &mut Pk {
        self.raw(&[0x8a, 8]).raw(&v.to_le_bytes())
    }
    fn ints(&mut self, v: &[i64]) -> &mut Pk {
        self.raw(b"(");
        for i in v {
            self.int(*i);
        }
        self.raw(b"t")
    }
}

/// One tensor as `_rebuild_tensor_v2` describes it.
struct Spec<'a> {
    key: &'a str,
    class: &'a str,
    storage: &'a str,
    numel: i64,
    offset: i64,
    size: &'a [i64],
    stride: &'a [i64],
}

fn f32_spec<'a>(key: &'a str, storage: &'a str, numel: i64, size: &'a [i64]) -> Spec<'a> {
    let mut stride = vec![1i64; size.len()];
    for d in (0..size.len().saturating_sub(1)).rev() {
        stride[d] = stride[d + 1] * size[d + 1];
    }
    Spec {
        key,
        class: "FloatStorage",
        storage,
        numel,
        offset: 0,
        size,
        stride: Box::leak(stride.into_boxed_slice()),
    }
}

/// `OrderedDict` of the tensors, then `extra` (raw key/value opcodes).
fn state_dict(specs: &[Spec], extra: &[u8]) -> Vec<u8> {
    let mut p = Pk::new();
    p.global("collections", "OrderedDict").raw(b")R(");
    for s in specs {
        p.str(s.key)
            .global("torch._utils", "_rebuild_tensor_v2")
            .raw(b"((")
            .str("storage")
            .global("torch", s.class)
            .str(s.storage)
            .str("cpu")
            .int(s.numel)
            .raw(b"tQ")
            .int(s.offset)
            .ints(s.size)
            .ints(s.stride)
            .raw(b"\x89")
            .global("collections", "OrderedDict")
            .raw(b")RtR");
    }
    p.raw(extra).raw(b"u.");
    p.0
}

/// A torch zip archive (entries stored, as torch writes them).
fn archive(pickle: &[u8], storages: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .large_file(false);
    z.start_file("archive/data.pkl", opts).unwrap();
    z.write_all(pickle).unwrap();
    z.start_file("archive/byteorder", opts).unwrap();
    z.write_all(b"little").unwrap();
    for (k, v) in storages {
        z.start_file(format!("archive/data/{k}"), opts).unwrap();
        z.write_all(v).unwrap();
    }
    z.start_file("archive/version", opts).unwrap();
    z.write_all(b"3\n").unwrap();
    z.finish().unwrap().into_inner()
}

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("exportlens-ckpt-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

const LINEAR: &str = "import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.l = nn.Linear(2, 1)\n\n    def forward(self, x):\n        return self.l(x)\n\nmodel = M()\nexample_args = (torch.randn(1, 2),)\n";

/// The model of the reproducers: `fc = Linear(4, 3)`.
const FC: &str = "import torch\n\n\nclass M(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.fc = torch.nn.Linear(4, 3)\n\n    def forward(self, x):\n        return self.fc(x)\n\n\nmodel = M()\nexample_args = (torch.randn(2, 4),)\n";

fn good_linear() -> Vec<u8> {
    archive(
        &state_dict(
            &[
                f32_spec("l.weight", "0", 2, &[1, 2]),
                f32_spec("l.bias", "1", 1, &[1]),
            ],
            b"",
        ),
        &[("0", f32s(&[0.5, -0.25])), ("1", f32s(&[0.125]))],
    )
}

/// The load must fail with an error of `kind` that says `says`, quickly.
fn refused(path: &Path, max: u64, kind: ErrorKind, says: &str) -> String {
    let t0 = Instant::now();
    let e = runtime::weights::load(path, max)
        .err()
        .unwrap_or_else(|| panic!("{} loaded, but should be refused: {says}", path.display()));
    assert!(
        t0.elapsed().as_secs_f64() < 5.0,
        "{}: took {:?}",
        path.display(),
        t0.elapsed()
    );
    assert_eq!(e.kind, kind, "{}", e.message);
    assert!(e.message.contains(says), "{says:?} not in: {}", e.message);
    e.message
}

fn run_with(src: &str, path: &Path, max: u64) -> runtime::EntryRun {
    let sd = runtime::weights::load(path, max).unwrap_or_else(|e| panic!("{}", e.message));
    let options = RunOptions {
        weights: Some(Rc::new(sd)),
        ..Default::default()
    };
    let mut runs = runtime::run_source("case.py", src, &options);
    runs.remove(0)
}

#[test]
fn a_checkpoint_written_here_loads_and_replaces_the_parameters() {
    let dir = temp_dir("good");
    let p = write(&dir, "good.pt", &good_linear());
    let r = run_with(LINEAR, &p, 1 << 30);
    let out = r.result.unwrap_or_else(|e| panic!("{}", e.message));
    let v = out.outputs[0].as_tensor().unwrap().to_f64().unwrap();
    let want = 0.5 * 2.01f64.sin() - 0.25 * 2.02f64.sin() + 0.125;
    assert!((v[0] - want).abs() < 1e-6, "{} vs {want}", v[0]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn nesting_a_million_deep_is_refused_without_recursion() {
    let dir = temp_dir("deep");
    let million = 1_000_000;
    // PROTO, NONE, a million TUPLE1, STOP.
    let mut tuples = vec![0x80, 0x02, b'N'];
    tuples.extend(std::iter::repeat_n(0x85u8, million));
    tuples.push(b'.');
    // A million EMPTY_LIST, each APPENDed into the one before.
    let mut lists = vec![0x80, 0x02];
    lists.extend(std::iter::repeat_n(b']', million));
    lists.extend(std::iter::repeat_n(b'a', million - 1));
    lists.push(b'.');
    // The good state dict with one more key nested a million deep.
    let mut deep = Pk::new();
    deep.str("deep").raw(b"N");
    deep.0.drain(..2);
    deep.0.extend(std::iter::repeat_n(0x85u8, million));
    let in_sd = state_dict(
        &[
            f32_spec("l.weight", "0", 2, &[1, 2]),
            f32_spec("l.bias", "1", 1, &[1]),
        ],
        &deep.0,
    );
    let storages = [("0", f32s(&[0.5, -0.25])), ("1", f32s(&[0.125]))];
    for (name, pickle) in [("tuples", tuples), ("lists", lists), ("in_sd", in_sd)] {
        let p = write(&dir, &format!("{name}.pt"), &archive(&pickle, &storages));
        refused(
            &p,
            2 << 30,
            ErrorKind::Weights,
            "values nest more than 1000 deep",
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_billion_laughs_through_the_memo_is_refused() {
    // t0 = None; t_{k+1} = (t_k,) * 10 by memo references: 576 bytes of
    // pickle standing for 10^9 objects.
    let mut p = b"\x80\x02Nq\x00".to_vec();
    for lvl in 1..10u8 {
        p.push(b'(');
        for _ in 0..10 {
            p.extend_from_slice(&[b'h', lvl - 1]);
        }
        p.extend_from_slice(&[b't', b'q', lvl]);
    }
    p.push(b'.');
    let dir = temp_dir("laughs");
    let path = write(&dir, "laughs.pt", &archive(&p, &[]));
    refused(
        &path,
        2 << 30,
        ErrorKind::Weights,
        "through repeated memo references",
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn stride_zero_views_cost_nothing_until_used_and_are_bounded_in_all() {
    let dir = temp_dir("stride0");
    let one = [("0", f32s(&[1.0]))];
    // One stored float viewed as 500,000,000 (2 GB, under 2 GiB): valid
    // for torch, so it loads, but nothing is allocated: the model's check
    // refuses its shape first.
    let spec = |key| Spec {
        key,
        class: "FloatStorage",
        storage: "0",
        numel: 1,
        offset: 0,
        size: &[500_000_000],
        stride: &[0],
    };
    let big = write(
        &dir,
        "big.pt",
        &archive(&state_dict(&[spec("fc.weight")], b""), &one),
    );
    let t0 = Instant::now();
    let r = run_with(FC, &big, 2 << 30);
    let e = r.result.err().expect("refused");
    assert_eq!(e.kind, ErrorKind::Weights, "{}", e.message);
    assert!(
        e.message
            .contains("size mismatch for fc.weight: [500000000] in the file"),
        "{}",
        e.message
    );
    assert!(t0.elapsed().as_secs_f64() < 5.0, "{:?}", t0.elapsed());
    // Six of them need 12 GB in all: refused before anything is read.
    let keys = ["t0", "t1", "t2", "t3", "t4", "t5"];
    let specs: Vec<Spec> = keys.iter().map(|k| spec(k)).collect();
    let many = write(&dir, "many.pt", &archive(&state_dict(&specs, b""), &one));
    refused(
        &many,
        2 << 30,
        ErrorKind::Memory,
        "its tensors take 11.2 GiB in all",
    );
    // Within the limit, a view gathers what torch's view holds.
    let small = Spec {
        key: "w",
        class: "FloatStorage",
        storage: "0",
        numel: 1,
        offset: 0,
        size: &[3, 2],
        stride: &[0, 0],
    };
    let p = write(&dir, "small.pt", &archive(&state_dict(&[small], b""), &one));
    let sd = runtime::weights::load(&p, 1 << 20).unwrap();
    let w = sd.tensor("w").unwrap().unwrap();
    assert_eq!(w.dims(), &[3, 2]);
    assert_eq!(w.to_f64().unwrap(), vec![1.0; 6]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn views_are_checked_against_their_storages_real_bytes() {
    let dir = temp_dir("malformed");
    let w12 = f32s(&(0..12).map(|i| i as f32 * 0.1).collect::<Vec<_>>());
    let base = |offset: i64, size: &'static [i64], stride: &'static [i64], numel: i64| Spec {
        key: "fc.weight",
        class: "FloatStorage",
        storage: "0",
        numel,
        offset,
        size,
        stride,
    };
    let cases: Vec<(&str, Spec, Vec<u8>, &str)> = vec![
        (
            "offset_huge",
            base(1 << 62, &[3, 4], &[4, 1], 12),
            w12.clone(),
            "storage offset 4611686018427387904 lies outside its storage of 12 elements",
        ),
        (
            "offset_past_end",
            base(1000, &[3, 4], &[4, 1], 12),
            w12.clone(),
            "storage offset 1000 lies outside",
        ),
        (
            "stride_short",
            base(0, &[3, 4], &[1], 12),
            w12.clone(),
            "its size (3, 4) has 2 dims but its stride (1,) has 1",
        ),
        (
            "stride_huge",
            base(0, &[3, 4], &[1 << 62, 1], 12),
            w12.clone(),
            "reach element 9223372036854775811, but its storage holds 12 elements",
        ),
        (
            "reaches_past_end",
            base(1, &[3, 4], &[4, 1], 12),
            w12.clone(),
            "from offset 1 reach element 12",
        ),
        (
            "size_overflow",
            base(0, &[1 << 62, 1 << 62], &[1, 1], 12),
            w12.clone(),
            "more elements than int64 holds",
        ),
        (
            "size_negative",
            base(0, &[-3, 4], &[4, 1], 12),
            w12.clone(),
            "its size -3 is negative",
        ),
        (
            "offset_negative",
            base(-5, &[3, 4], &[4, 1], 12),
            w12.clone(),
            "its storage offset -5 is negative",
        ),
        (
            "storage_short",
            base(0, &[3, 4], &[4, 1], 12),
            w12[..20].to_vec(),
            "declared as 12 elements but the archive holds 20 bytes",
        ),
        (
            "numel_lies",
            base(0, &[3, 4], &[4, 1], 1_000_000_000_000_000),
            w12.clone(),
            "declared as 1000000000000000 elements",
        ),
    ];
    for (name, spec, bytes, says) in cases {
        let p = write(
            &dir,
            &format!("{name}.pt"),
            &archive(&state_dict(&[spec], b""), &[("0", bytes)]),
        );
        let m = refused(&p, 2 << 30, ErrorKind::Weights, says);
        assert!(m.contains("`fc.weight`"), "{name}: {m}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn storages_and_pickles_past_the_memory_limit_are_refused_unread() {
    let dir = temp_dir("budget");
    // 1 MiB storage, 512 KiB limit: the file itself is over the limit.
    let spec = f32_spec("w", "0", 1 << 18, &[1 << 18]);
    let p = write(
        &dir,
        "big.pt",
        &archive(&state_dict(&[spec], b""), &[("0", vec![0u8; 1 << 20])]),
    );
    refused(&p, 1 << 19, ErrorKind::Memory, "more than --max-memory");
    // A pickle of 300 KB of NONE with a 1 MiB limit: the reader may hold
    // an eighth of it.
    let mut nones = vec![0x80, 0x02];
    nones.extend(std::iter::repeat_n(b'N', 300_000));
    nones.push(b'.');
    let p = write(&dir, "nones.pt", &archive(&nones, &[]));
    refused(
        &p,
        1 << 20,
        ErrorKind::Memory,
        "its pickle (archive/data.pkl) is larger than 128.0 KiB; a checkpoint's pickle may take an eighth of --max-memory (1.0 MiB)",
    );
    let _ = std::fs::remove_dir_all(dir);
}

fn reliability(folder: &str, file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/reliability")
        .join(folder)
        .join(file)
}

#[test]
fn the_reliability_reproducers_are_refused_with_the_reason() {
    for (folder, file, kind, says) in [
        (
            "ckpt-memo-billion-laughs",
            "memo_laughs2.pt",
            ErrorKind::Weights,
            "through repeated memo references",
        ),
        (
            "ckpt-memo-billion-laughs",
            "memo_laughs_in_sd.pt",
            ErrorKind::Weights,
            "through repeated memo references",
        ),
        (
            "ckpt-stride0-memory-blowup",
            "meta_many_stride0.pt",
            ErrorKind::Memory,
            "its tensors take 10.7 GiB in all",
        ),
        (
            "ckpt-malformed-accepted",
            "meta_offset_huge.pt",
            ErrorKind::Weights,
            "storage offset 4611686018427387904 lies outside its storage of 12 elements",
        ),
        (
            "ckpt-malformed-accepted",
            "meta_stride_short.pt",
            ErrorKind::Weights,
            "its size (3, 4) has 2 dims but its stride (1,) has 1",
        ),
        (
            "ckpt-deep-pickle-stack-overflow",
            "deep_tuple1_10000.pt",
            ErrorKind::Weights,
            "values nest more than 1000 deep",
        ),
        (
            "ckpt-deep-pickle-stack-overflow",
            "deep_list_10000.pt",
            ErrorKind::Weights,
            "values nest more than 1000 deep",
        ),
        (
            "ckpt-deep-pickle-stack-overflow",
            "deep_value_in_sd_10000.pt",
            ErrorKind::Weights,
            "values nest more than 1000 deep",
        ),
    ] {
        refused(&reliability(folder, file), 2 << 30, kind, says);
    }
    // One 1.9 GB stride-0 view: loads without allocating it, and the
    // model's check refuses it.
    let path = reliability("ckpt-stride0-memory-blowup", "meta_stride_zero_1_9G.pt");
    let e = run_with(FC, &path, 2 << 30).result.err().expect("refused");
    assert!(
        e.message
            .contains("size mismatch for fc.weight: [500000000] in the file, [3, 4] in the model"),
        "{}",
        e.message
    );
}
