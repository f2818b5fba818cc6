"""test_export_func_with_pytree_kwargs: a dict and a list passed as kwargs."""
import torch


class Module(torch.nn.Module):
    def forward(self, arg1, arg2, a, b):
        return arg1 + a["kw1"] + b[0], arg2 + a["kw2"] + b[1]


model = Module()
example_args = (torch.ones(2, 3), torch.ones(3, 4))
example_kwargs = {
    "a": {"kw1": torch.ones(2, 3), "kw2": torch.ones(3, 4)},
    "b": [torch.ones(2, 3), torch.ones(3, 4)],
}
