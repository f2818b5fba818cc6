"""transformers (qwen2_audio): Qwen2AudioModel with Qwen2AudioConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import Qwen2AudioConfig, Qwen2AudioModel

config = Qwen2AudioConfig(audio_config={'model_type': 'qwen2_audio_encoder', 'encoder_layers': 2, 'encoder_attention_heads': 4, 'encoder_ffn_dim': 37, 'd_model': 32}, text_config={'model_type': 'qwen2', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2})
model = Qwen2AudioModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
