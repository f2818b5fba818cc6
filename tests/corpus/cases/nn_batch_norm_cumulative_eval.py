import torch
import torch.nn as nn


class CumulativeEval(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.BatchNorm2d(3, momentum=None, bias=False)
        self.untracked = nn.BatchNorm2d(3, track_running_stats=False)

    def forward(self, x):
        assert self.norm.momentum is None and self.norm.bias is None
        return self.untracked(self.norm(x))


model = CumulativeEval().eval()
example_args = (torch.randn(2, 3, 4, 4),)
