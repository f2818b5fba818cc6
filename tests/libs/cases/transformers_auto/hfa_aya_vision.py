"""transformers (aya_vision): AyaVisionModel with AyaVisionConfig shrunk, eval mode."""
import torch
from transformers import AyaVisionConfig, AyaVisionModel

config = AyaVisionConfig(vision_config={'model_type': 'siglip_vision_model', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8}, text_config={'model_type': 'cohere2', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'eos_token_id': 0, 'head_dim': 8})
model = AyaVisionModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
