"""kornia: RandomEqualize (kornia.augmentation._2d.intensity.equalize), defaults, eval mode."""
import torch
from kornia.augmentation import RandomEqualize

model = RandomEqualize().eval()
example_args = (torch.randn(2, 3, 32, 32),)
