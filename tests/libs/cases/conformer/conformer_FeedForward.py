"""conformer: FeedForward (conformer.conformer), small configuration, eval mode."""
import torch
from conformer.conformer import FeedForward

model = FeedForward(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
