"""kornia: Equalize (kornia.augmentation.auto.operations.ops), defaults, eval mode."""
import torch
from kornia.augmentation.auto.operations import Equalize

model = Equalize().eval()
example_args = (torch.randn(2, 3, 32, 32),)
