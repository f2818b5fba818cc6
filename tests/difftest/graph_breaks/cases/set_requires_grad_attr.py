"""GB7324: setting requires_grad on an intermediate that is returned."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        y = x * 2
        y.requires_grad = True
        return y


model = Model()
example_args = (torch.randn(4, 8),)
