"""diffusers: MiniMaxH3AudioEncoderBlock (diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio import MiniMaxH3AudioEncoderBlock

model = MiniMaxH3AudioEncoderBlock(dim=32, stride=1).eval()
example_args = (torch.randn(2, 16, 32),)
