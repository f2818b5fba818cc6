"""transformers (lighton_ocr): LightOnOcrModel with LightOnOcrConfig shrunk, eval mode."""
import torch
from transformers import LightOnOcrConfig, LightOnOcrModel

config = LightOnOcrConfig(image_token_id=0, vision_config={'model_type': 'pixtral', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8, 'head_dim': 8}, text_config={'model_type': 'qwen3', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8})
model = LightOnOcrModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
