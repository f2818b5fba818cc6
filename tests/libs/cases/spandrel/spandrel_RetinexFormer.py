"""spandrel: RetinexFormer (spandrel.architectures.RetinexFormer.__arch.retinexformer_arch), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.RetinexFormer import RetinexFormer

model = RetinexFormer().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
