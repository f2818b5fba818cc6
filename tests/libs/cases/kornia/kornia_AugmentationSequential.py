"""kornia: AugmentationSequential (kornia.augmentation.container.augment), defaults, eval mode."""
import torch
from kornia.augmentation import AugmentationSequential

model = AugmentationSequential().eval()
example_args = (torch.randn(2, 3, 32, 32),)
