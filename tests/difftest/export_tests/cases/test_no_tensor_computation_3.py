"""test_no_tensor_computation_3: int inputs and a constant output."""
import torch


class Module(torch.nn.Module):
    def forward(self, x, y):
        return 5


model = Module()
example_args = (2, 1)
