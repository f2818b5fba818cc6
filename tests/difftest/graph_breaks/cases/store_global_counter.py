"""GB8949: STORE_GLOBAL: forward bumps a module-level call counter."""
import torch


CALLS = 0


class Model(torch.nn.Module):
    def forward(self, x):
        global CALLS
        CALLS = CALLS + 1
        return x + 1


model = Model()
example_args = (torch.randn(4, 8),)
