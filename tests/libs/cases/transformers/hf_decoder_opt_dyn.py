"""OPTModel with a tiny OPTConfig, eval mode. Dynamic batch and sequence."""
import torch
from torch.export import Dim
from transformers import OPTConfig, OPTModel

config = OPTConfig(
    vocab_size=128, max_position_embeddings=64, hidden_size=64, word_embed_proj_dim=64,
    num_hidden_layers=2, num_attention_heads=4, ffn_dim=128, use_cache=False
)
model = OPTModel(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
