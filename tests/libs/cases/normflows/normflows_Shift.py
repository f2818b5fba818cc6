"""normflows: Shift (normflows.transforms), defaults, eval mode."""
import torch
from normflows.transforms import Shift

model = Shift().eval()
example_args = (torch.randn(2, 3, 32, 32),)
