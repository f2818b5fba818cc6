"""kornia: RandomHorizontalFlip (kornia.augmentation._2d.geometric.horizontal_flip), defaults, eval mode."""
import torch
from kornia.augmentation import RandomHorizontalFlip

model = RandomHorizontalFlip().eval()
example_args = (torch.randn(2, 3, 32, 32),)
