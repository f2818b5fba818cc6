"""x_transformers: DeterministicLatentBottleneck (x_transformers.continuous_autoencoder), small configuration, eval mode."""
import torch
from x_transformers.continuous_autoencoder import DeterministicLatentBottleneck

model = DeterministicLatentBottleneck(dim=32, dim_latent=32).eval()
example_args = (torch.randn(2, 16, 32),)
