"""snac: NoiseBlock (snac.layers), small configuration, eval mode."""
import torch
from snac.layers import NoiseBlock

model = NoiseBlock(dim=16).eval()
example_args = (torch.randn(2, 16, 16),)
