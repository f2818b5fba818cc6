"""diffusers: MiniMaxH3AudioCausalAttention (diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio import MiniMaxH3AudioCausalAttention

model = MiniMaxH3AudioCausalAttention(in_dim=32, out_dim=8, num_heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"hidden_states": {0: Dim.AUTO, 1: Dim.AUTO}}
