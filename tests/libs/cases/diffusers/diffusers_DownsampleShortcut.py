"""diffusers: DownsampleShortcut (diffusers.models.autoencoders.autoencoder_longcat_audio_dit), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_longcat_audio_dit import DownsampleShortcut

model = DownsampleShortcut(in_channels=4, out_channels=8, factor=2).eval()
example_args = (torch.randn(2, 4, 64),)
