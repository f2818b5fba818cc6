"""transformers (rwkv): RwkvModel with RwkvConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import RwkvConfig, RwkvModel

config = RwkvConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, intermediate_size=37, use_cache=False)
model = RwkvModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
