"""kornia: RandomGamma (kornia.augmentation._2d.intensity.gamma), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from kornia.augmentation import RandomGamma

model = RandomGamma().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"input": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
