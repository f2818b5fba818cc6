"""transformers (mistral3): Mistral3Model with Mistral3Config shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import Mistral3Config, Mistral3Model

config = Mistral3Config(vision_config={'model_type': 'pixtral', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8, 'head_dim': 8, 'vocab_size': 99}, text_config={'model_type': 'mistral', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8})
model = Mistral3Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
