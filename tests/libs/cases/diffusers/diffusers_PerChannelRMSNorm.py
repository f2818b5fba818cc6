"""diffusers: PerChannelRMSNorm (diffusers.models.autoencoders.autoencoder_kl_ltx2), defaults, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_ltx2 import PerChannelRMSNorm

model = PerChannelRMSNorm().eval()
example_args = (torch.randn(2, 3, 32, 32),)
