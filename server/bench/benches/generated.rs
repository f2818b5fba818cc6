//! (c) A generated ~200-line model with 50 dynamic dims (25 inputs of two
//! named `Dim`s each, see `bench::generate`): the whole pipeline and its
//! layers, plus the pipeline at 10 and 20 dims to show how cost scales.
//! Target: the 50-dim model in ≤ 5 ms.

use std::hint::black_box;
use std::time::Duration;

use bench::generate::wide_model;
use bench::pipeline::{export_json, parse, raw_tree_sitter, report, trace};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500))
        .without_plots()
}

fn benches(c: &mut Criterion) {
    let path = "generated_wide.py";
    let text = wide_model(25);

    let mut g = c.benchmark_group("generated_50dims");
    g.bench_function("export_json", |b| {
        b.iter(|| export_json(black_box(path), black_box(&text)))
    });
    g.bench_function("parse", |b| {
        b.iter(|| parse(black_box(path), black_box(&text)))
    });
    g.bench_function("tree_sitter_only", |b| {
        b.iter(|| raw_tree_sitter(black_box(&text)))
    });
    let file = parse(path, &text);
    g.bench_function("trace", |b| b.iter(|| trace(black_box(&file))));
    let entries = trace(&file);
    g.bench_function("report", |b| {
        b.iter(|| serde_json::to_string_pretty(&report(&file, black_box(&entries))))
    });
    g.finish();

    let mut g = c.benchmark_group("generated_scaling");
    for inputs in [5usize, 10, 25] {
        let text = wide_model(inputs);
        g.bench_with_input(BenchmarkId::new("dims", 2 * inputs), &text, |b, t| {
            b.iter(|| export_json(path, black_box(t)))
        });
    }
    g.finish();
}

criterion_group! {
    name = generated_benches;
    config = config();
    targets = benches
}
criterion_main!(generated_benches);
