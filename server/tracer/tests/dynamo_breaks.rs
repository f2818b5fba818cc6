//! Calls Dynamo refuses to trace break the graph in strict mode with
//! torch's registry code, at the calling line; non-strict export runs them
//! as Python.

use tracer::{Mode, SourceFile, TraceOutcome, find_entries, trace_entry};

fn outcome(body: &str, mode: Mode) -> TraceOutcome {
    let src = format!(
        "import time\nimport torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        {body}\n        return x * 2\n\n\
model = M()\nexample_args = (torch.randn(3, 4),)\n"
    );
    let file = SourceFile::parse("m.py", &src);
    let entries = find_entries(&file);
    trace_entry(file, &entries[0], mode, tracer::Budget::default()).outcome
}

fn strict_code(body: &str) -> (Option<String>, Option<u32>) {
    match outcome(body, Mode::Strict) {
        TraceOutcome::Failed(f) => (f.gb_code.map(str::to_string), f.line),
        TraceOutcome::Exported(_) => (None, None),
    }
}

#[test]
fn listed_calls_break_the_strict_graph_with_their_code() {
    assert_eq!(
        strict_code("t = time.time()"),
        (Some("GB9193".into()), Some(6))
    );
    assert_eq!(
        strict_code("torch._dynamo.graph_break()").0.as_deref(),
        Some("GB0025")
    );
    assert_eq!(
        strict_code("x.requires_grad_()").0.as_deref(),
        Some("GB0125")
    );
    assert_eq!(strict_code("s = repr(x)").0.as_deref(), Some("GB0569"));
    // repr of a plain value is fine.
    assert_eq!(strict_code("s = repr(3)").0, None);
}

#[test]
fn non_strict_export_does_not_break_on_them() {
    match outcome("x.requires_grad_()", Mode::NonStrict) {
        TraceOutcome::Exported(_) => {}
        TraceOutcome::Failed(f) => panic!("non-strict failed: {}", f.message),
    }
    if let TraceOutcome::Failed(f) = outcome("t = time.time()", Mode::NonStrict) {
        assert_eq!(f.gb_code, None, "{}", f.message);
    }
}

#[test]
fn a_data_pointer_is_a_runtime_error_on_fake_tensors() {
    // Non-strict export traces with fake tensors, which have no memory.
    match outcome("p = x.data_ptr()", Mode::NonStrict) {
        TraceOutcome::Failed(f) => {
            assert!(
                f.message
                    .starts_with("RuntimeError: Cannot access data pointer"),
                "{}",
                f.message
            );
            assert_eq!(f.line, Some(6));
        }
        TraceOutcome::Exported(_) => panic!("data_ptr() on a fake tensor exported"),
    }
}

fn non_strict(body: &str) -> Result<(), (String, &'static str)> {
    match outcome(body, Mode::NonStrict) {
        TraceOutcome::Exported(_) => Ok(()),
        TraceOutcome::Failed(f) => Err((f.message, f.kind.category())),
    }
}

#[test]
fn calls_that_change_nothing_in_non_strict_export_are_run_there() {
    for body in [
        "torch._dynamo.graph_break()",
        "y = torch.compiler.disable(torch.relu)(x)",
        "y = torch._dynamo.disable(torch.relu)(x)",
        "assert not torch.is_inference_mode_enabled() and not x.is_inference()",
        "with torch.autograd.set_detect_anomaly(True): y = x.exp()",
        "with torch.random.fork_rng(): y = x.exp()",
        "with open('/dev/null', 'w') as f: f.write('step')",
    ] {
        assert_eq!(non_strict(body), Ok(()), "{body}");
    }
    assert_eq!(
        strict_code("with torch.random.fork_rng(): y = x.exp()")
            .0
            .as_deref(),
        Some("GB0208")
    );
    assert_eq!(
        strict_code("with open('/dev/null', 'w') as f: f.write('step')")
            .0
            .as_deref(),
        Some("GB0059")
    );
}

#[test]
fn builtins_over_tensor_values_break_in_strict_and_decide_on_data_in_non_strict() {
    let cases = [
        ("for _ in range(x.sum().int()): pass", "GB4841"),
        ("a = sorted([x, x * 2], key=lambda t: t.sum())", "GB0207"),
        ("a = max([x, x * 2], key=lambda t: t.norm())", "GB5687"),
        ("b = bytes(x.int().tolist()[0])", "GB9890"),
    ];
    for (body, code) in cases {
        assert_eq!(
            strict_code(body),
            (Some(code.to_string()), Some(6)),
            "{body}"
        );
        let (message, category) = non_strict(body).expect_err(body);
        assert_eq!(category, "data_dependent", "{body}: {message}");
    }
    // Keys that are Python numbers sort as Python sorts them.
    assert_eq!(
        non_strict("a = sorted([x, x[:2]], key=lambda t: t.shape[0]); assert a[0].shape[0] == 2"),
        Ok(())
    );
    assert_eq!(non_strict("assert len(bytes([1, 2, 3])) == 3"), Ok(()));
}

fn trace_source(src: &str, mode: Mode) -> TraceOutcome {
    let file = SourceFile::parse("m.py", src);
    let entries = find_entries(&file);
    trace_entry(file, &entries[0], mode, tracer::Budget::default()).outcome
}

/// `forward`'s lines under `prefix` (module code before the model class).
fn model_source(prefix: &str, forward: &[&str]) -> String {
    assert!(!prefix.is_empty(), "the line numbers below count a prefix");
    let body: String = forward.iter().map(|l| format!("        {l}\n")).collect();
    format!(
        "import torch\n{prefix}\nclass M(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.w = torch.nn.Parameter(torch.ones(4))\n\n    def forward(self, x):\n{body}\n\
model = M()\nexample_args = (torch.randn(3, 4),)\n"
    )
}

/// Strict mode's break (code, line), if any; non-strict's failure message.
type BothModes = (Option<(String, Option<u32>)>, Result<(), String>);

fn both_modes(src: &str) -> BothModes {
    let strict = match trace_source(src, Mode::Strict) {
        TraceOutcome::Failed(f) => Some((f.gb_code.unwrap_or("no code").to_string(), f.line)),
        TraceOutcome::Exported(_) => None,
    };
    let non_strict = match trace_source(src, Mode::NonStrict) {
        TraceOutcome::Exported(_) => Ok(()),
        TraceOutcome::Failed(f) => Err(f.message),
    };
    (strict, non_strict)
}

#[test]
fn statements_dynamo_cannot_trace_break_only_the_strict_graph() {
    // The break's line within forward (0: its first line).
    let cases: &[(&str, &[&str], &str, u32)] = &[
        (
            "#",
            &["class Box:", "    pass", "b = Box()", "return x"],
            "GB8977",
            0,
        ),
        (
            "CALLS = 0",
            &["global CALLS", "CALLS = CALLS + 1", "return x + 1"],
            "GB8949",
            1,
        ),
        (
            "class A:\n    s = 1.0\nclass B:\n    s = 2.0",
            &["o = A()", "o.__class__ = B", "return x * o.s"],
            "GB4271",
            1,
        ),
        (
            "#",
            &["w = torch.ones(4, requires_grad=True)", "return x * w"],
            "GB0225",
            0,
        ),
        (
            "#",
            &["y = x.clone()", "y.data = x.double()", "return y"],
            "GB0056",
            1,
        ),
        (
            "#",
            &["self.w.data = torch.ones(3, 4)", "return x * self.w"],
            "GB6602",
            0,
        ),
    ];
    for (prefix, forward, code, line) in cases {
        let src = model_source(prefix, forward);
        let (strict, non_strict) = both_modes(&src);
        let line = 8 + prefix.lines().count() as u32 + line;
        assert_eq!(strict, Some((code.to_string(), Some(line))), "{src}");
        assert_eq!(non_strict, Ok(()), "{src}");
    }
    // Writing a global Dynamo traces nothing of is not a break when it is a
    // class attribute of an object made in forward, nor reading a global.
    let src = model_source("SCALE = 2.0", &["return x * SCALE"]);
    assert_eq!(both_modes(&src), (None, Ok(())));
    // requires_grad_() on an intermediate is traced (returning what derives
    // from it is refused only after tracing, at no line); on an input it
    // breaks.
    let src = model_source(
        "#",
        &["y = x.detach().requires_grad_(True)", "return y * 2"],
    );
    assert_eq!(both_modes(&src).0, Some(("GB7324".into(), None)));
}

#[test]
fn compiler_disabled_functions_break_at_their_call() {
    let src = model_source(
        "@torch.compiler.disable\ndef helper(x):\n    return x * 2",
        &["return helper(x) + 1"],
    );
    assert_eq!(
        both_modes(&src),
        (Some(("GB0098".into(), Some(11))), Ok(()))
    );
    let src = "import torch\n\nclass M(torch.nn.Module):\n    @torch.compiler.disable\n    def post(self, x):\n        return x * 2\n\n    def forward(self, x):\n        return self.post(x + 1)\n\nmodel = M()\nexample_args = (torch.randn(3, 4),)\n";
    assert_eq!(both_modes(src), (Some(("GB0099".into(), Some(9))), Ok(())));
}

#[test]
fn reading_an_unbound_local_or_cell_is_a_break_in_strict_and_a_name_error_otherwise() {
    let src = model_source("#", &["y = x + 1", "del y", "return y"]);
    let (strict, non_strict) = both_modes(&src);
    assert_eq!(strict, Some(("GB0011".into(), Some(11))));
    // (forward starts at line 9 below a one-line prefix.)
    let message = non_strict.unwrap_err();
    assert!(
        message.contains("cannot access local variable 'y'"),
        "{message}"
    );
    // The cell's break is located where the enclosing function calls.
    let src = model_source(
        "#",
        &[
            "def get():",
            "    return scale",
            "y = x * get()",
            "scale = 2.0",
            "return y",
        ],
    );
    let (strict, non_strict) = both_modes(&src);
    assert_eq!(strict, Some(("GB0091".into(), Some(11))));
    let message = non_strict.unwrap_err();
    assert!(
        message.contains("cannot access free variable 'scale'"),
        "{message}"
    );
    // A name bound nowhere stays a NameError in both modes.
    let src = model_source("#", &["return x * undefined_name"]);
    assert_eq!(both_modes(&src).0, Some(("no code".into(), Some(9))));
}

#[test]
fn probes_non_strict_runs_as_python_break_the_strict_graph() {
    for (prefix, line, code) in [
        ("import time", "t = time.time()", "GB9193"),
        ("import time", "t = time.perf_counter()", "GB9193"),
        ("import sys", "n = sys.getrefcount(x)", "GB0007"),
        ("import inspect", "f = inspect.currentframe()", "GB0007"),
    ] {
        let src = model_source(prefix, &[line, "return x * 2"]);
        assert_eq!(
            both_modes(&src),
            (Some((code.into(), Some(9))), Ok(())),
            "{line}"
        );
    }
    // Their values are Python values a graph can use.
    let src = model_source(
        "import inspect, sys, time",
        &[
            "f = inspect.currentframe()",
            "return x * time.time() * sys.getrefcount(x) * (f is not None)",
        ],
    );
    assert_eq!(both_modes(&src).1, Ok(()));
}

#[test]
fn printing_a_symbolic_int_breaks_the_strict_graph() {
    let src = "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        s = str(x.shape[0])\n        return x * len(s)\n\n\
model = M()\nexample_args = (torch.randn(3, 4),)\ndynamic_shapes = {'x': {0: torch.export.Dim('b')}}\n";
    assert_eq!(both_modes(src).0, Some(("GB6053".into(), Some(5))));
    // A static size prints as its number.
    let src = model_source("#", &["s = str(x.shape[0])", "return x * len(s)"]);
    assert_eq!(both_modes(&src), (None, Ok(())));
}

#[test]
fn a_with_over_a_lock_breaks_the_strict_graph() {
    let src = model_source(
        "import threading\nLOCK = threading.Lock()",
        &["with LOCK:", "    y = x * 2", "return y"],
    );
    assert_eq!(both_modes(&src).0, Some(("GB0142".into(), Some(10))));
}

#[test]
fn a_non_function_getattr_answers_in_non_strict_and_breaks_in_strict() {
    let src = "import torch\n\nclass Lookup:\n    def __call__(self, name):\n        return 2.0\n\n\
class M(torch.nn.Module):\n    __getattr__ = Lookup()\n\n    def forward(self, x):\n        return x * self.scale\n\n\
model = M()\nexample_args = (torch.randn(3, 4),)\n";
    assert_eq!(both_modes(src), (Some(("GB0256".into(), Some(11))), Ok(())));
}

#[test]
fn uniform_with_from_breaks_in_strict_and_records_the_fill_in_non_strict() {
    let src = model_source(
        "#",
        &[
            "n = torch.empty_like(x).uniform_(**{'from': -1.0, 'to': 1.0})",
            "return x + n",
        ],
    );
    assert_eq!(both_modes(&src).0, Some(("GB0110".into(), Some(9))));
    let TraceOutcome::Exported(p) = trace_source(&src, Mode::NonStrict) else {
        panic!("non-strict failed")
    };
    let targets: Vec<String> = p
        .graph
        .nodes
        .iter()
        .filter_map(|n| match &n.op {
            tracer::graph::NodeOp::CallFunction { target, .. } => Some(target.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        targets,
        [
            "aten.empty_like.default",
            "aten.uniform_.default",
            "aten.add.Tensor"
        ]
    );
}

#[test]
fn redirected_output_runs_in_non_strict_and_its_string_buffer_breaks_strict() {
    let src = model_source(
        "import contextlib\nimport io",
        &[
            "buf = io.StringIO()",
            "with contextlib.redirect_stdout(buf):",
            "    y = x * 2",
            "print('ok')",
            "buf.write('ok')",
            "assert buf.getvalue() == 'ok'",
            "return y",
        ],
    );
    assert_eq!(
        both_modes(&src),
        (Some(("GB0156".into(), Some(10))), Ok(()))
    );
}

#[test]
fn an_exit_stack_enters_and_exits_its_contexts_in_non_strict() {
    let src = model_source(
        "import contextlib\nlog = []\nclass C:\n    def __enter__(self):\n        log.append('in')\n        return 3\n    def __exit__(self, *exc):\n        log.append('out')",
        &[
            "with contextlib.ExitStack() as stack:",
            "    n = stack.enter_context(C())",
            "    stack.callback(log.append, 'cb')",
            "    stack.enter_context(torch.no_grad())",
            "    assert log == ['in']",
            "assert log == ['in', 'cb', 'out']",
            "return x * n",
        ],
    );
    assert_eq!(both_modes(&src).1, Ok(()));
}

/// Strict mode's (code, line) and non-strict's failure (message, line).
type CodeLine = Option<(String, Option<u32>)>;

fn modes_with_lines(src: &str) -> (CodeLine, CodeLine) {
    let strict = match trace_source(src, Mode::Strict) {
        TraceOutcome::Failed(f) => Some((f.gb_code.unwrap_or("no code").to_string(), f.line)),
        TraceOutcome::Exported(_) => None,
    };
    let non_strict = match trace_source(src, Mode::NonStrict) {
        TraceOutcome::Failed(f) => Some((f.message, f.line)),
        TraceOutcome::Exported(_) => None,
    };
    (strict, non_strict)
}

#[test]
fn methods_of_torch_objects_break_the_strict_graph_by_their_qualified_name() {
    // ctx.mark_dirty in a custom Function's forward: at that line.
    let src = model_source(
        "class F(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n        ctx.mark_dirty(x)\n        return x.relu_()\n    @staticmethod\n    def backward(ctx, g):\n        return g",
        &["return F.apply(x.clone())"],
    );
    assert_eq!(both_modes(&src), (Some(("GB2019".into(), Some(5))), Ok(())));
    // A ContextVar is read freely but set only outside the strict graph.
    let src = model_source(
        "import contextvars\nMODE = contextvars.ContextVar('mode', default='eval')",
        &[
            "assert MODE.get() == 'eval'",
            "token = MODE.set('train')",
            "assert MODE.get() == 'train'",
            "MODE.reset(token)",
            "assert MODE.get() == 'eval' and MODE.get('x') == 'x'",
            "return x + 1",
        ],
    );
    assert_eq!(
        both_modes(&src),
        (Some(("GB6815".into(), Some(11))), Ok(()))
    );
    // record_function as a `with` is traced; entering it by hand breaks.
    let src = model_source(
        "#",
        &[
            "with torch.profiler.record_function('a'):",
            "    y = x + 1",
            "rf = torch.autograd.profiler.record_function('b')",
            "rf.__enter__()",
            "return y",
        ],
    );
    assert_eq!(
        both_modes(&src),
        (Some(("GB0008".into(), Some(12))), Ok(()))
    );
}

#[test]
fn calls_fake_tensors_cannot_make_fail_non_strict_export_at_their_line() {
    for (forward, message) in [
        ("y = x.clone()\n        y.share_memory_()", "_share_fd_"),
        ("import copy\n        y = copy.deepcopy(x)", "data pointer"),
        (
            "import pickle\n        n = len(pickle.dumps(x))",
            "Can't pickle",
        ),
    ] {
        let src = model_source("#", &[forward, "return x"]);
        let (_, non_strict) = modes_with_lines(&src);
        let (m, line) = non_strict.unwrap_or_else(|| panic!("{src}"));
        assert!(m.contains(message), "{m}");
        assert_eq!(line, Some(10), "{src}");
    }
    // deepcopy of plain data is fine.
    let src = model_source(
        "import copy",
        &["c = copy.deepcopy([1, 2])", "return x * c[1]"],
    );
    assert_eq!(both_modes(&src), (None, Ok(())));
}

#[test]
fn storage_and_data_pointers_are_objects_dynamo_refuses_some_operations_of() {
    // data_ptr() itself is traced; comparing two or testing one breaks.
    let src = model_source("#", &["p = x.data_ptr()", "return x"]);
    assert_eq!(both_modes(&src).0, None);
    let src = model_source(
        "#",
        &[
            "if x.data_ptr() == x.data_ptr():",
            "    return x",
            "return x + 1",
        ],
    );
    assert_eq!(both_modes(&src).0, None);
    let src = model_source(
        "#",
        &[
            "y = x + 1",
            "if x.data_ptr() == y.data_ptr():",
            "    return x",
            "return y",
        ],
    );
    assert_eq!(both_modes(&src).0, Some(("GB5976".into(), Some(10))));
    let src = model_source("#", &["if x.data_ptr():", "    return x", "return x + 1"]);
    assert_eq!(both_modes(&src).0, Some(("GB9118".into(), Some(9))));
    // storage() returns no tensor; untyped_storage() is traced, but not
    // hasattr on it.
    let src = model_source("#", &["s = x.storage()", "return x"]);
    assert_eq!(both_modes(&src).0, Some(("GB0208".into(), Some(9))));
    let src = model_source("#", &["n = x.untyped_storage().size()", "return x * n"]);
    assert_eq!(both_modes(&src), (None, Ok(())));
    let src = model_source(
        "#",
        &[
            "if hasattr(x.untyped_storage(), 'filename'):",
            "    return x",
            "return x + 1",
        ],
    );
    assert_eq!(both_modes(&src), (Some(("GB0150".into(), Some(9))), Ok(())));
}

#[test]
fn hook_handles_cannot_be_stored_in_globals_or_returned() {
    let src = model_source(
        "HANDLE = None",
        &[
            "global HANDLE",
            "h = x * self.w",
            "HANDLE = h.register_hook(lambda g: g)",
            "return h",
        ],
    );
    assert_eq!(
        both_modes(&src),
        (Some(("GB0101".into(), Some(11))), Ok(()))
    );
    // Returned: found after tracing, at no line.
    let src = model_source(
        "#",
        &[
            "h = x * self.w",
            "handle = h.register_hook(lambda g: g)",
            "return h, handle",
        ],
    );
    let (strict, non_strict) = modes_with_lines(&src);
    assert_eq!(strict, Some(("GB0092".into(), None)));
    assert!(non_strict.is_some_and(|(m, line)| m.contains("RemovableHandle") && line.is_none()));
    // A hook on a tensor no gradient flows to is refused.
    let src = model_source(
        "#",
        &["y = x * 2", "y.register_hook(lambda g: g)", "return y"],
    );
    let (_, non_strict) = modes_with_lines(&src);
    assert!(
        non_strict
            .is_some_and(|(m, line)| m.contains("doesn't require gradient") && line == Some(10))
    );
}

#[test]
fn checks_dynamo_makes_before_tracing_a_call() {
    // one_hot without num_classes.
    let src = model_source(
        "#",
        &["return torch.nn.functional.one_hot(x.long()).float()"],
    );
    assert_eq!(both_modes(&src).0, Some(("GB0246".into(), Some(9))));
    // isinstance against a metaclass with __instancecheck__: a break on a
    // tensor; the hook runs otherwise.
    let src = model_source(
        "class Meta(type):\n    def __instancecheck__(cls, obj):\n        return isinstance(obj, int) and obj == 3\nclass Three(metaclass=Meta):\n    pass",
        &[
            "assert isinstance(3, Three) and not isinstance(4, Three)",
            "if isinstance(x, Three):",
            "    return x",
            "return x + 1",
        ],
    );
    let (strict, non_strict) = both_modes(&src);
    assert_eq!(strict, Some(("GB2736".into(), Some(14))));
    assert_eq!(non_strict, Ok(()));
}

#[test]
fn a_tensors_numpy_array_in_strict_export_breaks_on_what_torch_numpy_lacks() {
    let cases: &[(&str, &str)] = &[
        ("a = x.numpy().astype(object)", "GB0250"),
        ("f = x.numpy().flags", "GB0157"),
        ("b = x.numpy().tobytes()", "GB0158"),
        (
            "import numpy as np\n        s = np.array2string(x.numpy())",
            "GB0294",
        ),
    ];
    for (line, code) in cases {
        let src = model_source("#", &[line, "return x"]);
        let strict = both_modes(&src).0;
        assert_eq!(strict.map(|(c, _)| c).as_deref(), Some(*code), "{src}");
    }
    // What it models is traced: shapes, arithmetic, a float cast.
    let src = model_source(
        "#",
        &[
            "a = x.numpy().astype('float32')",
            "n = a.shape[0] + len(a)",
            "b = (a * 2).sum()",
            "return x * n",
        ],
    );
    assert_eq!(both_modes(&src).0, None);
}

#[test]
fn a_typed_dict_is_a_dict_and_one_with_optional_keys_breaks_strict() {
    let prefix = "import typing\nclass Out(typing.TypedDict, total=False):\n    logits: torch.Tensor\nclass Full(typing.TypedDict):\n    logits: torch.Tensor";
    let src = model_source(prefix, &["out = Out(logits=x * 2)", "return out['logits']"]);
    assert_eq!(
        both_modes(&src),
        (Some(("GB0257".into(), Some(13))), Ok(()))
    );
    let src = model_source(
        prefix,
        &[
            "out = Full(logits=x * 2)",
            "assert isinstance(out, dict) and list(out) == ['logits']",
            "return out['logits']",
        ],
    );
    assert_eq!(both_modes(&src), (None, Ok(())));
}

#[test]
fn a_call_that_does_not_bind_is_an_exception_dynamo_observes() {
    let src = model_source("def g(a):\n    return a + 1", &["return g(x, b=1)"]);
    let (strict, non_strict) = modes_with_lines(&src);
    assert_eq!(strict, Some(("GB0088".into(), Some(10))));
    assert!(non_strict.is_some_and(|(m, l)| m.starts_with("TypeError") && l == Some(10)));
    let src = model_source(
        "#",
        &["return torch._higher_order_ops.map(lambda a, b: a + b, x, b=x[0])"],
    );
    let (strict, non_strict) = modes_with_lines(&src);
    assert_eq!(strict, Some(("GB0088".into(), Some(9))));
    assert!(non_strict.is_some_and(|(m, _)| m.contains("unexpected keyword argument 'b'")));
}

#[test]
fn arithmetic_on_the_id_of_a_tensor_stays_out_of_the_graph() {
    let src = model_source("#", &["y = x + 1", "tag = id(y) % 5", "return y * tag"]);
    assert_eq!(
        both_modes(&src),
        (Some(("GB0055".into(), Some(11))), Ok(()))
    );
}

#[test]
fn returning_what_derives_from_a_tensor_forward_made_require_grad_breaks_strict() {
    for forward in [
        &["y = x * 2", "y.requires_grad = True", "return y"][..],
        &["y = x * 2", "y.requires_grad_()", "return y + 1"][..],
    ] {
        let src = model_source("#", forward);
        let (strict, non_strict) = modes_with_lines(&src);
        assert_eq!(strict, Some(("GB7324".into(), None)), "{src}");
        assert_eq!(non_strict, None, "{src}");
    }
    // Not returned, or detached: traced.
    let src = model_source(
        "#",
        &[
            "y = x * 2",
            "y.requires_grad = True",
            "z = (y * 3).sum()",
            "return x + 1",
        ],
    );
    assert_eq!(both_modes(&src), (None, Ok(())));
    let src = model_source(
        "#",
        &["y = x * 2", "y.requires_grad_()", "return y.detach()"],
    );
    assert_eq!(both_modes(&src), (None, Ok(())));
}

#[test]
fn a_generator_made_in_forward_breaks_strict_and_seeds_draws_in_non_strict() {
    let src = model_source(
        "#",
        &[
            "g = torch.Generator()",
            "g.manual_seed(0)",
            "assert isinstance(g, torch.Generator) and g.initial_seed() == 0",
            "return x + torch.rand(x.shape, generator=g)",
        ],
    );
    assert_eq!(both_modes(&src), (Some(("GB0363".into(), Some(9))), Ok(())));
    let TraceOutcome::Exported(p) = trace_source(&src, Mode::NonStrict) else {
        panic!("non-strict failed");
    };
    assert!(
        p.graph
            .nodes
            .iter()
            .any(|n| n.target() == Some("aten.rand.generator")),
        "{src}"
    );
}

#[test]
fn a_scripted_submodule_breaks_strict_and_is_not_followed_in_non_strict() {
    let src = "import torch\n\nclass Inner(torch.nn.Module):\n    def forward(self, x):\n        return x.relu()\n\nclass M(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.inner = torch.jit.script(Inner())\n\n    def forward(self, x):\n        return self.inner(x) * 2\n\nmodel = M()\nexample_args = (torch.randn(3, 4),)\n";
    let (strict, non_strict) = modes_with_lines(src);
    assert_eq!(strict, Some(("GB4695".into(), Some(13))));
    assert!(non_strict.is_some_and(|(m, _)| m.contains("TorchScript")));
}

#[test]
fn an_async_function_gives_a_coroutine_outside_dynamo_which_inlines_it() {
    let src = model_source(
        "async def scale(t):\n    return t * 2",
        &[
            "coro = scale(x)",
            "try:",
            "    coro.send(None)",
            "except StopIteration as e:",
            "    return e.value",
        ],
    );
    assert_eq!(both_modes(&src).1, Ok(()));
    // Dynamo inlines the body: what it returns is the tensor itself, which
    // has no `send`.
    let src = model_source(
        "async def scale(t):\n    return t * 2",
        &["y = scale(x)", "return y + 1"],
    );
    assert_eq!(both_modes(&src).0, None);
    let src = model_source(
        "async def scale(t):\n    return t * 2",
        &["coro = scale(x)", "coro.send(None)", "return x"],
    );
    assert_eq!(both_modes(&src).0, Some(("GB6270".into(), Some(11))));
    // A method torch.Tensor does not have is an AttributeError in non-strict.
    let src = model_source("#", &["x.tobytes()", "return x"]);
    let (strict, non_strict) = modes_with_lines(&src);
    assert_eq!(strict, Some(("GB6270".into(), Some(9))));
    assert!(non_strict.is_some_and(|(m, _)| m.starts_with("AttributeError")));
}

#[test]
fn a_check_message_closing_over_a_tensor_breaks_strict() {
    let src = model_source(
        "#",
        &[
            "n = x.shape[0]",
            "torch._check(n > 0, lambda: f'empty {x.sum()}')",
            "return x + 1",
        ],
    );
    assert_eq!(
        both_modes(&src),
        (Some(("GB9158".into(), Some(10))), Ok(()))
    );
    // Constants and globals are fine.
    let src = model_source(
        "LIMIT = 3",
        &[
            "k = 2",
            "torch._check(x.shape[0] > 0, lambda: f'{k} over {LIMIT}')",
            "return x + 1",
        ],
    );
    assert_eq!(both_modes(&src), (None, Ok(())));
}

#[test]
fn an_exit_stack_entering_a_grad_mode_breaks_strict() {
    let src = model_source(
        "import contextlib",
        &[
            "with contextlib.ExitStack() as stack:",
            "    stack.enter_context(torch.no_grad())",
            "    y = x * 2",
            "return y",
        ],
    );
    assert_eq!(
        both_modes(&src),
        (Some(("GB0007".into(), Some(10))), Ok(()))
    );
}

#[test]
fn a_string_formatted_from_a_tensor_prints_but_has_no_length_in_strict() {
    let src = model_source("#", &["print(f'mean={x.mean():.3f}')", "return x + 1"]);
    assert_eq!(both_modes(&src).0, None);
    let src = model_source("#", &["msg = f'mean={x.mean()}'", "return x * len(msg)"]);
    assert_eq!(
        both_modes(&src),
        (Some(("GB0088".into(), Some(10))), Ok(()))
    );
    // Through a user `__str__`: the string stays unformatted.
    let src = model_source(
        "class Stats:\n    def __init__(self, t):\n        self.t = t\n    def __str__(self):\n        return f'{self.t.mean()}'",
        &["label = str(Stats(x))", "return x * len(label)"],
    );
    assert_eq!(
        both_modes(&src),
        (Some(("GB0088".into(), Some(14))), Ok(()))
    );
    // Plain values format as usual.
    let src = model_source("#", &["msg = f'{x.shape[0]} rows'", "return x * len(msg)"]);
    assert_eq!(both_modes(&src), (None, Ok(())));
}

#[test]
fn one_hot_breaks_strict_only_when_dynamo_sees_no_class_count() {
    let labels = "l = torch.tensor([0, 2, 1])";
    for call in ["F.one_hot(l)", "F.one_hot(l, -1)"] {
        let body = format!("import torch.nn.functional as F; {labels}; y = {call}");
        assert_eq!(strict_code(&body).0.as_deref(), Some("GB0246"), "{call}");
    }
    // A keyword `-1` reaches the op: its width depends on the data.
    let body =
        format!("import torch.nn.functional as F; {labels}; y = F.one_hot(l, num_classes=-1)");
    match outcome(&body, Mode::Strict) {
        TraceOutcome::Failed(f) => {
            assert_eq!(f.gb_code, None);
            assert_eq!(f.kind, tracer::FailureKind::DataDependent);
        }
        TraceOutcome::Exported(_) => panic!("one_hot(num_classes=-1) exported"),
    }
}
