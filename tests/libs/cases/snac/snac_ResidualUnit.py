"""snac: ResidualUnit (snac.layers), defaults, eval mode."""
import torch
from snac.layers import ResidualUnit

model = ResidualUnit().eval()
example_args = (torch.randn(2, 16, 32),)
