"""ConvNextModel with a tiny ConvNextConfig, eval mode."""
import torch
from transformers import ConvNextConfig, ConvNextModel

config = ConvNextConfig(hidden_sizes=[16, 32, 48, 64], depths=[1, 1, 1, 1])
model = ConvNextModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
