"""kornia: BgrToRgb (kornia.color.rgb), defaults, eval mode."""
import torch
from kornia.color import BgrToRgb

model = BgrToRgb().eval()
example_args = (torch.randn(2, 3, 32, 32),)
