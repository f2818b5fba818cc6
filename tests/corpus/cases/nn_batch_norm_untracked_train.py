import torch
import torch.nn as nn
from torch.export import Dim


class BatchStats(nn.Module):
    # Training mode: an untracked norm passes no running statistics, a
    # tracked one counts the batch; a 3-d input to BatchNorm1d is (N, C, L).
    def __init__(self):
        super().__init__()
        self.untracked = nn.BatchNorm2d(4, track_running_stats=False)
        self.plain = nn.BatchNorm1d(4, affine=False)
        self.volume = nn.BatchNorm3d(4, eps=1e-3, momentum=0.2)

    def forward(self, img, seq, vol):
        return self.untracked(img), self.plain(seq), self.volume(vol)


model = BatchStats().train()
example_args = (torch.randn(2, 4, 6, 6), torch.randn(2, 4, 7), torch.randn(2, 4, 3, 3, 3))
dynamic_shapes = {"img": {0: Dim("batch")}, "seq": {2: Dim("length")}, "vol": None}
