"""GB0363: a torch.Generator created and seeded in forward."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        g = torch.Generator()
        g.manual_seed(0)
        return x + torch.rand(x.shape, generator=g)


model = Model()
example_args = (torch.randn(4, 8),)
