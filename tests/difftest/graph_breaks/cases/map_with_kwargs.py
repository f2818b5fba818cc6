"""GB0088: torch._higher_order_ops.map called with a keyword argument."""
import torch


class Model(torch.nn.Module):
    def forward(self, xs, y):
        return torch._higher_order_ops.map(lambda x, y: x + y, xs, y=y)


model = Model()
example_args = (torch.randn(3, 4), torch.randn(4))
