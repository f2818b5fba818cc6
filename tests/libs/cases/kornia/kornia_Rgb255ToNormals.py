"""kornia: Rgb255ToNormals (kornia.color.rgb), defaults, eval mode."""
import torch
from kornia.color import Rgb255ToNormals

model = Rgb255ToNormals().eval()
example_args = (torch.randn(2, 3, 32, 32),)
