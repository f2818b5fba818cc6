"""egnn_pytorch: EGNN_Network (egnn_pytorch.egnn_pytorch), small configuration, eval mode."""
import torch
from egnn_pytorch import EGNN_Network

model = EGNN_Network(depth=2, dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
