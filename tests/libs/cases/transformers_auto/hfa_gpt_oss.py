"""transformers (gpt_oss): GptOssModel with GptOssConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import GptOssConfig, GptOssModel

config = GptOssConfig(num_hidden_layers=2, num_local_experts=4, vocab_size=99, hidden_size=32, intermediate_size=48, head_dim=8, num_attention_heads=4, num_key_value_heads=2, num_experts_per_tok=2, use_cache=False)
model = GptOssModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
