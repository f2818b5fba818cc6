"""transformers (gpt_bigcode): GPTBigCodeModel with GPTBigCodeConfig shrunk, eval mode."""
import torch
from transformers import GPTBigCodeConfig, GPTBigCodeModel

config = GPTBigCodeConfig(vocab_size=99, n_embd=32, n_layer=2, n_head=4, bos_token_id=0, eos_token_id=0, use_cache=False)
model = GPTBigCodeModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
