"""diffusers: LTX2AudioCausalConv2d (diffusers.models.autoencoders.autoencoder_kl_ltx2_audio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_ltx2_audio import LTX2AudioCausalConv2d

model = LTX2AudioCausalConv2d(in_channels=3, out_channels=8, kernel_size=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
