"""test_no_grad_param_inplace: in-place update of a parameter under no_grad."""
import torch


class Foo(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.parameter = torch.nn.Parameter(torch.ones(4, 4))

    def forward(self, x):
        with torch.no_grad():
            self.parameter.div_(2)
        return x + self.parameter


model = Foo()
example_args = (torch.rand(4, 4),)
