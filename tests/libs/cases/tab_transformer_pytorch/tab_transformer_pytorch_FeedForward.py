"""tab_transformer_pytorch: FeedForward (tab_transformer_pytorch.tab_transformer_pytorch), small configuration, eval mode."""
import torch
from tab_transformer_pytorch.tab_transformer_pytorch import FeedForward

model = FeedForward(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
