"""transformers (canine): CanineModel with CanineConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import CanineConfig, CanineModel

config = CanineConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, bos_token_id=0, eos_token_id=0)
model = CanineModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
