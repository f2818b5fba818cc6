"""diffusers: LTX2AudioPixelNorm (diffusers.models.autoencoders.autoencoder_kl_ltx2_audio), defaults, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_ltx2_audio import LTX2AudioPixelNorm

model = LTX2AudioPixelNorm().eval()
example_args = (torch.randn(2, 3, 32, 32),)
