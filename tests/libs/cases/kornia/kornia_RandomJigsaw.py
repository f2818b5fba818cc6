"""kornia: RandomJigsaw (kornia.augmentation._2d.mix.jigsaw), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from kornia.augmentation import RandomJigsaw

model = RandomJigsaw().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = ({0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO},)
