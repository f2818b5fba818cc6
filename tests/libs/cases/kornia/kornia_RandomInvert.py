"""kornia: RandomInvert (kornia.augmentation._2d.intensity.invert), defaults, eval mode."""
import torch
from kornia.augmentation import RandomInvert

model = RandomInvert().eval()
example_args = (torch.randn(2, 3, 32, 32),)
