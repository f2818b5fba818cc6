"""transformers (sam3_lite_text_text_model): Sam3LiteTextTextModel with Sam3LiteTextTextConfig shrunk, eval mode."""
import torch
from transformers import Sam3LiteTextTextConfig, Sam3LiteTextTextModel

config = Sam3LiteTextTextConfig(vocab_size=99, hidden_size=32, intermediate_size=37, projection_dim=32, num_hidden_layers=2, num_attention_heads=4)
model = Sam3LiteTextTextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
