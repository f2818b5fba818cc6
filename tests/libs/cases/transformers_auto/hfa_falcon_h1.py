"""transformers (falcon_h1): FalconH1Model with FalconH1Config shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import FalconH1Config, FalconH1Model

config = FalconH1Config(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, use_cache=False)
model = FalconH1Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
