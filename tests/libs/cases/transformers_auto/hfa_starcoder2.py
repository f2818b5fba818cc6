"""transformers (starcoder2): Starcoder2Model with Starcoder2Config shrunk, eval mode."""
import torch
from transformers import Starcoder2Config, Starcoder2Model

config = Starcoder2Config(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, bos_token_id=0, eos_token_id=0, use_cache=False)
model = Starcoder2Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
