"""kornia: RandomPosterize (kornia.augmentation._2d.intensity.posterize), defaults, eval mode."""
import torch
from kornia.augmentation import RandomPosterize

model = RandomPosterize().eval()
example_args = (torch.randn(2, 3, 32, 32),)
