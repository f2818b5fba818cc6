//! The tracer against the spec fixtures of `tests/spec/` (Python files with
//! inline expectations; grammar in `tests/spec/README.md`). One test per
//! fixture; every fixture in the folder must be listed here.

macro_rules! spec {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                spec_tests::check_fixture(stringify!($name));
            }
        )*
        const LISTED: &[&str] = &[$(stringify!($name)),*];
    };
}

spec!(
    broadcasting,
    broadcasting_dynamic,
    builtin_constructors,
    cat_stack,
    class_static_methods,
    closures,
    comparisons,
    comprehensions,
    conv_shapes,
    data_dependent_if,
    dtype_promotion,
    dynamic_slicing,
    dynamic_slicing_violation,
    eval_exec,
    factories,
    flatten,
    float_item_int_loop,
    float_item_scalars,
    float_item_truth,
    graph_break_builtin,
    guard_auto_add,
    guard_named_dims_conflict,
    guard_shape_if,
    indexing,
    item_unbacked,
    linear_shapes,
    loops_enumerate_zip,
    matmul,
    named_tuple_results,
    nn_modules,
    permute_transpose,
    raise_in_forward,
    reductions,
    split_chunk,
    torch_cond,
    varargs_kwargs,
    view_infer,
    view_symbolic_split,
);

#[test]
fn every_fixture_is_listed() {
    let mut found: Vec<String> = std::fs::read_dir(spec_tests::spec_dir())
        .expect("tests/spec exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    found.sort();
    let mut listed: Vec<String> = LISTED.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(
        found, listed,
        "list every tests/spec/*.py fixture in spec!(...)"
    );
}

/// The runner itself can fail: a wrong expectation is reported.
#[test]
fn wrong_expectations_are_caught() {
    let dir = std::env::temp_dir().join(format!("spec-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = std::fs::read_to_string(spec_tests::spec_dir().join("broadcasting.py")).unwrap();
    let cases = [
        src.replace(
            "# shape: f32[4, 3]\n        b",
            "# shape: f32[4, 4]\n        b",
        ),
        src.replace("# shape: f32[2, 4, 3]", "# shape: i64[2, 4, 3]"),
        src.replace("# shape: f32[4, 3]\n        b", "# error[other]\n        b")
            .replace("# ok\n", ""),
        src.replace(
            "# shape: f32[4, 3]\n        b",
            "# guard: Eq(x.size()[0], 4)\n        b",
        ),
        src.replace("return c, d", "return c, d  # shape: f32[1]"),
    ];
    for (i, case) in cases.iter().enumerate() {
        assert_ne!(case, &src, "mutation {i} did not apply");
        let path = dir.join(format!("wrong_{i}.py"));
        std::fs::write(&path, case).unwrap();
        assert!(
            spec_tests::check_fixture_file(&path).is_err(),
            "mutation {i} was not caught:\n{case}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
