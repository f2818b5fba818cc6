"""diffusers: MMAudioMPConv1d (diffusers.models.autoencoders.autoencoder_mmaudio), small configuration, eval mode. Dynamic batch, time."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_mmaudio import MMAudioMPConv1d

model = MMAudioMPConv1d(in_channels=3, out_channels=8, kernel_size=3).eval()
example_args = (torch.randn(2, 3, 64),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("time")}}
