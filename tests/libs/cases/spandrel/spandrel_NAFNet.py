"""spandrel: NAFNet (spandrel.architectures.NAFNet.__arch.NAFNet_arch), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.NAFNet import NAFNet

model = NAFNet().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"inp": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
