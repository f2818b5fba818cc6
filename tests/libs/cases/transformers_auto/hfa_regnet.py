"""transformers (regnet): RegNetModel with RegNetConfig shrunk, eval mode."""
import torch
from transformers import RegNetConfig, RegNetModel

config = RegNetConfig(hidden_sizes=[16, 24, 64, 136], depths=[1, 1, 1, 1])
model = RegNetModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
