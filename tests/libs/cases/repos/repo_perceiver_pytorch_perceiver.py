"""Perceiver(input_channels=3, input_axis=2, num_freq_bands=6, max_freq=10.0, depth=2, num_latents=32, latent_dim=64, cross_heads=1, latent_heads=4, cross_dim_head=32, latent_dim_head=32, num_classes=10, attn_dropout=0.0, ff_dropout=0.0, weight_tie_layers=False, fourier_encode_data=True, self_per_cross_attn=1), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from perceiver_pytorch import Perceiver

model = Perceiver(input_channels=3, input_axis=2, num_freq_bands=6, max_freq=10.0, depth=2, num_latents=32, latent_dim=64, cross_heads=1, latent_heads=4, cross_dim_head=32, latent_dim_head=32, num_classes=10, attn_dropout=0.0, ff_dropout=0.0, weight_tie_layers=False, fourier_encode_data=True, self_per_cross_attn=1).eval()
example_args = (torch.randn(2, 32, 32, 3),)
dynamic_shapes = {"data": {0: Dim("batch", min=1, max=64)}}
