"""SwinModel with a tiny SwinConfig, eval mode."""
import torch
from transformers import SwinConfig, SwinModel

config = SwinConfig(
    image_size=32, patch_size=2, embed_dim=16, depths=[1, 1], num_heads=[2, 2], window_size=4
)
model = SwinModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
