"""egnn_pytorch: Attention (egnn_pytorch.egnn_pytorch), small configuration, eval mode."""
import torch
from egnn_pytorch.egnn_pytorch import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 8, 32),)
