"""kornia: RandomAutoContrast (kornia.augmentation._2d.intensity.auto_contrast), defaults, eval mode."""
import torch
from kornia.augmentation import RandomAutoContrast

model = RandomAutoContrast().eval()
example_args = (torch.randn(2, 3, 32, 32),)
