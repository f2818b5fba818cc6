"""diffusers: VaeEncoderBlock (diffusers.models.autoencoders.autoencoder_longcat_audio_dit), small configuration, eval mode. Dynamic batch, time."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_longcat_audio_dit import VaeEncoderBlock

model = VaeEncoderBlock(in_channels=3, out_channels=8, stride=1).eval()
example_args = (torch.randn(2, 3, 64),)
dynamic_shapes = {"hidden_states": {0: Dim.AUTO, 2: Dim.AUTO}}
