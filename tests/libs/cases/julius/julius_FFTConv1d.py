"""julius: FFTConv1d (julius.fftconv), small configuration, eval mode. Dynamic batch, time."""
import torch
from torch.export import Dim
from julius import FFTConv1d

model = FFTConv1d(in_channels=3, out_channels=8, kernel_size=3).eval()
example_args = (torch.randn(2, 3, 64),)
dynamic_shapes = {"input": {0: Dim("batch"), 2: Dim("time")}}
