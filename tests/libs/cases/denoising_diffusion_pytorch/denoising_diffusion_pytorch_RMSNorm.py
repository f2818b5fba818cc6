"""denoising_diffusion_pytorch: RMSNorm (denoising_diffusion_pytorch.classifier_free_guidance), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from denoising_diffusion_pytorch.classifier_free_guidance import RMSNorm

model = RMSNorm(dim=32).eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
