"""mega_pytorch: T5RelativePositionBias (mega_pytorch.mega_pytorch), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from mega_pytorch.mega_pytorch import T5RelativePositionBias

model = T5RelativePositionBias(scale=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
