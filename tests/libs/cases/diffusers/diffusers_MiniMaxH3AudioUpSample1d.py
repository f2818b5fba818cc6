"""diffusers: MiniMaxH3AudioUpSample1d (diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio import MiniMaxH3AudioUpSample1d

model = MiniMaxH3AudioUpSample1d(ratio=32, kernel_size=3).eval()
example_args = (torch.randn(2, 16, 3),)
