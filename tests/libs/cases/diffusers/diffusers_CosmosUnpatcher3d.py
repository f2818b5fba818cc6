"""diffusers: CosmosUnpatcher3d (diffusers.models.autoencoders.autoencoder_kl_cosmos), defaults, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_cosmos import CosmosUnpatcher3d

model = CosmosUnpatcher3d().eval()
example_args = (torch.randn(2, 3, 32, 32),)
