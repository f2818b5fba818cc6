"""diffusers: MMAudioUpsample1D (diffusers.models.autoencoders.autoencoder_mmaudio), small configuration, eval mode. Dynamic batch, time."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_mmaudio import MMAudioUpsample1D

model = MMAudioUpsample1D(channels=32).eval()
example_args = (torch.randn(2, 32, 64),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO}}
