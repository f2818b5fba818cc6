"""diffusers: KVAEEncoder2D (diffusers.models.autoencoders.autoencoder_kl_kvae), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_kl_kvae import KVAEEncoder2D

model = KVAEEncoder2D(ch=32, num_res_blocks=2, in_channels=3, z_channels=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
