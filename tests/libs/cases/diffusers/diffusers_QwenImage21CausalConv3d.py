"""diffusers: QwenImage21CausalConv3d (diffusers.models.autoencoders.autoencoder_kl_qwenimage21), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_qwenimage21 import QwenImage21CausalConv3d

model = QwenImage21CausalConv3d(in_channels=3, out_channels=8, kernel_size=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
