"""diffusers: JointTransformerBlock (diffusers.models.attention), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from diffusers.models.attention import JointTransformerBlock

model = JointTransformerBlock(dim=32, num_attention_heads=2, attention_head_dim=32).eval()
example_args = (torch.randn(2, 32), torch.randn(2, 8, 32), torch.randn(2, 32),)
dynamic_shapes = {"hidden_states": {0: Dim.AUTO}, "encoder_hidden_states": {0: Dim.AUTO}, "temb": {0: Dim.AUTO}}
