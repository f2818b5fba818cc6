//! A float the program computes from a symbolic size (`torch.sym_float`,
//! `_operator.truediv` nodes) is computed in the quick run from the size
//! the run's input has.

const MODEL: &str = "import torch
from torch.export import Dim

class Model(torch.nn.Module):
    def forward(self, x):
        n = x.shape[0]
        return torch.zeros_like(x) + 1.0 / n + torch.ones_like(x) / (n / 2.0)

model = Model()
example_args = (torch.randn(4, 3),)
dynamic_shapes = {'x': {0: Dim.AUTO}}
";

#[test]
fn a_float_of_a_symbolic_size_takes_the_run_input_size() {
    let mut runs = runtime::run_source("case.py", MODEL, &runtime::RunOptions::default());
    let out = runs
        .remove(0)
        .result
        .unwrap_or_else(|e| panic!("{}: {}", e.label(), e.message));
    let t = out.outputs[0].as_tensor().expect("a tensor output");
    assert_eq!(t.dims(), [4, 3]);
    for v in t.to_f64().unwrap() {
        assert!((v - (0.25 + 0.5)).abs() < 1e-6, "{v}");
    }
}
