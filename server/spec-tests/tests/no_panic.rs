//! The tracer never panics and always terminates: every corpus file cut
//! short at 20 offsets and with 20 single-byte flips, and pathological
//! sources, each traced in-process in both modes inside `catch_unwind`.
//! Pathological inputs must also yield a result located in the file, and
//! each runs on its own thread with an 8 MiB stack under a 20 s watchdog.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use syntax::TextRange;
use tracer::entry::{EntryKind, EntryPoint};
use tracer::{Budget, SourceFile, TraceOutcome, TraceResult};

const STACK: usize = 8 * 1024 * 1024;
const WATCHDOG: Duration = Duration::from_secs(20);
const VARIANTS: usize = 20;
/// Per-variant bound for the corpus mutations. Looser than the watchdog of
/// the pathological inputs: this is a debug build, and a mutation can turn
/// a loop condition into an unknown value that runs to the node budget.
const VARIANT_LIMIT: Duration = Duration::from_secs(60);

/// The entry points of a file, or a synthetic ExportDB entry when it has
/// none, so that the module code still runs.
fn entries_or_default(file: &SourceFile) -> Vec<EntryPoint> {
    let found = tracer::find_entries(file);
    if !found.is_empty() {
        return found;
    }
    vec![EntryPoint {
        name: "model".into(),
        line: 1,
        range: TextRange::default(),
        kind: EntryKind::ExportDb,
    }]
}

/// Parse and trace `text` in both modes (and build each report, as the CLI
/// does); `Err` carries the panic message.
fn analyse(path: &str, text: &str) -> Result<(Arc<SourceFile>, Vec<TraceResult>), String> {
    catch_unwind(AssertUnwindSafe(|| {
        let file = SourceFile::parse(path, text);
        let mut results = Vec::new();
        for entry in entries_or_default(&file) {
            for mode in spec_tests::MODES {
                let r = tracer::trace_entry(file.clone(), &entry, mode, Budget::default());
                let _report = export::run_report(&r, path);
                if let TraceOutcome::Exported(p) = &r.outcome {
                    let named = export::name_program(p, mode);
                    let _text = export::print_program(&named, path);
                }
                results.push(r);
            }
        }
        (file, results)
    }))
    .map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "non-string panic".into())
    })
}

/// One analysis at a time: the watchdogs measure wall time, so the tests
/// of this file must not compete with each other for the CPU.
static SERIAL: Mutex<()> = Mutex::new(());

/// Run `f` on a thread with an 8 MiB stack; fail if it takes longer than
/// `limit` (the thread is abandoned) or dies.
fn on_big_stack<T: Send + 'static>(
    what: &str,
    limit: Duration,
    f: impl FnOnce() -> T + Send + 'static,
) -> T {
    let _serial = SERIAL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let (tx, rx) = mpsc::channel();
    let handle = std::thread::Builder::new()
        .name(what.to_string())
        .stack_size(STACK)
        .spawn(move || {
            let _ = tx.send(f());
        })
        .expect("spawn analysis thread");
    match rx.recv_timeout(limit) {
        Ok(v) => {
            handle.join().ok();
            v
        }
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what}: analysis did not finish within {limit:?}")
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            panic!(
                "{what}: the analysis thread died: {:?}",
                handle.join().err()
            )
        }
    }
}

/// Deterministic pseudo-random numbers (64-bit LCG).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// 20 prefixes at evenly spaced byte offsets and 20 single-byte flips.
fn mutations(bytes: &[u8], seed: u64) -> Vec<(String, String)> {
    let n = bytes.len();
    let mut out = Vec::new();
    for k in 0..VARIANTS {
        let cut = k * n / VARIANTS;
        out.push((
            format!("truncated at byte {cut}"),
            String::from_utf8_lossy(&bytes[..cut]).into_owned(),
        ));
    }
    let mut rng = Lcg(seed);
    for _ in 0..VARIANTS {
        let pos = (rng.next() as usize) % n.max(1);
        let mask = 1u8 << (rng.next() % 8);
        let mut flipped = bytes.to_vec();
        if let Some(b) = flipped.get_mut(pos) {
            *b ^= mask;
        }
        out.push((
            format!("byte {pos} xor {mask:#04x}"),
            String::from_utf8_lossy(&flipped).into_owned(),
        ));
    }
    out
}

fn corpus() -> Vec<PathBuf> {
    let files = spec_tests::corpus_files();
    assert!(
        files.len() >= 100,
        "expected the shared corpus beside the repository, found {} files",
        files.len()
    );
    files
}

/// Every mutation of every corpus file is analysed without a panic.
#[test]
fn corpus_mutations_never_panic() {
    let files = corpus();
    let (done, panics) = on_big_stack("corpus mutations", Duration::from_secs(600), move || {
        let mut panics = Vec::new();
        let mut done = 0;
        for (i, path) in files.iter().enumerate() {
            let bytes = std::fs::read(path).expect("corpus file is readable");
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            for (what, text) in mutations(&bytes, i as u64 + 1) {
                let t = Instant::now();
                if let Err(msg) = analyse(&name, &text) {
                    panics.push(format!("{name} ({what}): {msg}"));
                }
                assert!(
                    t.elapsed() < VARIANT_LIMIT,
                    "{name} ({what}) took {:?}",
                    t.elapsed()
                );
                done += 1;
            }
        }
        (done, panics)
    });
    assert_eq!(done, spec_tests::corpus_files().len() * 2 * VARIANTS);
    assert!(
        panics.is_empty(),
        "{} of {done} variants panicked:\n{}",
        panics.len(),
        panics.join("\n")
    );
}

/// Which lines of a pathological file a result may point at.
type Lines = std::ops::RangeInclusive<u32>;

/// Analyse a pathological source on a big stack under the watchdog; it
/// must not panic, and each mode must yield a failure or note located on
/// one of `expect_lines`.
fn pathological(what: &'static str, text: String, expect_lines: Lines) {
    let (modes, located): (usize, Vec<String>) = on_big_stack(what, WATCHDOG, move || {
        let path = format!("{what}.py");
        let (file, results) = match analyse(&path, &text) {
            Ok(v) => v,
            Err(msg) => panic!("{what}: panicked: {msg}"),
        };
        let missing: Vec<String> = results
            .iter()
            .filter(|r| !has_located_result(&file, r, &expect_lines))
            .map(|r| format!("[{}] {}", r.mode.key(), describe(&file, r)))
            .collect();
        (results.len(), missing)
    });
    assert_eq!(modes, 2, "{what}: expected one entry traced in both modes");
    assert!(
        located.is_empty(),
        "{what}: no failure or note located on the expected lines:\n{}",
        located.join("\n")
    );
}

fn line_of_range(file: &SourceFile, r: TextRange) -> Option<u32> {
    (r != TextRange::default() && (r.end as usize) <= file.text.len())
        .then(|| file.line_of(r.start))
}

fn has_located_result(file: &SourceFile, r: &TraceResult, lines: &Lines) -> bool {
    let failure_line = match &r.outcome {
        TraceOutcome::Failed(f) => f
            .line
            .into_iter()
            .chain(f.range.and_then(|rg| line_of_range(file, rg)))
            .any(|l| lines.contains(&l)),
        TraceOutcome::Exported(_) => false,
    };
    failure_line
        || r.notes
            .iter()
            .filter_map(|n| line_of_range(file, n.range))
            .any(|l| lines.contains(&l))
}

fn describe(file: &SourceFile, r: &TraceResult) -> String {
    let outcome = match &r.outcome {
        TraceOutcome::Failed(f) => format!(
            "failed ({}) line {:?} range {:?}: {}",
            f.kind.category(),
            f.line,
            f.range,
            f.message.lines().next().unwrap_or("")
        ),
        TraceOutcome::Exported(p) => format!("exported, {} nodes", p.graph.nodes.len()),
    };
    let notes: Vec<String> = r
        .notes
        .iter()
        .map(|n| format!("line {:?}: {}", line_of_range(file, n.range), n.message))
        .collect();
    format!("{outcome}; notes: {notes:?}")
}

/// A model whose `forward` body is `body` (indented by 8 spaces); the
/// body starts on line 7.
fn model_with_forward(prelude: &str, body: &str) -> String {
    format!(
        "import torch\n{prelude}\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n{body}\n\n\nexample_args = (torch.randn(3, 4),)\nmodel = M()\n"
    )
}

#[test]
fn hundred_thousand_nested_parentheses() {
    let expr = format!("{}x{}", "(".repeat(100_000), ")".repeat(100_000));
    let text = model_with_forward("", &format!("        return {expr} + 1"));
    pathological("nested_parens_1e5", text, 7..=7);
}

/// A model whose `__init__` is `init_body`.
fn model_with_init(prelude: &str, init_body: &str) -> String {
    format!(
        "import torch\n{prelude}\n\n\nclass M(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n{init_body}\n\n    def forward(self, x):\n        return x + 1\n\n\nexample_args = (torch.randn(3, 4),)\nmodel = M()\n"
    )
}

/// The failure messages of both modes of `text`'s entry.
fn failure_messages(what: &'static str, text: String) -> Vec<String> {
    failure_messages_within(what, text, WATCHDOG)
}

fn failure_messages_within(what: &'static str, text: String, limit: Duration) -> Vec<String> {
    on_big_stack(what, limit, move || {
        let (_, results) = analyse(&format!("{what}.py"), &text)
            .unwrap_or_else(|msg| panic!("{what}: panicked: {msg}"));
        results
            .iter()
            .filter_map(|r| match &r.outcome {
                TraceOutcome::Failed(f) => Some(f.message.clone()),
                TraceOutcome::Exported(_) => None,
            })
            .collect()
    })
}

// Building the model is where these stop: the failure is on the line that
// builds it (`model = M()`) and names the loop or the recursion.
#[test]
fn infinite_loop_in_init() {
    let text = model_with_init("", "        n = 0\n        while True:\n            n += 1");
    let last = text.lines().count() as u32;
    pathological("init_while_true", text.clone(), last..=last);
    for message in failure_messages("init_while_true", text) {
        assert!(message.contains("`while` loop ran more than"), "{message}");
    }
}

#[test]
fn unbounded_recursion_in_init() {
    let text = model_with_init(
        "\n\ndef build(k):\n    return build(k + 1)",
        "        self.k = build(0)",
    );
    let last = text.lines().count() as u32;
    pathological("init_recursion", text.clone(), last..=last);
    for message in failure_messages("init_recursion", text) {
        assert!(
            message.contains("call depth limit") && message.contains("`build`"),
            "{message}"
        );
    }
}

#[test]
fn a_spec_with_ten_thousand_dims() {
    // A list of ten thousand tensors, each with its own named Dim.
    let n = 10_000;
    let params: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
    let text = format!(
        "import torch\nfrom torch.export import Dim\n\n\nclass M(torch.nn.Module):\n    def forward(self, xs):\n        return xs[0] * 2\n\n\nmodel = M()\nexample_args = ([torch.randn(4) for _ in range({n})],)\ndynamic_shapes = ([{}],)\n",
        params
            .iter()
            .map(|p| format!("{{0: Dim('{p}', max=64)}}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    // It exports: 3.4 s for both modes in a release build (20,000 symbols
    // with their guards); this debug build gets a longer hang guard.
    let messages = failure_messages_within("ten_thousand_dims", text, Duration::from_secs(300));
    assert!(messages.is_empty(), "{messages:?}");
}

#[test]
fn a_fifty_megabyte_file_is_refused_at_its_first_line() {
    let mut text = model_with_forward("", "        return x + 1");
    text.push_str(&format!("table = [{}]\n", "7, ".repeat(50 << 20 >> 2)));
    pathological("fifty_mb", text.clone(), 1..=1);
    let file = tracer::SourceFile::parse("fifty_mb.py", &text);
    assert_eq!(file.syntax_errors.len(), 1);
    assert_eq!(file.syntax_errors[0].range, TextRange::new(0, 0));
    assert!(
        file.syntax_errors[0]
            .message
            .starts_with("file too large to analyse (39.3 MB"),
        "{}",
        file.syntax_errors[0].message
    );
}

#[test]
fn ten_thousand_nested_parentheses() {
    let expr = format!("{}x{}", "(".repeat(10_000), ")".repeat(10_000));
    let text = model_with_forward("", &format!("        return {expr} + 1"));
    pathological("nested_parens", text, 7..=7);
}

#[test]
fn three_thousand_nested_ifs() {
    // One space per level: 4.5 MB (ten thousand levels, 50 MB, are past
    // the parser's size limit).
    let depth = 3_000;
    let mut body = String::new();
    for d in 0..depth {
        body.push_str(&" ".repeat(8 + d));
        body.push_str("if x.dim() == 2:\n");
    }
    body.push_str(&" ".repeat(8 + depth));
    body.push_str("x = x + 1\n        return x");
    let text = model_with_forward("", &body);
    let last = text.lines().count() as u32;
    pathological("nested_ifs", text, 7..=last);
}

#[test]
fn infinite_loop_in_forward() {
    let text = model_with_forward(
        "",
        "        while True:\n            pass\n        return x",
    );
    pathological("while_true", text, 7..=8);
}

#[test]
fn unbounded_recursion() {
    let text = model_with_forward("\n\ndef f(x):\n    return f(x)", "        return f(x)");
    // `def f` is on line 4; forward's body on line 10.
    pathological("recursion", text, 5..=10);
}

#[test]
fn unknown_module() {
    let text = model_with_forward(
        "import not_a_module",
        "        return not_a_module.transform(x)",
    );
    pathological("unknown_module", text, 2..=7);
}

#[test]
fn unknown_torch_api() {
    let text = model_with_forward("", "        return torch.not_an_api(x)");
    pathological("unknown_api", text, 7..=7);
}

#[test]
fn one_megabyte_file() {
    // 1 MB: a forward of ~40,000 statements after 2,000 unused helpers,
    // ending in an unknown call so that the result has a location.
    let mut prelude = String::new();
    for i in 0..2_000 {
        prelude.push_str(&format!("\n\ndef helper_{i}(t):\n    return t * {i} + 1\n"));
    }
    let mut body = String::new();
    while body.len() + prelude.len() < 1_000_000 {
        body.push_str("        x = x + 1\n");
    }
    body.push_str("        return torch.not_an_api(x)");
    let text = model_with_forward(&prelude, &body);
    assert!(text.len() >= 1_000_000);
    let last = text.lines().count() as u32;
    pathological("one_megabyte", text, last - 5..=last);
}

/// A model exported with `spec_lines` defining `dynamic_shapes` last.
fn model_with_spec(spec_lines: &str) -> String {
    format!(
        "import torch\nfrom torch.export import Dim\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x * 2\n\n\nmodel = M()\nexample_args = (torch.randn(4, 3),)\n{spec_lines}\n"
    )
}

#[test]
fn absurd_specs_get_a_located_error() {
    // Each is rejected with an error on the `dynamic_shapes` line (the last).
    let rejected = [
        ("max_zero", "dynamic_shapes = {'x': {0: Dim('a', max=0)}}"),
        (
            "min_above_max",
            "dynamic_shapes = {'x': {0: Dim('a', min=10, max=2)}}",
        ),
        (
            "huge_max",
            "dynamic_shapes = {'x': {0: Dim('a', max=10**30)}}",
        ),
        (
            "huge_min",
            "dynamic_shapes = {'x': {0: Dim('a', min=2**70)}}",
        ),
        (
            "huge_coefficient",
            "dynamic_shapes = {'x': {0: Dim('a') * 10**20}}",
        ),
        ("negated_dim", "dynamic_shapes = {'x': {0: -Dim('a')}}"),
        (
            "floor_division_by_zero",
            "dynamic_shapes = {'x': {0: Dim('a') // 0}}",
        ),
        (
            "float_bound",
            "dynamic_shapes = {'x': {0: Dim('a', min=1.5)}}",
        ),
        (
            "dim_on_a_missing_axis",
            "dynamic_shapes = {'x': {5: Dim('a')}}",
        ),
    ];
    for (what, spec) in rejected {
        let text = model_with_spec(spec);
        let last = text.lines().count() as u32;
        pathological(what, text, last..=last);
    }
}

#[test]
fn absurd_but_valid_specs_export_as_torch_does() {
    // torch clamps a negative `min` to 0, and a derived dim that undoes its
    // own derivation is its root again: both export with `[0, int_oo]`.
    for (what, spec) in [
        (
            "negative_min",
            "dynamic_shapes = {'x': {0: Dim('a', min=-5)}}",
        ),
        (
            "derived_cycle",
            "dx = Dim('dx')\ndy = dx + 1\ndx = dy - 1\ndynamic_shapes = {'x': {0: dx}}",
        ),
    ] {
        let text = model_with_spec(spec);
        let (_, results) = analyse(&format!("{what}.py"), &text)
            .unwrap_or_else(|msg| panic!("{what}: panicked: {msg}"));
        for r in &results {
            let TraceOutcome::Exported(p) = &r.outcome else {
                panic!("{what} [{}]: expected an export", r.mode.key());
            };
            let report = export::run_report(r, "m.py");
            assert_eq!(
                report["range_constraints"]
                    .as_object()
                    .map(|m| m.values().cloned().collect::<Vec<_>>()),
                Some(vec![serde_json::json!([0, "int_oo"])]),
                "{what} [{}]: {report}",
                r.mode.key()
            );
            assert!(!p.graph.nodes.is_empty());
        }
    }
}
