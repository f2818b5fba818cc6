"""diffusers: UpsampleShortcut (diffusers.models.autoencoders.autoencoder_longcat_audio_dit), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_longcat_audio_dit import UpsampleShortcut

model = UpsampleShortcut(in_channels=3, out_channels=8, factor=2).eval()
example_args = (torch.randn(2, 16, 3),)
