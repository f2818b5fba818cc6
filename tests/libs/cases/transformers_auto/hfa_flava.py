"""transformers (flava): FlavaModel with FlavaConfig shrunk, eval mode."""
import torch
from transformers import FlavaConfig, FlavaModel

config = FlavaConfig(image_config={'model_type': 'flava_image_model', 'hidden_size': 32, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'intermediate_size': 37, 'image_size': 32, 'patch_size': 8, 'vocab_size': 99}, text_config={'model_type': 'flava_text_model', 'vocab_size': 99, 'hidden_size': 32, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'intermediate_size': 37}, multimodal_config={'model_type': 'flava_multimodal_model', 'hidden_size': 32, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'intermediate_size': 37}, image_codebook_config={'model_type': 'flava_image_codebook', 'hidden_size': 32, 'vocab_size': 99}, hidden_size=32, projection_dim=32)
model = FlavaModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
