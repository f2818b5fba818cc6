"""normflows: GlowBlock (normflows.flows.affine.glow), small configuration, eval mode."""
import torch
from normflows.flows import GlowBlock

model = GlowBlock(channels=32, hidden_channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
