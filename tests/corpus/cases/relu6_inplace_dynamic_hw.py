# A MobileNet-style stem with dynamic height and width: strided convs, batch
# norms and in-place ReLU6. The in-place hardtanh's decomposition asks
# whether each new feature map is non-overlapping and dense, guards that
# bound the width from below.
import torch
from torch import nn
from torch.export import Dim


def stage(cin, cout, stride):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU6(inplace=True),
    )


class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.Sequential(stage(3, 8, 2), stage(8, 8, 1), stage(8, 16, 2), stage(16, 16, 2))

    def forward(self, x):
        return self.stages(x).mean((2, 3))


model = Stem().eval()
example_args = (torch.randn(1, 3, 64, 64),)
dynamic_shapes = ({2: Dim.AUTO, 3: Dim.AUTO},)
