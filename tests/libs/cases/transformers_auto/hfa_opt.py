"""transformers (opt): OPTModel with OPTConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import OPTConfig, OPTModel

config = OPTConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, ffn_dim=37, word_embed_proj_dim=32, num_attention_heads=4, use_cache=False)
model = OPTModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
