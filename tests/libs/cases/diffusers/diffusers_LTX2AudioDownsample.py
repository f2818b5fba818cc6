"""diffusers: LTX2AudioDownsample (diffusers.models.autoencoders.autoencoder_kl_ltx2_audio), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_kl_ltx2_audio import LTX2AudioDownsample

model = LTX2AudioDownsample(in_channels=3, with_conv=False).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
