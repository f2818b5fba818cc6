"""test_external_call_non_strict_real_tensor: a bound method of a plain object stored on the module."""
import torch


class ExternalMethod:
    def add(self, x):
        return x + x


class Basic(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.external_add = ExternalMethod().add

    def forward(self, x):
        return self.external_add(x)


model = Basic()
example_args = (torch.randn(1, 3),)
