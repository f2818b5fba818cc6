"""GB0099: a torch.compiler.disable()d module method."""
import torch


class Model(torch.nn.Module):
    @torch.compiler.disable
    def post(self, x):
        return x * 2

    def forward(self, x):
        return self.post(x + 1)


model = Model()
example_args = (torch.randn(4, 8),)
