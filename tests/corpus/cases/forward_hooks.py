"""Hooks registered on submodules before export run around their
`forward` in both modes: a forward hook replacing the output, a pre-hook
replacing the input, a `with_kwargs` hook; a removed hook does not run."""
import torch
from torch import nn
from torch.export import Dim


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 2)

    def forward(self, x):
        return self.b(torch.relu(self.a(x)))


model = Model().eval()
model.a.register_forward_hook(lambda mod, inp, out: out * 2)
model.b.register_forward_pre_hook(lambda mod, inp: (inp[0] + 1,))
model.b.register_forward_hook(lambda mod, args, kwargs, out: out.sum(-1), with_kwargs=True)
removed = model.b.register_forward_hook(lambda mod, inp, out: out.exp())
removed.remove()
example_args = (torch.randn(3, 4),)
dynamic_shapes = ({0: Dim("batch")},)
