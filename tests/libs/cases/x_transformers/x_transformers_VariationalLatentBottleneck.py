"""x_transformers: VariationalLatentBottleneck (x_transformers.continuous_autoencoder), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from x_transformers.continuous_autoencoder import VariationalLatentBottleneck

model = VariationalLatentBottleneck(dim=32, dim_latent=32).eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"x": {0: Dim("batch")}}
