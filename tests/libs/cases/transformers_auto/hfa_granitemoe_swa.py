"""transformers (granitemoe_swa): GraniteMoeSWAModel with GraniteMoeSWAConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import GraniteMoeSWAConfig, GraniteMoeSWAModel

config = GraniteMoeSWAConfig(vocab_size=99, hidden_size=32, intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, num_local_experts=4, use_cache=False)
model = GraniteMoeSWAModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
