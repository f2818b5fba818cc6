"""diffusers: QwenImage21Encoder3d (diffusers.models.autoencoders.autoencoder_kl_qwenimage21), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_qwenimage21 import QwenImage21Encoder3d

model = QwenImage21Encoder3d(dim=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
