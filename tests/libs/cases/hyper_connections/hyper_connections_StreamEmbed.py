"""hyper_connections: StreamEmbed (hyper_connections.mHCv2), small configuration, eval mode."""
import torch
from hyper_connections.mHCv2 import StreamEmbed

model = StreamEmbed(num_streams=16, dim=64).eval()
example_args = (torch.randn(2, 16, 64),)
