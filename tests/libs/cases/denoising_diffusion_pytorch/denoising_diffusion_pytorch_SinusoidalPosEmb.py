"""denoising_diffusion_pytorch: SinusoidalPosEmb (denoising_diffusion_pytorch.classifier_free_guidance), small configuration, eval mode."""
import torch
from denoising_diffusion_pytorch.classifier_free_guidance import SinusoidalPosEmb

model = SinusoidalPosEmb(dim=32).eval()
example_args = (torch.randn(2, 16, 16),)
