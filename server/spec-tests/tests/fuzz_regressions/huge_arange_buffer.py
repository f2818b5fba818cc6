# Found by the pipeline fuzzer (seed 20261126): `torch.arange(2**31)` built
# in `__init__` materialized its 2**31 known values (minutes, gigabytes);
# known contents are kept up to 4096 elements only.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        gh, gw = torch.meshgrid(torch.arange(4), torch.arange(2**31), indexing="ij")
        self.register_buffer("index", (gh * 4 + gw).flatten())

    def forward(self, x):
        return x + 1


model = Net()
example_args = (torch.randn(2, 3),)
