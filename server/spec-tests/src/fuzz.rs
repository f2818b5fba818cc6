//! A seeded, time-budgeted fuzzer of the parse + trace + report pipeline
//! (stable Rust, no instrumentation). Each input is one of:
//!
//! - a corpus file mutated by a few random edits (byte flips, token
//!   insertions, line deletions, duplications and splices, number changes);
//! - a model written by a small grammar of what model code does (classes
//!   with `forward`, helpers and recursion, loops, comprehensions, branches
//!   on shapes and on data, torch calls with random arguments, random
//!   `dynamic_shapes` specs), which also writes, now and then, values that
//!   refer to themselves (`a = []; a.append(a)`, a dict holding itself, a
//!   module that is its own submodule) or nest 1,000 to 100,000 deep
//!   (tuples, lists, dicts, strings, closures, lambdas, generators, module
//!   trees, built in loops), at module level, in `__init__` and inside
//!   `forward`, and compares, prints, copies, hashes, returns or passes them
//!   ([`deep_block`]);
//! - a small package ([`generate_package`]): an entry file and two or three
//!   modules written to a folder, with star-import cycles (`from .a import
//!   *` / `from .b import *`, `from . import *`), plain import cycles,
//!   modules importing themselves, `__all__` naming what is not there,
//!   their bodies generated or mutated corpus text; traced with a
//!   [`tracer::Workspace`] over that folder, as `check` reads a project.
//!
//! Each input is parsed, traced in both modes and reported (JSON report
//! and printed program) on a worker thread with the stack `check`'s
//! workers have (8 MiB: a deeper stack would hide overflows the CLI hits),
//! inside `catch_unwind`, under a wall-clock hang limit; a caller-supplied
//! [`OutputCheck`] then renders the report `check` would print in its
//! machine formats and parses it back (`tests/fuzz.rs`: JSON, SARIF and
//! JUnit XML through real parsers). A panic (caught by the harness, or
//! caught by the tracer and reported as an internal error), an output that
//! does not parse, or a hang is a [`Finding`]; the input is written to a
//! folder so it can become a regression case (`tests/fuzz_regressions/`,
//! replayed by the suite). `tests/fuzz.rs` runs it for a short time,
//! `scripts/fuzz.sh` for long.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use std::rc::Rc;
use std::sync::Arc;

use syntax::TextRange;
use tracer::entry::{EntryKind, EntryPoint};
use tracer::{Budget, SourceFile, TraceOptions, TraceOutcome, TraceResult, Workspace};

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
    /// Packages of several modules ([`generate_package`]).
    pub packages: u64,
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
    /// Run on every input's analysis (`None`: nothing rendered).
    pub outputs: Option<OutputCheck>,
}

/// Worker stack: what `check`'s workers have (`cli/src/parallel.rs`) and
/// the main thread usually has; the tracer grows its own stack beyond
/// that where it recurses on purpose.
pub const STACK: usize = 8 << 20;

/// What one input's analysis produced: what `check` builds its report
/// from.
pub struct Analysed {
    /// The entry file's path (in the package folder for a package).
    pub path: String,
    pub file: Arc<SourceFile>,
    pub entries: Vec<(EntryPoint, Vec<TraceResult>)>,
    /// Where the traces read imports from (the package's folder; no roots
    /// for a single file).
    pub workspace: Rc<Workspace>,
}

/// Renders an input's report as `check` prints it and checks the result
/// (`tests/fuzz.rs`: every machine format parsed back); `Err` says what
/// does not hold, a finding.
pub type OutputCheck = fn(Analysed) -> Result<(), String>;

/// Why an input is a finding, as [`analyse`] tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failed {
    /// `panic` or `output`.
    pub what: &'static str,
    pub message: String,
}

/// How the tracer reports a panic it caught ([`tracer::trace_entry_with`]
/// runs every trace guarded): a finding as much as an uncaught one.
const CAUGHT_PANIC: &str = "internal error while tracing";

/// Where imports are read from: the disk, as `check` reads them.
struct Disk;

impl tracer::SourceProvider for Disk {
    fn read(&self, path: &Path) -> Option<Arc<str>> {
        std::fs::read_to_string(path).ok().map(Arc::from)
    }
}

/// Parse, trace in both modes, report and print `text` (a package bundle,
/// see [`generate_package`], is written under `package_dir` and its entry
/// file traced); then `outputs` on the analysis. Returns whether every
/// trace exported, or why the input is a finding.
pub fn analyse(
    path: &str,
    text: &str,
    package_dir: &Path,
    outputs: Option<OutputCheck>,
) -> Result<bool, Failed> {
    let panic = |payload: Box<dyn std::any::Any + Send>| Failed {
        what: "panic",
        message: panic_message(payload.as_ref()),
    };
    let analysed = catch_unwind(AssertUnwindSafe(|| {
        let (path, text, roots) = match unbundle(text) {
            Some(files) => {
                let entry = write_package(package_dir, &files);
                let text = files
                    .iter()
                    .find(|(name, _)| name == ENTRY_FILE)
                    .map(|(_, t)| t.clone())
                    .unwrap_or_default();
                let roots =
                    tracer::imports::package_roots(&entry, |d| d.join("__init__.py").is_file());
                (entry.display().to_string(), text, roots)
            }
            None => (path.to_owned(), text.to_owned(), Vec::new()),
        };
        let file = SourceFile::parse(&path, &text);
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
        let mut traced = Vec::new();
        for entry in entries.into_iter().take(4) {
            let mut runs = Vec::new();
            for mode in crate::MODES {
                // A single file is traced without a workspace (imports of
                // anything but what the tracer models are unknown), a
                // package with one over its folder.
                let options = TraceOptions {
                    budget: Budget::default(),
                    workspace: (!roots.is_empty())
                        .then(|| Workspace::new(Box::new(Disk), roots.clone())),
                    ..TraceOptions::default()
                };
                let result = tracer::trace_entry_with(file.clone(), &entry, mode, &options);
                let _report = export::run_report(&result, &path);
                match &result.outcome {
                    TraceOutcome::Exported(program) => {
                        let named = export::name_program(program, mode);
                        let _text = export::print_program(&named, &path);
                    }
                    TraceOutcome::Failed(f) => {
                        all_exported = false;
                        if f.message.contains(CAUGHT_PANIC) {
                            return Err(Failed {
                                what: "panic",
                                message: f.message.clone(),
                            });
                        }
                    }
                }
                if let (TraceOutcome::Failed(f), Some(p)) = (&result.outcome, &result.partial) {
                    let named = export::name_program(p, mode);
                    let _text = export::print_partial(&named, &path, f.line);
                }
                runs.push(result);
            }
            traced.push((entry, runs));
        }
        Ok((
            all_exported,
            Analysed {
                path,
                file,
                entries: traced,
                workspace: Workspace::new(Box::new(Disk), roots),
            },
        ))
    }))
    .map_err(panic)??;
    let (all_exported, analysed) = analysed;
    if let Some(check) = outputs {
        catch_unwind(AssertUnwindSafe(|| check(analysed)))
            .map_err(panic)?
            .map_err(|message| Failed {
                what: "output",
                message,
            })?;
    }
    Ok(all_exported)
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
    results: mpsc::Receiver<Result<bool, Failed>>,
}

impl Worker {
    /// A worker whose packages are written under `package_dir` (its own:
    /// an abandoned worker may still be reading its folder).
    fn spawn(package_dir: PathBuf, outputs: Option<OutputCheck>) -> Option<Worker> {
        let (jobs, job_rx) = mpsc::channel::<String>();
        let (result_tx, results) = mpsc::channel();
        std::thread::Builder::new()
            .name("fuzz-worker".into())
            .stack_size(STACK)
            .spawn(move || {
                for text in job_rx {
                    let result = analyse("fuzz.py", &text, &package_dir, outputs);
                    if result_tx.send(result).is_err() {
                        break;
                    }
                }
                let _ = std::fs::remove_dir_all(&package_dir);
            })
            .ok()?;
        Some(Worker { jobs, results })
    }
}

/// A folder of this process's for package inputs (`n`: which worker).
pub fn package_dir(n: u64) -> PathBuf {
    std::env::temp_dir().join(format!("exportlens-fuzz-{}-{n}", std::process::id()))
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
    let mut workers = 0;
    let Some(mut worker) = Worker::spawn(package_dir(workers), config.outputs) else {
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
        let input = match rng.below(100) {
            0..10 => {
                stats.packages += 1;
                generate_package(&mut rng, seeds)
            }
            _ if seeds.is_empty() || rng.chance(40) => {
                stats.generated += 1;
                generate_model(&mut rng)
            }
            _ => {
                stats.mutated += 1;
                mutate(&mut rng, seeds)
            }
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
            Ok(Err(failed)) => {
                stats
                    .findings
                    .push(finding(failed.what, failed.message, input.clone(), config))
            }
            Err(_) => {
                let message = format!("no answer within {:?}", config.hang_limit);
                stats
                    .findings
                    .push(finding("hang", message, input.clone(), config));
                // The stuck thread is abandoned; a new one takes over.
                workers += 1;
                match Worker::spawn(package_dir(workers), config.outputs) {
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
    // The worker is idle (its last answer came): its folder can go.
    drop(worker);
    let _ = std::fs::remove_dir_all(package_dir(workers));
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
/// inputs and maybe a `dynamic_shapes` spec; now and then deep or
/// self-referential values ([`deep_block`]) at module level, in
/// `__init__`, in `forward`, returned by it or passed to it.
pub fn generate_model(rng: &mut Rng) -> String {
    let width = rng.pick(&["4", "8", "3", "1", "0"]).to_string();
    let batch = rng.pick(&["2", "3", "1", "5", "0"]).to_string();
    let mut out = String::from(
        "import collections\nimport copy\nimport types\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\nfrom torch.export import Dim\n\n\n",
    );
    out.push_str(&format!(
        "def helper(t, depth):\n    if depth <= 0:\n        return t\n    return helper(t * 2, depth - {})\n\n\n",
        rng.pick(&["1", "1", "0", "-1", "2"])
    ));
    if rng.chance(15) {
        out.push_str(&deep_block(rng, "", "torch.ones(2)"));
        out.push_str("\n\n");
    }
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
    let cyclic_module = rng.chance(8);
    if cyclic_module {
        let depth = rng.pick(&["1000", "3000"]);
        let code = rng.pick(SELF_REF_MODULE).replace("{n}", depth);
        out.push_str(&indented(&code, "        "));
    }
    out.push_str("\n    def forward(self, x, y):\n        h = x\n        n = 2\n");
    if cyclic_module && rng.chance(50) {
        out.push_str(&format!(
            "        _s = {}\n",
            rng.pick(&[
                "str(self)",
                "repr(self)",
                "self == self.me",
                "copy.deepcopy(self)"
            ])
        ));
    }
    let mut deep_in_forward = false;
    for _ in 0..=rng.below(6) {
        if rng.chance(6) {
            deep_in_forward = true;
            out.push_str(&deep_block(rng, "        ", "h"));
        } else {
            out.push_str(&statement(rng, "        ", 0));
        }
    }
    let returned = if deep_in_forward && rng.chance(40) {
        "h, deep"
    } else {
        rng.pick(&[
            "h",
            "h, y",
            "{'out': h, 'aux': [y]}",
            "h.shape",
            "None",
            "(h,)",
            "h + y",
        ])
    };
    out.push_str(&format!("        return {returned}\n\n\n"));
    out.push_str("model = M()\n");
    if rng.chance(4) {
        // The second input nested deep (or holding itself): the example
        // inputs' tree is flattened and matched against the spec.
        out.push_str(&deep_block(
            rng,
            "",
            &format!("torch.randn({batch}, {width})"),
        ));
        out.push_str(&format!(
            "example_args = (torch.randn({batch}, {width}), deep)\n"
        ));
    } else {
        out.push_str(&format!(
            "example_args = (torch.randn({batch}, {width}), torch.randn({batch}, {width}))\n"
        ));
    }
    if rng.chance(60) {
        out.push_str(&format!(
            "dynamic_shapes = {{'x': {{0: {}}}, 'y': {{0: {}}}}}\n",
            dim_spec(rng),
            dim_spec(rng)
        ));
    }
    out
}

/// A small model with a deep or self-referential value at module level
/// and another in `forward` (for targets that take whole texts: the
/// language-server fuzzer opens them as documents).
pub fn generate_deep_model(rng: &mut Rng) -> String {
    let mut out = String::from(
        "import collections\nimport copy\nimport types\nimport torch\nimport torch.nn as nn\n\n",
    );
    out.push_str(&deep_block(rng, "", "torch.ones(2)"));
    out.push_str("\n\nclass M(nn.Module):\n    def forward(self, x):\n        h = x\n");
    out.push_str(&deep_block(rng, "        ", "h"));
    out.push_str("        return h\n\n\nmodel = M()\nexample_args = (torch.randn(2, 4),)\n");
    out
}

/// `code`'s lines, each indented by `indent`, ending with a newline.
fn indented(code: &str, indent: &str) -> String {
    code.lines().map(|l| format!("{indent}{l}\n")).collect()
}

/// Containers that hold themselves (`{v}`: the name bound, `{leaf}`: a
/// value to put in them).
const SELF_REF: &[&str] = &[
    "{v} = []\n{v}.append({v})",
    "{v} = [{leaf}]\n{v}.append({v})\n{v}.append([{v}])",
    "{v} = {}\n{v}['self'] = {v}",
    "{v} = {'leaf': {leaf}}\n{v}[1] = [{v}]",
    "{v} = []\n{v}.append(({v},))",
    "{v} = [[]]\n{v}[0].append({v})",
    "{v} = [None]\n{v}[0] = {v}",
    "{v} = []\n{v}.extend([{v}, {v}])",
    "{v} = []\n{v} += [{v}]",
    "{v} = [1, 2]\n{v}[1:1] = [{v}]",
    "{v} = {}\n{v}.update({'k': {v}})",
    "{v} = {}\n{v}.setdefault('k', {v})",
    "{v} = collections.OrderedDict()\n{v}['me'] = {v}",
    "{v} = collections.deque()\n{v}.append({v})",
    "{v} = types.SimpleNamespace()\n{v}.me = {v}",
    "class _Node:\n    pass\n{v} = _Node()\n{v}.next = {v}\n{v}.items = [{v}, {leaf}]",
];

/// Values nested `{n}` deep, built in loops or by recursion, and the
/// deepest nesting each is written with (strings are copied whole at every
/// level).
const NESTED: &[(&str, u32)] = &[
    ("{v} = ()\nfor _i in range({n}):\n    {v} = ({v},)", 100_000),
    (
        "{v} = {leaf}\nfor _i in range({n}):\n    {v} = [{v}]",
        100_000,
    ),
    (
        "{v} = {}\nfor _i in range({n}):\n    {v} = {'k': {v}}",
        100_000,
    ),
    (
        "{v} = {leaf}\nfor _i in range({n}):\n    {v} = [{'k': ({v}, 1)}]",
        100_000,
    ),
    (
        "{v} = ()\nfor _i in range({n}):\n    {v} = ({v}, {leaf})",
        100_000,
    ),
    (
        "{v} = frozenset()\nfor _i in range({n}):\n    {v} = frozenset([{v}])",
        100_000,
    ),
    (
        "{v} = ''\nfor _i in range({n}):\n    {v} = '(' + {v} + ')'",
        10_000,
    ),
    (
        "{v} = 'x'\nfor _i in range({n}):\n    {v} = [{v}]\n{v} = str({v})",
        10_000,
    ),
    (
        "{v} = lambda: 0\nfor _i in range({n}):\n    {v} = (lambda g: (lambda: g()))({v})",
        100_000,
    ),
    (
        "{v} = lambda t: t\nfor _i in range({n}):\n    {v} = (lambda g: lambda t: g(t) + 1)({v})",
        100_000,
    ),
    (
        "def _wrap(g):\n    def inner(*a):\n        return g(*a)\n    return inner\n{v} = lambda *a: 0\nfor _i in range({n}):\n    {v} = _wrap({v})",
        100_000,
    ),
    (
        "{v} = iter([1, 2])\nfor _i in range({n}):\n    {v} = (t for t in {v})",
        100_000,
    ),
    (
        "def _build(k):\n    return [] if k <= 0 else [_build(k - 1)]\n{v} = _build({n})",
        100_000,
    ),
];

/// What is done with a deep or self-referential value `{a}` (and its twin
/// `{b}`, built the same way).
const DEEP_USES: &[&str] = &[
    "_e = {a} == {b}",
    "_e = {a} != {b}",
    "_e = {a} < {b}",
    "_e = [{a}] == [{b}]",
    "_e = ({a},) <= ({b},)",
    "_e = {a} in [{b}]",
    "_e = {a} in {a}",
    "_e = 1 in {a}",
    "_e = {a} is {b}",
    "_s = str({a})",
    "_s = repr({a})",
    "_s = f'{{a}}'",
    "_s = '%s' % ({a},)",
    "_s = format({a})",
    "_s = ' '.join(map(str, [{a}]))",
    "_l = len(str({a}))",
    "_c = copy.deepcopy({a})",
    "_c = copy.copy({a})",
    "_h = hash({a})",
    "_k = {{a}: 1}",
    "_k = set([{a}, {b}])",
    "_s = sorted([{a}, {b}])",
    "_m = max([{a}, {b}])",
    "_r = {a}()",
    "_r = {a}(1)",
    "_r = list({a})",
    "_r = next(iter({a}))",
    "_t = tuple({a})",
    "_x = [*{a}]",
    "_j = [{a}] * 3",
    "_d = dict(k={a})",
    "_u = isinstance({a}, (list, tuple))",
    "print({a})",
    "{a} = None",
    "del {a}",
];

/// `__init__` code that makes the module hold itself or nest modules and
/// values deep.
const SELF_REF_MODULE: &[&str] = &[
    "self.me = self",
    "self.blocks.append(self)",
    "self.cycle = [self]\nself.cycle.append(self.cycle)",
    "self.cfg = {}\nself.cfg['self'] = self.cfg",
    "self.deep = nn.Identity()\nfor _i in range({n}):\n    self.deep = nn.Sequential(self.deep)",
    "self.nest = ()\nfor _i in range({n}):\n    self.nest = (self.nest,)",
];

/// The depths nested values are built to.
const DEEP_DEPTHS: &[u32] = &[999, 1000, 1001, 3000, 10_000, 100_000];

/// Code (each line indented by `indent`) that binds `deep` to a value
/// that holds itself or nests up to 100,000 deep, maybe a twin `deep2`
/// built the same way, then compares, prints, copies, hashes, calls or
/// drops it; `leaf` is a value of the scope to put inside (`h` in
/// `forward`).
pub fn deep_block(rng: &mut Rng, indent: &str, leaf: &str) -> String {
    let twin = rng.chance(50);
    let build = if rng.chance(40) {
        rng.pick(SELF_REF).to_string()
    } else {
        let (template, deepest) = *rng.pick(NESTED);
        let n = (*rng.pick(DEEP_DEPTHS)).min(deepest);
        template.replace("{n}", &n.to_string())
    };
    let build = build.replace("{leaf}", leaf);
    let mut code = build.replace("{v}", "deep");
    code.push('\n');
    if twin {
        code.push_str(&build.replace("{v}", "deep2"));
        code.push('\n');
    }
    let other = if twin { "deep2" } else { "deep" };
    for _ in 0..=rng.below(2) {
        code.push_str(
            &rng.pick(DEEP_USES)
                .replace("{a}", "deep")
                .replace("{b}", other),
        );
        code.push('\n');
    }
    indented(&code, indent)
}

/// The first line of a package input: the files follow, each after a
/// `# --- <relative path>` line ([`unbundle`]).
pub const PACKAGE_HEADER: &str = "# exportlens-fuzz package";
const FILE_MARK: &str = "# --- ";
/// The file of a package input that is traced.
pub const ENTRY_FILE: &str = "entry.py";

/// The files of a package input (`None`: not one).
pub fn unbundle(text: &str) -> Option<Vec<(String, String)>> {
    let rest = text.strip_prefix(PACKAGE_HEADER)?.strip_prefix('\n')?;
    let mut files: Vec<(String, String)> = Vec::new();
    for line in rest.split_inclusive('\n') {
        if let Some(name) = line.strip_prefix(FILE_MARK) {
            files.push((name.trim_end().to_owned(), String::new()));
        } else if let Some((_, body)) = files.last_mut() {
            body.push_str(line);
        }
    }
    // Only plain relative paths (a mutated name must not leave the folder).
    files.retain(|(name, _)| {
        !name.is_empty()
            && name.split('/').all(|part| {
                !part.is_empty()
                    && part != ".."
                    && part
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
            })
    });
    Some(files)
}

/// A package input of `files` (relative path, text).
pub fn bundle(files: &[(String, String)]) -> String {
    let mut out = format!("{PACKAGE_HEADER}\n");
    for (name, text) in files {
        out.push_str(&format!("{FILE_MARK}{name}\n{text}"));
        if !text.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// Writes `files` under `dir` (emptied first); returns the entry file's
/// path.
pub fn write_package(dir: &Path, files: &[(String, String)]) -> PathBuf {
    let _ = std::fs::remove_dir_all(dir);
    for (name, text) in files {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        let _ = std::fs::write(&path, text);
    }
    let _ = std::fs::create_dir_all(dir);
    dir.join(ENTRY_FILE)
}

/// An entry file's imports of the package (and of itself).
const ENTRY_IMPORTS: &[&str] = &[
    "from pkg import *",
    "from pkg.a import *",
    "from pkg.b import *",
    "import pkg.a as A",
    "import pkg",
    "from pkg.a import Block",
    "from pkg import a, b",
    "from pkg import Block, helper",
    "import entry",
    "from entry import *",
];

/// A model of the entry file that uses what the package defines.
const PACKAGE_MODEL: &str = "import torch\nimport torch.nn as nn\n\n\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.block = Block(4)\n\n    def forward(self, x):\n        return helper(self.block(x))\n\n\nmodel = M()\nexample_args = (torch.randn(2, 4),)\n";

/// A small package: `entry.py` importing from `pkg/` (`__init__.py`, now
/// and then left out, and two or three modules), whose modules import each
/// other and themselves (star imports, plain imports, `from .. import`,
/// `__all__` with names that are not there) around generated definitions,
/// deep values or lines of a mutated corpus file. Written as one text
/// ([`bundle`]), so that a finding is one file.
pub fn generate_package(rng: &mut Rng, seeds: &[String]) -> String {
    let modules: &[&str] = if rng.chance(50) {
        &["a", "b"]
    } else {
        &["a", "b", "c"]
    };
    let mut entry = String::new();
    for _ in 0..=rng.below(2) {
        let import = rng.pick::<&str>(ENTRY_IMPORTS);
        entry.push_str(import);
        entry.push('\n');
    }
    match rng.below(3) {
        0 => entry.push_str(PACKAGE_MODEL),
        1 if !seeds.is_empty() => entry.push_str(&mutate(rng, seeds)),
        _ => entry.push_str(&generate_model(rng)),
    }
    let mut files = vec![(ENTRY_FILE.to_owned(), entry)];
    if !rng.chance(15) {
        let text = package_module(rng, "__init__", modules, seeds);
        files.push(("pkg/__init__.py".to_owned(), text));
    }
    for m in modules {
        let text = package_module(rng, m, modules, seeds);
        files.push((format!("pkg/{m}.py"), text));
    }
    bundle(&files)
}

/// One module `me` of the package: imports of its siblings, the package
/// and itself, and a few definitions.
fn package_module(rng: &mut Rng, me: &str, modules: &[&str], seeds: &[String]) -> String {
    let mut pieces: Vec<String> = Vec::new();
    for _ in 0..=rng.below(3) {
        let other = *rng.pick(modules);
        let import = match rng.below(15) {
            0 => "from . import *".to_owned(),
            1..=3 => format!("from .{other} import *"),
            4 => format!("from .{me} import *"),
            5 => format!("import pkg.{other}"),
            6 => format!("import pkg.{other} as {other}_mod\nX_{me} = {other}_mod.X_{other}"),
            7 => format!("from pkg.{other} import *"),
            8 => "from pkg import *".to_owned(),
            9 => "from .. import entry".to_owned(),
            10 => "import entry".to_owned(),
            11 => format!("from .{other} import Block"),
            12 => "if False:\n    import torch".to_owned(),
            13 => format!("__all__ = ['Block', 'helper', 'X_{me}', 'missing_{me}']"),
            _ => format!("from pkg.{other} import X_{other}"),
        };
        pieces.push(import);
    }
    for _ in 0..rng.below(4) {
        let body = match rng.below(6) {
            0 => "class Block(nn.Module):\n    def __init__(self, w=4):\n        super().__init__()\n        self.l = nn.Linear(w, w)\n\n    def forward(self, x):\n        return self.l(x)".to_owned(),
            1 => "def helper(t):\n    return t * 2".to_owned(),
            2 => format!("X_{me} = 1"),
            3 => deep_block(rng, "", "1"),
            4 if !seeds.is_empty() => {
                // A window of a corpus file, maybe edited.
                let seed = rng.pick(seeds);
                let lines: Vec<&str> = seed.split_inclusive('\n').collect();
                let from = rng.below(lines.len());
                let to = (from + 5 + rng.below(25)).min(lines.len());
                let window = lines.get(from..to).unwrap_or_default().concat();
                if rng.chance(50) {
                    edit(rng, &window, seeds)
                } else {
                    window
                }
            }
            _ => "__all__ = []".to_owned(),
        };
        pieces.push(body);
    }
    // Imports are not always first: a cycle that reaches a module midway
    // finds only what it has bound so far.
    for i in 0..pieces.len() {
        let j = rng.below(pieces.len());
        if rng.chance(30) {
            pieces.swap(i, j);
        }
    }
    let mut text = String::new();
    if rng.chance(80) {
        text.push_str("import torch\nimport torch.nn as nn\n");
    }
    for piece in pieces {
        text.push_str(&piece);
        if !piece.ends_with('\n') {
            text.push('\n');
        }
    }
    text
}
