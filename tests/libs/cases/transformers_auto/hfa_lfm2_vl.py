"""transformers (lfm2_vl): Lfm2VlModel with Lfm2VlConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import Lfm2VlConfig, Lfm2VlModel

config = Lfm2VlConfig(vision_config={'model_type': 'siglip2_vision_model', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'patch_size': 8}, text_config={'model_type': 'lfm2', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2}, image_token_id=0)
model = Lfm2VlModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
