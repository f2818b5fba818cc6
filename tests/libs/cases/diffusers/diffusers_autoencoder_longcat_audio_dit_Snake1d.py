"""diffusers: Snake1d (diffusers.models.autoencoders.autoencoder_longcat_audio_dit), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_longcat_audio_dit import Snake1d

model = Snake1d(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
dynamic_shapes = {"hidden_states": {0: Dim("batch")}}
