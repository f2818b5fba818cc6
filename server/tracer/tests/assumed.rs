//! Modules without entry points traced on assumed inputs
//! (`tracer::entry::assumed`): where input shapes are read from (jaxtyping
//! annotations, shape comments, docstrings), which classes and builders
//! become entries, the rank search for unannotated inputs, and the sizes
//! corrected to what the code's equalities ask for.

use tracer::entry::EntryKind;
use tracer::entry::assumed::{
    InputOrigin, ModuleEntry, ModuleOverride, module_entries, trace_module,
};
use tracer::{Mode, SourceFile, TraceOptions, TraceOutcome};

fn module(e: &tracer::EntryPoint) -> &ModuleEntry {
    match &e.kind {
        EntryKind::Module(m) => m,
        other => panic!("not a module entry: {other:?}"),
    }
}

fn sizes(m: &ModuleEntry, input: &str) -> Vec<i64> {
    m.sizes()
        .into_iter()
        .find(|(n, _)| n == input)
        .map(|(_, s)| s)
        .unwrap_or_default()
}

const SOURCES: &str = r#"
import torch
from torch import nn, Tensor
from jaxtyping import Float, Int


class Annotated(nn.Module):
    def forward(self, x: Float[Tensor, "batch 3 h w"], ids: Int[Tensor, "batch n"], scale=2.0):
        return x * scale


class Commented(nn.Module):
    def forward(
        self,
        x: Tensor,  # [B, C, 64]
        mask: Tensor,
    ):
        """Masked features.

        mask (Tensor): a boolean mask of shape (B, C).
        """
        return x


class NeedsArgs(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return self.fc(x)


class Counted(nn.Module):
    def forward(self, n: int):
        return n


def needs_args_small() -> NeedsArgs:
    return NeedsArgs(16)


def needs_args_sized(dim) -> NeedsArgs:
    return NeedsArgs(dim)
"#;

#[test]
fn classes_and_builders_that_can_be_built_become_entries() {
    let file = SourceFile::parse("/w/blocks.py", SOURCES);
    let entries = module_entries(&file, &[]);
    let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
    // NeedsArgs needs an argument, which the call `NeedsArgs(16)` in the
    // file gives; Counted takes an int and the second builder needs an
    // argument: neither is an entry.
    assert_eq!(
        names,
        ["Annotated", "Commented", "NeedsArgs", "needs_args_small"]
    );
    let needs_args = module(&entries[2]);
    assert_eq!(needs_args.init.as_deref(), Some("16"));
    assert!(!needs_args.init_assumed);
    let builder = module(&entries[3]);
    assert_eq!(builder.class, "NeedsArgs");
    assert_eq!(builder.builder.as_deref(), Some("needs_args_small"));
}

#[test]
fn constructor_arguments_no_call_gives_are_assumed_from_annotation_and_name() {
    let source = "from torch import nn\n\nclass Block(nn.Module):\n    def __init__(self, dim, num_heads, dropout, qkv_bias: bool, *, depth: int):\n        super().__init__()\n\n    def forward(self, x):\n        return x\n\nclass Configured(nn.Module):\n    def __init__(self, config):\n        super().__init__()\n\n    def forward(self, x):\n        return x\n";
    let file = SourceFile::parse("/w/block.py", source);
    let entries = module_entries(&file, &[]);
    // `config` is an object no number stands for: not an entry.
    let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Block"]);
    let block = module(&entries[0]);
    assert_eq!(
        block.init.as_deref(),
        Some("dim=64, num_heads=4, dropout=0.1, qkv_bias=False, depth=2")
    );
    assert!(block.init_assumed);
    assert!(
        block
            .assumption()
            .contains("(constructor arguments assumed)")
    );
}

#[test]
fn shapes_come_from_jaxtyping_comments_and_docstrings() {
    let file = SourceFile::parse("/w/blocks.py", SOURCES);
    let entries = module_entries(&file, &[]);
    let annotated = module(&entries[0]);
    // `scale` has a default: not an input.
    let names: Vec<&str> = annotated.inputs.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(names, ["x", "ids"]);
    let (x, ids) = (&annotated.inputs[0], &annotated.inputs[1]);
    assert_eq!(x.origin, InputOrigin::Annotation(8));
    assert_eq!(x.describe(), "x: float32[batch, 3, h, w]");
    assert_eq!(ids.describe(), "ids: int64[batch, n]");
    // A named dim is one size across arguments; a literal is static.
    let (xs, is) = (sizes(annotated, "x"), sizes(annotated, "ids"));
    assert_eq!(xs[0], is[0]);
    assert_eq!(xs[1], 3);
    assert!(x.dims.as_ref().unwrap()[1].fixed);
    assert!(xs[2] != xs[3] && xs[2] >= 2);

    let commented = module(&entries[1]);
    let (x, mask) = (&commented.inputs[0], &commented.inputs[1]);
    assert_eq!(x.origin, InputOrigin::Comment(15));
    assert_eq!(x.describe(), "x: float32[B, C, 64]");
    assert!(matches!(mask.origin, InputOrigin::Docstring(_)));
    assert_eq!(mask.describe(), "mask: float32[B, C]");
    assert_eq!(sizes(commented, "x")[..2], sizes(commented, "mask")[..]);
    assert!(commented.inputs_known());
}

#[test]
fn unknown_ranks_are_searched_and_sizes_corrected_to_what_the_code_requires() {
    let text = r#"
from torch import nn


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(48, 144)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, 4, C // 4)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)
        return (q @ k.transpose(-2, -1)).softmax(-1) @ v
"#;
    let file = SourceFile::parse("/w/attn.py", text);
    let entries = module_entries(&file, &[]);
    assert!(module(&entries[0]).inputs[0].dims.is_none(), "rank unknown");
    let t = trace_module(
        file.clone(),
        &entries[0],
        &[Mode::Strict, Mode::NonStrict],
        &TraceOptions::default(),
    );
    // Rank 3 from the unpacking; the last size is the Linear's 48.
    let m = module(&t.entry);
    let x = sizes(m, "x");
    assert_eq!(x.len(), 3);
    assert_eq!(x[2], 48);
    assert!(m.inputs[0].dims.as_ref().unwrap()[2].corrected);
    for r in &t.runs {
        assert!(
            matches!(r.outcome, TraceOutcome::Exported(_)),
            "{:?} fails",
            r.mode
        );
        assert!(
            r.guards
                .iter()
                .any(|g| g.expr == "Eq(x.size()[2], 48)" && g.line == Some(12)),
            "{:?}",
            r.guards.iter().map(|g| &g.expr).collect::<Vec<_>>()
        );
    }
}

#[test]
fn a_data_dependent_branch_fails_whatever_the_assumed_input() {
    let text = r#"
from torch import nn


class Gate(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x * 2
        return x
"#;
    let file = SourceFile::parse("/w/gate.py", text);
    let entries = module_entries(&file, &[]);
    let t = trace_module(
        file.clone(),
        &entries[0],
        &[Mode::Strict, Mode::NonStrict],
        &TraceOptions::default(),
    );
    let failures: Vec<_> = t
        .runs
        .iter()
        .map(|r| match &r.outcome {
            TraceOutcome::Failed(f) => (f.kind.category(), f.gb_code, f.line),
            TraceOutcome::Exported(_) => ("exported", None, None),
        })
        .collect();
    assert_eq!(
        failures,
        [
            ("graph_break", Some("GB0170"), Some(7)),
            ("data_dependent", None, Some(7))
        ]
    );
}

#[test]
fn a_time_limit_ends_a_trace_as_incomplete() {
    let text = r#"
import torch
from torch import nn


class Loop(nn.Module):
    def forward(self, x):
        for _ in range(100000):
            x = x + 1
        return x


model = Loop()
example_args = (torch.randn(2, 3),)
"#;
    let file = SourceFile::parse("/w/loop.py", text);
    let entries = tracer::find_entries(&file);
    let budget = tracer::Budget {
        deadline: Some(std::time::Instant::now()),
        ..tracer::Budget::default()
    };
    let r = tracer::trace_entry(file.clone(), &entries[0], Mode::NonStrict, budget);
    let TraceOutcome::Failed(f) = &r.outcome else {
        panic!("the trace should stop at the time limit");
    };
    assert_eq!(f.kind.category(), "incomplete");
    assert!(f.message.contains("time limit"), "{}", f.message);
}

#[test]
fn a_configured_module_is_built_with_its_arguments_on_its_configured_shapes() {
    let file = SourceFile::parse("/w/blocks.py", SOURCES);
    let overrides = [
        ModuleOverride {
            name: "NeedsArgs".to_string(),
            init: Some("dim=8".to_string()),
            inputs: vec![("x".to_string(), "[B, T, 8]".to_string())],
            origin: "pyproject.toml".to_string(),
        },
        // A configured shape wins over the annotation.
        ModuleOverride {
            name: "Annotated".to_string(),
            init: None,
            inputs: vec![("ids".to_string(), "int32[batch, 5]".to_string())],
            origin: "pyproject.toml".to_string(),
        },
    ];
    let entries = module_entries(&file, &overrides);
    let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        names,
        ["Annotated", "Commented", "NeedsArgs", "needs_args_small"]
    );
    let annotated = module(&entries[0]);
    assert_eq!(annotated.inputs[1].origin, InputOrigin::Config);
    assert_eq!(annotated.inputs[1].describe(), "ids: int32[batch, 5]");
    // `batch` is still one size across the annotation and the configuration.
    assert_eq!(sizes(annotated, "x")[0], sizes(annotated, "ids")[0]);

    let needs = module(&entries[2]);
    assert_eq!(
        needs.assumption(),
        "`NeedsArgs(dim=8)` called with x: float32[B, T, 8] (project configuration)"
    );
    let t = trace_module(
        file.clone(),
        &entries[2],
        &[Mode::NonStrict],
        &TraceOptions::default(),
    );
    let TraceOutcome::Exported(p) = &t.runs[0].outcome else {
        panic!("NeedsArgs(dim=8) should export");
    };
    // The Linear(8, 8) the arguments built: an [8, 8] weight.
    let weights: Vec<String> = p
        .graph
        .nodes
        .iter()
        .map(|n| format!("{:?}", n.val))
        .filter(|v| v.contains("shape: [SymExpr(8), SymExpr(8)]"))
        .collect();
    assert!(!weights.is_empty(), "no [8, 8] weight in the graph");

    // Arguments that are not Python make the analysis incomplete, not a failure.
    let broken = [ModuleOverride {
        init: Some("dim=".to_string()),
        ..overrides[0].clone()
    }];
    let entries = module_entries(&file, &broken);
    let t = trace_module(
        file.clone(),
        &entries[2],
        &[Mode::NonStrict],
        &TraceOptions::default(),
    );
    let TraceOutcome::Failed(f) = &t.runs[0].outcome else {
        panic!("`dim=` cannot build the module");
    };
    assert_eq!(f.kind.category(), "incomplete");
    assert!(
        f.message.contains("`dim=` are not Python call arguments"),
        "{}",
        f.message
    );
}
