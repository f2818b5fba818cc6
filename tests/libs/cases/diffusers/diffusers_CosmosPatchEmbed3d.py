"""diffusers: CosmosPatchEmbed3d (diffusers.models.autoencoders.autoencoder_kl_cosmos), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_kl_cosmos import CosmosPatchEmbed3d

model = CosmosPatchEmbed3d().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"hidden_states": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
