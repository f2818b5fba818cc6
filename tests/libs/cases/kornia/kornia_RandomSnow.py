"""kornia: RandomSnow (kornia.augmentation._2d.intensity.random_snow), defaults, eval mode."""
import torch
from kornia.augmentation import RandomSnow

model = RandomSnow().eval()
example_args = (torch.randn(2, 3, 32, 32),)
