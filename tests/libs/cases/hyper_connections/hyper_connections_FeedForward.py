"""hyper_connections: FeedForward (hyper_connections.vit), small configuration, eval mode."""
import torch
from hyper_connections.vit import FeedForward

model = FeedForward(dim=32, hidden_dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
