//! Modules without entry points traced on assumed inputs
//! (`tracer::entry::assumed`): where input shapes are read from (jaxtyping
//! annotations, shape comments, docstrings), which classes and builders
//! become entries, the rank search for unannotated inputs, and the sizes
//! corrected to what the code's equalities ask for.

use tracer::entry::EntryKind;
use tracer::entry::assumed::{
    ArgumentOrigin, InputOrigin, ModuleEntry, ModuleOverride, module_entries, module_entries_in,
    trace_module,
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
    assert_eq!(needs_args.init.as_deref(), Some("dim=16"));
    assert!(!needs_args.init_assumed());
    assert_eq!(
        needs_args.arguments[0].origin,
        ArgumentOrigin::Call {
            path: None,
            line: 40
        }
    );
    assert!(
        needs_args
            .assumption()
            .starts_with("`NeedsArgs(dim=16)` (as called on line 40) called with x"),
        "{}",
        needs_args.assumption()
    );
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
    assert!(block.init_assumed());
    assert_eq!(
        block.assumption(),
        "`Block(dim=64, num_heads=4, dropout=0.1, qkv_bias=False, depth=2)` (assumed dim = 64, num_heads = 4, dropout = 0.1, qkv_bias = False, depth = 2) called with x: float32[?] (rank and sizes guessed)"
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

/// The weight shapes a traced program holds, as `[a, b]` texts.
fn weight_shapes(r: &tracer::TraceResult) -> Vec<String> {
    let p = match &r.outcome {
        TraceOutcome::Exported(p) => p.as_ref(),
        TraceOutcome::Failed(_) => r.partial.as_deref().expect("a partial graph"),
    };
    p.graph
        .nodes
        .iter()
        .filter(|n| matches!(n.op, tracer::graph::NodeOp::Placeholder(_)))
        .filter_map(|n| match &n.val {
            tracer::graph::MetaVal::Tensor { shape, .. } => Some(format!(
                "[{}]",
                shape
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            _ => None,
        })
        .collect()
}

const ATTENTION_BLOCK: &str = "import torch\nfrom torch import nn\n\n\nclass Attention(nn.Module):\n    def __init__(self, dim, heads=4):\n        super().__init__()\n        assert dim % heads == 0\n        self.qkv = nn.Linear(dim, dim * 3)\n\n    def forward(self, x):\n        return self.qkv(x)\n";

#[test]
fn a_call_in_a_file_beside_the_model_gives_its_arguments() {
    let files: std::collections::HashMap<std::path::PathBuf, String> = [
        ("/w/pkg/__init__.py", ""),
        ("/w/pkg/blocks.py", ATTENTION_BLOCK),
        (
            "/w/pkg/net.py",
            "from torch import nn\nfrom .blocks import Attention\n\nWIDTH = 32\n\nclass Net(nn.Module):\n    def __init__(self, depth=2):\n        super().__init__()\n        self.blocks = nn.ModuleList([Attention(WIDTH * 4, heads=8) for _ in range(depth)])\n",
        ),
    ]
    .iter()
    .map(|(p, t)| (std::path::PathBuf::from(p), t.to_string()))
    .collect();
    let workspace = tracer::Workspace::new(Box::new(files), vec![]);
    let file = SourceFile::parse("/w/pkg/blocks.py", ATTENTION_BLOCK);
    // In the file alone, `dim` is assumed.
    let alone = module_entries(&file, &[]);
    assert_eq!(module(&alone[0]).init.as_deref(), Some("dim=64"));
    assert!(module(&alone[0]).init_assumed());
    let entries = module_entries_in(&file, &[], Some(&workspace));
    let m = module(&entries[0]);
    assert_eq!(m.init.as_deref(), Some("dim=128, heads=8"));
    assert!(!m.init_assumed());
    assert!(
        m.assumption()
            .starts_with("`Attention(dim=128, heads=8)` (as called at net.py:9) called with"),
        "{}",
        m.assumption()
    );
    let options = TraceOptions {
        workspace: Some(workspace.clone()),
        ..TraceOptions::default()
    };
    let t = trace_module(file.clone(), &entries[0], &[Mode::NonStrict], &options);
    assert!(
        weight_shapes(&t.runs[0]).contains(&"[384, 128]".to_string()),
        "{:?}",
        weight_shapes(&t.runs[0])
    );
}

#[test]
fn assumed_values_pass_what_init_checks_and_are_named() {
    let text = "from torch import nn\n\n\nclass Mixer(nn.Module):\n    def __init__(self, dim, heads):\n        super().__init__()\n        if dim % 48 != 0:\n            raise ValueError('dim must be a multiple of 48')\n        assert dim % heads == 0\n        self.fc = nn.Linear(dim, dim)\n\n    def forward(self, x):\n        return self.fc(x)\n";
    let file = SourceFile::parse("/w/mixer.py", text);
    let entries = module_entries(&file, &[]);
    let m = module(&entries[0]);
    assert_eq!(m.init.as_deref(), Some("dim=96, heads=4"));
    assert!(m.init_assumed());
    assert!(
        m.assumption()
            .starts_with("`Mixer(dim=96, heads=4)` (assumed dim = 96, heads = 4) called with"),
        "{}",
        m.assumption()
    );
    // Built with them, the module traces: the check passed.
    let t = trace_module(
        file.clone(),
        &entries[0],
        &[Mode::NonStrict],
        &TraceOptions::default(),
    );
    assert!(
        matches!(t.runs[0].outcome, TraceOutcome::Exported(_)),
        "{:?}",
        match &t.runs[0].outcome {
            TraceOutcome::Failed(f) => f.message.clone(),
            TraceOutcome::Exported(_) => String::new(),
        }
    );
}

#[test]
fn a_literal_size_of_the_inputs_is_the_width_assumed_first() {
    let text = "from torch import nn, Tensor\nfrom jaxtyping import Float\n\n\nclass Head(nn.Module):\n    def __init__(self, dim, num_classes):\n        super().__init__()\n        self.fc = nn.Linear(dim, num_classes)\n\n    def forward(self, x: Float[Tensor, \"b n 192\"]):\n        return self.fc(x)\n";
    let file = SourceFile::parse("/w/head.py", text);
    let entries = module_entries(&file, &[]);
    let m = module(&entries[0]);
    assert_eq!(m.init.as_deref(), Some("dim=192, num_classes=10"));
    let t = trace_module(
        file.clone(),
        &entries[0],
        &[Mode::NonStrict],
        &TraceOptions::default(),
    );
    assert!(matches!(t.runs[0].outcome, TraceOutcome::Exported(_)));
}

#[test]
fn docstrings_give_types_and_defaults() {
    let text = "from torch import nn\n\n\nclass Block(nn.Module):\n    \"\"\"A block.\n\n    Args:\n        width: the width. Default: 24\n        act (str): the activation.\n        use_norm: whether to norm\n    \"\"\"\n\n    def __init__(self, width, use_norm, act='gelu'):\n        super().__init__()\n        self.fc = nn.Linear(width, width)\n\n    def forward(self, x):\n        return self.fc(x)\n\n\nclass Named(nn.Module):\n    def __init__(self, mode):\n        \"\"\"\n        Parameters\n        ----------\n        mode : int\n            Which one.\n        \"\"\"\n        super().__init__()\n\n    def forward(self, x):\n        return x\n";
    let file = SourceFile::parse("/w/block.py", text);
    let entries = module_entries(&file, &[]);
    let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
    // `mode` alone reads as an object; the docstring says it is an int.
    assert_eq!(names, ["Block", "Named"]);
    let block = module(&entries[0]);
    assert_eq!(block.init.as_deref(), Some("width=24, use_norm=False"));
    assert_eq!(block.arguments[0].origin, ArgumentOrigin::Docstring(8));
    assert!(
        block.assumption().starts_with(
            "`Block(width=24, use_norm=False)` (width = 24 from the docstring, line 8; assumed use_norm = False)"
        ),
        "{}",
        block.assumption()
    );
    assert_eq!(module(&entries[1]).init.as_deref(), Some("mode=64"));
}

#[test]
fn a_configuration_dataclass_is_built_from_its_defaults_shrunk() {
    let text = "from dataclasses import dataclass\nfrom torch import nn\n\n\n@dataclass\nclass GPTConfig:\n    block_size: int = 1024\n    vocab_size: int = 50304\n    n_layer: int = 12\n    n_head: int = 12\n    n_embd: int = 768\n    bias: bool = True\n\n\nclass MLP(nn.Module):\n    def __init__(self, config: GPTConfig):\n        super().__init__()\n        self.fc = nn.Linear(config.n_embd, 4 * config.n_embd, bias=config.bias)\n\n    def forward(self, x):\n        return self.fc(x)\n";
    let file = SourceFile::parse("/w/gpt.py", text);
    let entries = module_entries(&file, &[]);
    let m = module(&entries[0]);
    assert_eq!(m.arguments[0].origin, ArgumentOrigin::Config);
    assert!(m.init_assumed());
    let t = trace_module(
        file.clone(),
        &entries[0],
        &[Mode::Strict, Mode::NonStrict],
        &TraceOptions::default(),
    );
    let built = module(&t.entry);
    assert_eq!(
        built.init.as_deref(),
        Some("config=GPTConfig(vocab_size=128, n_layer=2, n_head=4, n_embd=64)")
    );
    assert!(
        built.assumption().starts_with(
            "`MLP(config=GPTConfig(vocab_size=128, n_layer=2, n_head=4, n_embd=64))` (assumed config = GPTConfig from its defaults, sizes shrunk) called with"
        ),
        "{}",
        built.assumption()
    );
    for r in &t.runs {
        assert!(
            matches!(r.outcome, TraceOutcome::Exported(_)),
            "{:?}",
            r.mode
        );
        assert!(
            weight_shapes(r).contains(&"[256, 64]".to_string()),
            "{:?}",
            weight_shapes(r)
        );
    }
}

#[test]
fn a_library_configuration_class_is_read_from_the_environment() {
    // A configuration class as transformers wrote them before dataclasses:
    // defaults in `__init__`, `**kwargs` for the rest.
    let site = "/venv/lib/python3.11/site-packages";
    let library = "class PretrainedConfig:\n    def __init__(self, **kwargs):\n        for k, v in kwargs.items():\n            setattr(self, k, v)\n\n\nclass TinyConfig(PretrainedConfig):\n    def __init__(self, vocab_size=30522, hidden_size=768, num_attention_heads=12, num_hidden_layers=12, max_position_embeddings=512, **kwargs):\n        super().__init__(**kwargs)\n        self.vocab_size = vocab_size\n        self.hidden_size = hidden_size\n        self.num_attention_heads = num_attention_heads\n        self.num_hidden_layers = num_hidden_layers\n        self.max_position_embeddings = max_position_embeddings\n";
    let files: std::collections::HashMap<std::path::PathBuf, String> = [
        (
            format!("{site}/hflike/__init__.py"),
            "from .config import TinyConfig\n".to_string(),
        ),
        (format!("{site}/hflike/config.py"), library.to_string()),
    ]
    .into_iter()
    .map(|(p, t)| (std::path::PathBuf::from(p), t))
    .collect();
    let workspace = tracer::Workspace::new(Box::new(files), vec![std::path::PathBuf::from(site)]);
    let text = "from torch import nn\nfrom hflike import TinyConfig\n\n\nclass Embeddings(nn.Module):\n    def __init__(self, config: TinyConfig):\n        super().__init__()\n        self.word = nn.Linear(config.hidden_size, config.vocab_size)\n        self.position = nn.Embedding(config.max_position_embeddings, config.hidden_size)\n\n    def forward(self, x):\n        return self.word(x)\n";
    let file = SourceFile::parse("/w/emb.py", text);
    let entries = module_entries_in(&file, &[], Some(&workspace));
    let options = TraceOptions {
        workspace: Some(workspace.clone()),
        ..TraceOptions::default()
    };
    let t = trace_module(file.clone(), &entries[0], &[Mode::NonStrict], &options);
    assert_eq!(
        module(&t.entry).init.as_deref(),
        Some(
            "config=TinyConfig(vocab_size=128, hidden_size=64, num_attention_heads=4, num_hidden_layers=2)"
        )
    );
    let shapes = weight_shapes(&t.runs[0]);
    assert!(shapes.contains(&"[128, 64]".to_string()), "{shapes:?}");
    assert!(shapes.contains(&"[512, 64]".to_string()), "{shapes:?}");
}

#[test]
fn a_configuration_field_without_a_default_is_assumed_and_one_no_value_fits_is_incomplete() {
    let text = "from dataclasses import dataclass\nfrom torch import nn\n\n\n@dataclass\nclass Args:\n    dim: int\n    depth: int = 6\n\n\n@dataclass\nclass Named:\n    name: str\n\n\nclass Net(nn.Module):\n    def __init__(self, args: Args):\n        super().__init__()\n        self.fc = nn.Linear(args.dim, args.dim)\n\n    def forward(self, x):\n        return self.fc(x)\n\n\nclass ByName(nn.Module):\n    def __init__(self, config: Named):\n        super().__init__()\n\n    def forward(self, x):\n        return x\n";
    let file = SourceFile::parse("/w/net.py", text);
    let entries = module_entries(&file, &[]);
    let t = trace_module(
        file.clone(),
        &entries[0],
        &[Mode::NonStrict],
        &TraceOptions::default(),
    );
    assert_eq!(
        module(&t.entry).init.as_deref(),
        Some("args=Args(dim=64, depth=2)")
    );
    assert!(weight_shapes(&t.runs[0]).contains(&"[64, 64]".to_string()));
    let t = trace_module(
        file.clone(),
        &entries[1],
        &[Mode::NonStrict],
        &TraceOptions::default(),
    );
    let TraceOutcome::Failed(f) = &t.runs[0].outcome else {
        panic!("`Named()` needs a name");
    };
    assert_eq!(f.kind.category(), "incomplete");
    assert!(f.message.contains("`name` has none"), "{}", f.message);
    assert!(
        module(&t.entry)
            .assumption()
            .starts_with("`ByName(config=Named(...))`"),
        "{}",
        module(&t.entry).assumption()
    );
}

#[test]
fn a_none_a_call_passes_for_a_size_is_not_taken_as_its_value() {
    let text = "from torch import nn\n\n\nclass Predictor(nn.Module):\n    def __init__(self, in_channels, num_classes):\n        super().__init__()\n        self.cls = nn.Linear(in_channels, num_classes)\n\n    def forward(self, x):\n        return self.cls(x)\n\n\ndef build(num_classes=None, predictor=None):\n    if predictor is None:\n        if num_classes is None:\n            raise ValueError('num_classes')\n        representation = 1024\n        predictor = Predictor(representation, num_classes)\n    return predictor\n";
    let file = SourceFile::parse("/w/heads.py", text);
    let entries = module_entries(&file, &[]);
    let m = module(&entries[0]);
    assert_eq!(m.init.as_deref(), Some("in_channels=1024, num_classes=10"));
    assert_eq!(
        m.arguments
            .iter()
            .map(|a| a.origin.clone())
            .collect::<Vec<_>>(),
        [
            ArgumentOrigin::Call {
                path: None,
                line: 18
            },
            ArgumentOrigin::Assumed
        ]
    );
    assert!(
        m.assumption().starts_with(
            "`Predictor(in_channels=1024, num_classes=10)` (as called on line 18; assumed num_classes = 10)"
        ),
        "{}",
        m.assumption()
    );
}

#[test]
fn a_forward_taking_star_args_has_inputs_that_are_not_known() {
    let text = "from torch import nn\n\n\nclass Scale(nn.Module):\n    def __init__(self, scale: float):\n        super().__init__()\n        self.scale = scale\n        self.fn = nn.Identity()\n\n    def forward(self, *args, **kwargs):\n        return self.fn(*args, **kwargs) * self.scale\n\n\nscaled = Scale(0.5)\n";
    let file = SourceFile::parse("/w/scale.py", text);
    let entries = module_entries(&file, &[]);
    let m = module(&entries[0]);
    assert_eq!(m.init.as_deref(), Some("scale=0.5"));
    assert!(!m.init_assumed());
    // Nothing says what `forward` is called with: a failure calling it
    // with nothing is not the code's.
    assert!(m.variadic && !m.inputs_known());
}
