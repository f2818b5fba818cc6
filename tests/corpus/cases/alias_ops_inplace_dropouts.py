"""swapdims/moveaxis keep their own ATen ops; F.dropout and friends with inplace passed by position record the in-place ops (dropout1d/3d unbatched: unsqueeze_, feature_dropout_, squeeze_); int and float bases of ** record pow.Scalar."""
import torch
from torch import nn
import torch.nn.functional as F

class Model(nn.Module):
    def forward(self, x, n):
        a = torch.swapdims(x, 0, 1)
        b = x.swapdims(1, 2)
        c = torch.moveaxis(x, 0, 1)
        d = F.dropout(x.clone(), 0.1, False, True)
        e = F.alpha_dropout(x.clone(), 0.1, False, True)
        f = F.dropout1d(x[0].clone(), 0.1, False, True)
        g = F.dropout3d(x.clone(), 0.1, False, True)
        h = F.feature_alpha_dropout(x.clone(), 0.1, False, True)
        i = 2.5 ** x
        j = 3 ** n
        k = x.swapaxes(0, 2)
        return a, b, c, d, e, f, g, h, i, j, k

model = Model().eval()
example_args = (torch.randn(2, 3, 4, 4), torch.randint(0, 3, (4,)))
