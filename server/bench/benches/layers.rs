//! (b) The pipeline split into its layers: the syntax layer alone
//! (tree-sitter parse, lowering, line index) and tree-sitter alone under
//! it; entry finding plus both traces on an already parsed file; the
//! report build + serialization on already traced entries, and each of
//! those two alone. Per representative case, and summed over the corpus.

use std::hint::black_box;
use std::time::Duration;

use bench::corpus;
use bench::pipeline::{parse, raw_tree_sitter, report, trace};
use criterion::{Criterion, criterion_group, criterion_main};

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500))
        .without_plots()
}

fn benches(c: &mut Criterion) {
    let cases = corpus::load_corpus();

    for case in corpus::representative(&cases) {
        let path = case.path_str();
        let mut g = c.benchmark_group(format!("layers/{}", case.name));
        g.bench_function("parse", |b| {
            b.iter(|| parse(black_box(&path), black_box(&case.text)))
        });
        g.bench_function("tree_sitter_only", |b| {
            b.iter(|| raw_tree_sitter(black_box(&case.text)))
        });
        let file = parse(&path, &case.text);
        g.bench_function("trace", |b| b.iter(|| trace(black_box(&file))));
        let entries = trace(&file);
        g.bench_function("report", |b| {
            b.iter(|| serde_json::to_string_pretty(&report(&file, black_box(&entries))))
        });
        g.bench_function("report_build_only", |b| {
            b.iter(|| report(&file, black_box(&entries)))
        });
        let doc = report(&file, &entries);
        g.bench_function("serialize_only", |b| {
            b.iter(|| serde_json::to_string_pretty(black_box(&doc)))
        });
        g.finish();
    }

    let parsed: Vec<_> = cases
        .iter()
        .map(|c| (c.path_str(), c.text.as_str(), parse(&c.path_str(), &c.text)))
        .collect();
    let mut g = c.benchmark_group("layers/corpus_total");
    g.measurement_time(Duration::from_secs(3));
    g.bench_function("parse", |b| {
        b.iter(|| {
            parsed
                .iter()
                .map(|(p, t, _)| parse(p, t).module.body.len())
                .sum::<usize>()
        })
    });
    g.bench_function("tree_sitter_only", |b| {
        b.iter(|| {
            parsed
                .iter()
                .map(|(_, t, _)| raw_tree_sitter(t))
                .sum::<usize>()
        })
    });
    g.bench_function("trace", |b| {
        b.iter(|| parsed.iter().map(|(_, _, f)| trace(f).len()).sum::<usize>())
    });
    g.finish();
}

criterion_group! {
    name = layer_benches;
    config = config();
    targets = benches
}
criterion_main!(layer_benches);
