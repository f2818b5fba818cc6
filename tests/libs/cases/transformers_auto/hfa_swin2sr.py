"""transformers (swin2sr): Swin2SRModel with Swin2SRConfig shrunk, eval mode."""
import torch
from transformers import Swin2SRConfig, Swin2SRModel

config = Swin2SRConfig(image_size=32, embed_dim=32, depths=[1, 1, 1, 1, 1, 1], num_heads=[1, 1, 1, 1, 1, 1], num_layers=2)
model = Swin2SRModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
