"""transformers (minimax_m2): MiniMaxM2Model with MiniMaxM2Config shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import MiniMaxM2Config, MiniMaxM2Model

config = MiniMaxM2Config(vocab_size=99, hidden_size=32, intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=8, bos_token_id=0, eos_token_id=0, num_experts_per_tok=2, num_local_experts=4, use_cache=False)
model = MiniMaxM2Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
