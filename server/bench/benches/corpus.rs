//! (a) The whole `export --json` pipeline in process (parse, find entries,
//! trace strict + non-strict, build and serialize the JSON report) on the
//! shared corpus: the representative cases at full length, every case
//! briefly (0.3 s each, so 101 cases fit in under a minute on a quiet machine), and the whole
//! corpus as one iteration.

use std::hint::black_box;
use std::time::Duration;

use bench::corpus;
use bench::pipeline::export_json;
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

    let mut g = c.benchmark_group("corpus_representative");
    for case in corpus::representative(&cases) {
        let path = case.path_str();
        g.bench_function(&case.name, |b| {
            b.iter(|| export_json(black_box(&path), black_box(&case.text)))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("corpus_case");
    g.measurement_time(Duration::from_millis(300))
        .warm_up_time(Duration::from_millis(100));
    for case in &cases {
        let path = case.path_str();
        g.bench_function(format!("{}/{}", case.group, case.name), |b| {
            b.iter(|| export_json(black_box(&path), black_box(&case.text)))
        });
    }
    g.finish();

    let inputs: Vec<(String, &str)> = cases
        .iter()
        .map(|c| (c.path_str(), c.text.as_str()))
        .collect();
    let mut g = c.benchmark_group("corpus_total");
    g.measurement_time(Duration::from_secs(4));
    g.bench_function(format!("all_{}_cases", inputs.len()), |b| {
        b.iter(|| {
            inputs
                .iter()
                .map(|(p, t)| export_json(p, t).len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group! {
    name = corpus_benches;
    config = config();
    targets = benches
}
criterion_main!(corpus_benches);
