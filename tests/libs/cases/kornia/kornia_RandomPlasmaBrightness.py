"""kornia: RandomPlasmaBrightness (kornia.augmentation._2d.intensity.plasma), defaults, eval mode."""
import torch
from kornia.augmentation import RandomPlasmaBrightness

model = RandomPlasmaBrightness().eval()
example_args = (torch.randn(2, 3, 32, 32),)
