"""transformers (resnet): ResNetModel with ResNetConfig shrunk, eval mode."""
import torch
from transformers import ResNetConfig, ResNetModel

config = ResNetConfig(embedding_size=32, hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1])
model = ResNetModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
