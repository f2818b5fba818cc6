"""diffusers: MiniMaxH3VideoTransformerBlock (diffusers.models.autoencoders.autoencoder_kl_minimax_h3), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_minimax_h3 import MiniMaxH3VideoTransformerBlock

model = MiniMaxH3VideoTransformerBlock(dim=32, heads=2, dim_head=16).eval()
example_args = (torch.randn(2, 16, 32),)
