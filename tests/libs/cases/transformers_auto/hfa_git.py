"""transformers (git): GitModel with GitConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import GitConfig, GitModel

config = GitConfig(vision_config={'model_type': 'git_vision_model', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8}, vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, bos_token_id=0, eos_token_id=0, use_cache=False)
model = GitModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
