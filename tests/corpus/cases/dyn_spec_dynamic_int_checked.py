import torch
import torch.nn as nn
from torch.export import Dim


class PointCovariance(nn.Module):
    """Sample covariance of an xyz point cloud; the point count is bounded in the spec and narrowed by a check."""

    def forward(self, points: torch.Tensor) -> torch.Tensor:
        torch._check(points.shape[0] >= 4)
        centered = points - points.mean(dim=0, keepdim=True)
        return centered.t() @ centered / (points.shape[0] - 1)


model = PointCovariance()
example_args = (torch.randn(50, 3),)
dynamic_shapes = {"points": (Dim.DYNAMIC(min=1, max=4096), 3)}
