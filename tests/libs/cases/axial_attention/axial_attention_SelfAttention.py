"""axial_attention: SelfAttention (axial_attention.axial_attention), small configuration, eval mode."""
import torch
from axial_attention import SelfAttention

model = SelfAttention(dim=32, heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
