//! `--init random --seed N`: values drawn from the distributions torch's
//! default initializers use, from a seeded generator of our own.
//!
//! torch's CPU generator is not reproduced, so values differ from a torch
//! run with the same seed; the distributions are torch's. Parameters of
//! built-in modules follow [`RULES`] (each module's `reset_parameters`);
//! everything the model's code builds (a user `nn.Parameter(torch.randn(..))`,
//! example inputs, buffers) is rebuilt from its construction graph with the
//! random ops sampling from the [`Sampler`].

use std::cell::RefCell;
use std::rc::Rc;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rand_distr::{Distribution, StandardNormal};

/// A seeded generator shared by everything one run samples.
#[derive(Clone, Debug)]
pub struct Sampler(Rc<RefCell<StdRng>>);

impl Sampler {
    pub fn new(seed: u64) -> Sampler {
        Sampler(Rc::new(RefCell::new(StdRng::seed_from_u64(seed))))
    }

    /// `n` draws from N(mean, std²).
    pub fn normal(&self, n: usize, mean: f64, std: f64) -> Vec<f64> {
        let mut r = self.0.borrow_mut();
        (0..n)
            .map(|_| {
                let z: f64 = StandardNormal.sample(&mut *r);
                mean + std * z
            })
            .collect()
    }

    /// `n` draws from U[lo, hi).
    pub fn uniform(&self, n: usize, lo: f64, hi: f64) -> Vec<f64> {
        let mut r = self.0.borrow_mut();
        (0..n).map(|_| lo + (hi - lo) * r.random::<f64>()).collect()
    }

    /// `n` integers drawn uniformly from `[lo, hi)` (`lo` when empty).
    pub fn integers(&self, n: usize, lo: i64, hi: i64) -> Vec<f64> {
        let mut r = self.0.borrow_mut();
        (0..n)
            .map(|_| {
                if hi > lo {
                    r.random_range(lo..hi) as f64
                } else {
                    lo as f64
                }
            })
            .collect()
    }

    /// A random permutation of `0..n`.
    pub fn permutation(&self, n: usize) -> Vec<f64> {
        let mut v: Vec<f64> = (0..n).map(|i| i as f64).collect();
        let mut r = self.0.borrow_mut();
        for i in (1..n).rev() {
            let j = r.random_range(0..=i);
            v.swap(i, j);
        }
        v
    }

    /// One Bernoulli draw per probability.
    pub fn bernoulli(&self, probs: &[f64]) -> Vec<f64> {
        let mut r = self.0.borrow_mut();
        probs
            .iter()
            .map(|p| f64::from(r.random::<f64>() < *p))
            .collect()
    }
}

/// How a built-in module's `reset_parameters` fills a parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Dist {
    /// U(-b, b), b = 1/sqrt(fan_in of the module's `weight`): what
    /// `kaiming_uniform_(a=sqrt(5))` gives a weight, and the bias rule of
    /// Linear and the convolutions.
    WeightFanInUniform,
    /// U(-b, b), b = sqrt(6 / (fan_in + fan_out)) of the parameter itself.
    XavierUniform,
    /// N(0, std²), std = sqrt(2 / (fan_in + fan_out)) of the parameter.
    XavierNormal,
    /// U(-b, b), b = 1/sqrt(hidden_size) (the recurrent layers).
    HiddenUniform,
    /// N(0, 1).
    StandardNormal,
    /// Every element the same value.
    Const(f64),
}

/// One initializer fact: parameter `param` (a state-dict key relative to
/// the module, `*` for every parameter) of module class `module`.
#[derive(Clone, Copy, Debug)]
pub struct InitRule {
    pub module: &'static str,
    pub param: &'static str,
    pub dist: Dist,
}

const fn rule(module: &'static str, param: &'static str, dist: Dist) -> InitRule {
    InitRule {
        module,
        param,
        dist,
    }
}

/// torch's default initializers of the built-in modules (torch 2.15).
pub static RULES: &[InitRule] = &[
    rule("torch.nn.Linear", "weight", Dist::WeightFanInUniform),
    rule("torch.nn.Linear", "bias", Dist::WeightFanInUniform),
    // MultiheadAttention's out_proj: a Linear under another name.
    rule(
        "torch.nn.NonDynamicallyQuantizableLinear",
        "weight",
        Dist::WeightFanInUniform,
    ),
    rule(
        "torch.nn.NonDynamicallyQuantizableLinear",
        "bias",
        Dist::WeightFanInUniform,
    ),
    rule("torch.nn.Bilinear", "weight", Dist::WeightFanInUniform),
    rule("torch.nn.Bilinear", "bias", Dist::WeightFanInUniform),
    rule("torch.nn.Conv1d", "*", Dist::WeightFanInUniform),
    rule("torch.nn.Conv2d", "*", Dist::WeightFanInUniform),
    rule("torch.nn.Conv3d", "*", Dist::WeightFanInUniform),
    rule("torch.nn.ConvTranspose1d", "*", Dist::WeightFanInUniform),
    rule("torch.nn.ConvTranspose2d", "*", Dist::WeightFanInUniform),
    rule("torch.nn.ConvTranspose3d", "*", Dist::WeightFanInUniform),
    rule("torch.nn.Embedding", "weight", Dist::StandardNormal),
    rule("torch.nn.EmbeddingBag", "weight", Dist::StandardNormal),
    rule("torch.nn.LayerNorm", "weight", Dist::Const(1.0)),
    rule("torch.nn.LayerNorm", "bias", Dist::Const(0.0)),
    rule("torch.nn.RMSNorm", "weight", Dist::Const(1.0)),
    rule("torch.nn.GroupNorm", "weight", Dist::Const(1.0)),
    rule("torch.nn.GroupNorm", "bias", Dist::Const(0.0)),
    rule("torch.nn.BatchNorm1d", "weight", Dist::Const(1.0)),
    rule("torch.nn.BatchNorm1d", "bias", Dist::Const(0.0)),
    rule("torch.nn.BatchNorm2d", "weight", Dist::Const(1.0)),
    rule("torch.nn.BatchNorm2d", "bias", Dist::Const(0.0)),
    rule("torch.nn.BatchNorm3d", "weight", Dist::Const(1.0)),
    rule("torch.nn.BatchNorm3d", "bias", Dist::Const(0.0)),
    rule("torch.nn.SyncBatchNorm", "weight", Dist::Const(1.0)),
    rule("torch.nn.SyncBatchNorm", "bias", Dist::Const(0.0)),
    rule("torch.nn.InstanceNorm1d", "weight", Dist::Const(1.0)),
    rule("torch.nn.InstanceNorm1d", "bias", Dist::Const(0.0)),
    rule("torch.nn.InstanceNorm2d", "weight", Dist::Const(1.0)),
    rule("torch.nn.InstanceNorm2d", "bias", Dist::Const(0.0)),
    rule("torch.nn.InstanceNorm3d", "weight", Dist::Const(1.0)),
    rule("torch.nn.InstanceNorm3d", "bias", Dist::Const(0.0)),
    rule("torch.nn.PReLU", "weight", Dist::Const(0.25)),
    rule(
        "torch.nn.MultiheadAttention",
        "in_proj_weight",
        Dist::XavierUniform,
    ),
    rule(
        "torch.nn.MultiheadAttention",
        "q_proj_weight",
        Dist::XavierUniform,
    ),
    rule(
        "torch.nn.MultiheadAttention",
        "k_proj_weight",
        Dist::XavierUniform,
    ),
    rule(
        "torch.nn.MultiheadAttention",
        "v_proj_weight",
        Dist::XavierUniform,
    ),
    rule(
        "torch.nn.MultiheadAttention",
        "in_proj_bias",
        Dist::Const(0.0),
    ),
    rule(
        "torch.nn.MultiheadAttention",
        "out_proj.bias",
        Dist::Const(0.0),
    ),
    rule("torch.nn.MultiheadAttention", "bias_k", Dist::XavierNormal),
    rule("torch.nn.MultiheadAttention", "bias_v", Dist::XavierNormal),
    rule("torch.nn.RNN", "*", Dist::HiddenUniform),
    rule("torch.nn.LSTM", "*", Dist::HiddenUniform),
    rule("torch.nn.GRU", "*", Dist::HiddenUniform),
    rule("torch.nn.RNNCell", "*", Dist::HiddenUniform),
    rule("torch.nn.LSTMCell", "*", Dist::HiddenUniform),
    rule("torch.nn.GRUCell", "*", Dist::HiddenUniform),
];

/// The rule for parameter `key` (relative to a module of class `module`).
pub fn rule_for(module: &str, key: &str) -> Option<&'static InitRule> {
    RULES
        .iter()
        .find(|r| r.module == module && r.param == key)
        .or_else(|| {
            RULES
                .iter()
                .find(|r| r.module == module && r.param == "*" && !key.contains('.'))
        })
}

/// torch's `_calculate_fan_in_and_fan_out`: `(size(1) * receptive,
/// size(0) * receptive)`, receptive being the product of the dims past 1.
pub fn fans(shape: &[usize]) -> Option<(usize, usize)> {
    if shape.len() < 2 {
        return None;
    }
    let receptive: usize = shape[2..].iter().product();
    Some((shape[1] * receptive, shape[0] * receptive))
}

/// The facts a rule needs about the module that owns the parameter.
#[derive(Clone, Debug, Default)]
pub struct ModuleFacts {
    /// Shape of the module's `weight` (or, for a recurrent layer, of
    /// `weight_hh_l0` / `weight_hh`).
    pub weight: Option<Vec<usize>>,
    /// `hidden_size` of a recurrent layer.
    pub hidden: Option<usize>,
}

/// Draw a parameter of `shape` with `dist`. `None` when a fact the rule
/// needs is missing (a fan of a 1-dim weight).
pub fn draw(
    sampler: &Sampler,
    dist: Dist,
    shape: &[usize],
    facts: &ModuleFacts,
) -> Option<Vec<f64>> {
    let n: usize = shape.iter().product();
    Some(match dist {
        Dist::WeightFanInUniform => {
            let (fan_in, _) = fans(facts.weight.as_deref()?)?;
            let b = if fan_in > 0 {
                1.0 / (fan_in as f64).sqrt()
            } else {
                0.0
            };
            sampler.uniform(n, -b, b)
        }
        Dist::XavierUniform => {
            let (i, o) = fans(shape)?;
            let b = (6.0 / (i + o).max(1) as f64).sqrt();
            sampler.uniform(n, -b, b)
        }
        Dist::XavierNormal => {
            let (i, o) = fans(shape)?;
            sampler.normal(n, 0.0, (2.0 / (i + o).max(1) as f64).sqrt())
        }
        Dist::HiddenUniform => {
            let h = facts.hidden?;
            let b = if h > 0 { 1.0 / (h as f64).sqrt() } else { 0.0 };
            sampler.uniform(n, -b, b)
        }
        Dist::StandardNormal => sampler.normal(n, 0.0, 1.0),
        Dist::Const(c) => vec![c; n],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mean_var(v: &[f64]) -> (f64, f64) {
        let m = v.iter().sum::<f64>() / v.len() as f64;
        let var = v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / v.len() as f64;
        (m, var)
    }

    #[test]
    fn same_seed_same_values_other_seed_other_values() {
        let a = Sampler::new(7).normal(16, 0.0, 1.0);
        let b = Sampler::new(7).normal(16, 0.0, 1.0);
        let c = Sampler::new(8).normal(16, 0.0, 1.0);
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn linear_weight_and_bias_are_uniform_within_one_over_sqrt_fan_in() {
        let s = Sampler::new(0);
        let facts = ModuleFacts {
            weight: Some(vec![32, 64]),
            hidden: None,
        };
        let r = rule_for("torch.nn.Linear", "weight").unwrap();
        let w = draw(&s, r.dist, &[32, 64], &facts).unwrap();
        let b = draw(
            &s,
            rule_for("torch.nn.Linear", "bias").unwrap().dist,
            &[32],
            &facts,
        )
        .unwrap();
        let bound = 1.0 / 8.0;
        assert!(w.iter().chain(&b).all(|x| x.abs() <= bound));
        let (m, var) = mean_var(&w);
        assert!(m.abs() < 0.01, "mean {m}");
        // U(-b, b) has variance b²/3.
        assert!((var - bound * bound / 3.0).abs() < 0.1 * bound * bound / 3.0);
    }

    #[test]
    fn conv_fan_in_counts_the_kernel() {
        assert_eq!(fans(&[16, 3, 3, 3]), Some((27, 144)));
        let facts = ModuleFacts {
            weight: Some(vec![16, 3, 3, 3]),
            hidden: None,
        };
        let b = draw(&Sampler::new(1), Dist::WeightFanInUniform, &[16], &facts).unwrap();
        assert!(b.iter().all(|x| x.abs() <= 1.0 / 27f64.sqrt()));
        assert!(b.iter().any(|x| x.abs() > 0.5 / 27f64.sqrt()));
    }

    #[test]
    fn embedding_is_standard_normal_and_norms_are_ones_and_zeros() {
        let e = draw(
            &Sampler::new(3),
            rule_for("torch.nn.Embedding", "weight").unwrap().dist,
            &[100, 50],
            &ModuleFacts::default(),
        )
        .unwrap();
        let (m, var) = mean_var(&e);
        assert!(m.abs() < 0.05 && (var - 1.0).abs() < 0.08, "{m} {var}");
        assert_eq!(
            rule_for("torch.nn.LayerNorm", "weight").unwrap().dist,
            Dist::Const(1.0)
        );
        assert_eq!(
            rule_for("torch.nn.BatchNorm2d", "bias").unwrap().dist,
            Dist::Const(0.0)
        );
    }

    #[test]
    fn attention_projection_is_xavier_and_its_out_bias_zero() {
        let w = draw(
            &Sampler::new(5),
            rule_for("torch.nn.MultiheadAttention", "in_proj_weight")
                .unwrap()
                .dist,
            &[48, 16],
            &ModuleFacts::default(),
        )
        .unwrap();
        let bound = (6.0f64 / 64.0).sqrt();
        assert!(w.iter().all(|x| x.abs() <= bound));
        assert_eq!(
            rule_for("torch.nn.MultiheadAttention", "out_proj.bias")
                .unwrap()
                .dist,
            Dist::Const(0.0)
        );
        // A `*` rule covers direct parameters only, not a submodule's.
        assert!(rule_for("torch.nn.Conv2d", "inner.weight").is_none());
    }

    #[test]
    fn recurrent_layers_use_the_hidden_size() {
        let facts = ModuleFacts {
            weight: None,
            hidden: Some(16),
        };
        let r = rule_for("torch.nn.LSTM", "weight_ih_l0").unwrap();
        let v = draw(&Sampler::new(2), r.dist, &[64, 8], &facts).unwrap();
        assert!(v.iter().all(|x| x.abs() <= 0.25));
        assert!(draw(&Sampler::new(2), r.dist, &[4], &ModuleFacts::default()).is_none());
    }

    #[test]
    fn every_rule_draws_within_its_bound() {
        let facts = ModuleFacts {
            weight: Some(vec![6, 4, 3]),
            hidden: Some(9),
        };
        for r in RULES {
            assert!(r.module.starts_with("torch.nn."), "{r:?}");
            let found = rule_for(r.module, r.param).expect("found");
            assert!(std::ptr::eq(found, r), "{r:?} is shadowed by {found:?}");
            let v = draw(&Sampler::new(11), r.dist, &[6, 4, 3], &facts)
                .unwrap_or_else(|| panic!("{r:?} cannot draw"));
            assert_eq!(v.len(), 72);
            let bound = match r.dist {
                Dist::WeightFanInUniform => 1.0 / 12f64.sqrt(),
                Dist::XavierUniform => (6.0f64 / (12.0 + 18.0)).sqrt(),
                Dist::HiddenUniform => 1.0 / 3.0,
                Dist::Const(c) => {
                    assert!(v.iter().all(|x| *x == c), "{r:?}");
                    continue;
                }
                // Normal draws: unbounded, but not constant.
                Dist::XavierNormal | Dist::StandardNormal => {
                    assert!(v.iter().any(|x| *x != v[0]), "{r:?}");
                    continue;
                }
            };
            assert!(v.iter().all(|x| x.abs() <= bound), "{r:?}");
            assert!(v.iter().any(|x| x.abs() > bound / 4.0), "{r:?}");
        }
    }

    #[test]
    fn permutation_and_integers_stay_in_range() {
        let s = Sampler::new(9);
        let mut p = s.permutation(10);
        p.sort_by(f64::total_cmp);
        assert_eq!(p, (0..10).map(f64::from).collect::<Vec<_>>());
        assert!(s.integers(100, 3, 7).iter().all(|x| (3.0..7.0).contains(x)));
        let b = s.bernoulli(&[0.0, 1.0, 0.0, 1.0]);
        assert_eq!(b, vec![0.0, 1.0, 0.0, 1.0]);
    }
}
