"""test_cond_free_variables_overlapping: cond branches closing over overlapping sets of local tensors (test/dynamo/test_export.py)."""
import torch


from functorch.experimental.control_flow import cond


class Module(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, x):
        a = torch.ones(6, 4)
        b = torch.ones(6, 4)
        c = torch.ones(6, 4)
        d = torch.ones(6, 4)

        def true_fn(x):
            return x + x + a.cos() + b.cos() + d.cos()

        def false_fn(x):
            return x * x + a.sin() + b.sin() + c.sin()

        return cond(pred, true_fn, false_fn, [x])


model = Module()
example_args = (torch.tensor(True), torch.ones(6, 4))
