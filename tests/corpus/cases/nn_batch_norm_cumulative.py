import torch
import torch.nn as nn


class Cumulative(nn.Module):
    # momentum=None averages over all batches seen: in training the factor
    # is 1 / num_batches_tracked, read from the buffer.
    def __init__(self):
        super().__init__()
        self.norm = nn.BatchNorm2d(3, momentum=None)

    def forward(self, x):
        return self.norm(x)


model = Cumulative().train()
example_args = (torch.randn(2, 3, 4, 4),)
