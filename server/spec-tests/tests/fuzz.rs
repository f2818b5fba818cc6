//! Short runs of the pipeline fuzzer (`spec_tests::fuzz`): mutated corpus
//! files, grammar-generated models (deep and self-referential values among
//! them) and packages with import cycles through parse, both traces and
//! the reports, with no panic and no hang; the report `check` would print
//! rendered in every output format, and the machine formats parsed back
//! (JSON and SARIF by serde_json, JUnit XML by roxmltree); and every input
//! a run ever found (`tests/fuzz_regressions/`) replayed.
//!
//! `EXPORTLENS_FUZZ_INPUTS` sets the run's length (default 1,200 inputs,
//! at most `EXPORTLENS_FUZZ_SECONDS`, default 60),
//! `EXPORTLENS_FUZZ_SEED` its seed (default fixed, so the suite is
//! reproducible), `EXPORTLENS_FUZZ_SKIP` how many of its first inputs to
//! generate without analysing (to replay a run from there),
//! `EXPORTLENS_FUZZ_MAX_RSS_MIB` the resident set that stops it (default
//! 4096); `scripts/fuzz.sh` runs it long in a release build. A process
//! abort (a stack overflow) leaves its input in
//! `target/fuzz-findings/pipeline/in-flight.py`.

#![allow(clippy::print_stdout)]

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Duration;

use cli::check::ModeChoice;
use cli::output::OutputFormat;
use cli::report::Report;
use serde_json::Value as Json;
use spec_tests::fuzz::{self, Analysed, Config, env_u64};

fn regressions_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions")
}

/// The formats rendered for every input (the human ones too: they must
/// not panic either).
const FORMATS: [OutputFormat; 7] = [
    OutputFormat::Json,
    OutputFormat::JsonLines,
    OutputFormat::Sarif,
    OutputFormat::Junit,
    OutputFormat::Github,
    OutputFormat::Full,
    OutputFormat::Concise,
];

/// The report `check --both` prints for the input, in every format; the
/// machine formats parsed back and checked against the report: as many
/// diagnostics (JSON, JSON lines, SARIF results) and test cases (JUnit) as
/// shown, every message as it was (JSON) or as XML can hold it (JUnit).
fn check_outputs(analysed: Analysed) -> Result<(), String> {
    let analysis = cli::analyze::Analysis {
        file: analysed.file,
        entries: analysed.entries,
        workspace: analysed.workspace,
        modules: Vec::new(),
    };
    let settings = pyenv::settings::Settings::default();
    let report = cli::check::report_with(&analysis, ModeChoice::Both, &settings, true);
    for format in FORMATS {
        let mut out = Vec::new();
        cli::output::write(&mut out, &report, format)
            .map_err(|e| format!("{format:?}: cannot render: {e}"))?;
        let text = String::from_utf8(out).map_err(|e| format!("{format:?}: not UTF-8 ({e})"))?;
        let checked = match format {
            OutputFormat::Json => check_json(&report, &text),
            OutputFormat::JsonLines => check_json_lines(&report, &text),
            OutputFormat::Sarif => check_sarif(&report, &text),
            OutputFormat::Junit => check_junit(&report, &text),
            _ => Ok(()),
        };
        checked.map_err(|why| format!("{format:?} output: {why}\n--- output ---\n{text}"))?;
    }
    Ok(())
}

fn shown(report: &Report) -> usize {
    report.visible().count()
}

fn check_json(report: &Report, text: &str) -> Result<(), String> {
    let doc: Json = serde_json::from_str(text).map_err(|e| format!("does not parse: {e}"))?;
    let items = doc["diagnostics"]
        .as_array()
        .ok_or("no `diagnostics` array")?;
    if items.len() != shown(report) {
        return Err(format!(
            "{} diagnostics, the report shows {}",
            items.len(),
            shown(report)
        ));
    }
    for (item, d) in items.iter().zip(report.visible()) {
        if item["message"].as_str() != Some(d.message.as_str()) {
            return Err(format!(
                "message {:?} read back as {}",
                d.message, item["message"]
            ));
        }
    }
    Ok(())
}

fn check_json_lines(report: &Report, text: &str) -> Result<(), String> {
    let mut count = 0;
    for line in text.lines() {
        let item: Json =
            serde_json::from_str(line).map_err(|e| format!("a line does not parse: {e}"))?;
        if !item.is_object() {
            return Err("a line is not an object".into());
        }
        count += 1;
    }
    if count != shown(report) {
        return Err(format!("{count} lines, the report shows {}", shown(report)));
    }
    Ok(())
}

fn check_sarif(report: &Report, text: &str) -> Result<(), String> {
    let doc: Json = serde_json::from_str(text).map_err(|e| format!("does not parse: {e}"))?;
    if doc["version"] != "2.1.0" {
        return Err(format!("version {}", doc["version"]));
    }
    let run = &doc["runs"][0];
    let results = run["results"].as_array().ok_or("no results array")?;
    if results.len() != shown(report) {
        return Err(format!(
            "{} results, the report shows {}",
            results.len(),
            shown(report)
        ));
    }
    let rules = run["tool"]["driver"]["rules"]
        .as_array()
        .ok_or("no rules array")?;
    for r in results {
        let index = r["ruleIndex"]
            .as_u64()
            .ok_or("a result without ruleIndex")?;
        let rule = rules
            .get(index as usize)
            .ok_or_else(|| format!("ruleIndex {index} of {} rules", rules.len()))?;
        if rule["id"] != r["ruleId"] {
            return Err(format!(
                "ruleIndex {index} is {}, not {}",
                rule["id"], r["ruleId"]
            ));
        }
        if let Some(region) = r["locations"][0]["physicalLocation"].get("region") {
            for key in ["startLine", "startColumn", "endLine", "endColumn"] {
                if region[key].as_u64().is_none_or(|v| v == 0) {
                    return Err(format!("region {key} is {}", region[key]));
                }
            }
        }
    }
    Ok(())
}

/// XML 1.0's `Char` production: what a message keeps in JUnit.
fn as_xml_holds(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' | '\u{20}'..='\u{FFFD}' | '\u{10000}'.. => c,
            _ => char::REPLACEMENT_CHARACTER,
        })
        .collect()
}

fn check_junit(report: &Report, text: &str) -> Result<(), String> {
    let doc = roxmltree::Document::parse(text).map_err(|e| format!("does not parse: {e}"))?;
    let cases = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .count();
    let syntax = report
        .visible()
        .filter(|d| d.code == "syntax" || d.code == "invalid-notebook")
        .count();
    let expected = report.entries.len() + syntax;
    if cases != expected {
        return Err(format!(
            "{cases} test cases, expected {expected} (entry runs and syntax errors)"
        ));
    }
    let declared = doc.root_element().attribute("tests");
    if declared != Some(expected.to_string().as_str()) {
        return Err(format!(
            "<testsuites tests={declared:?}>, expected {expected}"
        ));
    }
    let messages: HashSet<String> = report.visible().map(|d| as_xml_holds(&d.message)).collect();
    for failure in doc.descendants().filter(|n| n.has_tag_name("failure")) {
        let message = failure.attribute("message").unwrap_or_default();
        if !messages.contains(message) {
            return Err(format!("failure message {message:?} is no diagnostic's"));
        }
    }
    Ok(())
}

#[test]
fn pipeline_fuzz_finds_no_panic_and_no_hang() {
    let root = spec_tests::repo_root();
    let seeds = fuzz::read_seeds(&fuzz::seed_files(&root));
    assert!(seeds.len() > 50, "too few seed files: {}", seeds.len());
    let config = Config {
        seed: env_u64("EXPORTLENS_FUZZ_SEED", 16),
        duration: Duration::from_secs(env_u64("EXPORTLENS_FUZZ_SECONDS", 60)),
        // The suite's run is the first 1,200 inputs of its seed (under 20 s
        // in a debug build: deep values cost); long runs
        // (scripts/fuzz.sh) set a time only.
        max_inputs: env_u64("EXPORTLENS_FUZZ_INPUTS", 1_200),
        // Debug builds are slow; release runs (scripts/fuzz.sh) take
        // milliseconds per input.
        hang_limit: Duration::from_secs(env_u64("EXPORTLENS_FUZZ_HANG_SECONDS", 60)),
        save_dir: Some(root.join("target/fuzz-findings/pipeline")),
        progress: std::env::var_os("EXPORTLENS_FUZZ_PROGRESS").map(|_| Duration::from_secs(30)),
        max_rss_mib: env_u64("EXPORTLENS_FUZZ_MAX_RSS_MIB", 4096),
        skip: env_u64("EXPORTLENS_FUZZ_SKIP", 0),
        outputs: Some(check_outputs),
    };
    let stats = fuzz::run_pipeline(&seeds, &config);
    println!(
        "pipeline fuzz (seed {}): {} inputs ({} mutated, {} generated, {} packages; {} exported in both modes; outputs parsed back for each) in {:.1} s, slowest {:.2} s; RSS {} -> {} MiB, peak {} MiB; {} findings",
        config.seed,
        stats.inputs,
        stats.mutated,
        stats.generated,
        stats.packages,
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
    let package_dir = fuzz::package_dir(u64::MAX);
    for path in files {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap_or_default()).into_owned();
        let (tx, rx) = std::sync::mpsc::channel();
        let name = path.display().to_string();
        let dir = package_dir.clone();
        std::thread::Builder::new()
            .stack_size(fuzz::STACK)
            .spawn(move || {
                let _ = tx.send(fuzz::analyse(
                    "regression.py",
                    &text,
                    &dir,
                    Some(check_outputs),
                ));
            })
            .expect("spawn");
        match rx.recv_timeout(Duration::from_secs(120)) {
            Ok(Ok(_)) => {}
            Ok(Err(failed)) => panic!("{name}: {}: {}", failed.what, failed.message),
            Err(_) => panic!("{name}: no answer within 120 s"),
        }
    }
    let _ = std::fs::remove_dir_all(&package_dir);
}

#[test]
fn the_generators_and_the_mutator_are_deterministic_and_write_valid_python() {
    let mut a = fuzz::Rng::new(7);
    let mut b = fuzz::Rng::new(7);
    let (x, y) = (fuzz::generate_model(&mut a), fuzz::generate_model(&mut b));
    assert_eq!(x, y);
    assert!(x.contains("class M(nn.Module)") && x.contains("def forward(self, x, y)"));
    assert!(x.contains("example_args = ("));
    let seeds = vec![x.clone()];
    let (m1, m2) = (fuzz::mutate(&mut a, &seeds), fuzz::mutate(&mut b, &seeds));
    assert_eq!(m1, m2);
    let (p1, p2) = (
        fuzz::generate_package(&mut a, &seeds),
        fuzz::generate_package(&mut b, &seeds),
    );
    assert_eq!(p1, p2);
    // Generated models and deep blocks parse without syntax errors, and
    // the blocks reach both kinds of value.
    let (mut self_ref, mut nested) = (false, false);
    for seed in 0..200 {
        let model = fuzz::generate_model(&mut fuzz::Rng::new(seed));
        let parsed = syntax::parse(&model);
        assert!(parsed.errors.is_empty(), "{model}\n{:?}", parsed.errors);
        let block = fuzz::deep_block(&mut fuzz::Rng::new(seed), "    ", "h");
        let wrapped = format!("def f(h):\n{block}");
        let parsed = syntax::parse(&wrapped);
        assert!(parsed.errors.is_empty(), "{wrapped}\n{:?}", parsed.errors);
        self_ref |= block.contains("append(deep)") || block.contains("['self'] = deep");
        nested |= block.contains("for _i in range(100000)");
    }
    assert!(self_ref && nested);
}

#[test]
fn a_package_input_is_written_as_its_files_and_traced_through_its_imports() {
    let files = vec![
        (
            "entry.py".to_owned(),
            "from pkg import *\nimport torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return helper(x)\n\nmodel = M()\nexample_args = (torch.randn(2),)\n".to_owned(),
        ),
        (
            "pkg/__init__.py".to_owned(),
            "from .a import *\nfrom .b import *\n".to_owned(),
        ),
        (
            "pkg/a.py".to_owned(),
            "from .b import *\nfrom .a import *\n".to_owned(),
        ),
        (
            "pkg/b.py".to_owned(),
            "from .a import *\nfrom . import *\n\ndef helper(t):\n    return t * 2\n".to_owned(),
        ),
        ("../outside.py".to_owned(), "x = 1\n".to_owned()),
    ];
    let text = fuzz::bundle(&files);
    let read = fuzz::unbundle(&text).expect("a package input");
    assert_eq!(read.len(), 4, "the path leaving the folder is dropped");
    assert_eq!(read[..], files[..4]);
    let dir = fuzz::package_dir(u64::MAX - 1);
    let exported = std::thread::Builder::new()
        .stack_size(fuzz::STACK)
        .spawn(move || {
            let result = fuzz::analyse("unused.py", &text, &dir, Some(check_outputs));
            let _ = std::fs::remove_dir_all(&dir);
            result
        })
        .expect("spawn")
        .join()
        .expect("no panic");
    // `helper` is found through the star-import cycle: both modes export.
    assert_eq!(exported, Ok(true));
}

#[test]
fn an_output_that_does_not_parse_or_lies_is_a_finding() {
    let report = Report::default();
    assert!(check_junit(&report, "<testsuites tests=\"0\">\u{1}</testsuites>").is_err());
    assert!(check_junit(&report, "<testsuites tests=\"1\"></testsuites>").is_err());
    assert!(check_json(&report, "{\"diagnostics\": [").is_err());
    assert!(check_json_lines(&report, "{\"a\": 1}\n").is_err());
    assert!(check_sarif(&report, "{}").is_err());
    let junit =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"0\"></testsuites>\n";
    assert_eq!(check_junit(&report, junit), Ok(()));
    assert_eq!(check_json(&report, "{\"diagnostics\": []}"), Ok(()));
}
