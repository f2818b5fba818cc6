"""test_torch_fn: a linear applied twice, relu, add."""
import torch


class M1(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.linear = torch.nn.Linear(3, 3)
        self.relu = torch.nn.ReLU()

    def forward(self, x):
        x = self.linear(x)
        x = self.linear(x)
        x = self.relu(x)
        x = x + x
        return x


model = M1()
example_args = (torch.randn(3, 3),)
