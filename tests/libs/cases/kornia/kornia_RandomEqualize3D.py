"""kornia: RandomEqualize3D (kornia.augmentation._3d.intensity.equalize), defaults, eval mode."""
import torch
from kornia.augmentation import RandomEqualize3D

model = RandomEqualize3D().eval()
example_args = (torch.randn(2, 3, 64),)
