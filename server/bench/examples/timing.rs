//! In-process timing runner (medians over N runs, no criterion), used by
//! `scripts/bench.py` for the per-case table.
//!
//! ```text
//! cargo run --release -p bench --example timing -- corpus [--runs N] [--warmup W] [--only a,b]
//! cargo run --release -p bench --example timing -- generated [--inputs 25] [--runs N]
//! cargo run --release -p bench --example timing -- write-generated PATH [--inputs 25]
//! cargo run --release -p bench --example timing -- repeat PATH... [--runs N]   # for profilers
//! cargo run --release -p bench --example timing -- library PATH PYTHON [--runs N]
//! cargo run --release -p bench --example timing -- consistency PYTHON FILE...
//! ```
//!
//! `consistency` exports each file (`export --json`, imports from PYTHON's
//! environment) twice in one process, each trace starting from the library
//! state earlier traces kept, and compares every report with a fresh
//! export of the file; it exits 1 when one differs. With
//! `TIMING_DIFF_DIR` set, each differing pair of reports is written there
//! (`NAME.fresh.json`, `NAME.reusedROUND.json`) to compare.
//!
//! `library` is `exportlens check --both --python PYTHON PATH` in process
//! for a file that imports installed packages (the resnet50 of
//! `models/tv_resnet50.py` under `.venv-libs`): `first_ns`, the first
//! check in this process (cold parse cache), and `again_ns`, the median of
//! --runs further checks of it, which reuse the parses of the first.
//!
//! `corpus` and `generated` write one JSON object per case to stdout with
//! median nanoseconds of: the whole `export --json` pipeline (`full_ns`),
//! the syntax layer alone (`parse_ns`), of which tree-sitter alone
//! (`tree_sitter_ns`), entry finding + both traces on a
//! parsed file (`trace_ns`), the report build + serialization on traced
//! entries (`report_ns`, of which `serialize_ns` is serde_json's pretty
//! printer on the built document), and the whole pipeline on the static variant
//! (`static_ns`, `dynamic_shapes = None` appended). Each `X_ns` is a
//! wall-clock median; `X_cpu_ns` is the median of the thread's CPU time for
//! the same runs, which preemption on a loaded machine does not inflate.

use std::io::Write;
use std::time::Duration;

use bench::corpus::{self, Case};
use bench::{generate, pipeline, stats};
use serde_json::json;

struct Opts {
    runs: usize,
    warmup: usize,
    only: Option<Vec<String>>,
    inputs: usize,
    positional: Vec<String>,
}

fn parse_opts(args: &[String]) -> Opts {
    let mut o = Opts {
        runs: 30,
        warmup: 3,
        only: None,
        inputs: 25,
        positional: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().cloned().unwrap_or_default();
        match a.as_str() {
            "--runs" => o.runs = val().parse().unwrap_or(o.runs).max(1),
            "--warmup" => o.warmup = val().parse().unwrap_or(o.warmup),
            "--inputs" => o.inputs = val().parse().unwrap_or(o.inputs).max(2),
            "--only" => {
                o.only = Some(val().split(',').map(str::to_string).collect());
            }
            _ => o.positional.push(a.clone()),
        }
    }
    o
}

fn ns(d: Duration) -> u64 {
    d.as_nanos().try_into().unwrap_or(u64::MAX)
}

/// Every measurement of one case as a JSON object.
fn measure(name: &str, group: &str, path: &str, text: &str, o: &Opts) -> serde_json::Value {
    let (w, n) = (o.warmup, o.runs);
    let full = stats::sample(w, n, || pipeline::export_json(path, text));
    let parse = stats::sample(w, n, || pipeline::parse(path, text));
    let tree_sitter = stats::sample(w, n, || pipeline::raw_tree_sitter(text));
    let file = pipeline::parse(path, text);
    let trace = stats::sample(w, n, || pipeline::trace(&file));
    let entries = pipeline::trace(&file);
    let report = stats::sample(w, n, || {
        serde_json::to_string_pretty(&pipeline::report(&file, &entries)).unwrap_or_default()
    });
    let doc = pipeline::report(&file, &entries);
    let serialize = stats::sample(w, n, || {
        serde_json::to_string_pretty(&doc).unwrap_or_default()
    });
    let static_text = pipeline::static_variant(text);
    let stat = stats::sample(w, n, || pipeline::export_json(path, &static_text));
    let (n_entries, ok_runs, syms) = pipeline::summarize(&pipeline::export_json(path, text));
    let (_, static_ok, static_syms) =
        pipeline::summarize(&pipeline::export_json(path, &static_text));
    let mut v = json!({
        "case": name,
        "group": group,
        "lines": text.lines().count(),
        "runs": n,
        "full_min_ns": ns(stats::quantile(&full.wall, 0.0)),
        "full_p10_ns": ns(stats::quantile(&full.wall, 0.1)),
        "full_p90_ns": ns(stats::quantile(&full.wall, 0.9)),
        "entries": n_entries,
        "ok_runs": ok_runs,
        "symbols": syms,
        "static_ok_runs": static_ok,
        "static_symbols": static_syms,
    });
    for (key, s) in [
        ("full", &full),
        ("parse", &parse),
        ("tree_sitter", &tree_sitter),
        ("trace", &trace),
        ("report", &report),
        ("serialize", &serialize),
        ("static", &stat),
    ] {
        v[format!("{key}_ns")] = json!(ns(stats::median(&s.wall)));
        v[format!("{key}_cpu_ns")] = json!(ns(stats::median(&s.cpu)));
    }
    v
}

fn emit(out: &mut impl Write, v: &serde_json::Value) {
    let _ = writeln!(out, "{v}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let o = parse_opts(&args);
    let mut out = std::io::stdout().lock();
    match o.positional.first().map(String::as_str) {
        Some("corpus") => {
            let cases: Vec<Case> = corpus::load_corpus()
                .into_iter()
                .filter(|c| o.only.as_ref().is_none_or(|only| only.contains(&c.name)))
                .collect();
            for c in &cases {
                let v = measure(&c.name, &c.group, &c.path_str(), &c.text, &o);
                emit(&mut out, &v);
            }
        }
        Some("generated") => {
            let text = generate::wide_model(o.inputs);
            let name = format!("generated_wide_{}dims", 2 * o.inputs);
            let mut v = measure(&name, "generated", "generated_wide.py", &text, &o);
            v["class_lines"] = json!(generate::class_lines(o.inputs));
            emit(&mut out, &v);
        }
        Some("repeat") => {
            // For profilers: the whole pipeline on the given files, --runs times.
            let paths = &o.positional[1..];
            if paths.is_empty() {
                eprintln!("usage: timing repeat PATH... [--runs N]");
                std::process::exit(2);
            }
            let texts: Vec<(&String, String)> = paths
                .iter()
                .map(|p| (p, std::fs::read_to_string(p).unwrap_or_default()))
                .collect();
            let mut bytes = 0;
            for _ in 0..o.runs {
                for (p, t) in &texts {
                    bytes += pipeline::export_json(p, t).len();
                }
            }
            let _ = writeln!(out, "{bytes}");
        }
        Some("library") => {
            let (Some(path), Some(python)) = (o.positional.get(1), o.positional.get(2)) else {
                eprintln!("usage: timing library PATH PYTHON [--runs N]");
                std::process::exit(2);
            };
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let python = std::path::Path::new(python);
            let start = std::time::Instant::now();
            let exported = pipeline::check_with_imports(path, &text, python);
            let first = start.elapsed();
            let again = stats::sample(0, o.runs, || {
                pipeline::check_with_imports(path, &text, python)
            });
            emit(
                &mut out,
                &json!({
                    "case": path,
                    "exported": exported,
                    "runs": o.runs,
                    "first_ns": ns(first),
                    "again_ns": ns(stats::median(&again.wall)),
                    "again_cpu_ns": ns(stats::median(&again.cpu)),
                }),
            );
        }
        Some("consistency") => {
            // Every file exported twice in this process (libraries' state
            // reused from earlier traces), compared with a fresh export.
            let Some(python) = o.positional.get(1) else {
                eprintln!("usage: timing consistency PYTHON FILE...");
                std::process::exit(2);
            };
            let python = std::path::Path::new(python);
            let files: Vec<(String, String)> = o.positional[2..]
                .iter()
                .map(|p| (p.clone(), std::fs::read_to_string(p).unwrap_or_default()))
                .collect();
            let fresh: Vec<String> = files
                .iter()
                .map(|(p, t)| pipeline::export_json_with_imports(p, t, python, true))
                .collect();
            let mut differ = 0;
            for round in 0..2 {
                for ((p, t), expected) in files.iter().zip(&fresh) {
                    let got = pipeline::export_json_with_imports(p, t, python, false);
                    if got != *expected {
                        differ += 1;
                        let _ = writeln!(out, "differs (round {round}): {p}");
                        if let Ok(dir) = std::env::var("TIMING_DIFF_DIR") {
                            let stem = std::path::Path::new(p)
                                .file_stem()
                                .unwrap_or_default()
                                .to_string_lossy()
                                .to_string();
                            let _ = std::fs::write(format!("{dir}/{stem}.fresh.json"), expected);
                            let _ =
                                std::fs::write(format!("{dir}/{stem}.reused{round}.json"), &got);
                        }
                    }
                }
            }
            let _ = writeln!(out, "{} files, {differ} differing exports", files.len());
            if differ > 0 {
                std::process::exit(1);
            }
        }
        Some("write-generated") => {
            let Some(path) = o.positional.get(1) else {
                eprintln!("usage: timing write-generated PATH [--inputs N]");
                std::process::exit(2);
            };
            if let Err(e) = std::fs::write(path, generate::wide_model(o.inputs)) {
                eprintln!("cannot write {path}: {e}");
                std::process::exit(2);
            }
        }
        _ => {
            eprintln!(
                "usage: timing corpus|generated [--runs N] [--warmup W] [--only a,b] [--inputs N]\n       timing write-generated PATH [--inputs N]\n       timing library PATH PYTHON [--runs N]"
            );
            std::process::exit(2);
        }
    }
}
