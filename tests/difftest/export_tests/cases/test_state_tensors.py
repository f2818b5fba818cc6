"""test_state_tensors: a non-persistent buffer reassigned twice in forward."""
import torch


class M(torch.nn.Module):  # simple with register buffer
    def __init__(self) -> None:
        super().__init__()
        self.buf = torch.nn.Buffer(torch.ones(2, 3), persistent=False)

    def forward(self, x):
        # x = 2
        y = self.buf
        # y = 1
        w1 = self.buf + 3
        w2 = self.buf + 4
        w3 = self.buf + 5
        self.buf = w1
        z = self.buf
        self.buf = w3
        # z = 4
        return x + y + z + w2


model = M()
example_args = (torch.randn(2, 3),)
