"""diffusers: MiniMaxH3AudioAttnProjection (diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio import MiniMaxH3AudioAttnProjection

model = MiniMaxH3AudioAttnProjection(in_dim=32, out_dim=8, num_heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
