"""transformers (glmasr): GlmAsrModel with GlmAsrConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import GlmAsrConfig, GlmAsrModel

config = GlmAsrConfig(audio_config={'model_type': 'glmasr_encoder', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2}, text_config={'model_type': 'llama', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8}, audio_token_id=0)
model = GlmAsrModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
