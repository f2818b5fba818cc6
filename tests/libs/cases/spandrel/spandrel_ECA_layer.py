"""spandrel: ECA_layer (spandrel.architectures.OmniSR.__arch.ChannelAttention), small configuration, eval mode."""
import torch
from spandrel.architectures.OmniSR.__arch.ChannelAttention import ECA_layer

model = ECA_layer(channel=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
