"""kornia: MixAugmentationBaseV2 (kornia.augmentation._2d.mix.base), small configuration, eval mode."""
import torch
from kornia.augmentation import MixAugmentationBaseV2

model = MixAugmentationBaseV2(p=0.1, p_batch=0.1).eval()
example_args = (torch.randn(2, 3, 32, 32),)
