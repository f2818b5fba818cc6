"""GPTNeoXModel with a tiny GPTNeoXConfig, eval mode."""
import torch
from transformers import GPTNeoXConfig, GPTNeoXModel

config = GPTNeoXConfig(
    vocab_size=128, max_position_embeddings=64, hidden_size=64, num_hidden_layers=2,
    num_attention_heads=4, intermediate_size=128, use_cache=False
)
model = GPTNeoXModel(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
