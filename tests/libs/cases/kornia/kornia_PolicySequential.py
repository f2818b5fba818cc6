"""kornia: PolicySequential (kornia.augmentation.auto.operations.policy), defaults, eval mode."""
import torch
from kornia.augmentation.auto import PolicySequential

model = PolicySequential().eval()
example_args = (torch.randn(2, 3, 32, 32),)
