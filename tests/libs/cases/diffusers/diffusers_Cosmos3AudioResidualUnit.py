"""diffusers: Cosmos3AudioResidualUnit (diffusers.models.autoencoders.autoencoder_cosmos3_audio), defaults, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_cosmos3_audio import Cosmos3AudioResidualUnit

model = Cosmos3AudioResidualUnit().eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"hidden_state": {0: Dim.AUTO}}
