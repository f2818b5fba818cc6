# Found by the pipeline fuzzer (seed 20261126): 400,000 parameters
# registered one by one, each a linear scan of the module's parameter dict
# (quadratic: minutes). Dicts are hashed now; the step budget ends it.
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.LSTM(32, 48, num_layers=100000, batch_first=True)

    def forward(self, x):
        _, (h_n, _) = self.encoder(x)
        return h_n[-1]


model = M()
example_args = (torch.randn(4, 20, 32),)
