"""spandrel: NormDownsample (spandrel.architectures.HVICIDNet.__arch.transformer_utils), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.HVICIDNet.__arch.transformer_utils import NormDownsample

model = NormDownsample(in_ch=3, out_ch=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
