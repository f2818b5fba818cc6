"""transformers (splinter): SplinterModel with SplinterConfig shrunk, eval mode."""
import torch
from transformers import SplinterConfig, SplinterModel

config = SplinterConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, question_token_id=0)
model = SplinterModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
