"""GB0152: itertools.groupby keyed by tensor values."""
import itertools
import torch


class Model(torch.nn.Module):
    def forward(self, a, b):
        groups = [len(list(g)) for _, g in itertools.groupby([a, b], key=lambda t: t.sum() > 0)]
        return a * len(groups)


model = Model()
example_args = (torch.randn(4), torch.randn(4))
