"""GB6270: driving an async helper's coroutine by hand in forward."""
import torch


async def scale(t):
    return t * 2


class Model(torch.nn.Module):
    def forward(self, x):
        coro = scale(x)
        try:
            coro.send(None)
        except StopIteration as e:
            return e.value


model = Model()
example_args = (torch.randn(4, 8),)
