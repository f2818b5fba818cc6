"""test_export_func_with_kwargs: two tensors as args, two as kwargs."""
import torch


class Module(torch.nn.Module):
    def forward(self, arg1, arg2, kw1, kw2):
        return arg1 + arg2, kw1 + kw2


model = Module()
example_args = (torch.ones(6, 4), torch.ones(1, 1))
example_kwargs = {"kw1": torch.ones(1, 1), "kw2": torch.ones(6, 4)}
