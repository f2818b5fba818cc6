//! Small statistics for the timing runner: medians and quantiles of
//! durations, and a closure timer that reads both the wall clock and the
//! process's CPU clock (what a loaded machine cannot inflate by preempting
//! the benchmark; it counts every thread, so a run that traces two modes
//! on two threads shows CPU above wall time).

use std::time::{Duration, Instant};

use cpu_time::ProcessTime;

/// Durations of repeated runs of one closure, in run order.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// Wall-clock time of each run.
    pub wall: Vec<Duration>,
    /// CPU time of the whole process (all threads) during each run.
    pub cpu: Vec<Duration>,
}

/// Run `f` `runs` times (after `warmup` untimed runs) and time every run.
pub fn sample<R>(warmup: usize, runs: usize, mut f: impl FnMut() -> R) -> Samples {
    for _ in 0..warmup {
        std::hint::black_box(f());
    }
    let mut out = Samples::default();
    for _ in 0..runs {
        let c = ProcessTime::now();
        let t = Instant::now();
        std::hint::black_box(f());
        out.wall.push(t.elapsed());
        out.cpu.push(c.elapsed());
    }
    out
}

/// The median (mean of the middle two for an even count); zero when empty.
pub fn median(xs: &[Duration]) -> Duration {
    quantile(xs, 0.5)
}

/// The `q` quantile by linear interpolation between order statistics.
pub fn quantile(xs: &[Duration], q: f64) -> Duration {
    if xs.is_empty() {
        return Duration::ZERO;
    }
    let mut v: Vec<f64> = xs.iter().map(Duration::as_secs_f64).collect();
    v.sort_by(f64::total_cmp);
    let pos = q.clamp(0.0, 1.0) * (v.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    let frac = pos - lo as f64;
    Duration::from_secs_f64(v[lo] + (v[hi] - v[lo]) * frac)
}

/// The median of plain numbers; NaN when empty.
pub fn median_f64(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        let d = |ms| Duration::from_millis(ms);
        assert_eq!(median(&[d(3), d(1), d(2)]), d(2));
        assert_eq!(
            median(&[d(4), d(1), d(2), d(3)]),
            Duration::from_micros(2500)
        );
        assert_eq!(median(&[]), Duration::ZERO);
        assert_eq!(median_f64(&[1.0, 5.0]), 3.0);
    }
}
