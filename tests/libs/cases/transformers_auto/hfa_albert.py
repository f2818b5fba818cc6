"""transformers (albert): AlbertModel with AlbertConfig shrunk, eval mode."""
import torch
from transformers import AlbertConfig, AlbertModel

config = AlbertConfig(vocab_size=99, embedding_size=32, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37)
model = AlbertModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
