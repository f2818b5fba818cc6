"""kornia: RandomHorizontalFlip3D (kornia.augmentation._3d.geometric.horizontal_flip), defaults, eval mode."""
import torch
from kornia.augmentation import RandomHorizontalFlip3D

model = RandomHorizontalFlip3D().eval()
example_args = (torch.randn(2, 3, 32, 32),)
