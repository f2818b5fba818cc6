import torch
import torch.nn as nn
from torch.export import Dim


class Norms(nn.Module):
    def __init__(self):
        super().__init__()
        self.lrn = nn.LocalResponseNorm(3)
        self.lrn_seq = nn.LocalResponseNorm(4, alpha=1e-3, beta=0.5, k=2.0)
        self.sync_bn = nn.SyncBatchNorm(4)

    def forward(self, img, seq, vol):
        return self.lrn(img), self.lrn_seq(seq), self.lrn(vol), self.sync_bn(img)


model = Norms().eval()
example_args = (torch.randn(2, 4, 6, 6), torch.randn(2, 4, 8), torch.randn(2, 4, 3, 5, 5))
dynamic_shapes = {"img": {0: Dim("batch")}, "seq": None, "vol": None}
