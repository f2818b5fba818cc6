"""transformers (distilbert): DistilBertModel with DistilBertConfig shrunk, eval mode."""
import torch
from transformers import DistilBertConfig, DistilBertModel

config = DistilBertConfig(vocab_size=99, n_layers=2, n_heads=4, dim=32, hidden_dim=32)
model = DistilBertModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
