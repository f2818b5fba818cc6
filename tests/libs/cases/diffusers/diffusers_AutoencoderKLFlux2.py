"""diffusers: AutoencoderKLFlux2 (diffusers.models.autoencoders.autoencoder_kl_flux2), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from diffusers import AutoencoderKLFlux2

model = AutoencoderKLFlux2(block_out_channels=(32, 64, 128, 128)).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"sample": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
