"""diffusers: VQModel (diffusers.models.autoencoders.vq_model), defaults, eval mode."""
import torch
from diffusers import VQModel

model = VQModel().eval()
example_args = (torch.randn(2, 3, 32, 32),)
