"""GB0170: `and` of .any()/.all() on tensors in an if."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        if (x > 0).any() and not (x < -10).all():
            return x
        return -x


model = Model()
example_args = (torch.randn(4, 8),)
