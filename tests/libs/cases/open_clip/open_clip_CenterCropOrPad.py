"""open_clip: CenterCropOrPad (open_clip.transform), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from open_clip.transform import CenterCropOrPad

model = CenterCropOrPad(size=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"img": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
