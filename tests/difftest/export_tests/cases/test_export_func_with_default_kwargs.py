"""test_export_func_with_default_kwargs: a dict kwarg and an int kwarg with a default."""
import torch


class Module(torch.nn.Module):
    def forward(self, arg1, arg2, a, b=1):
        return arg1 + arg2, a["kw1"] + a["kw2"] + b


model = Module()
example_args = (torch.ones(6, 4), torch.ones(1, 1))
example_kwargs = {"a": {"kw1": torch.ones(1, 1), "kw2": torch.ones(6, 4)}, "b": 2}
