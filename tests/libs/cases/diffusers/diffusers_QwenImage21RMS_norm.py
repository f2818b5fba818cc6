"""diffusers: QwenImage21RMS_norm (diffusers.models.autoencoders.autoencoder_kl_qwenimage21), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_kl_qwenimage21 import QwenImage21RMS_norm

model = QwenImage21RMS_norm(dim=32).eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
