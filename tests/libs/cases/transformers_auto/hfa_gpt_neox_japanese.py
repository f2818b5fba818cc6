"""transformers (gpt_neox_japanese): GPTNeoXJapaneseModel with GPTNeoXJapaneseConfig shrunk, eval mode."""
import torch
from transformers import GPTNeoXJapaneseConfig, GPTNeoXJapaneseModel

config = GPTNeoXJapaneseConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, bos_token_id=0, eos_token_id=0, use_cache=False)
model = GPTNeoXJapaneseModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
