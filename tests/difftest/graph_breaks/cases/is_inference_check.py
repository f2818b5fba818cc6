"""GB0045: tensor.is_inference() to pick a code path."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        if x.is_inference():
            return x
        return x * 2


model = Model()
example_args = (torch.randn(4, 8),)
