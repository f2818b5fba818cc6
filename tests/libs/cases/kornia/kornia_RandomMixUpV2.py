"""kornia: RandomMixUpV2 (kornia.augmentation._2d.mix.mixup), defaults, eval mode."""
import torch
from kornia.augmentation import RandomMixUpV2

model = RandomMixUpV2().eval()
example_args = (torch.randn(2, 3, 32, 32),)
