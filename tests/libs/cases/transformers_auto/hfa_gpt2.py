"""transformers (gpt2): GPT2Model with GPT2Config shrunk, eval mode."""
import torch
from transformers import GPT2Config, GPT2Model

config = GPT2Config(vocab_size=99, n_embd=32, n_layer=2, n_head=4, bos_token_id=0, eos_token_id=0, use_cache=False)
model = GPT2Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
