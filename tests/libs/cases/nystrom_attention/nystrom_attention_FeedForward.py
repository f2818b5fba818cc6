"""nystrom_attention: FeedForward (nystrom_attention.nystrom_attention), small configuration, eval mode."""
import torch
from nystrom_attention.nystrom_attention import FeedForward

model = FeedForward(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
