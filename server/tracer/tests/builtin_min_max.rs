//! Python's `max` / `min` over tensors in a traced `forward`: both modes
//! record a tensor against a tensor as `maximum` / `minimum` and a tensor
//! against a number as `clamp` from that side (the number may come first),
//! folding a sequence pairwise. Read off `torch.export.export`.

use crate::common;

use tracer::Mode;
use tracer::graph::Arg;

fn calls(forward: &str, mode: Mode) -> Vec<(String, Vec<Arg>)> {
    let src = format!(
        "import torch

class M(torch.nn.Module):
    def forward(self, x):
        return {forward}

model = M()
example_args = (torch.tensor(4),)
"
    );
    let p = common::exported_program(&src, mode);
    p.graph
        .nodes
        .iter()
        .filter_map(|n| {
            let t = n.target()?.to_string();
            let mut args: Vec<Arg> = n.args().cloned().collect();
            args.remove(0);
            Some((t, args))
        })
        .collect()
}

#[test]
fn a_tensor_against_a_number_is_a_clamp() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let targets =
            |f: &str| -> Vec<String> { calls(f, mode).into_iter().map(|c| c.0).collect() };
        assert_eq!(
            targets("max([x, x]) + min(x, x)"),
            [
                "aten.maximum.default",
                "aten.minimum.default",
                "aten.add.Tensor"
            ]
        );
        let max = calls("max(x, 5)", mode);
        assert_eq!(max[0].0, "aten.clamp.default", "{mode:?}");
        assert!(max[0].1.contains(&Arg::Int(5)), "{mode:?}: {:?}", max[0].1);
        let min = calls("min(3, x)", mode);
        assert_eq!(min[0].0, "aten.clamp.default", "{mode:?}");
        assert_eq!(
            min[0].1.first(),
            Some(&Arg::None),
            "{mode:?}: {:?}",
            min[0].1
        );
        assert_eq!(
            targets("max([x, 2, x])"),
            ["aten.clamp.default", "aten.maximum.default"]
        );
    }
}
