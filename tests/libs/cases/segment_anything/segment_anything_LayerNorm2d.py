"""segment_anything: LayerNorm2d (segment_anything.modeling.common), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from segment_anything.modeling.common import LayerNorm2d

model = LayerNorm2d(num_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
