//! (d) Symbolic overhead: the whole pipeline on each case as written versus
//! its static variant (`dynamic_shapes = None` appended, which overrides the
//! module-level spec so every dim is static). Per representative case with
//! a dynamic spec, over all 44-odd corpus cases that declare one, and for
//! the generated 50-dim model. `scripts/bench.py` reads the estimates and
//! prints the ratios.

use std::hint::black_box;
use std::time::Duration;

use bench::corpus;
use bench::generate::wide_model;
use bench::pipeline::{export_json, static_variant};
use criterion::{Criterion, criterion_group, criterion_main};

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500))
        .without_plots()
}

fn pair(c: &mut Criterion, name: &str, path: &str, text: &str) {
    let stat = static_variant(text);
    let mut g = c.benchmark_group(format!("symbolic/{name}"));
    g.bench_function("dynamic", |b| {
        b.iter(|| export_json(black_box(path), black_box(text)))
    });
    g.bench_function("static", |b| {
        b.iter(|| export_json(black_box(path), black_box(&stat)))
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    let cases = corpus::load_corpus();
    for case in corpus::representative(&cases) {
        if case.has_dynamic_spec() {
            pair(c, &case.name, &case.path_str(), &case.text);
        }
    }
    pair(c, "generated_50dims", "generated_wide.py", &wide_model(25));

    let dynamic: Vec<(String, String, String)> = cases
        .iter()
        .filter(|c| c.has_dynamic_spec())
        .map(|c| (c.path_str(), c.text.clone(), static_variant(&c.text)))
        .collect();
    let mut g = c.benchmark_group("symbolic/corpus_with_spec");
    g.measurement_time(Duration::from_secs(3));
    g.bench_function("dynamic", |b| {
        b.iter(|| {
            dynamic
                .iter()
                .map(|(p, t, _)| export_json(p, t).len())
                .sum::<usize>()
        })
    });
    g.bench_function("static", |b| {
        b.iter(|| {
            dynamic
                .iter()
                .map(|(p, _, s)| export_json(p, s).len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group! {
    name = symbolic_benches;
    config = config();
    targets = benches
}
criterion_main!(symbolic_benches);
