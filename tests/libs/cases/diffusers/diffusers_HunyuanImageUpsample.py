"""diffusers: HunyuanImageUpsample (diffusers.models.autoencoders.autoencoder_kl_hunyuanimage), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_kl_hunyuanimage import HunyuanImageUpsample

model = HunyuanImageUpsample(in_channels=4, out_channels=8).eval()
example_args = (torch.randn(2, 4, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
