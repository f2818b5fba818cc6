"""kornia: RandomGaussianNoise (kornia.augmentation._2d.intensity.gaussian_noise), defaults, eval mode."""
import torch
from kornia.augmentation import RandomGaussianNoise

model = RandomGaussianNoise().eval()
example_args = (torch.randn(2, 3, 32, 32),)
