"""performer_pytorch: Performer (performer_pytorch.performer_pytorch), small configuration, eval mode."""
import torch
from performer_pytorch import Performer

model = Performer(dim=32, depth=2, heads=2, dim_head=16).eval()
example_args = (torch.randn(2, 16, 32),)
