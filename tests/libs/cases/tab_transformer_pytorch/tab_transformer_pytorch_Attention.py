"""tab_transformer_pytorch: Attention (tab_transformer_pytorch.ft_transformer), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from tab_transformer_pytorch.ft_transformer import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
