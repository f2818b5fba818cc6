"""ResNetModel with a tiny ResNetConfig, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from transformers import ResNetConfig, ResNetModel

config = ResNetConfig(
    embedding_size=16, hidden_sizes=[16, 32, 48, 64], depths=[1, 1, 1, 1], layer_type='basic'
)
model = ResNetModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pixel_values": {0: Dim("batch")}}
