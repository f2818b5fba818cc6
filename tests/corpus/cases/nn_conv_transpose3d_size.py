import torch
import torch.nn as nn


class Up(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Conv3d(2, 4, 3, stride=2, padding=1)
        self.up = nn.ConvTranspose3d(4, 2, 3, stride=2, padding=1)

    def forward(self, x):
        return self.up(self.down(x), output_size=x.size())


model = Up().eval()
example_args = (torch.randn(1, 2, 6, 7, 8),)
