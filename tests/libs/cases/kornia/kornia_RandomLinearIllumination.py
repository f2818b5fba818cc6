"""kornia: RandomLinearIllumination (kornia.augmentation._2d.intensity.linear_illumination), defaults, eval mode."""
import torch
from kornia.augmentation import RandomLinearIllumination

model = RandomLinearIllumination().eval()
example_args = (torch.randn(2, 3, 32, 32),)
