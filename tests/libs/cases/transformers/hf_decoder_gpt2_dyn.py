"""GPT2Model with a tiny GPT2Config, eval mode. Dynamic batch and sequence."""
import torch
from torch.export import Dim
from transformers import GPT2Config, GPT2Model

config = GPT2Config(
    vocab_size=128, n_positions=64, n_embd=64, n_layer=2, n_head=4, n_inner=128, bos_token_id=0,
    eos_token_id=0, use_cache=False
)
model = GPT2Model(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
