# ok
# torch's view algorithm on symbolic sizes: infer the -1 (divisibility of the
# whole numel), check the numel, then split the input dim that does not
# match; the split keeps torch's floor divisions.
import torch
from torch.export import Dim


class Split(torch.nn.Module):
    def forward(self, x):
        y = x.view(x.shape[0], 3, -1)  # shape: f32[s0, 3, (s1//3)] # guard: Eq(Mod(x.size()[0]*x.size()[1], 3*x.size()[0]), 0) # guard: Eq(Mod(x.size()[1], 3), 0) # guard: Ne(x.size()[1], 3) # guard: Eq(x.size()[0]*x.size()[1], 3*x.size()[0]*((x.size()[1]//3)))
        return y.sum(1)


example_args = (torch.randn(2, 12),)
dynamic_shapes = {"x": (Dim.AUTO, Dim.AUTO)}
model = Split()
