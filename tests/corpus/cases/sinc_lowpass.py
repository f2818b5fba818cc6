"""torch.sinc and Tensor.sinc: a windowed-sinc low-pass kernel (resampling
filters), its zero at the centre included, on a dynamic length."""
import torch
from torch.export import Dim


class LowPass(torch.nn.Module):
    def __init__(self, zeros=4, cutoff=0.45):
        super().__init__()
        t = torch.arange(-zeros, zeros + 1, dtype=torch.float32)
        self.register_buffer("kernel", 2 * cutoff * torch.sinc(2 * cutoff * t))

    def forward(self, x):
        y = torch.nn.functional.conv1d(x, self.kernel.view(1, 1, -1), padding=4)
        return y * (x / 2).sinc()


model = LowPass()
example_args = (torch.randn(2, 1, 32),)
dynamic_shapes = {"x": {2: Dim("length", min=16)}}
