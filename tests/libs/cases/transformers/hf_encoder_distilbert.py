"""DistilBertModel with a tiny DistilBertConfig, eval mode."""
import torch
from transformers import DistilBertConfig, DistilBertModel

config = DistilBertConfig(
    vocab_size=128, max_position_embeddings=64, dim=64, n_layers=2, n_heads=4, hidden_dim=128
)
model = DistilBertModel(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
