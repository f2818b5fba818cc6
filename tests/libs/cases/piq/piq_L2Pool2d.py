"""piq: L2Pool2d (piq.functional.layers), defaults, eval mode."""
import torch
from piq.functional import L2Pool2d

model = L2Pool2d().eval()
example_args = (torch.randn(2, 3, 32, 32),)
