"""kornia: RandomLinearCornerIllumination (kornia.augmentation._2d.intensity.linear_illumination), defaults, eval mode."""
import torch
from kornia.augmentation import RandomLinearCornerIllumination

model = RandomLinearCornerIllumination().eval()
example_args = (torch.randn(2, 3, 32, 32),)
