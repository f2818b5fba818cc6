"""kornia: LuvToRgb (kornia.color.luv), defaults, eval mode."""
import torch
from kornia.color import LuvToRgb

model = LuvToRgb().eval()
example_args = (torch.randn(2, 3, 32, 32),)
