"""kornia: RandomVerticalFlip3D (kornia.augmentation._3d.geometric.vertical_flip), defaults, eval mode."""
import torch
from kornia.augmentation import RandomVerticalFlip3D

model = RandomVerticalFlip3D().eval()
example_args = (torch.randn(2, 3, 32, 32),)
