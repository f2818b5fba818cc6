"""kornia: Posterize (kornia.augmentation.auto.operations.ops), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from kornia.augmentation.auto.operations import Posterize

model = Posterize().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"input": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
