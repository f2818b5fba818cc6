//! The builder on traced files: failures, guards and their modes merged
//! and labelled; the configuration's filter and suppression comments; a
//! failure inside an imported file located there; modules traced on
//! assumed inputs; quick fixes.

use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use diagnostics::files::Files;
use diagnostics::{FileDiagnostics, ModeChoice, Options, Severity, Verdict};
use tracer::{Mode, SourceFile, TraceOptions, Workspace};

/// Branches on tensor data (line 6, column 12): GB0170 in strict mode, a
/// data-dependent failure in non-strict mode.
const BRANCH: &str = "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n            return x + 1\n        return x - 1\n\n\nmodel = M()\nexample_args = (torch.randn(3),)\n";

/// Adds two inputs the spec says are independent: a constraint violation
/// (torch suggests `dy = dx`) in both modes, and the same guard in both.
const SPEC: &str = "import torch\nfrom torch.export import Dim\n\n\nclass M(torch.nn.Module):\n    def forward(self, x, y):\n        return x + y\n\n\nmodel = M()\nexample_args = (torch.randn(3), torch.randn(3))\ndx = Dim(\"dx\")\ndy = Dim(\"dy\")\ndynamic_shapes = ({0: dx}, {0: dy})\n";

/// Traces every entry of `text` (at `path`, importing from `others`) in
/// both modes and builds its diagnostics with `options`; also traces its
/// modules when `modules`.
fn build(
    path: &str,
    text: &str,
    others: &[(&str, &str)],
    options: &Options,
    modules: bool,
) -> (FileDiagnostics, Arc<SourceFile>) {
    let file = SourceFile::parse(path, text);
    let provider: HashMap<PathBuf, String> = others
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect();
    let workspace: Rc<Workspace> = Workspace::new(Box::new(provider), vec![PathBuf::from("/w")]);
    let trace_options = TraceOptions {
        workspace: Some(workspace.clone()),
        ..TraceOptions::default()
    };
    let entries: Vec<_> = tracer::find_entries(&file)
        .into_iter()
        .map(|e| {
            let runs = [Mode::Strict, Mode::NonStrict]
                .iter()
                .map(|m| tracer::trace_entry_with(file.clone(), &e, *m, &trace_options))
                .collect();
            (e, runs)
        })
        .collect();
    let analyses = if modules {
        // As the editor does: every class whose `forward` no entry traced.
        let reached = diagnostics::build::traced_by_entries(&file, &entries, options.modes);
        export::modules::analyze_modules(
            &file,
            &options.modes.for_module_traces(),
            &trace_options,
            &reached,
            &[],
            None,
        )
    } else {
        Vec::new()
    };
    let files = Files::new(file.clone(), Some(workspace));
    let input = diagnostics::FileInput {
        files: &files,
        entries: &entries,
        modules: &analyses,
        options,
    };
    (diagnostics::build(&input), file)
}

fn both() -> Options {
    Options {
        modes: ModeChoice::Both,
        ..Options::default()
    }
}

#[test]
fn failures_that_differ_by_mode_say_their_mode() {
    let (found, file) = build("/w/branch.py", BRANCH, &[], &both(), false);
    let failures: Vec<_> = found
        .visible()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(failures.len(), 2, "{failures:#?}");
    let (gb, dd) = (failures[0], failures[1]);
    assert_eq!(gb.code, "GB0170");
    assert!(gb.message.ends_with(" (strict)"), "{}", gb.message);
    assert_eq!(gb.mode(), Some(Mode::Strict));
    assert_eq!(dd.code, "data-dependent");
    assert!(dd.message.ends_with(" (nonstrict)"), "{}", dd.message);
    // Both at the condition, related to the entry point.
    for d in [gb, dd] {
        assert_eq!(file.slice(d.range.expect("a range")), "x.sum() > 0");
        assert_eq!(
            d.related[0].message,
            "export entry point `model` reaches this"
        );
        assert_eq!(file.line_of(d.related[0].range.start), 11);
        assert!(d.help.is_some(), "{d:#?}");
    }
    // The torch.cond rewrite is offered on both.
    assert!(gb.fixes.iter().any(|f| f.title.contains("torch.cond")));
    assert!(dd.fixes.iter().any(|f| f.title.contains("torch._check")));
    // The verdicts point at them.
    let verdicts: Vec<_> = found.entries.iter().map(|v| (v.mode, &v.verdict)).collect();
    assert_eq!(
        verdicts,
        [
            (Mode::Strict, &Verdict::Fails(0)),
            (Mode::NonStrict, &Verdict::Fails(1))
        ]
    );
}

#[test]
fn what_every_mode_finds_is_said_once_without_a_mode() {
    let (found, file) = build("/w/spec.py", SPEC, &[], &both(), false);
    let violations: Vec<_> = found
        .visible()
        .filter(|d| d.code == "constraint-violation")
        .collect();
    assert_eq!(violations.len(), 1, "{:#?}", found.diagnostics);
    let v = violations[0];
    assert_eq!(v.modes, [Mode::Strict, Mode::NonStrict]);
    assert_eq!(v.mode(), None);
    assert!(!v.message.contains("(strict)"), "{}", v.message);
    assert_eq!(v.help.as_deref(), Some("suggested fixes: dy = dx"));
    assert_eq!(v.severity, Severity::Error);
    // The preferred fix applies torch's suggestion.
    let preferred = v
        .fixes
        .iter()
        .find(|f| f.preferred)
        .expect("a preferred fix");
    let fixed = diagnostics::fixes::apply(&file.text, &preferred.edits);
    assert!(fixed.contains("dy = dx"), "{fixed}");
    // Both modes' verdicts point at the one diagnostic.
    let index = found
        .diagnostics
        .iter()
        .position(|d| d.code == "constraint-violation");
    assert!(
        found
            .entries
            .iter()
            .all(|e| Some(&e.verdict) == index.map(Verdict::Fails).as_ref()),
        "{:#?}",
        found.entries
    );
}

#[test]
fn the_default_mode_of_a_plain_export_is_non_strict() {
    let (found, _) = build("/w/branch.py", BRANCH, &[], &Options::default(), false);
    let codes: Vec<&str> = found.visible().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["data-dependent"]);
    // One mode reported: nothing says it.
    assert!(!found.diagnostics[0].message.contains("nonstrict"));
}

#[test]
fn the_configuration_and_suppression_comments_decide_what_shows() {
    let settings_text = "ignore = [\"guard\"]\n";
    let mut problems = Vec::new();
    let settings = pyenv::settings::parse(
        std::path::Path::new("/w/exportlens.toml"),
        settings_text,
        &mut problems,
    )
    .expect("settings");
    let options = Options {
        filter: Some(Arc::new(pyenv::filter::DiagnosticFilter::new(&settings))),
        report_unused_suppressions: true,
        ..Options::default()
    };
    // torch places the violation at the entry point.
    let text = SPEC.replace(
        "model = M()\n",
        "model = M()  # exportlens: ignore[constraint-violation, GB0170]\n",
    );
    let (found, _) = build("/w/spec.py", &text, &[], &options, false);
    let shown: Vec<&str> = found.visible().map(|d| d.code.as_str()).collect();
    assert_eq!(shown, ["unused-suppression"], "{:#?}", found.diagnostics);
    let unused = found.visible().next().expect("the warning");
    assert_eq!(
        unused.message,
        "unused suppression: no `GB0170` diagnostic on this line to ignore"
    );
    // The hidden failure is still the entry's verdict.
    let Verdict::Fails(i) = &found.entries[0].verdict else {
        panic!("{:#?}", found.entries)
    };
    assert_eq!(found.diagnostics[*i].code, "constraint-violation");
    assert!(!found.shown[*i]);
    // An excluded file shows nothing but syntax errors.
    let options = Options {
        excluded: true,
        ..Options::default()
    };
    let (found, _) = build("/w/spec.py", "x = (\n", &[], &options, false);
    let shown: Vec<&str> = found.visible().map(|d| d.code.as_str()).collect();
    assert_eq!(shown, ["syntax"]);
}

#[test]
fn a_failure_in_an_imported_file_is_that_files_and_names_the_entry() {
    let models = "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        y = x * 2\n        if y.sum() > 0:\n            return y\n        return x\n";
    let entry =
        "import torch\nfrom models import M\n\nep = torch.export.export(M(), (torch.randn(3),))\n";
    let (found, _) = build(
        "/w/export_model.py",
        entry,
        &[("/w/models.py", models)],
        &Options::default(),
        false,
    );
    let d = found
        .visible()
        .find(|d| d.severity == Severity::Error)
        .unwrap_or_else(|| panic!("a failure: {:#?}", found.diagnostics));
    assert_eq!(d.path, "/w/models.py");
    let range = d.range.expect("a range");
    assert_eq!(
        &models[range.start as usize..range.end as usize],
        "y.sum() > 0"
    );
    assert_eq!(d.related[0].path, "/w/export_model.py");
    assert!(d.fixes.is_empty(), "edits are of the analysed file only");
}

#[test]
fn a_module_no_entry_reaches_says_what_was_assumed() {
    let text = "import torch\nfrom torch import nn\n\n\nclass Gate(nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n            return x\n        return -x\n";
    let (found, file) = build("/w/gate.py", text, &[], &Options::default(), true);
    let d = found
        .visible()
        .find(|d| d.code == "data-dependent")
        .unwrap_or_else(|| panic!("the branch: {:#?}", found.diagnostics));
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(file.line_of(d.range.expect("a range").start), 7);
    assert!(
        d.notes[0].starts_with("assuming `Gate()` called with x"),
        "{:?}",
        d.notes
    );
    assert!(d.full_message().contains("\nassuming `Gate()`"));
    assert_eq!(d.entry.as_deref(), Some("Gate (module)"));
    assert!(
        found
            .visible()
            .any(|d| d.code == "no-entry" && d.range.is_none())
    );
    assert!(found.visible().all(|d| d.severity != Severity::Error));
}

#[test]
fn a_module_the_entry_builds_is_reached_even_where_non_strict_does_not_say_so() {
    // Non-strict mode records the block's ops on `Net.forward`'s line, not
    // on the block's own: the block is reached because `Net` builds it.
    let text = "import torch\nfrom torch import nn\n\n\nclass Block(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.fc = nn.Linear(16, 16)\n\n    def forward(self, x):\n        return self.fc(x)\n\n\nclass Gate(nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n            return x\n        return -x\n\n\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.block = Block()\n\n    def forward(self, x):\n        return self.block(x)\n\n\nmodel = Net()\nexample_args = (torch.randn(2, 16),)\n";
    let (found, _) = build("/w/net.py", text, &[], &Options::default(), true);
    let modules: Vec<&str> = found
        .entries
        .iter()
        .filter(|v| v.entry.ends_with("(module)"))
        .map(|v| v.entry.as_str())
        .collect();
    assert_eq!(modules, ["Gate (module)"], "{:#?}", found.diagnostics);
    assert!(
        found
            .visible()
            .all(|d| d.entry.as_deref() != Some("Block (module)")),
        "{:#?}",
        found.diagnostics
    );
    assert!(found.visible().any(|d| d.code == "data-dependent"));
}

#[test]
fn a_module_the_entry_builds_is_reached_even_when_its_export_fails_first() {
    // The spec's max is below the example's size: export fails before
    // `forward` runs; the entry's failure says so, not the module's.
    let text = "import torch\nimport torch.nn as nn\nfrom torch.export import Dim\n\n\nclass Scorer(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.score = nn.Linear(10, 1)\n\n    def forward(self, x):\n        return self.score(x)\n\n\nmodel = Scorer()\nexample_args = (torch.randn(32, 10),)\ndynamic_shapes = {\"x\": {0: Dim(\"batch\", min=1, max=16)}}\n";
    let (found, _) = build("/w/scorer.py", text, &[], &Options::default(), true);
    assert!(
        found.entries.iter().all(|v| v.entry == "model"),
        "{:#?}",
        found.entries
    );
    assert!(found.visible().any(|d| d.severity == Severity::Error));
    assert!(
        found.visible().all(|d| d.entry.as_deref() == Some("model")),
        "{:#?}",
        found.diagnostics
    );
}

/// A module whose `__init__` needs `dim`, fed a written input of width 32.
const PROJ: &str = "from torch import nn, Tensor\nfrom jaxtyping import Float\n\n\nclass Proj(nn.Module):\n    def __init__(self, dim):\n        super().__init__()\n        self.fc = nn.Linear(dim, 8)\n\n    def forward(self, x: Float[Tensor, \"b 32\"]):\n        return self.fc(x)\n";

#[test]
fn a_shape_error_shows_only_when_no_constructor_argument_was_assumed() {
    // Alone, `dim` is assumed, the input's width first: it exports.
    let (found, _) = build("/w/proj.py", PROJ, &[], &Options::default(), true);
    assert!(
        found.visible().all(|d| d.code == "no-entry"),
        "{:#?}",
        found.diagnostics
    );
    // A script beside it builds it with 16: the mismatch is the code's, a
    // warning (never an error: the module is still analysed on inputs
    // exportlens chose), saying where the argument came from.
    let script = "from proj import Proj\n\nmodel = Proj(dim=16)\n";
    let (found, file) = build(
        "/w/proj.py",
        PROJ,
        &[("/w/train.py", script)],
        &Options::default(),
        true,
    );
    let shown: Vec<_> = found.visible().filter(|d| d.code != "no-entry").collect();
    assert_eq!(shown.len(), 1, "{:#?}", found.diagnostics);
    let d = shown[0];
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(file.line_of(d.range.expect("a range").start), 11);
    assert!(
        d.notes[0].starts_with("assuming `Proj(dim=16)` (as called at train.py:3) called with x"),
        "{:?}",
        d.notes
    );
}
