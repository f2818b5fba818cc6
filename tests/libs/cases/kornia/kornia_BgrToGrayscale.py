"""kornia: BgrToGrayscale (kornia.color.gray), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from kornia.color import BgrToGrayscale

model = BgrToGrayscale().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"image": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
