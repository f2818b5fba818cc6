"""axial_attention: ChanLayerNorm (axial_attention.axial_attention), small configuration, eval mode."""
import torch
from axial_attention.axial_attention import ChanLayerNorm

model = ChanLayerNorm(dim=32).eval()
example_args = (torch.randn(2, 32),)
