import torch
import torch.nn as nn


class Decoder(nn.Module):
    """Transposed convolutions sized by output_size, and their normalized
    attributes."""

    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(3, 6, 3, stride=2, padding=1)
        self.up = nn.ConvTranspose2d(6, 3, 3, stride=2, padding=1)
        self.up1 = nn.ConvTranspose1d(4, 2, 4, stride=3, groups=2, dilation=2)

    def forward(self, x, seq):
        y = self.up(self.down(x), output_size=x.size())
        z = self.up1(seq, output_size=[23])
        return y, z, self.up.output_padding, self.up1.kernel_size, self.up1.transposed


model = Decoder().eval()
example_args = (torch.randn(1, 3, 9, 10), torch.randn(2, 4, 6))
