//! Property tests: broadcasting of the elementwise kernels against an
//! index-by-index reference, and torch's type promotion (the lattice of
//! `promote_types`, the priority of dimensioned tensors, zero-dim tensors
//! and Python scalars, and the dtype and values the kernels produce).

use crate::common;

use proptest::prelude::*;
use runtime::exec::{Ctx, Limits};
use runtime::kernels::{self, Args};
use runtime::{RVal, T};
use tracer::dtype::{Category, DType, Operand, result_type};
use tracer::shape_env::ShapeEnv;

fn call(target: &str, dt: DType, shape: &[usize], pos: Vec<RVal>) -> Result<T, runtime::Error> {
    let env = ShapeEnv::new();
    let mut ctx = Ctx::new(&env, Limits::default());
    let dims: Vec<i64> = shape.iter().map(|d| *d as i64).collect();
    let n = common::node(target, dt, &dims);
    match kernels::call(&mut ctx, target, &n, &Args { pos, kw: vec![] })? {
        RVal::Tensor(t) => Ok(t),
        other => panic!("{target} returned {other:?}"),
    }
}

/// An output shape and two operand shapes that broadcast to it: each
/// operand drops some leading dims and sets some dims to 1.
fn broadcast_shapes() -> impl Strategy<Value = (Vec<usize>, Vec<usize>, Vec<usize>)> {
    prop::collection::vec(1usize..4, 0..4).prop_flat_map(|out| {
        let r = out.len();
        (
            Just(out.clone()),
            0..=r,
            prop::collection::vec(any::<bool>(), r),
            0..=r,
            prop::collection::vec(any::<bool>(), r),
        )
            .prop_map(|(out, da, ones_a, db, ones_b)| {
                let operand = |drop: usize, ones: &[bool]| -> Vec<usize> {
                    (drop..out.len())
                        .map(|i| if ones[i] { 1 } else { out[i] })
                        .collect()
                };
                let a = operand(da, &ones_a);
                let b = operand(db, &ones_b);
                // The result has the longer rank; a dim is out's unless both are 1.
                let rank = a.len().max(b.len());
                let real: Vec<usize> = (0..rank)
                    .map(|i| {
                        let pick = |s: &[usize]| {
                            let off = rank - s.len();
                            if i < off { 1 } else { s[i - off] }
                        };
                        pick(&a).max(pick(&b))
                    })
                    .collect();
                (real, a, b)
            })
    })
}

/// Row-major element of `shape` at the broadcast index `idx` of `out`.
fn at(values: &[f64], shape: &[usize], out: &[usize], mut flat: usize) -> f64 {
    let mut idx = vec![0; out.len()];
    for d in (0..out.len()).rev() {
        idx[d] = flat % out[d];
        flat /= out[d];
    }
    let off = out.len() - shape.len();
    let mut pos = 0;
    for (d, n) in shape.iter().enumerate() {
        let i = if *n == 1 { 0 } else { idx[d + off] };
        pos = pos * n + i;
    }
    values[pos]
}

fn values(shape: &[usize], seed: f64) -> Vec<f64> {
    let n: usize = shape.iter().product();
    (0..n)
        .map(|i| ((i as f64 + 1.0) * seed).sin() * 4.0)
        .collect()
}

proptest! {
    #[test]
    fn elementwise_ops_broadcast_as_torch_does(
        (out, a, b) in broadcast_shapes(),
        op in prop::sample::select(vec!["add", "sub", "mul", "maximum"]),
    ) {
        let (va, vb) = (values(&a, 0.7), values(&b, 1.3));
        let ta = T::from_f64(va.clone(), &a, DType::F64).unwrap();
        let tb = T::from_f64(vb.clone(), &b, DType::F64).unwrap();
        let target = format!("aten.{op}.{}", if op == "maximum" { "default" } else { "Tensor" });
        let got = call(&target, DType::F64, &out, vec![RVal::Tensor(ta), RVal::Tensor(tb)]).unwrap();
        prop_assert_eq!(got.dims(), out.as_slice());
        let g = got.to_f64().unwrap();
        for (i, v) in g.iter().enumerate() {
            let (x, y) = (at(&va, &a, &out, i), at(&vb, &b, &out, i));
            let want = match op { "add" => x + y, "sub" => x - y, "mul" => x * y, _ => x.max(y) };
            prop_assert!((v - want).abs() < 1e-12, "{} at {}: {} vs {}", op, i, v, want);
        }
    }

    #[test]
    fn shapes_that_do_not_broadcast_are_an_error_not_a_panic(
        n in 2usize..5, m in 2usize..5,
    ) {
        prop_assume!(n != m);
        let ta = T::from_f64(values(&[n], 0.3), &[n], DType::F32).unwrap();
        let tb = T::from_f64(values(&[m], 0.5), &[m], DType::F32).unwrap();
        prop_assert!(call("aten.add.Tensor", DType::F32, &[n], vec![RVal::Tensor(ta), RVal::Tensor(tb)]).is_err());
    }
}

const DTYPES: &[DType] = &[
    DType::Bool,
    DType::U8,
    DType::I8,
    DType::I16,
    DType::I32,
    DType::I64,
    DType::F16,
    DType::BF16,
    DType::F32,
    DType::F64,
];

fn dtype() -> impl Strategy<Value = DType> {
    prop::sample::select(DTYPES.to_vec())
}

fn category() -> impl Strategy<Value = Category> {
    prop::sample::select(vec![Category::Bool, Category::Int, Category::Float])
}

proptest! {
    #[test]
    fn promote_types_is_a_join(a in dtype(), b in dtype(), c in dtype()) {
        let p = DType::promote;
        prop_assert_eq!(p(a, b), p(b, a));
        prop_assert_eq!(p(a, a), a);
        prop_assert_eq!(p(p(a, b), c), p(a, p(b, c)));
        prop_assert_eq!(p(DType::Bool, a), a);
        // Never a lower category, never narrower within the same one.
        let r = p(a, b);
        prop_assert!(r.category() >= a.category() && r.category() >= b.category());
        if r.category() == a.category() {
            prop_assert!(r.size_of() >= a.size_of());
        }
    }

    #[test]
    fn dimensioned_tensors_outrank_zero_dim_tensors_and_scalars_of_their_category(
        t in dtype(), z in dtype(), s in category(),
    ) {
        let r = result_type(&[Operand::Tensor(t), Operand::ZeroDim(z), Operand::Scalar(s)]);
        if z.category() <= t.category() && s <= t.category() {
            prop_assert_eq!(r, t);
        }
        prop_assert!(r.category() >= t.category().max(z.category()).max(s));
        // Order of operands does not matter.
        prop_assert_eq!(r, result_type(&[Operand::Scalar(s), Operand::ZeroDim(z), Operand::Tensor(t)]));
    }

    #[test]
    fn the_interpreter_promotes_as_the_tracer_does(
        a in dtype(), b in dtype(), zero_b in any::<bool>(), scalar in prop::option::of(category()),
    ) {
        let ta = RVal::Tensor(T::from_f64(vec![1.0, 0.0], &[2], a).unwrap());
        let (tb, ob) = if zero_b {
            (RVal::Tensor(T::from_f64(vec![1.0], &[], b).unwrap()), Operand::ZeroDim(b))
        } else {
            (RVal::Tensor(T::from_f64(vec![1.0, 1.0], &[2], b).unwrap()), Operand::Tensor(b))
        };
        let mut vals = vec![ta, tb];
        let mut ops = vec![Operand::Tensor(a), ob];
        if let Some(c) = scalar {
            vals.push(match c { Category::Bool => RVal::Bool(true), Category::Int => RVal::Int(2), _ => RVal::Float(0.5) });
            ops.push(Operand::Scalar(c));
        }
        let refs: Vec<&RVal> = vals.iter().collect();
        prop_assert_eq!(kernels::pointwise::promote(&refs), result_type(&ops));
    }

    #[test]
    fn products_have_the_promoted_dtype_and_exact_small_values(
        a in dtype(), b in dtype(), x in prop::collection::vec(0u8..4, 3), y in prop::collection::vec(0u8..4, 3),
    ) {
        let small = |v: &[u8], d: DType| -> Vec<f64> {
            v.iter().map(|k| if d == DType::Bool { f64::from(k % 2) } else { f64::from(*k) }).collect()
        };
        let (xa, yb) = (small(&x, a), small(&y, b));
        let dt = DType::promote(a, b);
        let got = call(
            "aten.mul.Tensor",
            dt,
            &[3],
            vec![
                RVal::Tensor(T::from_f64(xa.clone(), &[3], a).unwrap()),
                RVal::Tensor(T::from_f64(yb.clone(), &[3], b).unwrap()),
            ],
        ).unwrap();
        prop_assert_eq!(got.dt, dt);
        let want: Vec<f64> = xa.iter().zip(&yb).map(|(p, q)| p * q).collect();
        prop_assert_eq!(got.to_f64().unwrap(), want);
    }
}
