"""GB6815: a ContextVar set in forward."""
import contextvars
import torch


MODE = contextvars.ContextVar("mode", default="eval")


class Model(torch.nn.Module):
    def forward(self, x):
        MODE.set("train")
        return x + 1


model = Model()
example_args = (torch.randn(4, 8),)
