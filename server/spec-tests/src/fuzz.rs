//! A seeded, time-budgeted fuzzer of the parse + trace + report pipeline
//! (stable Rust, no instrumentation): each input is either a corpus file
//! mutated by a few random edits (byte flips, token insertions, line
//! deletions, duplications and splices, number changes) or a model written
//! by a small grammar of what model code does (classes with `forward`,
//! helpers and recursion, loops, comprehensions, branches on shapes and on
//! data, torch calls with random arguments, random `dynamic_shapes` specs).
//!
//! Each input is parsed, traced in both modes and reported (JSON report
//! and printed program) on a worker thread with a large stack, inside
//! `catch_unwind`, under a wall-clock hang limit. A panic or a hang is a
//! [`Finding`]; the input is written to a folder so it can become a
//! regression case (`tests/fuzz_regressions/`, replayed by the suite).
//! `tests/fuzz.rs` runs it for a short time, `scripts/fuzz.sh` for long.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use syntax::TextRange;
use tracer::entry::{EntryKind, EntryPoint};
use tracer::{Budget, SourceFile, TraceOutcome};

/// splitmix64: small, seedable, good enough to pick edits.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A `u64` from the environment, or `default`.
pub fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

static PANICS: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Record every panic of the process from now on, caught or not (for
/// fuzz targets whose code catches panics itself); see [`panics_seen`].
pub fn count_panics() {
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut seen) = PANICS.lock() {
            seen.push(info.to_string());
        }
    }));
}

/// The panics recorded since [`count_panics`].
pub fn panics_seen() -> Vec<String> {
    PANICS.lock().map(|seen| seen.clone()).unwrap_or_default()
}

/// What went wrong on one input.
#[derive(Clone, Debug)]
pub struct Finding {
    pub what: &'static str,
    pub message: String,
    pub input: String,
    /// Where the input was written, if it was.
    pub saved: Option<PathBuf>,
}

/// Totals of one run.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub inputs: u64,
    pub mutated: u64,
    pub generated: u64,
    pub exported: u64,
    pub failed: u64,
    pub seconds: f64,
    /// The slowest input, in seconds.
    pub slowest: f64,
    /// Resident set size at the start and the end of the run and its
    /// peak, in MiB (0 where `/proc` is not available).
    pub rss_start_mib: u64,
    pub rss_end_mib: u64,
    pub peak_rss_mib: u64,
    pub findings: Vec<Finding>,
}

/// Settings of one run.
#[derive(Clone, Debug)]
pub struct Config {
    pub seed: u64,
    pub duration: Duration,
    /// Stop after this many inputs (the suite's runs are deterministic).
    pub max_inputs: u64,
    /// An input taking longer than this is a hang.
    pub hang_limit: Duration,
    /// Where inputs that panic or hang are written (`None`: nowhere).
    pub save_dir: Option<PathBuf>,
    /// Print the counts and the resident set size to stderr every this
    /// often (`None`: never).
    pub progress: Option<Duration>,
    /// Stop the run when the resident set grows past this many MiB (an
    /// abandoned hanging worker that keeps allocating would otherwise take
    /// the machine's memory); that is a finding too.
    pub max_rss_mib: u64,
    /// Generate and drop this many inputs first, analysing none (inputs do
    /// not depend on the analysis: `skip` = N replays a run from its N-th
    /// input).
    pub skip: u64,
}

/// Worker stack: deep nesting recurses in lowering and tracing.
const STACK: usize = 64 << 20;

/// Parse, trace in both modes, report and print `text`; returns whether
/// every trace exported, or the panic message.
pub fn analyse(path: &str, text: &str) -> Result<bool, String> {
    catch_unwind(AssertUnwindSafe(|| {
        let file = SourceFile::parse(path, text);
        let mut entries = tracer::find_entries(&file);
        if entries.is_empty() {
            entries.push(EntryPoint {
                name: "model".into(),
                line: 1,
                range: TextRange::default(),
                kind: EntryKind::ExportDb,
            });
        }
        let mut all_exported = true;
        for entry in entries.iter().take(4) {
            for mode in crate::MODES {
                let result = tracer::trace_entry(file.clone(), entry, mode, Budget::default());
                let _report = export::run_report(&result, path);
                match &result.outcome {
                    TraceOutcome::Exported(program) => {
                        let named = export::name_program(program, mode);
                        let _text = export::print_program(&named, path);
                    }
                    TraceOutcome::Failed(_) => all_exported = false,
                }
            }
        }
        all_exported
    }))
    .map_err(|payload| panic_message(payload.as_ref()))
}

/// The text of a caught panic.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "non-string panic".into())
}

/// Resident set size and its peak, in MiB, from `/proc/self/status`.
pub fn rss_mib() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
            .map_or(0, |kib| kib / 1024)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// A long-lived analysis thread; replaced when an input hangs.
struct Worker {
    jobs: mpsc::Sender<String>,
    results: mpsc::Receiver<Result<bool, String>>,
}

impl Worker {
    fn spawn() -> Option<Worker> {
        let (jobs, job_rx) = mpsc::channel::<String>();
        let (result_tx, results) = mpsc::channel();
        std::thread::Builder::new()
            .name("fuzz-worker".into())
            .stack_size(STACK)
            .spawn(move || {
                for text in job_rx {
                    if result_tx.send(analyse("fuzz.py", &text)).is_err() {
                        break;
                    }
                }
            })
            .ok()?;
        Some(Worker { jobs, results })
    }
}

/// Run the pipeline fuzzer on `seeds` (corpus texts) for the configured
/// time.
pub fn run_pipeline(seeds: &[String], config: &Config) -> Stats {
    let mut rng = Rng::new(config.seed);
    let mut stats = Stats {
        rss_start_mib: rss_mib().0,
        ..Stats::default()
    };
    let start = Instant::now();
    let Some(mut worker) = Worker::spawn() else {
        return stats;
    };
    let mut last_progress = Instant::now();
    while start.elapsed() < config.duration && stats.inputs < config.max_inputs {
        if let Some(every) = config.progress
            && last_progress.elapsed() >= every
        {
            last_progress = Instant::now();
            eprintln!(
                "[fuzz {:.0} s] {} inputs, {} findings, RSS {} MiB",
                start.elapsed().as_secs_f64(),
                stats.inputs,
                stats.findings.len(),
                rss_mib().0
            );
        }
        let generated = seeds.is_empty() || rng.chance(40);
        let input = if generated {
            stats.generated += 1;
            generate_model(&mut rng)
        } else {
            stats.mutated += 1;
            mutate(&mut rng, seeds)
        };
        stats.inputs += 1;
        if stats.inputs <= config.skip {
            continue;
        }
        // What a crash that no thread survives (a stack overflow aborts
        // the process) was analysing: overwritten by the next input.
        if let Some(dir) = &config.save_dir
            && std::fs::create_dir_all(dir).is_ok()
        {
            let _ = std::fs::write(dir.join("in-flight.py"), &input);
        }
        let began = Instant::now();
        if worker.jobs.send(input.clone()).is_err() {
            break;
        }
        let outcome = worker.results.recv_timeout(config.hang_limit);
        let took = began.elapsed();
        stats.slowest = stats.slowest.max(took.as_secs_f64());
        // Slow but answered (a quarter of the hang limit): kept for a look,
        // not a finding.
        if took > config.hang_limit / 4 && outcome.is_ok() {
            let slow = finding(
                "slow",
                format!("answered in {took:.1?}"),
                input.clone(),
                config,
            );
            if config.progress.is_some() {
                eprintln!("[fuzz] slow: {} ({:?})", slow.message, slow.saved);
            }
        }
        let found_before = stats.findings.len();
        match outcome {
            Ok(Ok(true)) => stats.exported += 1,
            Ok(Ok(false)) => stats.failed += 1,
            Ok(Err(message)) => {
                stats
                    .findings
                    .push(finding("panic", message, input.clone(), config))
            }
            Err(_) => {
                let message = format!("no answer within {:?}", config.hang_limit);
                stats
                    .findings
                    .push(finding("hang", message, input.clone(), config));
                // The stuck thread is abandoned; a new one takes over.
                match Worker::spawn() {
                    Some(fresh) => worker = fresh,
                    None => break,
                }
            }
        }
        if config.progress.is_some()
            && let Some(found) = stats.findings.get(found_before)
        {
            eprintln!(
                "[fuzz] {}: {} ({:?})",
                found.what, found.message, found.saved
            );
        }
        let rss = rss_mib().0;
        stats.peak_rss_mib = stats.peak_rss_mib.max(rss);
        if rss > config.max_rss_mib {
            let message = format!(
                "resident set {rss} MiB after this input, over the {} MiB cap; run stopped",
                config.max_rss_mib
            );
            let memory = finding("memory", message, input, config);
            eprintln!("[fuzz] memory: {} ({:?})", memory.message, memory.saved);
            stats.findings.push(memory);
            break;
        }
    }
    stats.seconds = start.elapsed().as_secs_f64();
    let (end, peak) = rss_mib();
    stats.rss_end_mib = end;
    stats.peak_rss_mib = stats.peak_rss_mib.max(peak);
    stats
}

/// A finding, with its input written to the save folder (also used for
/// slow inputs, which are not findings).
pub fn finding(what: &'static str, message: String, input: String, config: &Config) -> Finding {
    let saved = config.save_dir.as_ref().and_then(|dir| {
        std::fs::create_dir_all(dir).ok()?;
        let hash = input.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        let path = dir.join(format!("{what}-{hash:016x}.py"));
        std::fs::write(&path, &input).ok()?;
        Some(path)
    });
    Finding {
        what,
        message,
        input,
        saved,
    }
}

/// Texts of the seed files (unreadable ones are skipped).
pub fn read_seeds(paths: &[PathBuf]) -> Vec<String> {
    paths
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .collect()
}

/// The seed inputs of the pipeline target: the corpus cases and the
/// bundled examples.
pub fn seed_files(root: &Path) -> Vec<PathBuf> {
    let mut files = crate::corpus_files();
    if let Ok(entries) = std::fs::read_dir(root.join("examples")) {
        files.extend(
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "py")),
        );
    }
    files
}

const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ":",
    ",",
    ".",
    "*",
    "**",
    "-",
    "+",
    "@",
    "=",
    "==",
    "lambda ",
    "yield ",
    "await ",
    "not ",
    "None",
    "True",
    "0",
    "-1",
    "1e309",
    "2**64",
    "\"",
    "'''",
    "\\",
    "\t",
    "\n",
    "\n    ",
    "x",
    "self",
    ".shape",
    ".size(0)",
    "[0]",
    "[::-1]",
    "[..., None]",
    " if x else ",
    " for i in range(3)",
    "return ",
    "del x\n",
    "global x\n",
    "nonlocal x\n",
    "async ",
    "class ",
    "def ",
    "import torch\n",
    "from . import x\n",
    "torch.",
    "nn.",
    ".item()",
    ".tolist()",
    "Dim('d')",
    "Dim.AUTO",
    "*args",
    "**kwargs",
    "#",
    "\u{e9}",
    "\u{0}",
];

/// A corpus file with one to four random edits.
pub fn mutate(rng: &mut Rng, seeds: &[String]) -> String {
    let mut text = rng.pick(seeds).clone();
    for _ in 0..=rng.below(4) {
        text = edit(rng, &text, seeds);
    }
    text
}

fn char_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn edit(rng: &mut Rng, text: &str, seeds: &[String]) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let at = char_boundary(text, rng.below(text.len() + 1));
    match rng.below(9) {
        0 => {
            // Flip one bit of one byte (lossy: the text stays UTF-8).
            let mut bytes = text.as_bytes().to_vec();
            if !bytes.is_empty() {
                let i = rng.below(bytes.len());
                bytes[i] ^= 1 << rng.below(8);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        }
        1 => format!("{}{}{}", &text[..at], rng.pick(TOKENS), &text[at..]),
        2 => {
            // Delete a run of lines.
            let from = rng.below(lines.len());
            let to = (from + 1 + rng.below(4)).min(lines.len());
            let mut out: Vec<&str> = lines[..from].to_vec();
            out.extend_from_slice(&lines[to..]);
            out.concat()
        }
        3 => {
            // Duplicate a line somewhere else.
            let line = lines.get(rng.below(lines.len())).copied().unwrap_or("");
            let to = rng.below(lines.len() + 1);
            let mut out: Vec<&str> = lines.clone();
            out.insert(to.min(out.len()), line);
            out.concat()
        }
        4 => {
            // Swap two lines.
            let mut out = lines.clone();
            if out.len() > 1 {
                let (i, j) = (rng.below(out.len()), rng.below(out.len()));
                out.swap(i, j);
            }
            out.concat()
        }
        5 => {
            // Replace a number by another, maybe absurd.
            let digits: Vec<usize> = text
                .char_indices()
                .filter(|(_, c)| c.is_ascii_digit())
                .map(|(i, _)| i)
                .collect();
            let Some(&i) = digits.get(rng.below(digits.len())) else {
                return text.to_owned();
            };
            let numbers = [
                "0", "1", "-1", "2", "7", "1024", "100000", "2**31", "10**12", "0.5",
            ];
            format!("{}{}{}", &text[..i], rng.pick(&numbers), &text[i + 1..])
        }
        6 => {
            // Splice lines of another seed in.
            let other: Vec<&str> = rng.pick(seeds).split_inclusive('\n').collect();
            let from = rng.below(other.len());
            let to = (from + 1 + rng.below(8)).min(other.len());
            let insert = other.get(from..to).unwrap_or_default().concat();
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            format!("{}{insert}{}", &text[..line_start], &text[line_start..])
        }
        7 => {
            // Cut the text short.
            text[..at].to_owned()
        }
        _ => {
            // Change the indentation of a line.
            let mut out: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
            if let Some(line) = out.get_mut(rng.below(lines.len())) {
                *line = if rng.chance(50) {
                    format!("    {line}")
                } else {
                    line.trim_start().to_owned()
                };
            }
            out.concat()
        }
    }
}

/// Tensor-valued expressions over the names in scope.
fn tensor_expr(rng: &mut Rng, names: &[&str], depth: u32) -> String {
    let x = *rng.pick(names);
    if depth > 2 {
        return x.to_owned();
    }
    let inner = tensor_expr(rng, names, depth + 1);
    let dim = rng.pick(&["0", "1", "-1", "2", "-2", "5"]).to_string();
    let size = rng
        .pick(&["1", "2", "3", "4", "8", "-1", "0", "x.shape[0]", "n"])
        .to_string();
    match rng.below(22) {
        0 => format!("({inner} + {x})"),
        1 => format!(
            "({inner} * {})",
            rng.pick(&["2", "0.5", "-1", "x.shape[-1]", "n"])
        ),
        2 => format!("torch.relu({inner})"),
        3 => format!("{inner}.sum(dim={dim}, keepdim=True)"),
        4 => format!("{inner}.view({size}, -1)"),
        5 => format!("{inner}.reshape(-1)"),
        6 => format!("torch.cat([{inner}, {x}], dim={dim})"),
        7 => format!("{inner}.transpose(0, {dim})"),
        8 => format!(
            "{inner}[{}]",
            rng.pick(&["0", "1:", ":, 0", "..., :2", "None", "n"])
        ),
        9 => format!("torch.softmax({inner}, dim={dim})"),
        10 => format!("{inner}.mean()"),
        11 => format!("({inner} @ {x}.T)"),
        12 => format!("torch.zeros({size}, {size})"),
        13 => format!("torch.ones_like({inner})"),
        14 => format!("{inner}.unsqueeze({dim}).squeeze({dim})"),
        15 => format!("torch.where({inner} > 0, {inner}, {x})"),
        16 => format!("F.layer_norm({inner}, ({size},))"),
        17 => format!("{inner}.expand({size}, -1)"),
        18 => format!("torch.arange({size})"),
        19 => format!("{inner}.flatten({dim})"),
        20 => format!("self.layer({inner})"),
        _ => format!("helper({inner}, {})", rng.below(4)),
    }
}

fn statement(rng: &mut Rng, indent: &str, depth: u32) -> String {
    let names = ["x", "h", "y"];
    let e = tensor_expr(rng, &names, 0);
    if depth > 2 {
        return format!("{indent}h = {e}\n");
    }
    let inner = format!("{indent}    ");
    let body = statement(rng, &inner, depth + 1);
    match rng.below(14) {
        0 => format!(
            "{indent}for i in range({}):\n{body}",
            rng.pick(&["3", "n", "x.shape[0]", "len(self.blocks)"])
        ),
        1 => format!(
            "{indent}if h.shape[0] {} {}:\n{body}{indent}else:\n{inner}h = h + 1\n",
            rng.pick(&[">", "==", "!=", "<="]),
            rng.below(9)
        ),
        2 => format!("{indent}if h.sum() > 0:\n{body}"),
        3 => format!(
            "{indent}parts = [{e} for _ in range({})]\n{indent}h = torch.stack(parts).sum(0)\n",
            rng.below(4)
        ),
        4 => format!(
            "{indent}k = 0\n{indent}while k < {}:\n{inner}k += 1\n{body}",
            rng.pick(&["3", "n", "h.shape[0]"])
        ),
        5 => format!(
            "{indent}n = int(h.{}) \n",
            rng.pick(&["shape[0]", "sum().item()", "numel()", "size(-1)"])
        ),
        6 => format!(
            "{indent}h = {}\n",
            rng.pick(&[
                "h.tolist()",
                "h.item()",
                "h.numpy()",
                "h.data",
                "f'{h}'",
                "h.shape"
            ])
        ),
        7 => format!(
            "{indent}torch._check(h.shape[0] {} {})\n",
            rng.pick(&[">=", "<", "=="]),
            rng.below(9)
        ),
        8 => format!("{indent}for blk in self.blocks:\n{inner}h = blk(h)\n"),
        9 => format!(
            "{indent}h, *rest = torch.split(h, {}, dim=0)\n",
            rng.pick(&["1", "2", "n"])
        ),
        10 => format!("{indent}try:\n{body}{indent}except Exception:\n{inner}pass\n"),
        11 => format!("{indent}with torch.no_grad():\n{body}"),
        12 => format!("{indent}y = {{'a': h, 'b': ({e}, h)}}['a']\n"),
        _ => format!("{indent}h = {e}\n"),
    }
}

fn dim_spec(rng: &mut Rng) -> String {
    let lo = rng.pick(&["0", "1", "2", "3", "-1", "10**9"]).to_string();
    let hi = rng
        .pick(&["4", "8", "64", "1", "2", "int(1e6)", "lo"])
        .to_string();
    match rng.below(8) {
        0 => "Dim.AUTO".into(),
        1 => "Dim.STATIC".into(),
        2 => "Dim.DYNAMIC".into(),
        3 => format!("Dim('b', min={lo}, max={hi})"),
        4 => "2 * Dim('d')".into(),
        5 => "Dim('b') + 1".into(),
        6 => "None".into(),
        _ => format!("Dim('b', max={hi})"),
    }
}

/// A model written by the grammar: module-level helpers (one recursive),
/// a class with submodules and a `forward` of random statements, example
/// inputs and maybe a `dynamic_shapes` spec.
pub fn generate_model(rng: &mut Rng) -> String {
    let width = rng.pick(&["4", "8", "3", "1", "0"]).to_string();
    let batch = rng.pick(&["2", "3", "1", "5", "0"]).to_string();
    let mut out = String::from(
        "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\nfrom torch.export import Dim\n\n\n",
    );
    out.push_str(&format!(
        "def helper(t, depth):\n    if depth <= 0:\n        return t\n    return helper(t * 2, depth - {})\n\n\n",
        rng.pick(&["1", "1", "0", "-1", "2"])
    ));
    let layer = rng.pick(&[
        "nn.Linear(W, W)",
        "nn.Identity()",
        "nn.LayerNorm(W)",
        "nn.Sequential(nn.Linear(W, W), nn.ReLU())",
        "nn.Dropout(0.1)",
        "nn.Conv1d(W, W, 1)",
        "nn.Embedding(10, W)",
        "nn.BatchNorm1d(W)",
    ]);
    out.push_str(&format!(
        "class M(nn.Module):\n    def __init__(self, n={}):\n        super().__init__()\n        self.layer = {}\n        self.blocks = nn.ModuleList([nn.Linear(W, W) for _ in range(n)])\n",
        rng.below(3),
        layer.replace('W', &width)
    ));
    if rng.chance(20) {
        out.push_str(&format!(
            "        self.register_buffer('buf', torch.ones({width}))\n"
        ));
    }
    out.push_str("\n    def forward(self, x, y):\n        h = x\n        n = 2\n");
    for _ in 0..=rng.below(6) {
        out.push_str(&statement(rng, "        ", 0));
    }
    out.push_str(&format!(
        "        return {}\n\n\n",
        rng.pick(&[
            "h",
            "h, y",
            "{'out': h, 'aux': [y]}",
            "h.shape",
            "None",
            "(h,)",
            "h + y"
        ])
    ));
    out.push_str(&format!(
        "model = M()\nexample_args = (torch.randn({batch}, {width}), torch.randn({batch}, {width}))\n"
    ));
    if rng.chance(60) {
        out.push_str(&format!(
            "dynamic_shapes = {{'x': {{0: {}}}, 'y': {{0: {}}}}}\n",
            dim_spec(rng),
            dim_spec(rng)
        ));
    }
    out
}
