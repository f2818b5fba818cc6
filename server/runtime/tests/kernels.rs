//! Per-op kernel tests against values computed by hand, plus whole-program
//! runs of small models: the deterministic fill, NaN propagation, the
//! memory limit, random state and malformed input (never a panic).

use crate::common;

use common::node;
use runtime::exec::{Ctx, Limits};
use runtime::kernels::{self, Args};
use runtime::{ErrorKind, RVal, T};
use tracer::dtype::DType;
use tracer::shape_env::ShapeEnv;

fn t(v: &[f64], shape: &[usize]) -> RVal {
    RVal::Tensor(T::from_f64(v.to_vec(), shape, DType::F32).unwrap())
}

fn ti(v: &[f64], shape: &[usize]) -> RVal {
    RVal::Tensor(T::from_f64(v.to_vec(), shape, DType::I64).unwrap())
}

fn ints(v: &[i64]) -> RVal {
    RVal::List(v.iter().map(|i| RVal::Int(*i)).collect())
}

/// Run one kernel; the output dtype and shape are the traced ones.
fn run(target: &str, dt: DType, shape: &[i64], pos: Vec<RVal>) -> T {
    run_kw(target, dt, shape, pos, vec![])
}

fn run_kw(target: &str, dt: DType, shape: &[i64], pos: Vec<RVal>, kw: Vec<(&str, RVal)>) -> T {
    let env = ShapeEnv::new();
    let mut ctx = Ctx::new(&env, Limits::default());
    let n = node(target, dt, shape);
    let a = Args {
        pos,
        kw: kw.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
    };
    match kernels::call(&mut ctx, target, &n, &a).unwrap() {
        RVal::Tensor(t) => t.cast(dt).unwrap(),
        other => panic!("{target} returned {other:?}"),
    }
}

fn assert_close(got: &T, want: &[f64]) {
    let g = got.to_f64().unwrap();
    assert_eq!(g.len(), want.len(), "{g:?} vs {want:?}");
    for (a, b) in g.iter().zip(want) {
        assert!(
            (a - b).abs() <= 1e-5 + 1e-5 * b.abs() || (a.is_nan() && b.is_nan()),
            "{g:?} vs {want:?}"
        );
    }
}

#[test]
fn add_broadcasts_with_alpha() {
    let r = run(
        "aten.add.Tensor",
        DType::F32,
        &[2, 2],
        vec![
            t(&[1., 2., 3., 4.], &[2, 2]),
            t(&[10., 20.], &[2]),
            RVal::Int(2),
        ],
    );
    assert_close(&r, &[21., 42., 23., 44.]);
    assert_eq!(r.dims(), &[2, 2]);
}

#[test]
fn sub_rsub_mul_scalar_forms() {
    let x = t(&[1., 2.], &[2]);
    assert_close(
        &run(
            "aten.sub.Tensor",
            DType::F32,
            &[2],
            vec![x.clone(), RVal::Int(1)],
        ),
        &[0., 1.],
    );
    assert_close(
        &run(
            "aten.rsub.Scalar",
            DType::F32,
            &[2],
            vec![x.clone(), RVal::Float(1.0)],
        ),
        &[0., -1.],
    );
    assert_close(
        &run(
            "aten.mul.Tensor",
            DType::F32,
            &[2],
            vec![x, RVal::Float(0.5)],
        ),
        &[0.5, 1.0],
    );
}

#[test]
fn integer_tensor_times_float_promotes() {
    let r = run(
        "aten.mul.Tensor",
        DType::F32,
        &[2],
        vec![ti(&[3., 4.], &[2]), RVal::Float(0.5)],
    );
    assert_eq!(r.dt, DType::F32);
    assert_close(&r, &[1.5, 2.0]);
}

#[test]
fn div_rounding_modes() {
    let a = ti(&[-7., 7.], &[2]);
    let floor = run_kw(
        "aten.div.Tensor",
        DType::I64,
        &[2],
        vec![a.clone(), RVal::Int(2)],
        vec![("rounding_mode", RVal::Str("floor".into()))],
    );
    assert_close(&floor, &[-4., 3.]);
    let trunc = run_kw(
        "aten.div.Tensor",
        DType::I64,
        &[2],
        vec![a, RVal::Int(2)],
        vec![("rounding_mode", RVal::Str("trunc".into()))],
    );
    assert_close(&trunc, &[-3., 3.]);
}

#[test]
fn activations() {
    let x = t(&[-1., 0., 1.], &[3]);
    assert_close(
        &run("aten.relu.default", DType::F32, &[3], vec![x.clone()]),
        &[0., 0., 1.],
    );
    assert_close(
        &run("aten.sigmoid.default", DType::F32, &[3], vec![x.clone()]),
        &[0.268_941_42, 0.5, 0.731_058_6],
    );
    assert_close(
        &run(
            "aten.gelu.default",
            DType::F32,
            &[3],
            vec![x.clone(), RVal::Str("none".into())],
        ),
        &[-0.158_655_25, 0., 0.841_344_75],
    );
    assert_close(
        &run("aten.silu.default", DType::F32, &[3], vec![x.clone()]),
        &[-0.268_941_42, 0., 0.731_058_6],
    );
    assert_close(
        &run(
            "aten.hardtanh.default",
            DType::F32,
            &[3],
            vec![x.clone(), RVal::Float(0.0), RVal::Float(0.5)],
        ),
        &[0., 0., 0.5],
    );
    assert_close(
        &run("aten.tanh.default", DType::F32, &[3], vec![x]),
        &[-0.761_594_16, 0., 0.761_594_16],
    );
}

#[test]
fn nan_propagates() {
    let x = t(&[f64::NAN, 1.0], &[2]);
    let r = run("aten.relu.default", DType::F32, &[2], vec![x.clone()]);
    assert!(r.to_f64().unwrap()[0].is_nan());
    let m = run(
        "aten.amax.default",
        DType::F32,
        &[],
        vec![x.clone(), ints(&[0])],
    );
    assert!(m.to_f64().unwrap()[0].is_nan());
    let s = run("aten.softmax.int", DType::F32, &[2], vec![x, RVal::Int(0)]);
    assert!(s.to_f64().unwrap().iter().all(|v| v.is_nan()));
}

/// A kernel call: target, output dtype, positional and keyword arguments,
/// the value expected.
type ReductionCase = (
    &'static str,
    DType,
    Vec<RVal>,
    Vec<(&'static str, RVal)>,
    f64,
);

/// torch reduces a 0-d tensor over dim 0 or -1 as over itself: the
/// result is 0-d and holds what eager gives (`var`/`std` of one element
/// with the default correction are NaN).
#[test]
fn reductions_over_a_0d_tensor_with_a_dim() {
    let v = -0.75;
    let x = || t(&[v], &[]);
    let nan = f64::NAN;
    let cases: Vec<ReductionCase> = vec![
        (
            "aten.sum.dim_IntList",
            DType::F32,
            vec![x(), ints(&[-1])],
            vec![],
            v,
        ),
        (
            "aten.mean.dim",
            DType::F32,
            vec![x(), ints(&[0]), RVal::Bool(true)],
            vec![],
            v,
        ),
        (
            "aten.amax.default",
            DType::F32,
            vec![x(), ints(&[-1])],
            vec![],
            v,
        ),
        (
            "aten.amin.default",
            DType::F32,
            vec![x(), ints(&[0])],
            vec![],
            v,
        ),
        (
            "aten.prod.dim_int",
            DType::F32,
            vec![x(), RVal::Int(-1)],
            vec![],
            v,
        ),
        (
            "aten.logsumexp.default",
            DType::F32,
            vec![x(), ints(&[-1])],
            vec![],
            v,
        ),
        (
            "aten.var.correction",
            DType::F32,
            vec![x(), ints(&[-1])],
            vec![],
            nan,
        ),
        (
            "aten.std.correction",
            DType::F32,
            vec![x(), ints(&[0])],
            vec![],
            nan,
        ),
        (
            "aten.var.correction",
            DType::F32,
            vec![x(), ints(&[-1])],
            vec![("correction", RVal::Int(0))],
            0.0,
        ),
        (
            "aten.any.dim",
            DType::Bool,
            vec![x(), RVal::Int(-1)],
            vec![],
            1.0,
        ),
        (
            "aten.all.dim",
            DType::Bool,
            vec![x(), RVal::Int(0)],
            vec![],
            1.0,
        ),
        (
            "aten.argmax.default",
            DType::I64,
            vec![x(), RVal::Int(-1)],
            vec![],
            0.0,
        ),
        (
            "aten.argmin.default",
            DType::I64,
            vec![x(), RVal::Int(0)],
            vec![],
            0.0,
        ),
        (
            "aten.linalg_vector_norm.default",
            DType::F32,
            vec![x(), RVal::Float(2.0), ints(&[-1])],
            vec![],
            0.75,
        ),
        (
            "aten.cumsum.default",
            DType::F32,
            vec![x(), RVal::Int(0)],
            vec![],
            v,
        ),
        (
            "aten.cumprod.default",
            DType::F32,
            vec![x(), RVal::Int(-1)],
            vec![],
            v,
        ),
        (
            "aten.softmax.int",
            DType::F32,
            vec![x(), RVal::Int(-1), RVal::Bool(false)],
            vec![],
            1.0,
        ),
    ];
    for (target, dt, pos, kw, want) in cases {
        let r = run_kw(target, dt, &[], pos, kw);
        assert_eq!(r.dims(), &[] as &[usize], "{target}");
        assert_close(&r, &[want]);
    }
    // max/min with a dim: values and indices, both 0-d.
    let env = ShapeEnv::new();
    let mut ctx = Ctx::new(&env, Limits::default());
    for target in ["aten.max.dim", "aten.min.dim"] {
        let a = Args {
            pos: vec![x(), RVal::Int(-1), RVal::Bool(true)],
            kw: vec![],
        };
        let n = node(target, DType::F32, &[]);
        let RVal::List(out) = kernels::call(&mut ctx, target, &n, &a).unwrap() else {
            panic!("{target}: not a pair")
        };
        let (values, indices) = (out[0].as_tensor().unwrap(), out[1].as_tensor().unwrap());
        assert_eq!(values.dims(), &[] as &[usize]);
        assert_close(values, &[v]);
        assert_close(indices, &[0.0]);
    }
    // A dim other than 0 / -1 is out of range, as in torch.
    let a = Args {
        pos: vec![x(), ints(&[1])],
        kw: vec![],
    };
    let n = node("aten.sum.dim_IntList", DType::F32, &[]);
    let e = kernels::call(&mut ctx, "aten.sum.dim_IntList", &n, &a).unwrap_err();
    assert!(e.message.contains("out of range"), "{}", e.message);
}

#[test]
fn softmax_and_log_softmax() {
    let x = t(&[1., 2., 3.], &[3]);
    assert_close(
        &run(
            "aten.softmax.int",
            DType::F32,
            &[3],
            vec![x.clone(), RVal::Int(-1)],
        ),
        &[0.090_030_57, 0.244_728_47, 0.665_240_96],
    );
    assert_close(
        &run(
            "aten.log_softmax.int",
            DType::F32,
            &[3],
            vec![x, RVal::Int(0)],
        ),
        &[-2.407_605_9, -1.407_605_9, -0.407_605_9],
    );
}

#[test]
fn reductions() {
    let x = t(&[1., 5., 3., 4.], &[2, 2]);
    assert_close(
        &run("aten.sum.default", DType::F32, &[], vec![x.clone()]),
        &[13.],
    );
    assert_close(
        &run(
            "aten.sum.dim_IntList",
            DType::F32,
            &[2],
            vec![x.clone(), ints(&[0])],
        ),
        &[4., 9.],
    );
    assert_close(
        &run(
            "aten.mean.dim",
            DType::F32,
            &[2, 1],
            vec![x.clone(), ints(&[-1]), RVal::Bool(true)],
        ),
        &[3., 3.5],
    );
    assert_close(
        &run(
            "aten.argmax.default",
            DType::I64,
            &[2],
            vec![x.clone(), RVal::Int(1)],
        ),
        &[1., 1.],
    );
    assert_close(&run("aten.max.default", DType::F32, &[], vec![x]), &[5.]);
}

#[test]
fn matmul_and_linear() {
    let a = t(&[1., 2., 3., 4.], &[2, 2]);
    let b = t(&[5., 6., 7., 8.], &[2, 2]);
    assert_close(
        &run(
            "aten.matmul.default",
            DType::F32,
            &[2, 2],
            vec![a.clone(), b],
        ),
        &[19., 22., 43., 50.],
    );
    let v = t(&[1., 1.], &[2]);
    assert_close(
        &run("aten.matmul.default", DType::F32, &[2], vec![a, v]),
        &[3., 7.],
    );
    let x = t(&[1., 2.], &[1, 2]);
    let w = t(&[1., 0., 0., 1., 1., 1.], &[3, 2]);
    let bias = t(&[0., 0., 1.], &[3]);
    assert_close(
        &run("aten.linear.default", DType::F32, &[1, 3], vec![x, w, bias]),
        &[1., 2., 4.],
    );
}

#[test]
fn einsum_matrix_product() {
    let a = t(&[1., 2., 3., 4.], &[2, 2]);
    let b = t(&[5., 6., 7., 8.], &[2, 2]);
    assert_close(
        &run(
            "aten.einsum.default",
            DType::F32,
            &[2, 2],
            vec![RVal::Str("ij,jk->ik".into()), RVal::List(vec![a, b])],
        ),
        &[19., 22., 43., 50.],
    );
}

#[test]
fn conv2d_and_max_pool() {
    let x = t(&(1..=9).map(f64::from).collect::<Vec<_>>(), &[1, 1, 3, 3]);
    let w = t(&[1.; 4], &[1, 1, 2, 2]);
    let r = run(
        "aten.conv2d.default",
        DType::F32,
        &[1, 1, 2, 2],
        vec![
            x,
            w,
            RVal::None,
            ints(&[1, 1]),
            ints(&[0, 0]),
            ints(&[1, 1]),
            RVal::Int(1),
        ],
    );
    assert_close(&r, &[12., 16., 24., 28.]);
    let y = t(&(0..16).map(f64::from).collect::<Vec<_>>(), &[1, 1, 4, 4]);
    let p = run(
        "aten.max_pool2d.default",
        DType::F32,
        &[1, 1, 2, 2],
        vec![y, ints(&[2, 2]), ints(&[2, 2])],
    );
    assert_close(&p, &[5., 7., 13., 15.]);
}

#[test]
fn conv2d_infers_dropped_padding() {
    // The tracer records (input, weight) only when bias is None and stride 1.
    let x = t(&[1.; 9], &[1, 1, 3, 3]);
    let w = t(&[1.; 9], &[1, 1, 3, 3]);
    let r = run("aten.conv2d.default", DType::F32, &[1, 1, 3, 3], vec![x, w]);
    assert_close(&r, &[4., 6., 4., 6., 9., 6., 4., 6., 4.]);
}

#[test]
fn normalizations() {
    let x = t(&[1., 2., 3.], &[1, 3]);
    assert_close(
        &run(
            "aten.layer_norm.default",
            DType::F32,
            &[1, 3],
            vec![x, ints(&[3])],
        ),
        &[-1.224_742_9, 0., 1.224_742_9],
    );
    // rms_norm: x / sqrt(mean(x²) + eps) * weight; mean(x²) = 14/3 and a
    // None eps is float32's machine epsilon (negligible here).
    let x = t(&[1., 2., 3.], &[1, 3]);
    assert_close(
        &run(
            "aten.rms_norm.default",
            DType::F32,
            &[1, 3],
            vec![x.clone(), ints(&[3])],
        ),
        &[0.462_910_05, 0.925_820_1, 1.388_730_1],
    );
    assert_close(
        &run(
            "aten.rms_norm.default",
            DType::F32,
            &[1, 3],
            vec![
                x,
                ints(&[3]),
                t(&[2., 1., 0.], &[3]),
                RVal::Float(1.0 / 3.0),
            ],
        ),
        &[0.894_427_2, 0.894_427_2, 0.],
    );
    // batch_norm in ATen order: input, weight, bias, running_mean, running_var.
    let x = t(&[1., 2.], &[2, 1]);
    let r = run(
        "aten.batch_norm.default",
        DType::F32,
        &[2, 1],
        vec![
            x,
            t(&[2.], &[1]),
            t(&[1.], &[1]),
            t(&[0.], &[1]),
            t(&[1.], &[1]),
            RVal::Bool(false),
            RVal::Float(0.1),
            RVal::Float(0.0),
        ],
    );
    assert_close(&r, &[3., 5.]);
}

#[test]
fn views_and_indexing() {
    let x = t(&(0..6).map(f64::from).collect::<Vec<_>>(), &[2, 3]);
    let s = run(
        "aten.slice.Tensor",
        DType::F32,
        &[2, 2],
        vec![
            x.clone(),
            RVal::Int(1),
            RVal::Int(0),
            RVal::Int(3),
            RVal::Int(2),
        ],
    );
    assert_close(&s, &[0., 2., 3., 5.]);
    let p = run(
        "aten.permute.default",
        DType::F32,
        &[3, 2],
        vec![x.clone(), ints(&[1, 0])],
    );
    assert_close(&p, &[0., 3., 1., 4., 2., 5.]);
    let sel = run(
        "aten.select.int",
        DType::F32,
        &[3],
        vec![x.clone(), RVal::Int(0), RVal::Int(-1)],
    );
    assert_close(&sel, &[3., 4., 5.]);
    let c = run(
        "aten.cat.default",
        DType::F32,
        &[4, 3],
        vec![RVal::List(vec![x.clone(), x.clone()]), RVal::Int(0)],
    );
    assert_eq!(c.dims(), &[4, 3]);
    let idx = run(
        "aten.index.Tensor",
        DType::F32,
        &[2],
        vec![
            x.clone(),
            RVal::List(vec![ti(&[1., 0.], &[2]), ti(&[2., 0.], &[2])]),
        ],
    );
    assert_close(&idx, &[5., 0.]);
    let tri = run(
        "aten.triu.default",
        DType::F32,
        &[2, 3],
        vec![x, RVal::Int(1)],
    );
    assert_close(&tri, &[0., 1., 2., 0., 0., 5.]);
}

#[test]
fn embedding_and_cosine_similarity() {
    let w = t(&[0., 1., 2., 3., 4., 5.], &[3, 2]);
    let e = run(
        "aten.embedding.default",
        DType::F32,
        &[2, 2],
        vec![w, ti(&[2., 0.], &[2])],
    );
    assert_close(&e, &[4., 5., 0., 1.]);
    let c = run(
        "aten.cosine_similarity.default",
        DType::F32,
        &[1],
        vec![t(&[1., 0.], &[1, 2]), t(&[1., 1.], &[1, 2]), RVal::Int(-1)],
    );
    assert_close(&c, &[std::f64::consts::FRAC_1_SQRT_2]);
    // |(3 - 0 + eps, 4 - 0 + eps)| = 5 (to within eps), per row; p = 1 sums.
    let rows = || vec![t(&[3., 4., 1., 1.], &[2, 2]), t(&[0., 0., 1., 1.], &[2, 2])];
    let l2 = run("aten.pairwise_distance.default", DType::F32, &[2], rows());
    assert_close(&l2, &[5.0 + 1.4e-6, 2f64.sqrt() * 1e-6]);
    let mut args = rows();
    args.extend([RVal::Float(1.0), RVal::Float(0.0), RVal::Bool(true)]);
    let l1 = run("aten.pairwise_distance.default", DType::F32, &[2, 1], args);
    assert_close(&l1, &[7.0, 0.0]);
}

#[test]
fn embedding_index_out_of_range_is_an_error() {
    let env = ShapeEnv::new();
    let mut ctx = Ctx::new(&env, Limits::default());
    let n = node("aten.embedding.default", DType::F32, &[1, 2]);
    let a = Args {
        pos: vec![t(&[0., 1.], &[1, 2]), ti(&[7.], &[1])],
        kw: vec![],
    };
    let e = kernels::call(&mut ctx, "aten.embedding.default", &n, &a).unwrap_err();
    assert!(e.message.contains("out of range"), "{}", e.message);
}

#[test]
fn unknown_target_has_no_kernel() {
    let env = ShapeEnv::new();
    let mut ctx = Ctx::new(&env, Limits::default());
    let n = node("aten.frobnicate.default", DType::F32, &[1]);
    let a = Args {
        pos: vec![],
        kw: vec![],
    };
    let e = kernels::call(&mut ctx, "aten.frobnicate.default", &n, &a).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NoKernel);
    assert!(
        e.message
            .starts_with("no kernel for aten.frobnicate.default")
    );
}

#[test]
fn a_custom_operator_has_no_kernel_and_says_why() {
    let env = ShapeEnv::new();
    let mut ctx = Ctx::new(&env, Limits::default());
    let target = "torch._ops.mylib.twice.default";
    let n = node(target, DType::F32, &[1]);
    let a = Args {
        pos: vec![t(&[1.], &[1])],
        kw: vec![],
    };
    let e = kernels::call(&mut ctx, target, &n, &a).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NoKernel);
    assert!(
        e.message.contains("custom operator mylib.twice.default")
            && e.message.contains("torch.library"),
        "{}",
        e.message
    );
}

/// Values below are what torch 2.15 gives for the same calls.
#[test]
fn scatter_family() {
    let x = || t(&[1., 2., 3., 4., 5., 6.], &[2, 3]);
    let idx = || ti(&[2., 0., 1., 1.], &[2, 2]);
    let src = || t(&[10., 20., 30., 40.], &[2, 2]);
    let f32 = DType::F32;
    let r = run(
        "aten.scatter.src",
        f32,
        &[2, 3],
        vec![x(), RVal::Int(1), idx(), src()],
    );
    assert_close(&r, &[20., 2., 10., 4., 40., 6.]);
    let r = run(
        "aten.scatter.value",
        f32,
        &[2, 3],
        vec![x(), RVal::Int(1), idx(), RVal::Float(7.)],
    );
    assert_close(&r, &[7., 2., 7., 4., 7., 6.]);
    let r = run_kw(
        "aten.scatter.reduce",
        f32,
        &[2, 3],
        vec![x(), RVal::Int(1), idx(), src()],
        vec![("reduce", RVal::Str("add".into()))],
    );
    assert_close(&r, &[21., 2., 13., 4., 75., 6.]);
    let r = run(
        "aten.scatter_add.default",
        f32,
        &[2, 3],
        vec![x(), RVal::Int(1), idx(), src()],
    );
    assert_close(&r, &[21., 2., 13., 4., 75., 6.]);
    let along = || ti(&[2., 0.], &[2]);
    let r = run(
        "aten.index_copy.default",
        f32,
        &[2, 3],
        vec![x(), RVal::Int(1), along(), src()],
    );
    assert_close(&r, &[20., 2., 10., 40., 5., 30.]);
    let r = run_kw(
        "aten.index_add.default",
        f32,
        &[2, 3],
        vec![x(), RVal::Int(1), along(), src()],
        vec![("alpha", RVal::Int(2))],
    );
    assert_close(&r, &[41., 2., 23., 84., 5., 66.]);
    let r = run_kw(
        "aten.scatter_reduce.two",
        f32,
        &[2, 3],
        vec![x(), RVal::Int(1), idx(), src(), RVal::Str("amax".into())],
        vec![("include_self", RVal::Bool(false))],
    );
    assert_close(&r, &[20., 2., 10., 4., 40., 6.]);
    let r = run(
        "aten.scatter_reduce.two",
        f32,
        &[2, 3],
        vec![x(), RVal::Int(1), idx(), src(), RVal::Str("mean".into())],
    );
    assert_close(&r, &[10.5, 2., 6.5, 4., 25., 6.]);
    let mask =
        RVal::Tensor(T::from_f64(vec![0., 0., 0., 1., 1., 1.], &[2, 3], DType::Bool).unwrap());
    let r = run(
        "aten.masked_scatter.default",
        f32,
        &[2, 3],
        vec![x(), mask, t(&[9., 8., 7.], &[3])],
    );
    assert_close(&r, &[1., 2., 3., 9., 8., 7.]);
    let env = ShapeEnv::new();
    let mut ctx = Ctx::new(&env, Limits::default());
    let n = node("aten.scatter.value", f32, &[2, 3]);
    let bad = Args {
        pos: vec![x(), RVal::Int(1), ti(&[3.], &[1, 1]), RVal::Float(1.)],
        kw: vec![],
    };
    let e = kernels::call(&mut ctx, "aten.scatter.value", &n, &bad).unwrap_err();
    assert!(e.message.contains("out of bounds"), "{}", e.message);
}

#[test]
fn lerp_bucketize_cdist_and_norms() {
    let f32 = DType::F32;
    let r = run(
        "aten.lerp.Tensor",
        f32,
        &[2],
        vec![
            t(&[0., 10.], &[2]),
            t(&[10., 20.], &[2]),
            t(&[0.25, 0.75], &[2]),
        ],
    );
    assert_close(&r, &[2.5, 17.5]);
    let r = run(
        "aten.lerp.Scalar",
        f32,
        &[2],
        vec![t(&[0., 10.], &[2]), t(&[10., 20.], &[2]), RVal::Float(0.5)],
    );
    assert_close(&r, &[5., 15.]);
    let values = || t(&[0.5, 1., 2.5], &[3]);
    let bounds = || t(&[1., 2., 3.], &[3]);
    let r = run(
        "aten.bucketize.Tensor",
        DType::I64,
        &[3],
        vec![values(), bounds()],
    );
    assert_close(&r, &[0., 0., 2.]);
    let r = run_kw(
        "aten.bucketize.Tensor",
        DType::I64,
        &[3],
        vec![values(), bounds()],
        vec![("right", RVal::Bool(true))],
    );
    assert_close(&r, &[0., 1., 2.]);
    let a = || t(&[0., 0., 3., 4.], &[2, 2]);
    let b = || t(&[0., 0., 1., 1., 3., 0.], &[3, 2]);
    let r = run("aten.cdist.default", f32, &[2, 3], vec![a(), b()]);
    assert_close(&r, &[0., std::f64::consts::SQRT_2, 3., 5., 3.6055512, 4.]);
    let r = run(
        "aten.cdist.default",
        f32,
        &[2, 3],
        vec![a(), b(), RVal::Float(1.)],
    );
    assert_close(&r, &[0., 2., 3., 7., 5., 4.]);
    let x = || t(&[1., 2., 3., 4., 5., 6.], &[2, 3]);
    let r = run(
        "aten.linalg_norm.default",
        f32,
        &[2],
        vec![x(), RVal::None, ints(&[-1])],
    );
    assert_close(&r, &[3.7416575, 8.7749643]);
    let r = run("aten.linalg_norm.default", f32, &[], vec![x()]);
    assert_close(&r, &[9.5393920]);
    let r = run(
        "aten.linalg_norm.ord_str",
        f32,
        &[],
        vec![x(), RVal::Str("fro".into())],
    );
    assert_close(&r, &[9.5393920]);
    let r = run(
        "aten.linalg_norm.default",
        f32,
        &[3],
        vec![x(), RVal::Int(1), ints(&[0])],
    );
    assert_close(&r, &[5., 7., 9.]);
}

#[test]
fn tile_argsort_and_constructed_sequences() {
    let f32 = DType::F32;
    let r = run(
        "aten.tile.default",
        f32,
        &[1, 4],
        vec![t(&[1., 2.], &[1, 2]), ints(&[2])],
    );
    assert_close(&r, &[1., 2., 1., 2.]);
    let r = run(
        "aten.tile.default",
        f32,
        &[2, 4],
        vec![t(&[1., 2.], &[2]), ints(&[2, 2])],
    );
    assert_close(&r, &[1., 2., 1., 2., 1., 2., 1., 2.]);
    let row = || t(&[3., 1., 2.], &[1, 3]);
    let r = run("aten.argsort.default", DType::I64, &[1, 3], vec![row()]);
    assert_close(&r, &[1., 2., 0.]);
    let r = run(
        "aten.argsort.default",
        DType::I64,
        &[1, 3],
        vec![row(), RVal::Int(-1), RVal::Bool(true)],
    );
    assert_close(&r, &[0., 2., 1.]);
    let r = run(
        "aten.argsort.stable",
        DType::I64,
        &[1, 3],
        vec![row(), RVal::Bool(true), RVal::Int(1)],
    );
    assert_close(&r, &[1., 2., 0.]);
    let r = run(
        "aten.logspace.default",
        f32,
        &[3],
        vec![RVal::Int(0), RVal::Int(2), RVal::Int(3)],
    );
    assert_close(&r, &[1., 10., 100.]);
    let r = run(
        "aten.kaiser_window.beta",
        f32,
        &[4],
        vec![RVal::Int(4), RVal::Bool(false), RVal::Float(5.)],
    );
    assert_close(&r, &[0.036710888, 0.77532196, 0.77532196, 0.036710888]);
    let r = run("aten.hann_window.default", f32, &[4], vec![RVal::Int(4)]);
    assert_close(&r, &[0., 0.5, 1., 0.5]);
}

#[test]
fn deterministic_fill_matches_schema() {
    let x = runtime::inputs::fill(&[2], 1, DType::F64).unwrap();
    let v = x.to_f64().unwrap();
    assert!((v[0] - (1.01f64).sin()).abs() < 1e-15);
    assert!((v[1] - (1.02f64).sin()).abs() < 1e-15);
}

fn run_text(src: &str, limits: Limits) -> runtime::EntryRun {
    run_with(
        src,
        &runtime::RunOptions {
            limits,
            ..Default::default()
        },
    )
}

fn run_with(src: &str, options: &runtime::RunOptions) -> runtime::EntryRun {
    let mut runs = runtime::run_source("case.py", src, options);
    assert_eq!(runs.len(), 1);
    runs.remove(0)
}

#[test]
fn small_mlp_runs_on_filled_values() {
    let src = "import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.l = nn.Linear(2, 1)\n\n    def forward(self, x):\n        return self.l(x).relu()\n\nmodel = M()\nexample_args = (torch.randn(1, 2),)\n";
    let r = run_text(src, Limits::default());
    let out = r.result.unwrap_or_else(|e| panic!("{}", e.message));
    // weight k=0, bias k=1, x k=2.
    let w0 = (0.01f64).sin();
    let w1 = (0.02f64).sin();
    let b = (1.01f64).sin();
    let x0 = (2.01f64).sin();
    let x1 = (2.02f64).sin();
    let want = (w0 * x0 + w1 * x1 + b).max(0.0);
    let got = out.outputs[0].as_tensor().unwrap().to_f64().unwrap();
    assert!((got[0] - want).abs() < 1e-6, "{got:?} vs {want}");
}

#[test]
fn an_export_failing_on_its_spec_runs_as_eager_does_with_a_note() {
    // `features` is marked dynamic but Linear(4, 3) specializes it: the
    // export fails; eager PyTorch runs the model at the example sizes.
    let src = "import torch\nfrom torch.export import Dim\n\nclass M(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.l = torch.nn.Linear(4, 3)\n\n    def forward(self, x):\n        return self.l(x)\n\nmodel = M()\nexample_args = (torch.randn(2, 4),)\ndynamic_shapes = {\"x\": {1: Dim(\"features\")}}\n";
    let r = run_text(src, Limits::default());
    let note = r
        .note
        .clone()
        .expect("a note says the exported program did not run");
    assert!(note.contains("dynamic_shapes"), "{note}");
    let out = r.result.unwrap_or_else(|e| panic!("{}", e.message));
    assert_eq!(out.outputs[0].as_tensor().unwrap().dims(), &[2, 3]);
    // Without a spec there is nothing to note.
    let plain = run_text(
        &src.replace("dynamic_shapes = ", "unused = "),
        Limits::default(),
    );
    assert!(plain.note.is_none() && plain.result.is_ok());
}

#[test]
fn absurd_sizes_are_refused_before_allocating() {
    let src = "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x + torch.ones(100000, 100000, 64)\n\nmodel = M()\nexample_args = (torch.randn(1),)\n";
    let r = run_text(src, Limits::default());
    let e = r.result.err().expect("refused");
    assert_eq!(e.kind, ErrorKind::Memory, "{}", e.message);
    assert!(
        e.message.contains("GiB") || e.message.contains("TiB"),
        "{}",
        e.message
    );
}

#[test]
fn nan_inputs_propagate_without_error() {
    let src = "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return torch.log(x - 10.0)\n\nmodel = M()\nexample_args = (torch.randn(3),)\n";
    let r = run_text(src, Limits::default());
    let out = r.result.unwrap_or_else(|e| panic!("{}", e.message));
    let v = out.outputs[0].as_tensor().unwrap().to_f64().unwrap();
    assert!(v.iter().all(|x| x.is_nan()));
    let j = runtime::summary::outputs(&out.outputs, out.tree.as_ref()).unwrap();
    assert!(j["sum"].is_null());
}

#[test]
fn random_outputs_are_reported_as_random() {
    let src = "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x + torch.randn(3)\n\nmodel = M()\nexample_args = (torch.randn(3),)\n";
    let r = run_text(src, Limits::default());
    let e = r.result.err().expect("random");
    assert_eq!(e.kind, ErrorKind::Random, "{}", e.message);
}

#[test]
fn malformed_sources_never_panic() {
    for src in [
        "",
        "model = 3\nexample_args = (1,)\n",
        "import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x.view(-1, 7)\nmodel = M()\nexample_args = (torch.randn(3, 5),)\n",
        "import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x[torch.tensor([99])]\nmodel = M()\nexample_args = (torch.randn(3),)\n",
        "def (:\n",
    ] {
        let _ = runtime::run_source("bad.py", src, &runtime::RunOptions::default());
    }
}

/// `x[i] = sin(0.01 * (i + 1))`: the only input of a model without
/// parameters.
fn x0(n: usize) -> Vec<f64> {
    (0..n).map(|i| (0.01 * (i as f64 + 1.0)).sin()).collect()
}

fn model_src(forward: &str) -> String {
    format!(
        "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n{forward}\nmodel = M()\nexample_args = (torch.randn(3),)\n"
    )
}

fn run_values(src: &str) -> (Vec<f64>, Option<String>) {
    let r = run_text(src, Limits::default());
    let out = r.result.unwrap_or_else(|e| panic!("{}", e.message));
    (
        out.outputs[0].as_tensor().unwrap().to_f64().unwrap(),
        r.note,
    )
}

fn assert_all_close(got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-6, "{got:?} vs {want:?}");
    }
}

#[test]
fn a_branch_on_tensor_data_takes_the_branch_eager_takes() {
    // sum(x) is about 0.06: above 0.05, below 0.5.
    for (threshold, delta) in [("0.05", 1.0), ("0.5", -1.0)] {
        let src = model_src(&format!(
            "        if x.sum() > {threshold}:\n            return x + 1\n        return x - 1\n"
        ));
        let (got, note) = run_values(&src);
        let want: Vec<f64> = x0(3).iter().map(|v| v + delta).collect();
        assert_all_close(&got, &want);
        let note = note.expect("a note says the run used concrete mode");
        assert!(note.contains("data-dependent"), "{note}");
        // Export itself is unchanged: without an evaluator it fails.
        let file = tracer::SourceFile::parse("case.py", &src);
        let entry = tracer::find_entries(&file).remove(0);
        let traced = tracer::trace_entry(file, &entry, tracer::Mode::NonStrict, Default::default());
        assert!(matches!(traced.outcome, tracer::TraceOutcome::Failed(_)));
    }
}

#[test]
fn item_loop_counts_and_while_loops_on_tensors_run_as_eager() {
    // Three positive values: the loop doubles three times.
    let src = model_src(
        "        for _ in range((x > 0).sum().item()):\n            x = x * 2\n        return x\n",
    );
    let (got, _) = run_values(&src);
    let want: Vec<f64> = x0(3).iter().map(|v| v * 8.0).collect();
    assert_all_close(&got, &want);
    // 0.06 doubles five times before reaching 1.
    let src = model_src("        while x.sum() < 1:\n            x = x * 2\n        return x\n");
    let (got, _) = run_values(&src);
    let want: Vec<f64> = x0(3).iter().map(|v| v * 32.0).collect();
    assert_all_close(&got, &want);
}

#[test]
fn float_items_are_read_in_concrete_mode() {
    let src = model_src(
        "        lo, hi = x.min().item(), x.max().item()\n        span = hi - lo\n        if span == 0:\n            span = 1.0\n        return (x - lo) / span\n",
    );
    let (got, _) = run_values(&src);
    let x = x0(3);
    let want: Vec<f64> = x.iter().map(|v| (v - x[0]) / (x[2] - x[0])).collect();
    assert_all_close(&got, &want);
}

#[test]
fn buffers_updated_in_place_after_building_are_replayed() {
    // A write into a view (`m[1, 2:] = 0`) reaches the buffer.
    let src = "import torch\n\nclass M(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        m = torch.ones(2, 4)\n        m[1, 2:] = 0\n        m[:, 0] = 3\n        self.register_buffer(\"m\", m)\n\n    def forward(self, x):\n        return x * self.m\n\nmodel = M()\nexample_args = (torch.randn(2, 4),)\n";
    let (got, note) = run_values(src);
    assert!(note.is_none());
    let m = [3., 1., 1., 1., 3., 1., 0., 0.];
    let want: Vec<f64> = x0(8).iter().zip(m).map(|(x, m)| x * m).collect();
    assert_all_close(&got, &want);
}

#[test]
fn constants_the_code_spells_out_have_their_values() {
    // A buffer viewed from a literal, and a literal created in forward
    // (a lifted constant of the program).
    let src = "import torch\n\nclass M(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.register_buffer(\"s\", torch.tensor([1.0, 2.0, 3.0]).view(1, 3))\n\n    def forward(self, x):\n        return x * self.s + torch.tensor([10.0, 20.0, 30.0])\n\nmodel = M()\nexample_args = (torch.randn(1, 3),)\n";
    let (got, _) = run_values(src);
    let want: Vec<f64> = x0(3)
        .iter()
        .zip([(1., 10.), (2., 20.), (3., 30.)])
        .map(|(x, (s, c))| x * s + c)
        .collect();
    assert_all_close(&got, &want);
}

#[test]
fn floats_read_from_tensor_data_are_eager_values() {
    // The export succeeds with the float as a constant it cannot know; the
    // quick run traces in concrete mode and says so.
    let src = model_src("        total = sum(x.tolist())\n        return x / total\n");
    let (got, note) = run_values(&src);
    let x = x0(3);
    let total: f64 = x.iter().sum();
    let want: Vec<f64> = x.iter().map(|v| v / total).collect();
    assert_all_close(&got, &want);
    let note = note.expect("a note");
    assert!(note.contains("reads floats from tensor data"), "{note}");
}

#[test]
fn formatting_a_tensor_value_runs_in_concrete_mode() {
    let src = model_src("        print(f\"mean={x.mean():.4f}\")\n        return x * 2\n");
    let (got, note) = run_values(&src);
    let want: Vec<f64> = x0(3).iter().map(|v| v * 2.0).collect();
    assert_all_close(&got, &want);
    assert!(note.expect("a note").contains("concrete mode"));
}

#[test]
fn cond_branches_closing_over_tensors_get_them_as_operands() {
    // Each branch closes over a different tensor of forward: both become
    // extra operands of both subgraphs, in the same order.
    for (threshold, want) in [("0", [3.0, 0.0]), ("1", [2.0, 10.0])] {
        let src = model_src(&format!(
            "        a = x * 2\n        b = x + 10\n\n        def t(v):\n            return v + a\n\n        def f(v):\n            return v + b\n\n        return torch.cond(x.sum() > {threshold}, t, f, (x,))\n"
        ));
        let (got, _) = run_values(&src);
        let expect: Vec<f64> = x0(3).iter().map(|v| want[0] * v + want[1]).collect();
        assert_all_close(&got, &expect);
    }
}

#[test]
fn writes_into_views_of_inputs_reach_the_input() {
    // `x[0] = 3` writes through `select`; `.data` (refused by non-strict
    // export) shares the storage in a concrete-mode run.
    for body in [
        "        x[0] = 3\n        return x\n",
        "        x.data[0] = 3\n        return x * 1\n",
    ] {
        let (got, _) = run_values(&model_src(body));
        let mut want = x0(3);
        want[0] = 3.0;
        assert_all_close(&got, &want);
    }
}

#[test]
fn decisions_inside_cond_branches_are_not_answered_from_the_outer_graph() {
    // Inside a branch, values depend on the subgraph's operands: concrete
    // mode leaves the decision undecided instead of reading another
    // graph's values.
    let src = model_src(
        "        def t(v):\n            if v.sum() > 0:\n                return v + 1\n            return v - 1\n\n        def f(v):\n            return v * 2\n\n        return torch.cond(x.sum() > 0, t, f, (x,))\n",
    );
    let r = run_text(&src, Limits::default());
    let e = r
        .result
        .err()
        .expect("the export fails, and so does the run");
    assert_eq!(e.kind, ErrorKind::ExportFails, "{}", e.message);
}

#[test]
fn shrink_threshold_and_parametric_activations() {
    let x = t(&[-2., -0.2, 0.3, 1.5], &[4]);
    let one = |target: &str, extra: Vec<RVal>| {
        let mut pos = vec![x.clone()];
        pos.extend(extra);
        run(target, DType::F32, &[4], pos)
    };
    assert_close(
        &one("aten.celu.default", vec![RVal::Float(0.5)]),
        &[-0.490_842_18, -0.164_839_98, 0.3, 1.5],
    );
    assert_close(&one("aten.hardshrink.default", vec![]), &[-2., 0., 0., 1.5]);
    assert_close(
        &one("aten.softshrink.default", vec![RVal::Float(0.5)]),
        &[-1.5, 0., 0., 1.0],
    );
    assert_close(
        &one(
            "aten.threshold.default",
            vec![RVal::Float(0.1), RVal::Float(2.0)],
        ),
        &[2., 2., 0.3, 1.5],
    );
    // Eval-mode rrelu: the mean of the slope range.
    assert_close(
        &one("aten.rrelu.default", vec![]),
        &[-0.458_333_33, -0.045_833_33, 0.3, 1.5],
    );
    // glu halves the dim: a * sigmoid(b).
    let g = run(
        "aten.glu.default",
        DType::F32,
        &[2],
        vec![x.clone(), RVal::Int(0)],
    );
    assert_close(&g, &[-1.148_885_03, -0.163_514_90]);
    // prelu: one slope per channel (dim 1).
    let p = run(
        "aten.prelu.default",
        DType::F32,
        &[1, 2, 2],
        vec![t(&[-2., -0.2, 0.3, 1.5], &[1, 2, 2]), t(&[0.1, 0.5], &[2])],
    );
    assert_close(&p, &[-0.2, -0.02, 0.3, 1.5]);
}

#[test]
fn training_mode_rrelu_is_a_clear_error() {
    let env = ShapeEnv::new();
    let mut ctx = Ctx::new(&env, Limits::default());
    let n = node("aten.rrelu.default", DType::F32, &[2]);
    let a = Args {
        pos: vec![
            t(&[-1., 1.], &[2]),
            RVal::Float(0.1),
            RVal::Float(0.3),
            RVal::Bool(true),
        ],
        kw: vec![],
    };
    let err = kernels::call(&mut ctx, "aten.rrelu.default", &n, &a).unwrap_err();
    assert!(err.to_string().contains("training mode"), "{err}");
}

#[test]
fn recurrent_cells_step_once() {
    let x = t(&[1.], &[1, 1]);
    let h = t(&[0.5], &[1, 1]);
    let tanh_cell = run(
        "aten.rnn_tanh_cell.default",
        DType::F32,
        &[1, 1],
        vec![
            x.clone(),
            h.clone(),
            t(&[2.], &[1, 1]),
            t(&[1.], &[1, 1]),
            t(&[0.1], &[1]),
            t(&[-0.1], &[1]),
        ],
    );
    assert_close(&tanh_cell, &[2.5f64.tanh()]);
    let relu_cell = run(
        "aten.rnn_relu_cell.default",
        DType::F32,
        &[1, 1],
        vec![x.clone(), h.clone(), t(&[2.], &[1, 1]), t(&[1.], &[1, 1])],
    );
    assert_close(&relu_cell, &[2.5]);
    // Gates r, z, n without biases: r scales the hidden part of n.
    let gru = run(
        "aten.gru_cell.default",
        DType::F32,
        &[1, 1],
        vec![
            x.clone(),
            h,
            t(&[1., 2., 3.], &[3, 1]),
            t(&[0.5, 0.5, 0.5], &[3, 1]),
        ],
    );
    assert_close(&gru, &[0.547_354_796]);
    // LSTM: the state is the [h, c] pair, the result the new (h, c).
    let env = ShapeEnv::new();
    let mut ctx = Ctx::new(&env, Limits::default());
    let n = node("aten.lstm_cell.default", DType::F32, &[1, 1]);
    let a = Args {
        pos: vec![
            x,
            RVal::List(vec![t(&[0.], &[1, 1]), t(&[0.5], &[1, 1])]),
            t(&[1., 1., 1., 1.], &[4, 1]),
            t(&[0., 0., 0., 0.], &[4, 1]),
        ],
        kw: vec![],
    };
    let RVal::List(hc) = kernels::call(&mut ctx, "aten.lstm_cell.default", &n, &a).unwrap() else {
        panic!("lstm_cell returns the (h, c) pair");
    };
    let [RVal::Tensor(h1), RVal::Tensor(c1)] = hc.as_slice() else {
        panic!("two tensors expected");
    };
    assert_close(h1, &[0.531_467_381]);
    assert_close(c1, &[0.922_299_230]);
}

#[test]
fn addcmul_and_addcdiv_broadcast_with_value() {
    // torch.addcmul(tensor([1., 2.]), tensor([[3.], [4.]]), tensor([2., 2.]), value=0.5)
    let x = t(&[1.0, 2.0], &[2]);
    let a = t(&[3.0, 4.0], &[2, 1]);
    let b = t(&[2.0, 2.0], &[2]);
    let got = run_kw(
        "aten.addcmul.default",
        DType::F32,
        &[2, 2],
        vec![x.clone(), a.clone(), b.clone()],
        vec![("value", RVal::Float(0.5))],
    );
    assert_close(&got, &[4.0, 5.0, 5.0, 6.0]);
    let got = run("aten.addcdiv.default", DType::F32, &[2, 2], vec![x, a, b]);
    assert_close(&got, &[2.5, 3.5, 3.0, 4.0]);
}

#[test]
fn unfold_makes_windows_a_last_dimension() {
    // torch.arange(12.).reshape(2, 6).unfold(1, 3, 2) and .unfold(0, 1, 1)
    let x = t(&(0..12).map(f64::from).collect::<Vec<_>>(), &[2, 6]);
    let got = run(
        "aten.unfold.default",
        DType::F32,
        &[2, 2, 3],
        vec![x.clone(), RVal::Int(1), RVal::Int(3), RVal::Int(2)],
    );
    assert_close(&got, &[0., 1., 2., 2., 3., 4., 6., 7., 8., 8., 9., 10.]);
    let got = run(
        "aten.unfold.default",
        DType::F32,
        &[2, 6, 1],
        vec![x, RVal::Int(0), RVal::Int(1), RVal::Int(1)],
    );
    assert_eq!(got.dims(), &[2, 6, 1]);
    assert_close(&got, &(0..12).map(f64::from).collect::<Vec<_>>());
}

/// `run --json`'s OUT keeps the pytree `forward` returns (report-schema.md):
/// dicts with their keys, nested tuples and lists, a single-element tuple,
/// and an object export cannot flatten as `other` with its class name.
#[test]
fn outputs_keep_the_returned_pytree() {
    let src = "import torch\nfrom dataclasses import dataclass\n\n@dataclass\nclass Out:\n    y: torch.Tensor\n\nclass M(torch.nn.Module):\n    def forward(self, x, flag):\n        if flag == 1:\n            return {\"b\": x + 1, \"a\": (x * 2, [x - 1, 3])}\n        if flag == 2:\n            return (x,)\n        return Out(y=x)\n\nmodel = M()\nexample_args = (torch.tensor([1, 2]), FLAG)\n";
    let shape = |flag: &str| {
        let r = run_text(&src.replace("FLAG", flag), Limits::default());
        let out = r.result.unwrap_or_else(|e| panic!("{}", e.message));
        let j = runtime::summary::outputs(&out.outputs, out.tree.as_ref()).unwrap();
        fn show(j: &serde_json::Value) -> String {
            match j["kind"].as_str().unwrap_or("") {
                "tuple" => {
                    let items: Vec<String> =
                        j["items"].as_array().unwrap().iter().map(show).collect();
                    format!("({})", items.join(", "))
                }
                "dict" => {
                    let items: Vec<String> = j["items"]
                        .as_object()
                        .unwrap()
                        .iter()
                        .map(|(k, v)| format!("{k}: {}", show(v)))
                        .collect();
                    format!("{{{}}}", items.join(", "))
                }
                "tensor" => format!("t{}", j["sum"]),
                "const" => j["value"].as_str().unwrap().to_owned(),
                other => format!("{other} {}", j["value"]),
            }
        }
        show(&j)
    };
    assert_eq!(shape("1"), "{a: (t6.0, (t1.0, 3)), b: t5.0}");
    assert_eq!(shape("2"), "(t3.0)");
    assert_eq!(shape("0"), "other \"Out\"");
}

#[test]
fn embedding_bag_reduces_each_bag_by_its_mode() {
    let src = "import torch\nimport torch.nn.functional as F\n\nclass M(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.register_buffer(\"w\", torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]]))\n\n    def forward(self, ids):\n        return (\n            F.embedding_bag(ids, self.w, mode=\"mean\"),\n            F.embedding_bag(ids, self.w, mode=\"max\"),\n            F.embedding_bag(ids, self.w, mode=\"sum\", padding_idx=0),\n            F.embedding_bag(ids.reshape(-1), self.w, torch.tensor([0, 1]), mode=\"sum\"),\n        )\n\nmodel = M()\nexample_args = (torch.tensor([[0, 2], [1, 1]]),)\n";
    let r = run_text(src, Limits::default());
    let out = r.result.unwrap_or_else(|e| panic!("{}", e.message));
    let values: Vec<Vec<f64>> = out
        .outputs
        .iter()
        .map(|v| v.as_tensor().unwrap().to_f64().unwrap())
        .collect();
    assert_eq!(values[0], [3.0, 4.5, 3.0, 4.0]);
    assert_eq!(values[1], [5.0, 7.0, 3.0, 4.0]);
    assert_eq!(values[2], [5.0, 7.0, 6.0, 8.0]);
    // Offsets [0, 1] over [0, 2, 1, 1]: bags [0] and [2, 1, 1].
    assert_eq!(values[3], [1.0, 2.0, 11.0, 15.0]);
}

/// Found by the language-server fuzzer (a quick run of a model on a batch
/// of 0): a view of an empty tensor keeps an offset past its storage.
#[test]
fn views_of_empty_tensors_run() {
    let src = "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x[:, 2:] + 1\n\nmodel = M()\nexample_args = (torch.randn(0, 4),)\n";
    let r = run_text(src, Limits::default());
    let out = r.result.unwrap_or_else(|e| panic!("{}", e.message));
    let t = out.outputs[0].as_tensor().unwrap();
    assert_eq!(t.dims(), [0, 2]);
    assert!(t.to_f64().unwrap().is_empty());
}
