//! `export::modules` on classes built with found or assumed constructor
//! arguments: a requirement of a size equal to a number is reported only
//! when no argument was assumed (it may be the assumed value's), and the
//! export script imports the names its constructor arguments read.

use std::sync::Arc;

use export::modules::{analyze_modules, requirements, script_for};
use tracer::entry::EntryKind;
use tracer::{Mode, SourceFile, TraceOptions};

/// `dim` has no default; the input's width must equal it.
fn model(call: &str) -> String {
    format!(
        "from dataclasses import dataclass\nfrom torch import nn\n\n\nclass Proj(nn.Module):\n    def __init__(self, dim):\n        super().__init__()\n        self.fc = nn.Linear(dim, 4)\n\n    def forward(self, x):\n        return self.fc(x)\n\n\n@dataclass\nclass Cfg:\n    hidden_size: int = 1024\n\n\nclass Head(nn.Module):\n    def __init__(self, cfg: Cfg):\n        super().__init__()\n        self.fc = nn.Linear(cfg.hidden_size, 2)\n\n    def forward(self, x):\n        return self.fc(x)\n{call}"
    )
}

fn analysed(text: &str) -> (Arc<SourceFile>, Vec<export::modules::ModuleAnalysis>) {
    analysed_in(text, &[Mode::NonStrict])
}

fn analysed_in(
    text: &str,
    modes: &[Mode],
) -> (Arc<SourceFile>, Vec<export::modules::ModuleAnalysis>) {
    let file = SourceFile::parse("/w/proj.py", text);
    let analyses = analyze_modules(
        &file,
        modes,
        &TraceOptions::default(),
        &|_| false,
        &[],
        None,
    );
    (file, analyses)
}

#[test]
fn a_requirement_on_an_assumed_width_is_not_reported() {
    let (_, analyses) = analysed(&model(""));
    let proj = &analyses[0];
    assert_eq!(proj.entry.name, "Proj");
    let EntryKind::Module(m) = &proj.entry.kind else {
        panic!("a module entry");
    };
    assert!(m.init_assumed());
    // The trace specialized the input's width to the assumed 64 ...
    assert!(
        proj.runs[0].guards.iter().any(|g| g.expr.contains(", 64)")),
        "{:?}",
        proj.runs[0]
            .guards
            .iter()
            .map(|g| &g.expr)
            .collect::<Vec<_>>()
    );
    // ... which says nothing of the code.
    assert!(requirements(proj, &proj.runs[0]).is_empty());
    // Built by the file itself with 24: the requirement is the code's.
    let (_, analyses) = analysed(&model("\n\nproj = Proj(24)\n"));
    let found = requirements(&analyses[0], &analyses[0].runs[0]);
    assert_eq!(found, [(11, "x.size(3) == 24".to_string())]);
}

#[test]
fn the_export_script_imports_the_configuration_class_it_builds() {
    let (_, analyses) = analysed(&model(""));
    let head = &analyses[1];
    assert_eq!(head.entry.name, "Head");
    let script = script_for(head, "proj", &|_| true).expect("a script");
    assert!(script.contains("from proj import Head, Cfg\n"), "{script}");
    assert!(
        script.contains("model = Head(cfg=Cfg(hidden_size=64)).eval()\n"),
        "{script}"
    );
}

#[test]
fn a_child_that_builds_another_is_traced_first_and_covers_it() {
    // Source order puts Attention first; Net's trace stops at its branch
    // before running Transformer. (Strict traces record a submodule's ops
    // on its own lines: they are the ones that cover.)
    let text = "from torch import nn\n\n\nclass Attention(nn.Module):\n    def __init__(self, dim):\n        super().__init__()\n        self.fc = nn.Linear(dim, dim)\n\n    def forward(self, x):\n        return self.fc(x)\n\n\nclass Transformer(nn.Module):\n    def __init__(self, dim, depth):\n        super().__init__()\n        self.layers = nn.ModuleList([Attention(dim) for _ in range(depth)])\n\n    def forward(self, x):\n        for layer in self.layers:\n            x = layer(x)\n        return x\n\n\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.t = Transformer(32, 2)\n\n    def forward(self, x):\n        if x.sum() > 0:\n            return self.t(x)\n        return x\n";
    let (_, analyses) = analysed_in(text, &[Mode::Strict, Mode::NonStrict]);
    let covered: Vec<(&str, Option<&str>)> = analyses
        .iter()
        .map(|a| (a.entry.name.as_str(), a.covered_by.as_deref()))
        .collect();
    assert_eq!(
        covered,
        [
            ("Attention", Some("Transformer")),
            ("Transformer", None),
            ("Net", None)
        ]
    );
}
