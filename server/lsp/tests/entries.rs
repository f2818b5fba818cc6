//! The language server's diagnostics for export calls written inside
//! functions: the failure lands at the failing line, its related
//! information points at the export call.

use lsp::analysis::{Snapshot, analyze};
use lsp::document::Document;
use tower_lsp_server::ls_types::{DiagnosticSeverity, NumberOrString, Uri};

fn analysis(text: &str) -> lsp::analysis::FileAnalysis {
    let uri: Uri = "file:///w/main_script.py".parse().expect("a uri");
    let doc = Document::new(text, 1, 1, "python".into());
    let snap = Snapshot::of_document(uri, "/w/main_script.py".into(), &doc);
    analyze(&snap).0
}

/// An export call in `main()`, run under the `__main__` guard, whose spec
/// contradicts the model.
const MAIN_SCRIPT: &str = include_str!("../../../tests/fixtures/entry_in_main.py");

#[test]
fn an_export_in_main_reports_at_the_failing_line_and_points_at_the_call() {
    let a = analysis(MAIN_SCRIPT);
    let d = a
        .diagnostics
        .iter()
        .find(|d| d.code == Some(NumberOrString::String("constraint-violation".into())))
        .unwrap_or_else(|| panic!("a constraint violation: {:#?}", a.diagnostics));
    assert_eq!(d.severity, Some(DiagnosticSeverity::ERROR));
    // 0-based: line 11 of the file, `x = x.view(4, -1)`.
    assert_eq!(d.range.start.line, 10, "{d:#?}");
    assert!(
        d.message.contains("You marked batch as dynamic"),
        "{}",
        d.message
    );
    let related = d.related_information.as_ref().expect("related information");
    assert_eq!(related[0].location.range.start.line, 18, "{related:#?}");
    assert!(
        related[0]
            .message
            .contains("export entry point `torch.export.export(model, (x,)"),
        "{}",
        related[0].message
    );
    // The code lens sits on the export call.
    assert!(a.lenses.iter().any(|l| l.range.start.line == 18));
}

#[test]
fn a_test_method_that_exports_fine_has_no_error() {
    let text = "\
import unittest
import torch


class TestExport(unittest.TestCase):
    def test_linear(self):
        m = torch.nn.Linear(4, 2)
        ep = torch.export.export(m, (torch.randn(3, 4),))
        self.assertIsNotNone(ep)
";
    let a = analysis(text);
    assert!(
        a.diagnostics
            .iter()
            .all(|d| d.severity != Some(DiagnosticSeverity::ERROR)),
        "{:#?}",
        a.diagnostics
    );
    assert!(a.lenses.iter().any(|l| {
        l.range.start.line == 7
            && l.command
                .as_ref()
                .is_some_and(|c| c.title.contains("exports"))
    }));
}

#[test]
fn draft_export_issues_are_warnings() {
    let text = include_str!("../../../tests/draft/cases/item_branch.py");
    let a = analysis(text);
    assert!(
        a.diagnostics
            .iter()
            .all(|d| d.severity != Some(DiagnosticSeverity::ERROR)),
        "{:#?}",
        a.diagnostics
    );
    let d = a
        .diagnostics
        .iter()
        .find(|d| d.code == Some(NumberOrString::String("draft-export".into())))
        .unwrap_or_else(|| panic!("a draft-export warning: {:#?}", a.diagnostics));
    assert_eq!(d.severity, Some(DiagnosticSeverity::WARNING));
    // 0-based: line 6, `if x.sum().item() > 0:`.
    assert_eq!(d.range.start.line, 5, "{d:#?}");
    assert!(
        d.message.starts_with("DATA_DEPENDENT_ERROR: "),
        "{}",
        d.message
    );
    // The program draft export gives, with the decision asserted.
    let program = a
        .programs
        .iter()
        .find(|p| p.mode == tracer::Mode::NonStrict)
        .expect("the non-strict program");
    assert!(
        program.text.contains("aten._assert_scalar.default"),
        "{}",
        program.text
    );
    assert!(program.text.contains("aten.add.Tensor"), "{}", program.text);
}

/// Issue "every model file speaks": a failing entry keeps what its trace
/// recorded before the failure, for hover, inlay hints and the program.
#[test]
fn a_failing_entry_still_shows_the_shapes_traced_before_the_failure() {
    let text = "\
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 4)

    def forward(self, x):
        h = self.fc(x)
        h = torch.relu(h)
        if h.sum() > 0:
            return h * 2
        return h


ep = torch.export.export(M(), (torch.randn(2, 8),), strict=False)
";
    let a = analysis(text);
    assert!(
        a.diagnostics
            .iter()
            .any(|d| d.severity == Some(DiagnosticSeverity::ERROR) && d.range.start.line == 11),
        "the data-dependent branch fails: {:#?}",
        a.diagnostics
    );
    // Line 10 (0-based 9): `h = self.fc(x)`, before the failure.
    let pos = tower_lsp_server::ls_types::Position::new(9, 8);
    let hover = lsp::hover::hover(&a.hover, &a.rope, pos, lsp::position::Encoding::Utf16)
        .expect("hover on a line before the failure");
    let tower_lsp_server::ls_types::HoverContents::Markup(md) = hover.contents else {
        panic!("markdown hover");
    };
    assert!(md.value.contains("aten.linear.default"), "{}", md.value);
    assert!(md.value.contains("f32[2, 4]"), "{}", md.value);
    assert!(md.value.contains("Partial trace"), "{}", md.value);
    assert!(
        a.inlay_hints.iter().any(|h| h.position.line == 9),
        "an inlay shape for `h`: {:#?}",
        a.inlay_hints
    );
    let program = a
        .programs
        .iter()
        .find(|p| p.mode == tracer::Mode::NonStrict)
        .expect("the non-strict program view");
    assert!(
        program.text.contains("Partial program") && program.text.contains("aten.relu.default"),
        "{}",
        program.text
    );
}

/// The first pass on opening a file publishes its syntax errors, as the
/// traced analysis of the same text shows them, before anything is traced;
/// the analysis that follows starts from its parse and gives what a fresh
/// analysis gives.
#[test]
fn the_first_pass_shows_the_syntax_errors_the_analysis_shows() {
    let text = "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x)\n        return x + 1\n\nmodel = M()\nexample_args = (torch.randn(2, 3),)\n";
    let uri: Uri = "file:///w/broken.py".parse().expect("a uri");
    let doc = Document::new(text, 1, 1, "python".into());
    let mut snap = Snapshot::of_document(uri, "/w/broken.py".into(), &doc);
    let (first, parsed) = lsp::analysis::first_pass(&snap).expect("a first pass");
    let syntax: Vec<_> = first
        .diagnostics
        .iter()
        .filter(|d| d.code == Some(NumberOrString::String("syntax".into())))
        .collect();
    assert_eq!(
        syntax.len(),
        first.diagnostics.len(),
        "{:#?}",
        first.diagnostics
    );
    assert_eq!(syntax.len(), 1, "{:#?}", first.diagnostics);
    assert_eq!(syntax[0].range.start.line, 3, "{:#?}", syntax[0]);
    let fresh = analyze(&snap).0;
    snap.parsed = Some(parsed);
    let after = analyze(&snap).0;
    assert_eq!(after.diagnostics, fresh.diagnostics);
    let in_fresh: Vec<_> = fresh
        .diagnostics
        .iter()
        .filter(|d| d.code == Some(NumberOrString::String("syntax".into())))
        .collect();
    assert_eq!(in_fresh, syntax);
}
