"""test_colon_parameter: a parameter whose name contains a colon."""
import torch


class M(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.register_parameter("foo:bar", torch.nn.Parameter(torch.ones(3, 3)))

    def forward(self, x):
        return x + getattr(self, "foo:bar")


model = M()
example_args = (torch.randn(3, 3),)
