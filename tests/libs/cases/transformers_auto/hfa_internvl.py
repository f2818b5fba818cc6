"""transformers (internvl): InternVLModel with InternVLConfig shrunk, eval mode."""
import torch
from transformers import InternVLConfig, InternVLModel

config = InternVLConfig(vision_config={'model_type': 'internvl_vision', 'hidden_size': 32, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'intermediate_size': 37}, text_config={'model_type': 'qwen2', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2}, image_token_id=0)
model = InternVLModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
