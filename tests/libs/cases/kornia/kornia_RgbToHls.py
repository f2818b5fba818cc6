"""kornia: RgbToHls (kornia.color.hls), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from kornia.color import RgbToHls

model = RgbToHls().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"image": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
