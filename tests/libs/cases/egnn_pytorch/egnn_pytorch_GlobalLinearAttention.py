"""egnn_pytorch: GlobalLinearAttention (egnn_pytorch.egnn_pytorch), small configuration, eval mode."""
import torch
from egnn_pytorch.egnn_pytorch import GlobalLinearAttention

model = GlobalLinearAttention(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
