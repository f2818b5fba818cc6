"""test_real_tensor_bool_cast: bool() of a data-dependent any()."""
import torch


class Foo(torch.nn.Module):
    def forward(self, x):
        return bool(x.eq(0.1).any())


model = Foo()
example_args = (torch.randn(64),)
