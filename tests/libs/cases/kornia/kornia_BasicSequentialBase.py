"""kornia: BasicSequentialBase (kornia.augmentation.container.base), defaults, eval mode."""
import torch
from kornia.augmentation.container.base import BasicSequentialBase

model = BasicSequentialBase().eval()
example_args = (torch.randn(2, 3, 32, 32),)
