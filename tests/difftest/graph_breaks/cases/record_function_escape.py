"""GB0008: torch.profiler.record_function entered by hand in forward."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        rf = torch.profiler.record_function("fwd")
        rf.__enter__()
        return x + 1


model = Model()
example_args = (torch.randn(4, 8),)
