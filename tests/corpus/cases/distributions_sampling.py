"""torch.distributions built at __init__ (numbers and tensors, as augmentation
libraries build their parameter samplers) and sampled in forward; a metaclass
runs a hook after __init__; randperm and a known bound checked at init."""
import torch
from torch import nn
from torch.distributions import Normal, Uniform


class PostInit(type):
    def __call__(cls, *args, **kwargs):
        obj = type.__call__(cls, *args, **kwargs)
        obj.__post_init__()
        return obj


class Sampler(nn.Module, metaclass=PostInit):
    def __init__(self, spread=0.5):
        super().__init__()
        self.spread = spread

    def __post_init__(self):
        bound = torch.tensor(self.spread).repeat(2) * torch.tensor([-1.0, 1.0]) + 1.0
        if bound[0] < 0 or not bool(torch.isfinite(bound).all()):
            raise ValueError("bad bound")
        self.uniform = Uniform(bound[0], bound[1])
        self.normal = Normal(0.0, 2.0)

    def forward(self, batch):
        return self.uniform.rsample((batch,)), self.normal.rsample((batch, 3))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.sampler = Sampler()

    def forward(self, x):
        factor, noise = self.sampler(x.shape[0])
        order = torch.randperm(4)
        return x * factor[:, None] + noise.sum(), order


model = M()
example_args = (torch.randn(2, 3),)
