"""kornia: RgbToHsv (kornia.color.hsv), defaults, eval mode."""
import torch
from kornia.color import RgbToHsv

model = RgbToHsv().eval()
example_args = (torch.randn(2, 3, 32, 32),)
