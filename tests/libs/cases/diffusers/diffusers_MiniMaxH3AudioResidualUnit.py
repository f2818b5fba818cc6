"""diffusers: MiniMaxH3AudioResidualUnit (diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio import MiniMaxH3AudioResidualUnit

model = MiniMaxH3AudioResidualUnit(dim=16, dilation=1).eval()
example_args = (torch.randn(2, 16, 16),)
