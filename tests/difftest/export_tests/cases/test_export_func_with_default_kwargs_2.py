"""test_export_func_with_default_kwargs: int defaults, one overridden by a kwarg."""
import torch


class Module2(torch.nn.Module):
    def forward(self, arg1, arg2, a=1, b=2):
        return arg1 + a, arg2 + b


model = Module2()
example_args = (torch.ones(6, 4), torch.ones(1, 1))
example_kwargs = {"b": 1}
