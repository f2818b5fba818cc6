"""transformers (nomic_bert): NomicBertModel with NomicBertConfig shrunk, eval mode."""
import torch
from transformers import NomicBertConfig, NomicBertModel

config = NomicBertConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, head_dim=8)
model = NomicBertModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
