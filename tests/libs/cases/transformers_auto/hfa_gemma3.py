"""transformers (gemma3): Gemma3Model with Gemma3Config shrunk, eval mode."""
import torch
from transformers import Gemma3Config, Gemma3Model

config = Gemma3Config(text_config={'model_type': 'gemma3_text', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8}, vision_config={'model_type': 'siglip_vision_model', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8})
model = Gemma3Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
