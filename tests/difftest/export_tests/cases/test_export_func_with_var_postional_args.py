"""test_export_func_with_var_postional_args: *args after two named inputs."""
import torch


class Module(torch.nn.Module):
    def forward(self, arg1, arg2, *args):
        return arg1 + args[0], arg2 + args[1]


model = Module()
example_args = (torch.ones(2, 3), torch.ones(3, 4), torch.ones(2, 3), torch.ones(3, 4))
