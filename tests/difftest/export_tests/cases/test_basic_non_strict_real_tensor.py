"""test_basic_non_strict_real_tensor: list input minus a parameter."""
import torch


class Basic(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.param = torch.nn.Parameter(torch.randn(1, 3))

    def forward(self, x, y):
        return x[0] + y - self.param


model = Basic()
example_args = ([torch.randn(1, 3)], torch.randn(1, 3))
