"""transformers (aria): AriaModel with AriaConfig shrunk, eval mode."""
import torch
from transformers import AriaConfig, AriaModel

config = AriaConfig(vision_config={'model_type': 'idefics3_vision', 'hidden_size': 32, 'intermediate_size': 48, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8}, text_config={'model_type': 'aria_text', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 48, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8, 'moe_num_experts': 4})
model = AriaModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
