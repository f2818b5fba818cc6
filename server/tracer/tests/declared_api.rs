//! torch's declared API (`data/torch_api.txt`): a call spelled as torch
//! declares it binds even where the registry names a parameter otherwise,
//! and a declared function the tracer does not model is named as such.

use crate::common;

use tracer::Mode;
use tracer::failure::NoteKind;

fn model(body: &str) -> String {
    format!(
        "import torch

class M(torch.nn.Module):
    def forward(self, x):
        return {body}

model = M()
example_args = (torch.randn(4, 6),)
"
    )
}

/// What the trace could not follow: its incomplete notes, and the message
/// of an outcome that is no verdict.
fn incomplete_notes(src: &str) -> Vec<String> {
    let r = common::trace_first_entry(src, Mode::NonStrict);
    let mut found: Vec<String> = r
        .notes
        .into_iter()
        .filter(|n| n.kind == NoteKind::Incomplete)
        .map(|n| n.message)
        .collect();
    if let tracer::TraceOutcome::Failed(f) = r.outcome {
        found.push(f.message);
    }
    found
}

#[test]
fn a_keyword_of_the_methods_own_declaration_binds() {
    // `Tensor.split` declares `split_size`; `torch.split` spells it
    // `split_size_or_sections`.
    for mode in [Mode::Strict, Mode::NonStrict] {
        let p = common::exported_program(&model("x.split(split_size=2, dim=1)"), mode);
        assert_eq!(
            common::node_shapes(&p, "aten.split.Tensor").len(),
            1,
            "{mode:?}"
        );
    }
    let p = common::exported_program(
        &model("torch.split(x, split_size_or_sections=[2, 4], dim=1)"),
        Mode::NonStrict,
    );
    assert_eq!(
        common::node_shapes(&p, "aten.split_with_sizes.default").len(),
        1
    );
}

#[test]
fn a_keyword_no_declaration_has_stays_a_binding_error() {
    let notes = incomplete_notes(&model("x.split(sections=2)"));
    assert!(
        notes
            .iter()
            .any(|n| n.contains("unexpected keyword argument 'sections'")),
        "{notes:?}"
    );
}

#[test]
fn a_declared_function_the_tracer_lacks_is_named_not_modelled() {
    for (body, name) in [
        ("torch.special.i1e(x)", "torch.special.i1e"),
        (
            "torch.linalg.matrix_exp(x[:4, :4])",
            "torch.linalg.matrix_exp",
        ),
        ("x.frexp()[0]", "Tensor.frexp"),
    ] {
        let notes = incomplete_notes(&model(body));
        assert!(
            notes
                .iter()
                .any(|n| n.contains(&format!("`{name}` is not modelled yet"))),
            "{body}: {notes:?}"
        );
    }
    let notes = incomplete_notes(&model("torch.not_declared_anywhere(x)"));
    assert!(notes.iter().any(|n| n.contains("unknown API")), "{notes:?}");
}

#[test]
fn histc_counts_into_bins_of_the_input_dtype() {
    let p = common::exported_program(
        &model("torch.histc(x, bins=5, min=-1, max=1)"),
        Mode::NonStrict,
    );
    assert_eq!(common::node_shapes(&p, "aten.histc.default"), ["5"]);
    let r = common::trace_first_entry(&model("torch.histc(x.long(), bins=5)"), Mode::NonStrict);
    let tracer::TraceOutcome::Failed(f) = r.outcome else {
        panic!("an integer histc fails in torch");
    };
    assert!(
        f.message.contains("not implemented for 'Long'"),
        "{}",
        f.message
    );
}

#[test]
fn einsum_ellipses_broadcast_their_dimensions() {
    let src = "import torch

class M(torch.nn.Module):
    def forward(self, x, y, v):
        return torch.einsum('...ij,...jk->...ik', x, y), torch.einsum('b...d,d->b...', x, v), torch.einsum('...d,...d', x, x)

model = M()
example_args = (torch.randn(2, 3, 4), torch.randn(1, 4, 5), torch.randn(4))
";
    let p = common::exported_program(src, Mode::NonStrict);
    assert_eq!(
        common::node_shapes(&p, "aten.einsum.default"),
        ["2, 3, 5", "2, 3", "2, 3"]
    );
}
