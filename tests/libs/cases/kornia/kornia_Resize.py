"""kornia: Resize (kornia.augmentation._2d.geometric.resize), small configuration, eval mode."""
import torch
from kornia.augmentation import Resize

model = Resize(size=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
