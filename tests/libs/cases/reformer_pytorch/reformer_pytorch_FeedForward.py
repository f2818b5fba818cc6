"""reformer_pytorch: FeedForward (reformer_pytorch.reformer_pytorch), small configuration, eval mode."""
import torch
from reformer_pytorch.reformer_pytorch import FeedForward

model = FeedForward(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
