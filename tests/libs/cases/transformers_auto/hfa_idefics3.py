"""transformers (idefics3): Idefics3Model with Idefics3Config shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import Idefics3Config, Idefics3Model

config = Idefics3Config(image_token_id=0, vision_config={'model_type': 'idefics3_vision', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8}, text_config={'model_type': 'llama', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8}, _pad_token_id=0, use_cache=False)
model = Idefics3Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
