"""test_export_func_with_keyword_only_args: *args plus keyword-only inputs."""
import torch


class Module(torch.nn.Module):
    def forward(self, arg1, arg2, *args, kw1, kw2):
        return arg1 + args[0] + kw1, arg2 + args[1] + kw2


model = Module()
example_args = (torch.ones(2, 3), torch.ones(3, 4), torch.ones(2, 3), torch.ones(3, 4))
example_kwargs = {"kw1": torch.ones(2, 3), "kw2": torch.ones(3, 4)}
