"""transformers (kolibri1): Kolibri1Model with Kolibri1Config shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import Kolibri1Config, Kolibri1Model

config = Kolibri1Config(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, moe_intermediate_size=48, num_experts_per_tok=2, num_local_experts=4, head_dim=8, shared_expert_intermediate_size=48, use_cache=False)
model = Kolibri1Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
