//! Workspace imports: models defined in other (in-memory) files, resolved
//! through a `SourceProvider`, with failures, guards and nodes located in
//! the file they come from.

use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;

use tracer::{
    Mode, SourceFile, TraceOptions, TraceOutcome, TraceResult, Workspace, find_entries,
    trace_entry, trace_entry_with,
};

fn workspace(files: &[(&str, &str)]) -> Rc<Workspace> {
    let map: HashMap<PathBuf, String> = files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect();
    Workspace::new(Box::new(map), vec![PathBuf::from("/w")])
}

fn trace(ws: &Rc<Workspace>, path: &str, mode: Mode) -> TraceResult {
    let text = ws
        .load(std::path::Path::new(path))
        .expect("entry file")
        .text
        .clone();
    let file = SourceFile::parse(path, &text);
    let entries = find_entries(&file);
    assert_eq!(entries.len(), 1, "one entry in {path}");
    let options = TraceOptions {
        workspace: Some(ws.clone()),
        ..TraceOptions::default()
    };
    trace_entry_with(file, &entries[0], mode, &options)
}

const MODELS: &str = "\
import torch

class M(torch.nn.Module):
    def forward(self, x):
        y = x * 2
        if y.sum() > 0:
            return y
        return -y
";

const EXPORT: &str = "\
import torch
from models import M

ep = torch.export.export(M(), (torch.randn(3, 4),), strict=True)
";

#[test]
fn failure_is_located_in_the_imported_file() {
    let ws = workspace(&[("/w/models.py", MODELS), ("/w/export_model.py", EXPORT)]);
    let r = trace(&ws, "/w/export_model.py", Mode::Strict);
    let TraceOutcome::Failed(f) = &r.outcome else {
        panic!("expected a failure");
    };
    assert_eq!(f.gb_code, Some("GB0170"));
    assert_eq!(f.path.as_deref(), Some("/w/models.py"));
    assert_eq!(f.line, Some(6));
    let range = f.range.expect("a range");
    assert_eq!(
        &MODELS[range.start as usize..range.end as usize],
        "y.sum() > 0"
    );
    assert!(r.notes.is_empty(), "notes: {:?}", r.notes);
}

#[test]
fn without_a_workspace_imports_stay_unknown() {
    let file = SourceFile::parse("/w/export_model.py", EXPORT);
    let entries = find_entries(&file);
    let r = trace_entry(file, &entries[0], Mode::Strict, tracer::Budget::default());
    assert!(
        r.notes
            .iter()
            .any(|n| n.message.contains("module `models` is not analysed"))
    );
}

#[test]
fn packages_relative_imports_and_module_aliases() {
    let ws = workspace(&[
        ("/w/mypkg/__init__.py", ""),
        (
            "/w/mypkg/blocks.py",
            "import torch\n\nclass ResBlock(torch.nn.Module):\n    def __init__(self, n):\n        super().__init__()\n        self.lin = torch.nn.Linear(n, n)\n\n    def forward(self, x):\n        return x + self.lin(x)\n",
        ),
        (
            "/w/mypkg/model.py",
            "import torch\nfrom .blocks import ResBlock\nfrom . import blocks\n\nclass Net(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.a = ResBlock(4)\n        self.b = blocks.ResBlock(4)\n\n    def forward(self, x):\n        return self.b(self.a(x))\n",
        ),
        (
            "/w/mypkg/layers.py",
            "import torch\n\ndef make(n):\n    return torch.nn.Linear(n, 2)\n",
        ),
        (
            "/w/export_model.py",
            "import torch\nimport mypkg.layers as L\nimport mypkg.model\nfrom mypkg import layers\n\nclass Top(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.net = mypkg.model.Net()\n        self.head = L.make(4)\n        assert layers is L\n\n    def forward(self, x):\n        return self.head(self.net(x))\n\nep = torch.export.export(Top(), (torch.randn(3, 4),))\n",
        ),
    ]);
    for mode in [Mode::Strict, Mode::NonStrict] {
        let r = trace(&ws, "/w/export_model.py", mode);
        assert!(r.notes.is_empty(), "{mode:?} notes: {:?}", r.notes);
        let TraceOutcome::Exported(p) = &r.outcome else {
            panic!("{mode:?}: expected an export");
        };
        let linears = p
            .graph
            .nodes
            .iter()
            .filter(|n| n.target() == Some("aten.linear.default"))
            .count();
        assert_eq!(linears, 3, "{mode:?}");
        // The block's ops are attributed to blocks.py (strict: innermost frame).
        if mode == Mode::Strict {
            assert!(
                p.graph
                    .node_paths
                    .values()
                    .any(|f| f == "/w/mypkg/blocks.py"),
                "{:?}",
                p.graph.node_paths
            );
        }
    }
}

#[test]
fn guards_are_located_in_their_file() {
    let ws = workspace(&[
        (
            "/w/models.py",
            "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        if x.shape[0] > 2:\n            return x + 1\n        return x\n",
        ),
        (
            "/w/export_model.py",
            "import torch\nfrom models import M\nfrom torch.export import Dim\n\nep = torch.export.export(M(), (torch.randn(4, 3),), dynamic_shapes={'x': {0: Dim.AUTO}})\n",
        ),
    ]);
    let r = trace(&ws, "/w/export_model.py", Mode::NonStrict);
    assert!(matches!(r.outcome, TraceOutcome::Exported(_)));
    let g = r
        .guards
        .iter()
        .find(|g| g.expr.contains('>') || g.expr.contains('<'))
        .unwrap_or_else(|| panic!("a guard: {:?}", r.guards));
    assert_eq!(g.line, Some(5));
    assert_eq!(g.path.as_deref(), Some("/w/models.py"));
}

#[test]
fn cycles_and_missing_modules_are_notes() {
    let ws = workspace(&[
        (
            "/w/a.py",
            "from b import g\nG = g()\n\ndef f():\n    return 1\n",
        ),
        (
            "/w/b.py",
            "import a\nfrom a import f\n\ndef g():\n    return 2\n",
        ),
        (
            "/w/export_model.py",
            "import torch\nimport a\nimport nothere\nfrom .missing import x\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x * a.f()\n\nep = torch.export.export(M(), (torch.randn(2),))\n",
        ),
    ]);
    let r = trace(&ws, "/w/export_model.py", Mode::NonStrict);
    assert!(matches!(r.outcome, TraceOutcome::Exported(_)));
    let messages: Vec<&str> = r.notes.iter().map(|n| n.message.as_str()).collect();
    assert!(
        messages.iter().any(|m| m.contains("import cycle")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("`nothere` is not analysed")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("relative import of `missing`")),
        "{messages:?}"
    );
    // The cycle note is located in b.py, where the cyclic import is.
    let cycle = r
        .notes
        .iter()
        .find(|n| n.message.contains("import cycle"))
        .unwrap();
    assert_eq!(cycle.path.as_deref(), Some("/w/b.py"));
}

#[test]
fn self_import_and_deep_chains_stay_bounded() {
    let mut files: Vec<(String, String)> = (0..100)
        .map(|i| {
            let next = i + 1;
            (
                format!("/w/m{i}.py"),
                format!("import m{next}\nN = m{next}.__name__\n"),
            )
        })
        .collect();
    // Modules run when used: each reads an attribute of the next.
    files.push(("/w/m100.py".into(), "import m0\nN = m0.__name__\n".into()));
    files.push((
        "/w/export_model.py".into(),
        "import torch\nimport m0\nimport export_model\nN = m0.N\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x\n\nep = torch.export.export(M(), (torch.randn(2),))\n".into(),
    ));
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let ws = workspace(&refs);
    let r = trace(&ws, "/w/export_model.py", Mode::Strict);
    assert!(matches!(r.outcome, TraceOutcome::Exported(_)));
    assert!(r.notes.iter().any(|n| n.message.contains("depth limit")));
}

/// `reliability/star-import-cycle-stack-overflow`: a package that
/// star-imports its module, which star-imports the package back, searched
/// for a name neither binds, recursed until the stack overflowed. CPython
/// imports both; the name is then a `NameError` where it is used.
#[test]
fn a_star_import_cycle_between_a_package_and_its_module_ends() {
    let ws = workspace(&[
        ("/w/pkg/__init__.py", "from .sub import *\n"),
        (
            "/w/pkg/sub.py",
            "from . import *\n\nif False:\n    import torch\n\nWIDTH = 3\n",
        ),
        (
            "/w/entry.py",
            "from pkg import *\n\nmodel = torch.nn.Linear(2, 2)\nexample_args = (torch.randn(2),)\n",
        ),
        (
            "/w/found.py",
            "import torch\nfrom pkg import *\n\nmodel = torch.nn.Linear(2, WIDTH)\nexample_args = (torch.randn(2),)\n",
        ),
    ]);
    for mode in [Mode::Strict, Mode::NonStrict] {
        let r = trace(&ws, "/w/entry.py", mode);
        let TraceOutcome::Failed(f) = &r.outcome else {
            panic!("`torch` is not bound");
        };
        assert!(
            f.message.contains("NameError: name 'torch' is not defined"),
            "{}",
            f.message
        );
        assert_eq!(f.line, Some(3), "{}", f.message);
        // A name the cycle does bind is found through it.
        let r = trace(&ws, "/w/found.py", mode);
        let TraceOutcome::Exported(p) = &r.outcome else {
            panic!("`WIDTH` comes through the star imports");
        };
        assert!(format!("{:?}", p.graph.nodes[0].val).contains('3'));
    }
}

/// Found by the pipeline fuzzer (issue 43): a name missing from a cycle
/// of three star imports (`pkg` -> `.c` -> `.a` -> `pkg`), looked up on
/// first use, resolved one module's lazy import through the next one's
/// star fallback and back around the cycle until the stack overflowed.
/// The lookup that comes back to itself now finds nothing there.
#[test]
fn a_name_missing_from_a_cycle_of_three_star_imports_is_not_found() {
    let ws = workspace(&[
        (
            "/w/pkg/__init__.py",
            "import torch.nn as nn\nfrom .c import *\ndeep = zz\n_u = isinstance(deep, (list, tuple))\n",
        ),
        ("/w/pkg/a.py", "from pkg import *\nx = nn\n"),
        ("/w/pkg/c.py", "from .a import *\n"),
        (
            "/w/entry.py",
            "from pkg.a import *\nmodel = M()\nexample_args = (torch.randn(3, 8),)\n",
        ),
    ]);
    for mode in [Mode::Strict, Mode::NonStrict] {
        let r = trace(&ws, "/w/entry.py", mode);
        let TraceOutcome::Failed(f) = &r.outcome else {
            panic!("`M` is not bound");
        };
        assert!(
            f.message.contains("NameError: name 'M' is not defined"),
            "{}",
            f.message
        );
    }
}
