"""diffusers: HunyuanImageRefinerRMS_norm (diffusers.models.autoencoders.autoencoder_kl_hunyuanimage_refiner), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_hunyuanimage_refiner import HunyuanImageRefinerRMS_norm

model = HunyuanImageRefinerRMS_norm(dim=32).eval()
example_args = (torch.randn(2, 32),)
