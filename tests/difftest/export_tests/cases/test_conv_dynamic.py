"""test_conv_dynamic: conv + in-place add + maxpool with a shared dynamic batch."""
import torch
from torch.export import Dim


class M(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = torch.nn.Conv2d(
            in_channels=3, out_channels=32, kernel_size=3, padding=1
        )
        self.relu = torch.nn.ReLU()
        self.maxpool = torch.nn.MaxPool2d(kernel_size=3)

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        a = self.conv(x)
        a.add_(y)
        return self.maxpool(self.relu(a))


model = M()
example_args = (torch.randn(2, 3, 64, 64), torch.ones(2, 32, 64, 64))
dynamic_shapes = {"x": {0: Dim("batch")}, "y": {0: Dim("batch")}}
