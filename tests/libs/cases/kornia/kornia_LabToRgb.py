"""kornia: LabToRgb (kornia.color.lab), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from kornia.color import LabToRgb

model = LabToRgb().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"image": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
