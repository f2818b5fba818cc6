"""diffusers: MiniMaxH3VideoAttention (diffusers.models.autoencoders.autoencoder_kl_minimax_h3), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_kl_minimax_h3 import MiniMaxH3VideoAttention

model = MiniMaxH3VideoAttention(dim=32, heads=2, dim_head=16).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"hidden_states": {0: Dim("batch"), 1: Dim("seq")}}
