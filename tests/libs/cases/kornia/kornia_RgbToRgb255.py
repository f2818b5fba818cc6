"""kornia: RgbToRgb255 (kornia.color.rgb), defaults, eval mode."""
import torch
from kornia.color import RgbToRgb255

model = RgbToRgb255().eval()
example_args = (torch.randn(2, 3, 32, 32),)
