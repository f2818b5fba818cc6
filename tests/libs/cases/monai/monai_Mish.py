"""monai: Mish (monai.networks.blocks.activation), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from monai.networks.blocks import Mish

model = Mish().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"input": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
