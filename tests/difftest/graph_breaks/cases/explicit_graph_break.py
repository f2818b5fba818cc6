"""GB0025: torch._dynamo.graph_break() left in the model."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        y = x.sin()
        torch._dynamo.graph_break()
        return y.cos()


model = Model()
example_args = (torch.randn(4, 8),)
