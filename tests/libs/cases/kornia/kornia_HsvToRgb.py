"""kornia: HsvToRgb (kornia.color.hsv), defaults, eval mode."""
import torch
from kornia.color import HsvToRgb

model = HsvToRgb().eval()
example_args = (torch.randn(2, 3, 32, 32),)
