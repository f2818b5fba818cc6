"""Found by the pipeline fuzzer: a syntax error left a conv stride list of
the wrong length, which indexed past its end; it is torch's RuntimeError now."""
import torch
import torch.nn as nn


class LazyHead(nn.Module):
    """Lazy layers never called before export. Strict export materializes them
    in place; the oracle's non-strict run reuses that model (alone, non-strict
    export fails on the uninitialized parameters)."""

    def __init__(self):
        super().__init__()
        self.conv = nn.LazyConv2d(8, 3, padding=1)
        self.up = nn.LazyConvTranspose1d(4, 2,torch. stride=2)
        self.fc = nn.LazyLinear(5)

    def forward(self, img, seq):
        y = self.conv(img).mean(dim=(2, 3))
        return self.fc(y), self.up(seq)


model = LazyHead().eval()
example_args = (torch.randn(2, 3, 8, 8), torch.randn(2, 6, 5))
