"""kornia: ColorJiggle (kornia.augmentation._2d.intensity.color_jiggle), defaults, eval mode."""
import torch
from kornia.augmentation import ColorJiggle

model = ColorJiggle().eval()
example_args = (torch.randn(2, 3, 32, 32),)
