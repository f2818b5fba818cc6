//! Peak memory of `exportlens run` against the live tensor bytes it reports.
//!
//! usage: `cargo run --release -p bench --example run_memory -- CASE.py...`
//! For each file: trace every entry (non-strict), then run its program and
//! print one JSON line `{"file", "entry", "live_peak_bytes",
//! "rss_peak_growth_bytes", "ratio"}`. The growth is the peak resident set
//! during the run (values and graph; Linux's VmHWM, reset through
//! /proc/self/clear_refs before the run) minus the resident set when it
//! started.

fn status_kib(field: &str) -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() -> std::process::ExitCode {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let mut failed = false;
    for path in std::env::args().skip(1) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("cannot read {path}");
            failed = true;
            continue;
        };
        let file = tracer::SourceFile::parse(&path, &text);
        for entry in tracer::find_entries(&file) {
            let traced = tracer::trace_entry(
                file.clone(),
                &entry,
                tracer::Mode::NonStrict,
                tracer::Budget::default(),
            );
            let tracer::TraceOutcome::Exported(program) = &traced.outcome else {
                eprintln!("{path}: {}: the export fails", entry.name);
                failed = true;
                continue;
            };
            // "5" resets the peak resident set to the current one.
            if std::fs::write("/proc/self/clear_refs", "5").is_err() {
                eprintln!("cannot reset the peak RSS (needs Linux /proc)");
                return std::process::ExitCode::FAILURE;
            }
            let base = status_kib("VmRSS:").unwrap_or(0);
            let run = runtime::run_program(&file, &entry, program, &runtime::RunOptions::default());
            let peak = status_kib("VmHWM:").unwrap_or(0);
            let growth = peak.saturating_sub(base) * 1024;
            match run {
                Ok(run) => {
                    let _ = writeln!(
                        out,
                        "{}",
                        serde_json::json!({
                            "file": path,
                            "entry": entry.name,
                            "live_peak_bytes": run.peak_bytes as u64,
                            "rss_peak_growth_bytes": growth,
                            "ratio": growth as f64 / (run.peak_bytes as f64).max(1.0),
                        })
                    );
                }
                Err(e) => {
                    eprintln!("{path}: {}: {}", entry.name, e.message);
                    failed = true;
                }
            }
        }
    }
    if failed {
        std::process::ExitCode::FAILURE
    } else {
        std::process::ExitCode::SUCCESS
    }
}
