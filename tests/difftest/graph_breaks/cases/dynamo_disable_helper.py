"""GB0098: calling a torch.compiler.disable()d helper."""
import torch


@torch.compiler.disable
def helper(x):
    return x * 2


class Model(torch.nn.Module):
    def forward(self, x):
        return helper(x) + 1


model = Model()
example_args = (torch.randn(4, 8),)
