"""kornia: RandomMosaic (kornia.augmentation._2d.mix.mosaic), defaults, eval mode."""
import torch
from kornia.augmentation import RandomMosaic

model = RandomMosaic().eval()
example_args = (torch.randn(2, 3, 32, 32),)
