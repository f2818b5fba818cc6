"""kornia: AdaptiveDiscriminatorAugmentation (kornia.augmentation.presets.ada), defaults, eval mode."""
import torch
from kornia.augmentation.presets.ada import AdaptiveDiscriminatorAugmentation

model = AdaptiveDiscriminatorAugmentation().eval()
example_args = (torch.randn(2, 3, 32, 32),)
