"""transformers (focalnet): FocalNetModel with FocalNetConfig shrunk, eval mode."""
import torch
from transformers import FocalNetConfig, FocalNetModel

config = FocalNetConfig(image_size=32, embed_dim=32, hidden_sizes=[16, 32, 64, 64], depths=[1, 1, 1, 1])
model = FocalNetModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
