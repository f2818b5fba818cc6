"""transformers (glm4): Glm4Model with Glm4Config shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import Glm4Config, Glm4Model

config = Glm4Config(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, head_dim=8, pad_token_id=0, use_cache=False)
model = Glm4Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
