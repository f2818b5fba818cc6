"""kornia: RandomSharpness (kornia.augmentation._2d.intensity.sharpness), defaults, eval mode."""
import torch
from kornia.augmentation import RandomSharpness

model = RandomSharpness().eval()
example_args = (torch.randn(2, 3, 32, 32),)
