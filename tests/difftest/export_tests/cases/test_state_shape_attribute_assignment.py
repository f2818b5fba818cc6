"""test_state_shape_attribute_assignment: x.shape stored on the module in forward."""
import torch


class TestModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(10, 10)
        self.last_z_shape = self.linear.weight.shape

    def forward(self, x):
        self.last_z_shape = x.shape
        return self.linear(x)


model = TestModule()
example_args = (torch.randn(20, 10),)
