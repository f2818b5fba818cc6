"""kornia: RandomSaturation (kornia.augmentation._2d.intensity.saturation), defaults, eval mode."""
import torch
from kornia.augmentation import RandomSaturation

model = RandomSaturation().eval()
example_args = (torch.randn(2, 3, 32, 32),)
