"""kornia: RandomHue (kornia.augmentation._2d.intensity.hue), defaults, eval mode."""
import torch
from kornia.augmentation import RandomHue

model = RandomHue().eval()
example_args = (torch.randn(2, 3, 32, 32),)
