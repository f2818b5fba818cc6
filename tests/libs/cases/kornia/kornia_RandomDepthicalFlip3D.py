"""kornia: RandomDepthicalFlip3D (kornia.augmentation._3d.geometric.depthical_flip), defaults, eval mode."""
import torch
from kornia.augmentation import RandomDepthicalFlip3D

model = RandomDepthicalFlip3D().eval()
example_args = (torch.randn(2, 3, 32, 32),)
