"""kornia: RgbToLinearRgb (kornia.color.rgb), defaults, eval mode."""
import torch
from kornia.color import RgbToLinearRgb

model = RgbToLinearRgb().eval()
example_args = (torch.randn(2, 3, 32, 32),)
