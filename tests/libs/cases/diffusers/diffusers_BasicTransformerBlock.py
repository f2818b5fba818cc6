"""diffusers: BasicTransformerBlock (diffusers.models.attention), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from diffusers.models.attention import BasicTransformerBlock

model = BasicTransformerBlock(dim=32, num_attention_heads=2, attention_head_dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"hidden_states": {0: Dim("batch"), 1: Dim("seq")}}
