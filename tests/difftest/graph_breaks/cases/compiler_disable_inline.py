"""GB0377: torch.compiler.disable called in forward."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        f = torch.compiler.disable(torch.sigmoid)
        return f(x)


model = Model()
example_args = (torch.randn(4, 8),)
