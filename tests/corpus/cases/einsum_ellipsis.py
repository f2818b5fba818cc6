import torch
from torch import nn
class M(nn.Module):
    def forward(self, x, y):
        return torch.einsum("...ij,...jk->...ik", x, y), torch.einsum("b...d,d->b...", x, y[0, :, 0]), torch.einsum("...d,...d", x, x)
model = M()
example_args = (torch.randn(2, 3, 4), torch.randn(2, 4, 4))
