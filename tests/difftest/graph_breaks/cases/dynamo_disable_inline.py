"""GB0376: torch._dynamo.disable wrapping a lambda in forward."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        f = torch._dynamo.disable(lambda t: t * 2)
        return f(x)


model = Model()
example_args = (torch.randn(4, 8),)
