"""diffusers: OobleckResidualUnit (diffusers.models.autoencoders.autoencoder_oobleck), defaults, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_oobleck import OobleckResidualUnit

model = OobleckResidualUnit().eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"hidden_state": {0: Dim("batch")}}
