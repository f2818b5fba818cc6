import torch
import torch.nn as nn


class Pair(nn.Module):
    """nn.Bilinear on two inputs (with and without bias)."""

    def __init__(self):
        super().__init__()
        self.b = nn.Bilinear(3, 4, 5)
        self.nb = nn.Bilinear(5, 5, 2, bias=False)

    def forward(self, x1, x2):
        y = self.b(x1, x2)
        return self.nb(y, y)


model = Pair().eval()
example_args = (torch.randn(2, 3), torch.randn(2, 4))
