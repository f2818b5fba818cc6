"""transformers (vipllava): VipLlavaModel with VipLlavaConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import VipLlavaConfig, VipLlavaModel

config = VipLlavaConfig(vision_config={'model_type': 'clip_vision_model', 'hidden_size': 32, 'intermediate_size': 37, 'projection_dim': 32, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8, 'vocab_size': 99}, text_config={'model_type': 'llama', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8})
model = VipLlavaModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
