"""spandrel: ECA_MaxPool_layer (spandrel.architectures.OmniSR.__arch.ChannelAttention), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.OmniSR.__arch.ChannelAttention import ECA_MaxPool_layer

model = ECA_MaxPool_layer(channel=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
