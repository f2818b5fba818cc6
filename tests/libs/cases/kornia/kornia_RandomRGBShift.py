"""kornia: RandomRGBShift (kornia.augmentation._2d.intensity.random_rgb_shift), defaults, eval mode."""
import torch
from kornia.augmentation import RandomRGBShift

model = RandomRGBShift().eval()
example_args = (torch.randn(2, 3, 32, 32),)
