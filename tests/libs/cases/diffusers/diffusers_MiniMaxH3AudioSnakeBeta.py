"""diffusers: MiniMaxH3AudioSnakeBeta (diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio import MiniMaxH3AudioSnakeBeta

model = MiniMaxH3AudioSnakeBeta(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
