"""kornia: RandomGaussianIllumination (kornia.augmentation._2d.intensity.gaussian_illumination), defaults, eval mode."""
import torch
from kornia.augmentation import RandomGaussianIllumination

model = RandomGaussianIllumination().eval()
example_args = (torch.randn(2, 3, 32, 32),)
