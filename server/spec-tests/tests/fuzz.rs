//! Short runs of the pipeline fuzzer (`spec_tests::fuzz`): mutated corpus
//! files and grammar-generated models through parse, both traces and the
//! reports, with no panic and no hang; and every input a run ever found
//! (`tests/fuzz_regressions/`) replayed.
//!
//! `EXPORTLENS_FUZZ_INPUTS` sets the run's length (default 1,500 inputs,
//! at most `EXPORTLENS_FUZZ_SECONDS`, default 60),
//! `EXPORTLENS_FUZZ_SEED` its seed (default fixed, so the suite is
//! reproducible), `EXPORTLENS_FUZZ_SKIP` how many of its first inputs to
//! generate without analysing (to replay a run from there),
//! `EXPORTLENS_FUZZ_MAX_RSS_MIB` the resident set that stops it (default
//! 4096); `scripts/fuzz.sh` runs it long in a release build. A process
//! abort (a stack overflow) leaves its input in
//! `target/fuzz-findings/pipeline/in-flight.py`.

#![allow(clippy::print_stdout)]

use std::path::PathBuf;
use std::time::Duration;

use spec_tests::fuzz::{self, Config, env_u64};

fn regressions_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions")
}

#[test]
fn pipeline_fuzz_finds_no_panic_and_no_hang() {
    let root = spec_tests::repo_root();
    let seeds = fuzz::read_seeds(&fuzz::seed_files(&root));
    assert!(seeds.len() > 50, "too few seed files: {}", seeds.len());
    let config = Config {
        seed: env_u64("EXPORTLENS_FUZZ_SEED", 16),
        duration: Duration::from_secs(env_u64("EXPORTLENS_FUZZ_SECONDS", 60)),
        // The suite's run is the first 1,500 inputs of its seed; long runs
        // (scripts/fuzz.sh) set a time only.
        max_inputs: env_u64("EXPORTLENS_FUZZ_INPUTS", 1_500),
        // Debug builds are slow; release runs (scripts/fuzz.sh) take
        // milliseconds per input.
        hang_limit: Duration::from_secs(env_u64("EXPORTLENS_FUZZ_HANG_SECONDS", 60)),
        save_dir: Some(root.join("target/fuzz-findings/pipeline")),
        progress: std::env::var_os("EXPORTLENS_FUZZ_PROGRESS").map(|_| Duration::from_secs(30)),
        max_rss_mib: env_u64("EXPORTLENS_FUZZ_MAX_RSS_MIB", 4096),
        skip: env_u64("EXPORTLENS_FUZZ_SKIP", 0),
    };
    let stats = fuzz::run_pipeline(&seeds, &config);
    println!(
        "pipeline fuzz (seed {}): {} inputs ({} mutated, {} generated; {} exported in both modes) in {:.1} s, slowest {:.2} s; RSS {} -> {} MiB, peak {} MiB; {} findings",
        config.seed,
        stats.inputs,
        stats.mutated,
        stats.generated,
        stats.exported,
        stats.seconds,
        stats.slowest,
        stats.rss_start_mib,
        stats.rss_end_mib,
        stats.peak_rss_mib,
        stats.findings.len()
    );
    assert!(stats.inputs > 0);
    let report: Vec<String> = stats
        .findings
        .iter()
        .map(|f| format!("{}: {} (input saved at {:?})", f.what, f.message, f.saved))
        .collect();
    assert!(report.is_empty(), "{}", report.join("\n"));
    // Memory stays bounded: values of every trace are freed.
    assert!(
        stats.peak_rss_mib < 2048,
        "peak RSS {} MiB",
        stats.peak_rss_mib
    );
}

#[test]
fn every_input_a_fuzz_run_found_is_analysed_without_panic() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(regressions_dir())
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "py"));
    files.sort();
    for path in files {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap_or_default()).into_owned();
        let (tx, rx) = std::sync::mpsc::channel();
        let name = path.display().to_string();
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || {
                let _ = tx.send(fuzz::analyse("regression.py", &text));
            })
            .expect("spawn");
        match rx.recv_timeout(Duration::from_secs(120)) {
            Ok(Ok(_)) => {}
            Ok(Err(message)) => panic!("{name}: panicked: {message}"),
            Err(_) => panic!("{name}: no answer within 120 s"),
        }
    }
}

#[test]
fn the_generator_and_the_mutator_are_deterministic_and_write_models() {
    let mut a = fuzz::Rng::new(7);
    let mut b = fuzz::Rng::new(7);
    let (x, y) = (fuzz::generate_model(&mut a), fuzz::generate_model(&mut b));
    assert_eq!(x, y);
    assert!(x.contains("class M(nn.Module)") && x.contains("def forward(self, x, y)"));
    assert!(x.contains("example_args = ("));
    let seeds = vec![x.clone()];
    let (m1, m2) = (fuzz::mutate(&mut a, &seeds), fuzz::mutate(&mut b, &seeds));
    assert_eq!(m1, m2);
    // A generated model parses without syntax errors.
    for seed in 0..50 {
        let model = fuzz::generate_model(&mut fuzz::Rng::new(seed));
        let parsed = syntax::parse(&model);
        assert!(parsed.errors.is_empty(), "{model}\n{:?}", parsed.errors);
    }
}
