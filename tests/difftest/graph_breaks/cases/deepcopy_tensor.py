"""GB4198: copy.deepcopy of an input tensor."""
import copy
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        saved = copy.deepcopy(x)
        x = x + 1
        return x - saved


model = Model()
example_args = (torch.randn(4, 8),)
