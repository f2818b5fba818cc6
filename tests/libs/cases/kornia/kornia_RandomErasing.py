"""kornia: RandomErasing (kornia.augmentation._2d.intensity.erasing), defaults, eval mode."""
import torch
from kornia.augmentation import RandomErasing

model = RandomErasing().eval()
example_args = (torch.randn(2, 3, 32, 32),)
