"""kornia: ColorJitter (kornia.augmentation._2d.intensity.color_jitter), defaults, eval mode."""
import torch
from kornia.augmentation import ColorJitter

model = ColorJitter().eval()
example_args = (torch.randn(2, 3, 32, 32),)
