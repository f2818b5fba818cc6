"""kornia: LinearRgbToRgb (kornia.color.rgb), defaults, eval mode."""
import torch
from kornia.color import LinearRgbToRgb

model = LinearRgbToRgb().eval()
example_args = (torch.randn(2, 3, 32, 32),)
