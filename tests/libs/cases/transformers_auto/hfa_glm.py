"""transformers (glm): GlmModel with GlmConfig shrunk, eval mode."""
import torch
from transformers import GlmConfig, GlmModel

config = GlmConfig(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, head_dim=8, pad_token_id=0, use_cache=False)
model = GlmModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
