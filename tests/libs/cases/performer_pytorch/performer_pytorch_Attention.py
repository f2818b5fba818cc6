"""performer_pytorch: Attention (performer_pytorch.performer_pytorch), small configuration, eval mode."""
import torch
from performer_pytorch.performer_pytorch import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
