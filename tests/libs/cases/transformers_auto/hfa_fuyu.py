"""transformers (fuyu): FuyuModel with FuyuConfig shrunk, eval mode."""
import torch
from transformers import FuyuConfig, FuyuModel

config = FuyuConfig(image_size=32, patch_size=8, image_token_id=0, text_config={'model_type': 'persimmon', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4})
model = FuyuModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
