"""kornia: RandomBoxBlur (kornia.augmentation._2d.intensity.box_blur), defaults, eval mode."""
import torch
from kornia.augmentation import RandomBoxBlur

model = RandomBoxBlur().eval()
example_args = (torch.randn(2, 3, 32, 32),)
