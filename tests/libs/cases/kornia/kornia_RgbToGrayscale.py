"""kornia: RgbToGrayscale (kornia.color.gray), defaults, eval mode."""
import torch
from kornia.color import RgbToGrayscale

model = RgbToGrayscale().eval()
example_args = (torch.randn(2, 3, 32, 32),)
