"""diffusers: MiniMaxH3AudioLowPassFilter1d (diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio import MiniMaxH3AudioLowPassFilter1d

model = MiniMaxH3AudioLowPassFilter1d(cutoff=0.1, half_width=32, stride=1, kernel_size=3).eval()
example_args = (torch.randn(2, 16, 32),)
