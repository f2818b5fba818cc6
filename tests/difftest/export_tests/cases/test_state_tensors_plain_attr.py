"""test_state_tensors: a plain tensor attribute (not a buffer) reassigned in forward."""
import torch


class M(torch.nn.Module):  # simple without register buffer
    def __init__(self) -> None:
        super().__init__()
        self.buf = torch.ones(2, 3)

    def forward(self, x):
        # x = 2
        y = self.buf
        # y = 1
        self.buf = self.buf + 3
        z = self.buf
        # z = 3
        return x + y + z


model = M()
example_args = (torch.randn(2, 3),)
