"""kornia: ShearX (kornia.augmentation.auto.operations.ops), defaults, eval mode."""
import torch
from kornia.augmentation.auto.operations import ShearX

model = ShearX().eval()
example_args = (torch.randn(2, 3, 32, 32),)
