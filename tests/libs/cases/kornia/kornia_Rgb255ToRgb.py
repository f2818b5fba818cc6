"""kornia: Rgb255ToRgb (kornia.color.rgb), defaults, eval mode."""
import torch
from kornia.color import Rgb255ToRgb

model = Rgb255ToRgb().eval()
example_args = (torch.randn(2, 3, 32, 32),)
