"""transformers (llava_onevision): LlavaOnevisionModel with LlavaOnevisionConfig shrunk, eval mode."""
import torch
from transformers import LlavaOnevisionConfig, LlavaOnevisionModel

config = LlavaOnevisionConfig(vision_config={'model_type': 'siglip_vision_model', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8}, text_config={'model_type': 'qwen2', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2})
model = LlavaOnevisionModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
