"""diffusers: HunyuanImageRefinerResnetBlock (diffusers.models.autoencoders.autoencoder_kl_hunyuanimage_refiner), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_hunyuanimage_refiner import HunyuanImageRefinerResnetBlock

model = HunyuanImageRefinerResnetBlock(in_channels=3).eval()
example_args = (torch.randn(2, 16, 3),)
