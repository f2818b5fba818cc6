//! `nn.Module` itself as the prelude writes it (`prelude/module.py`) on the
//! native registries (`src/module.rs`): registration, traversal, modes,
//! conversions and the live `_parameters`/`_buffers`/`_modules` dicts,
//! checked with module-level asserts (see `common::holds`) and through the
//! exported signature.

use crate::common;

use common::{exports, holds};
use tracer::graph::{InputKind, NodeOp};
use tracer::{Mode, SourceFile, TraceOutcome, find_entries, trace_entry};

const TREE: &str = "\
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.register_buffer('scale', torch.ones(4), persistent=False)
        self.ps = nn.ParameterList([nn.Parameter(torch.zeros(4)) for _ in range(2)])
    def forward(self, x):
        for p in self.ps:
            x = x + p
        return self.lin(x) * self.scale
class Tree(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block() for _ in range(2)])
        self.seen = []
        self.apply(self._visit)
    def _visit(self, m):
        self.seen.append(type(m).__name__)
    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        return x
tree = Tree()
";

#[test]
fn traversal_follows_torch_order() {
    exports(&format!(
        "{TREE}\
assert sum(p.numel() for p in tree.parameters()) == 2 * (16 + 4 + 8)
assert [n for n, _ in tree.named_modules()][:4] == ['', 'blocks', 'blocks.0', 'blocks.0.lin']
assert len(list(tree.modules())) == 8
assert [n for n, _ in tree.named_parameters()][:3] == ['blocks.0.lin.weight', 'blocks.0.lin.bias', 'blocks.0.ps.0']
assert [n for n, _ in tree.named_buffers()] == ['blocks.0.scale', 'blocks.1.scale']
assert [n for n, _ in tree.blocks[0].named_children()] == ['lin', 'ps']
assert len(list(tree.blocks[0].parameters(recurse=False))) == 0
assert tree.seen[0] == 'Linear' and tree.seen[-1] == 'Tree'
assert len(tree.seen) == 8
assert next(tree.parameters()).shape == (4, 4)
assert tree.get_submodule('blocks.1.lin') is tree.blocks[1].lin
assert tree.get_parameter('blocks.1.ps.0') is tree.blocks[1].ps[0]
"
    ));
}

#[test]
fn state_dict_leaves_out_non_persistent_buffers() {
    exports(&format!(
        "{TREE}\
sd = tree.state_dict()
assert 'blocks.0.lin.weight' in sd
assert 'blocks.0.scale' not in sd
assert len(sd) == 8
"
    ));
}

#[test]
fn train_and_eval_reach_every_submodule_and_overrides() {
    exports(
        "\
class Frozen(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(4)
    def train(self, mode=True):
        super().train(mode)
        self.bn.eval()
        return self
class Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = Frozen()
        self.d = nn.Dropout()
o = Outer()
assert o.training and o.d.training
o.train()
assert o.f.training and not o.f.bn.training
o.eval()
assert not o.training and not o.d.training and not o.f.training
",
    );
}

#[test]
fn registries_are_live_dicts() {
    exports(
        "\
m = nn.Module()
m._modules['lin'] = nn.Linear(2, 3)
assert m.lin.out_features == 3
m._parameters['w'] = nn.Parameter(torch.zeros(5))
assert m.w.shape == (5,)
assert list(m._parameters) == ['w']
del m.lin
assert 'lin' not in m._modules
m.register_buffer('b', None)
assert 'b' in m._buffers and m.b is None
",
    );
}

#[test]
fn registration_errors_are_torchs() {
    assert!(!holds(
        "m = nn.Module()\nm.x = 1\nm.register_buffer('x', torch.ones(1))\nassert True"
    ));
    assert!(!holds(
        "m = nn.Module()\nm.register_parameter('w', torch.ones(1))\nassert True"
    ));
    assert!(!holds(
        "m = nn.Module()\nm.add_module('a.b', nn.ReLU())\nassert True"
    ));
    exports(
        "\
m = nn.Module()
try:
    m.register_parameter('w', torch.ones(1))
    msg = ''
except TypeError as e:
    msg = str(e)
assert 'torch.nn.Parameter or None required' in msg
assert isinstance(nn.Parameter(torch.ones(1)), nn.Parameter)
assert not isinstance(torch.ones(1), nn.Parameter)
",
    );
}

#[test]
fn dtype_conversions_reach_parameters_and_keep_ties() {
    exports(
        "\
class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)
        self.b.weight = self.a.weight
t = Tied().half()
assert t.a.weight.dtype == torch.float16
assert t.b.bias.dtype == torch.float16
assert t.to(torch.float64).a.bias.dtype == torch.float64
assert len(list(t.parameters())) == 3
",
    );
}

#[test]
fn a_module_without_forward_raises_torchs_error() {
    assert!(!holds("m = nn.Module()\nm(1)\nassert True"));
    exports(
        "\
try:
    nn.Module()(1)
    msg = ''
except NotImplementedError as e:
    msg = str(e)
assert 'missing the required \"forward\" function' in msg
",
    );
}

#[test]
fn buffers_and_parameter_lists_reach_the_signature() {
    let src = format!(
        "import torch\nimport torch.nn as nn\n{TREE}\nmodel = tree.eval()\nexample_args = (torch.randn(2, 4),)\n"
    );
    let file = SourceFile::parse("m.py", &src);
    let entries = find_entries(&file);
    let TraceOutcome::Exported(p) = trace_entry(
        file,
        &entries[0],
        Mode::NonStrict,
        tracer::Budget::default(),
    )
    .outcome
    else {
        panic!("exports");
    };
    let kinds: Vec<String> = p
        .inputs
        .iter()
        .map(|id| match &p.graph.node(*id).op {
            NodeOp::Placeholder(InputKind::Parameter(t)) => format!("P {t}"),
            NodeOp::Placeholder(InputKind::Buffer { target, persistent }) => {
                format!("B {target} {persistent}")
            }
            _ => "other".to_string(),
        })
        .collect();
    assert_eq!(kinds[2], "P blocks.0.ps.0");
    assert_eq!(kinds[8], "B blocks.0.scale false");
}

fn call_targets(src: &str, mode: Mode) -> Result<Vec<String>, Box<tracer::Failure>> {
    let file = SourceFile::parse("m.py", src);
    let entry = find_entries(&file).remove(0);
    match trace_entry(file, &entry, mode, tracer::Budget::default()).outcome {
        TraceOutcome::Exported(p) => Ok(p
            .graph
            .nodes
            .iter()
            .filter_map(|n| match &n.op {
                NodeOp::CallFunction { target, .. } if !n.hidden => Some(target.clone()),
                _ => None,
            })
            .collect()),
        TraceOutcome::Failed(f) => Err(f),
    }
}

#[test]
fn forward_hooks_run_around_forward_and_handles_remove_them() {
    let src = "\
import torch
from torch import nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 2)
    def forward(self, x):
        return self.b(torch.relu(self.a(x)))
m = M()
m.a.register_forward_hook(lambda mod, inp, out: out * 2)
m.b.register_forward_pre_hook(lambda mod, inp: (inp[0] + 1,))
m.b.register_forward_hook(lambda mod, args, kwargs, out: out.sum(-1), with_kwargs=True)
gone = m.b.register_forward_hook(lambda mod, inp, out: out.exp())
gone.remove()
ep = torch.export.export(m, (torch.randn(3, 4),))
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let t = call_targets(src, mode).unwrap_or_else(|f| panic!("{mode:?}: {}", f.message));
        assert_eq!(
            t,
            [
                "aten.linear.default",
                "aten.mul.Tensor",
                "aten.relu.default",
                "aten.add.Tensor",
                "aten.linear.default",
                "aten.sum.dim_IntList"
            ],
            "{mode:?}"
        );
    }
}

#[test]
fn registering_a_hook_inside_forward_breaks_the_strict_graph() {
    // torch's handle counts its ids on the class, a mutation Dynamo
    // refuses (GB0467); non-strict runs the hook on this very call.
    let src = "\
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        self.lin.register_forward_hook(lambda m, i, o: o * 2)
        return self.lin(x)
model = M()
example_args = (torch.randn(4, 8),)
";
    let f = call_targets(src, Mode::Strict).expect_err("a graph break");
    assert_eq!(f.gb_code, Some("GB0467"));
    assert_eq!(f.line, Some(7));
    let t = call_targets(src, Mode::NonStrict).expect("non-strict exports");
    assert_eq!(t, ["aten.linear.default", "aten.mul.Tensor"]);
}

/// A module class's own `__call__` runs before `forward` (torch_geometric's
/// aggregations fill in a default argument there), and reaches
/// `nn.Module.__call__` through `super()`.
#[test]
fn a_modules_own_call_runs_and_reaches_module_call_through_super() {
    let src = "import torch

class Aggregate(torch.nn.Module):
    def __call__(self, x, index=None):
        if index is None:
            index = x.new_zeros(x.size(0), dtype=torch.long)
        return super().__call__(x, index)

    def forward(self, x, index):
        if index is None:
            raise RuntimeError('index is required')
        return x + index.unsqueeze(-1)

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.aggr = Aggregate()

    def forward(self, x):
        return self.aggr(x)

model = M()
example_args = (torch.randn(4, 3),)
";
    for mode in [tracer::Mode::Strict, tracer::Mode::NonStrict] {
        let p = crate::common::exported_program(src, mode);
        assert_eq!(
            crate::common::node_shapes(&p, "aten.new_zeros.default"),
            ["4"],
            "{mode:?}"
        );
    }
}
