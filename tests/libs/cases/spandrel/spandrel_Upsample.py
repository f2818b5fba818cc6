"""spandrel: Upsample (spandrel.architectures.RestoreFormer.__arch.restoreformer_arch), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.RestoreFormer.__arch.restoreformer_arch import Upsample

model = Upsample(in_channels=3, with_conv=False).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
