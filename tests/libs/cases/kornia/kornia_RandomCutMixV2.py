"""kornia: RandomCutMixV2 (kornia.augmentation._2d.mix.cutmix), defaults, eval mode."""
import torch
from kornia.augmentation import RandomCutMixV2

model = RandomCutMixV2().eval()
example_args = (torch.randn(2, 3, 32, 32),)
