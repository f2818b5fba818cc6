"""kornia: HlsToRgb (kornia.color.hls), defaults, eval mode."""
import torch
from kornia.color import HlsToRgb

model = HlsToRgb().eval()
example_args = (torch.randn(2, 3, 32, 32),)
