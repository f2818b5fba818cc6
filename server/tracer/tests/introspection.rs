//! Python's runtime introspection that library code relies on: a class's
//! live `__subclasses__()`, `sys.modules` membership, `functools.lru_cache`,
//! `locals()`/`globals()`, the `keyword` and `string` modules, empty
//! submodule slots (`ModuleList.append(None)`), and a backend registry in the style
//! of einops (backends found by walking subclasses, chosen by whether their
//! framework is imported, recipes parsed once through `lru_cache`).

use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;

use tracer::graph::NodeOp;
use tracer::{
    Mode, SourceFile, TraceOptions, TraceOutcome, TraceResult, Workspace, find_entries,
    trace_entry_with,
};

const SITE: &str = "/venv/lib/python3.11/site-packages";

fn workspace(files: &[(String, &str)]) -> Rc<Workspace> {
    let map: HashMap<PathBuf, String> = files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect();
    Workspace::new(
        Box::new(map),
        vec![PathBuf::from("/w"), PathBuf::from(SITE)],
    )
}

fn trace(files: &[(String, &str)], text: &str, mode: Mode) -> TraceResult {
    let file = SourceFile::parse("/w/m.py", text);
    let entries = find_entries(&file);
    assert_eq!(entries.len(), 1, "one entry");
    let options = TraceOptions {
        workspace: Some(workspace(files)),
        ..TraceOptions::default()
    };
    trace_entry_with(file, &entries[0], mode, &options)
}

/// The recorded ATen targets, in order, of a program that must export.
fn targets(r: &TraceResult) -> Vec<String> {
    let TraceOutcome::Exported(p) = &r.outcome else {
        let TraceOutcome::Failed(f) = &r.outcome else {
            unreachable!()
        };
        panic!("expected a program, got: {} (line {:?})", f.message, f.line);
    };
    p.graph
        .nodes
        .iter()
        .filter_map(|n| match &n.op {
            NodeOp::CallFunction { target, .. } => Some(target.clone()),
            _ => None,
        })
        .collect()
}

/// A model whose `forward` runs `body` (indented four spaces) before
/// returning `x + 1`, after the module-level `prelude`.
fn model(prelude: &str, body: &str) -> String {
    let body: String = body.lines().map(|l| format!("        {l}\n")).collect();
    format!(
        "import torch\nimport torch.nn as nn\n{prelude}\n\
class M(nn.Module):\n    def forward(self, x):\n{body}        return x + 1\n\n\
model = M()\nexample_args = (torch.randn(2, 3, 4),)\n"
    )
}

fn exports_in_both_modes(prelude: &str, body: &str) {
    let src = model(prelude, body);
    for mode in [Mode::Strict, Mode::NonStrict] {
        let ops = targets(&trace(&[], &src, mode));
        assert_eq!(ops, ["aten.add.Tensor"], "{mode:?}");
    }
}

fn fails_with(prelude: &str, body: &str, needle: &str) {
    let r = trace(&[], &model(prelude, body), Mode::NonStrict);
    let TraceOutcome::Failed(f) = &r.outcome else {
        panic!("expected a failure containing {needle:?}");
    };
    assert!(f.message.contains(needle), "{}", f.message);
}

const HIERARCHY: &str = "\
class Base:
    pass
class A(Base):
    tag = 'a'
class B(Base):
    tag = 'b'
class C(A):
    tag = 'c'
def walk():
    found = []
    todo = Base.__subclasses__()
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        found.append(cls.tag)
    return found
";

#[test]
fn subclasses_are_the_live_direct_subclasses_in_creation_order() {
    exports_in_both_modes(
        HIERARCHY,
        "assert Base.__subclasses__() == [A, B]\n\
assert A.__subclasses__() == [C]\n\
assert C.__subclasses__() == []\n\
assert walk() == ['b', 'a', 'c']",
    );
    // A class made later joins its base's subclasses (Dynamo cannot trace
    // a class statement, so only non-strict export runs this).
    let src = model(
        HIERARCHY,
        "assert walk() == ['b', 'a', 'c']\n\
class D(B):\n    tag = 'd'\n\
assert walk() == ['b', 'd', 'a', 'c']",
    );
    assert_eq!(
        targets(&trace(&[], &src, Mode::NonStrict)),
        ["aten.add.Tensor"]
    );
    // The walk is followed, not guessed: a wrong expectation fails.
    fails_with(
        HIERARCHY,
        "assert walk() == ['a', 'b', 'c']",
        "AssertionError",
    );
}

#[test]
fn sys_modules_holds_torch_and_what_was_imported() {
    let files = vec![(format!("{SITE}/mylib/__init__.py"), "VALUE = 1\n")];
    let src = model(
        "import sys\nimport mylib",
        "assert 'torch' in sys.modules\n\
assert 'sys' in sys.modules\n\
assert 'mylib' in sys.modules\n\
assert 'cupy' not in sys.modules\n\
assert sys.modules['torch'] is torch",
    );
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(targets(&trace(&files, &src, mode)), ["aten.add.Tensor"]);
    }
    fails_with(
        "import sys",
        "assert 'cupy' in sys.modules",
        "AssertionError",
    );
}

const CACHED: &str = "\
import functools
calls = []
@functools.lru_cache(maxsize=None)
def f(a, b=1):
    calls.append(a)
    return [a, b]
@functools.lru_cache
def g(a):
    return a * 2
def h(a):
    return (a,)
h2 = functools.lru_cache(8)(h)
class K:
    @functools.lru_cache()
    def m(self, v):
        return v + 1
";

#[test]
fn lru_cache_returns_the_cached_result_and_rejects_unhashable_arguments() {
    exports_in_both_modes(
        CACHED,
        "assert f(1) is f(1)\n\
assert f(2, b=3) == [2, 3]\n\
assert calls == [1, 2]\n\
assert g(4) == 8\n\
assert h2(5) == (5,)\n\
assert h2.__wrapped__ is h\n\
assert K().m(1) == 2\n\
try:\n    f([1])\n    raised = False\nexcept TypeError:\n    raised = True\n\
assert raised\n\
f.cache_clear()\n\
f(1)\n\
assert calls == [1, 2, 1]",
    );
    fails_with(
        CACHED,
        "f(1)\nf(1)\nassert calls == [1, 1]",
        "AssertionError",
    );
}

#[test]
fn keyword_and_string_modules() {
    exports_in_both_modes(
        "import keyword\nimport string",
        "assert keyword.iskeyword('lambda')\n\
assert not keyword.iskeyword('batch')\n\
assert 'while' in keyword.kwlist\n\
assert keyword.issoftkeyword('match')\n\
assert string.ascii_lowercase[:3] == 'abc'\n\
assert len(string.ascii_letters) == 52\n\
assert string.digits == '0123456789'",
    );
}

/// A package in the style of einops: backends registered by subclassing,
/// discovered through `__subclasses__`, chosen by `sys.modules`, the torch
/// backend importing torch in its constructor; patterns parsed once.
fn registry_package() -> Vec<(String, &'static str)> {
    vec![
        (
            format!("{SITE}/tinyops/__init__.py"),
            "from .ops import rearrange\n",
        ),
        (
            format!("{SITE}/tinyops/_backends.py"),
            "\
import sys

_loaded = {}

def get_backend(tensor):
    for _, backend in list(_loaded.items()):
        if backend.is_appropriate_type(tensor):
            return backend
    found = []
    todo = AbstractBackend.__subclasses__()
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        found.append(cls)
    for cls in found:
        if cls.framework_name in sys.modules:
            backend = cls()
            _loaded[backend.framework_name] = backend
            if backend.is_appropriate_type(tensor):
                return backend
    raise RuntimeError(f'Tensor type unknown {type(tensor)}')

class AbstractBackend:
    framework_name: str

    def reshape(self, x, shape):
        return x.reshape(shape)

class NumpyBackend(AbstractBackend):
    framework_name = 'numpy'

    def __init__(self):
        import numpy
        self.np = numpy

    def is_appropriate_type(self, tensor):
        return isinstance(tensor, self.np.ndarray)

class TorchBackend(AbstractBackend):
    framework_name = 'torch'

    def __init__(self):
        import torch
        self.torch = torch

    def is_appropriate_type(self, tensor):
        return isinstance(tensor, self.torch.Tensor)

    def transpose(self, x, axes):
        return x.permute(axes)

class CupyBackend(AbstractBackend):
    framework_name = 'cupy'

    def __init__(self):
        import cupy
        self.cupy = cupy
",
        ),
        (
            format!("{SITE}/tinyops/ops.py"),
            "\
import functools
import keyword
from ._backends import get_backend

@functools.lru_cache(256)
def _parse(pattern):
    left, right = pattern.split('->')
    left, right = left.split(), right.split()
    for name in left:
        if not str.isidentifier(name) or keyword.iskeyword(name):
            raise ValueError(f'bad axis name {name}')
    return [left.index(name) for name in right]

def rearrange(x, pattern):
    backend = get_backend(x)
    axes = _parse(pattern)
    assert _parse(pattern) is axes
    x = backend.transpose(x, axes)
    return backend.reshape(x, (x.shape[0], -1))
",
        ),
    ]
}

#[test]
fn an_einops_style_backend_registry_is_followed() {
    let files = registry_package();
    let src = "\
import torch
import torch.nn as nn
from tinyops import rearrange

class M(nn.Module):
    def forward(self, x):
        return rearrange(x, 'b c n -> n b c')

model = M()
example_args = (torch.randn(2, 3, 4),)
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let r = trace(&files, src, mode);
        assert_eq!(
            targets(&r),
            ["aten.permute.default", "aten.reshape.default"],
            "{mode:?}"
        );
        let TraceOutcome::Exported(p) = &r.outcome else {
            unreachable!()
        };
        let out = p.graph.nodes.last().map(|n| format!("{:?}", n.val));
        let want = "shape: [SymExpr(4), SymExpr(6)]";
        assert!(
            out.as_deref().is_some_and(|v| v.contains(want)),
            "{mode:?} {out:?}"
        );
    }
    // An axis name that is a keyword is rejected by the parser it follows.
    let bad = src.replace("'b c n -> n b c'", "'b for n -> n b for'");
    let r = trace(&files, &bad, Mode::NonStrict);
    let TraceOutcome::Failed(f) = &r.outcome else {
        panic!("a keyword axis name must fail");
    };
    assert!(f.message.contains("bad axis name for"), "{}", f.message);
}

#[test]
fn whole_dimension_slices_in_a_tuple_index_alias_a_lone_slice_slices() {
    let src = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.p = nn.Parameter(torch.randn(1, 4, 3))

    def forward(self, x):
        n = x.shape[1]
        a = self.p[:, :n]
        b = self.p[:1]
        c = x[...]
        d = x[:, :2]
        return a, b, c, d

model = M()
example_args = (torch.randn(2, 4, 3),)
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            targets(&trace(&[], src, mode)),
            [
                "aten.alias.default",
                "aten.slice.Tensor",
                "aten.alias.default",
                "aten.slice.Tensor"
            ],
            "{mode:?}"
        );
    }
}

#[test]
fn to_with_a_device_records_to_device_even_when_nothing_changes() {
    let src = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def forward(self, x):
        return x.to(x.device, dtype=x.dtype) + 1

model = M()
example_args = (torch.randn(2, 3),)
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            targets(&trace(&[], src, mode)),
            [
                "aten._assert_tensor_metadata.default",
                "aten.to.device",
                "aten.add.Tensor"
            ],
            "{mode:?}"
        );
    }
}

#[test]
fn type_and_to_another_tensor_convert_as_torch_records_them() {
    // `x.type(dtype)` goes through `to` even when the dtype is already
    // x's; `k.to(x)` takes x's device and dtype (`to.device`).
    let src = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def forward(self, x, k):
        return x.type(torch.float32), k.to(x)

model = M()
example_args = (torch.randn(2, 3), torch.randn(2, 3))
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            targets(&trace(&[], src, mode)),
            [
                "aten._assert_tensor_metadata.default",
                "aten.to.dtype",
                "aten._assert_tensor_metadata.default",
                "aten.to.device"
            ],
            "{mode:?}"
        );
    }
}

#[test]
fn torchs_machine_queries_answer_as_under_export() {
    // No functorch transform and no deterministic-algorithms switch is on
    // while export traces (torch 2.15: `clamp_` in both modes).
    let src = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def forward(self, x):
        if torch._C._are_functorch_transforms_active() or torch.are_deterministic_algorithms_enabled():
            return x.clamp(min=0.0, max=1.0)
        return x.clamp_(min=0.0, max=1.0)

model = M()
example_args = (torch.randn(2, 3),)
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            targets(&trace(&[], src, mode)),
            ["aten.clamp_.default"],
            "{mode:?}"
        );
    }
}

#[test]
fn locals_and_globals_snapshot_the_running_namespaces() {
    exports_in_both_modes(
        "LIMIT = 3\ndef f(a, b=2, *rest, c=4, **kw):\n    z = a + 1\n    return locals()\n",
        "d = f(1, 5, 6, c=7, e=8)\n\
assert list(d) == ['a', 'b', 'rest', 'c', 'kw', 'z']\n\
assert d['rest'] == (6,) and d['kw'] == {'e': 8} and d['z'] == 2\n\
assert globals()['LIMIT'] == 3",
    );
    fails_with(
        "def f(a):\n    return locals()\n",
        "assert f(1) == {'a': 2}",
        "AssertionError",
    );
}

#[test]
fn an_empty_submodule_slot_is_kept() {
    let src = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([])
        self.layers.append(nn.Linear(3, 3))
        self.layers.append(None)
        self.extra = nn.Linear(3, 3)
        self.extra = None

    def forward(self, x):
        assert len(self.layers) == 2
        assert list(self.layers)[1] is None
        assert self.extra is None
        for layer, other in zip(self.layers, self.layers):
            if layer is not None:
                x = layer(x)
        return x

model = M()
example_args = (torch.randn(2, 3),)
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            targets(&trace(&[], src, mode)),
            ["aten.linear.default"],
            "{mode:?}"
        );
    }
}

#[test]
fn a_size_multiplied_by_one_records_no_symbolic_node() {
    // einops computes each output size as `1 * d0 * d1 ...`; torch's proxy
    // mode returns the other operand of `* 1` without recording a node, so
    // in non-strict mode no name is taken by it.
    let src = "\
import torch
from torch.export import Dim

class M(torch.nn.Module):
    def forward(self, x):
        n = 1
        for d in x.shape[:1]:
            n *= d
        m = x.shape[0] + 1
        return x.reshape(n, -1) * 2

model = M()
example_args = (torch.randn(2, 3),)
dynamic_shapes = {'x': {0: Dim('b')}}
";
    let r = trace(&[], src, Mode::NonStrict);
    let TraceOutcome::Exported(p) = &r.outcome else {
        panic!("expected a program");
    };
    let phantoms: Vec<&str> = p
        .graph
        .nodes
        .iter()
        .filter(|n| n.hidden)
        .filter_map(|n| n.target())
        .collect();
    assert_eq!(phantoms, ["_operator.add"]);
}
