"""diffusers: LTX2AudioUpsample (diffusers.models.autoencoders.autoencoder_kl_ltx2_audio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_ltx2_audio import LTX2AudioUpsample

model = LTX2AudioUpsample(in_channels=3, with_conv=False).eval()
example_args = (torch.randn(2, 3, 32, 32),)
