"""transformers (olmoe): OlmoeModel with OlmoeConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import OlmoeConfig, OlmoeModel

config = OlmoeConfig(vocab_size=99, hidden_size=32, intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, eos_token_id=0, num_experts_per_tok=2, num_experts=4, use_cache=False)
model = OlmoeModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
