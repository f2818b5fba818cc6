"""RobertaModel with a tiny RobertaConfig, eval mode."""
import torch
from transformers import RobertaConfig, RobertaModel

config = RobertaConfig(
    vocab_size=128, max_position_embeddings=66, hidden_size=64, num_hidden_layers=2,
    num_attention_heads=4, intermediate_size=128
)
model = RobertaModel(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
