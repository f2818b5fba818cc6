"""kornia: CenterCrop (kornia.augmentation._2d.geometric.center_crop), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from kornia.augmentation import CenterCrop

model = CenterCrop(size=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"input": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
