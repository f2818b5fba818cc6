# `id()` of an intermediate tensor is a graph break in strict mode;
# non-strict mode runs it as Python.
import torch


class UsesId(torch.nn.Module):
    def forward(self, x):
        y = x + 1  # shape[nonstrict]: f32[3]
        return y + id(y)  # error[GB0055]


example_args = (torch.randn(3),)
model = UsesId()
