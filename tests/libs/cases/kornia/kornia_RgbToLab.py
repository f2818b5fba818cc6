"""kornia: RgbToLab (kornia.color.lab), defaults, eval mode."""
import torch
from kornia.color import RgbToLab

model = RgbToLab().eval()
example_args = (torch.randn(2, 3, 32, 32),)
