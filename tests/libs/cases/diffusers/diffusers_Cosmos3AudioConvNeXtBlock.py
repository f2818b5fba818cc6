"""diffusers: Cosmos3AudioConvNeXtBlock (diffusers.models.autoencoders.autoencoder_cosmos3_audio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_cosmos3_audio import Cosmos3AudioConvNeXtBlock

model = Cosmos3AudioConvNeXtBlock(hidden_dim=16, intermediate_dim=16).eval()
example_args = (torch.randn(2, 16, 16),)
