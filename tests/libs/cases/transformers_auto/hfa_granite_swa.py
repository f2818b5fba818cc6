"""transformers (granite_swa): GraniteSWAModel with GraniteSWAConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import GraniteSWAConfig, GraniteSWAModel

config = GraniteSWAConfig(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, bos_token_id=0, eos_token_id=0, use_cache=False)
model = GraniteSWAModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
