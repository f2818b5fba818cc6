"""transformers (solar_open): SolarOpenModel with SolarOpenConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import SolarOpenConfig, SolarOpenModel

config = SolarOpenConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, moe_intermediate_size=48, num_experts_per_tok=2, n_routed_experts=4, head_dim=8, use_cache=False)
model = SolarOpenModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
